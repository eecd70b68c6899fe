import * as vscode from 'vscode';

/** Source of the API history's diagnostics (apart from the role linter's `keyfob`). */
const HISTORY_SOURCE = 'keyfob history';

/** One end-of-line note as the extension's test-only command reports it. */
export interface Drawn {
  readonly line: number;
  readonly character: number;
  readonly text: string;
  readonly severity: string;
}

/** What the decorations of a document's visible editor show now. */
export async function drawnAnnotations(uri: vscode.Uri): Promise<Drawn[]> {
  return vscode.commands.executeCommand<Drawn[]>('keyfob.apiHistory.drawnAnnotationsForTest', uri.toString());
}

/** The API history's diagnostics of a file. */
export function historyDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === HISTORY_SOURCE);
}

/** Sets a `keyfob.apiHistory.*` setting in the workspace (undefined removes it). */
export async function setHistorySetting(
  name: 'target' | 'annotations' | 'style' | 'diagnostics',
  value: unknown,
): Promise<void> {
  await vscode.workspace
    .getConfiguration('keyfob.apiHistory')
    .update(name, value, vscode.ConfigurationTarget.Workspace);
}

/** The range of the first occurrence of `needle` in a document. */
export function rangeOfText(document: vscode.TextDocument, needle: string): vscode.Range {
  const offset = document.getText().indexOf(needle);
  if (offset === -1) throw new Error(`"${needle}" is not in ${document.uri.path}`);
  return new vscode.Range(document.positionAt(offset), document.positionAt(offset + needle.length));
}
