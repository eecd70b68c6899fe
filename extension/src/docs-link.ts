import * as vscode from 'vscode';

/** Where the problem-code catalogue is published (docs/codes.md of the repository, rendered). */
const CODES_DOCS_URL = 'https://keyfob.dev/docs/codes';

/** The documentation link of a problem code: the catalogue page with the code's anchor. */
export function codeDocsUri(code: string): vscode.Uri {
  return vscode.Uri.parse(`${CODES_DOCS_URL}#${code.toLowerCase()}`);
}
