/**
 * Where the problem-code catalogue is published: docs/codes.md of the repository (package.json
 * "repository"), rendered by GitHub. Every code has an anchor there, its lower-case name
 * (scripts/generate-codes-doc.ts writes them; a test checks both).
 */
export const CODES_DOC_URL = 'https://github.com/keyfob/keyfob/blob/main/docs/codes.md';

/** The link to a code's entry in the catalogue. */
export function codeDocsUrl(code: string): string {
  return `${CODES_DOC_URL}#${code.toLowerCase()}`;
}
