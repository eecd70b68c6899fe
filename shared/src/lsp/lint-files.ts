import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Diagnostic } from 'vscode-languageserver-types';
import { getLanguageService } from '../editor/index.ts';
import { lintText } from '../lint/index.ts';
import { isTerraformFileName } from '../terraform/index.ts';
import type { DocumentFacts, LintTarget } from './lint-file-name.ts';
import { problemDiagnostic } from './to-lsp.ts';

/**
 * `keyfob/lintFiles`: a client that can read the workspace (VS Code's "Validate all role files")
 * sends files that are not open, the server answers with their lint diagnostics. The server never
 * reads files itself, so the same request works in a web worker and over stdio.
 */
export const LINT_FILES_METHOD = 'keyfob/lintFiles';

/** At most this many files per request (the client sends a large workspace in several requests). */
const MAX_FILES = 500;
/** At most this many UTF-16 units of text per request (about 20 MB). */
const MAX_TOTAL_LENGTH = 20_000_000;

/** One file's answer: its diagnostics, or none when it is not a keyfob file. */
export interface LintedFile {
  readonly uri: string;
  readonly diagnostics: Diagnostic[];
}

/** The request's files, checked at the edge: `{ value, problems }` as everywhere in shared/. */
export function readLintFilesParams(raw: unknown): { value: DocumentFacts[]; problems: string[] } {
  const files = typeof raw === 'object' && raw !== null ? (raw as { files?: unknown }).files : undefined;
  if (!Array.isArray(files))
    return { value: [], problems: ['keyfob/lintFiles: params.files must be an array of { uri, languageId, text }'] };
  if (files.length > MAX_FILES)
    return {
      value: [],
      problems: [`keyfob/lintFiles: ${files.length} files in one request; send at most ${MAX_FILES} per request`],
    };
  const value: DocumentFacts[] = [];
  let total = 0;
  for (const [index, file] of files.entries()) {
    const entry = typeof file === 'object' && file !== null ? (file as Record<string, unknown>) : {};
    const { uri, languageId, text } = entry;
    if (typeof uri !== 'string' || uri === '' || typeof text !== 'string') {
      return { value: [], problems: [`keyfob/lintFiles: params.files[${index}] needs a string uri and text`] };
    }
    total += text.length;
    if (total > MAX_TOTAL_LENGTH)
      return {
        value: [],
        problems: [
          `keyfob/lintFiles: more than ${MAX_TOTAL_LENGTH} characters of text in one request; send fewer files per request`,
        ],
      };
    value.push({ uri, languageId: typeof languageId === 'string' ? languageId : '', text, relativePath: undefined });
  }
  return { value, problems: [] };
}

/** Lints one file the client read; `target` is what `lintTargetOf` decided for it (undefined: not a keyfob file). */
export function lintFile(file: DocumentFacts, target: LintTarget | undefined, maxLength: number): LintedFile {
  if (!target || file.text.length > maxLength) return { uri: file.uri, diagnostics: [] };
  const document = TextDocument.create(file.uri, file.languageId, 0, file.text);
  const result = lintText(file.text, { fileName: target.fileName, format: target.format });
  // A Terraform file's problems as the open document's: without what terraform-ls reports itself.
  const problems = isTerraformFileName(target.fileName)
    ? getLanguageService().terraformProblems(result.problems, result.file, result.documents)
    : result.problems;
  return { uri: file.uri, diagnostics: problems.map((p) => problemDiagnostic(document, p)) };
}
