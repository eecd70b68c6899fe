import * as vscode from 'vscode';
import { core } from './core-access.ts';

/** The documentation link of a problem code: its entry in the repository's docs/codes.md (one URL, in shared/). */
export function codeDocsUri(code: string): vscode.Uri {
  return vscode.Uri.parse(core().codeDocsUrl(code));
}
