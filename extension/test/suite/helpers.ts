import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

/** A file of the fixture workspace (a fresh copy per run). */
export function fixtureUri(relative: string): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('the suite needs the fixture workspace open');
  return vscode.Uri.joinPath(folder.uri, ...relative.split('/'));
}

/** Opens a fixture file in an editor (diagnostics of open documents are what the extension maintains). */
export async function openFixture(relative: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(fixtureUri(relative));
  await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

/** Writes a new file into the workspace copy and opens it. */
export async function openNew(relative: string, text: string): Promise<vscode.TextDocument> {
  const uri = fixtureUri(relative);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

/** keyfob's diagnostics of a file. */
export function keyfobDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'keyfob');
}

/**
 * How many times slower than a quiet machine this run is: the runner (run-integration.mjs) measures it
 * before the suites start and hands it over as the workspace setting `keyfob.test.timeScale`. Every
 * budget below is a safety net against a hang, scaled by it; no test waits for a time.
 */
const TIME_SCALE = Math.max(1, Number(vscode.workspace.getConfiguration('keyfob.test').get('timeScale')) || 1);

/** A budget in milliseconds for this machine: `ms` on a quiet one. */
export function budget(ms: number): number {
  return Math.round(ms * TIME_SCALE);
}

/**
 * Waits for the file's keyfob diagnostics to satisfy `predicate`: checked now and on every change of
 * that file's diagnostics (the event, not a poll); fails after the scaled budget, showing the last.
 */
export async function waitForDiagnostics(
  uri: vscode.Uri,
  predicate: (diagnostics: vscode.Diagnostic[]) => boolean,
  timeoutMs = 8000,
): Promise<vscode.Diagnostic[]> {
  const now = keyfobDiagnostics(uri);
  if (predicate(now)) return now;
  const key = uri.toString();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      listener.dispose();
      const last = keyfobDiagnostics(uri);
      const shown = last.map((d) => `${codeOf(d)}@${d.range.start.line}:${d.range.start.character}`).join(', ');
      reject(new Error(`diagnostics of ${uri.path} never matched; last: ${shown || 'none'}`));
    }, budget(timeoutMs));
    const listener = vscode.languages.onDidChangeDiagnostics((event) => {
      if (!event.uris.some((changed) => changed.toString() === key)) return;
      const found = keyfobDiagnostics(uri);
      if (!predicate(found)) return;
      clearTimeout(timer);
      listener.dispose();
      resolve(found);
    });
  });
}

/**
 * Asks `read()` until `predicate` holds (for answers no event announces: hovers, decorations), or
 * fails after the scaled budget showing the last value.
 */
export async function waitFor<T>(
  read: () => Thenable<T> | T,
  predicate: (value: T) => boolean,
  what: string,
  timeoutMs = 8000,
): Promise<T> {
  const deadline = Date.now() + budget(timeoutMs);
  for (;;) {
    const value = await read();
    if (predicate(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} never happened; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Proves that a document is checked before asserting it is clean: inserts `probe` at the start of
 * `line`, waits until keyfob reports something, takes the probe out again and waits until the
 * diagnostics are empty. Empty diagnostics then come from a check of the restored text, not from a
 * check that never ran (the reason for a positive control instead of a sleep).
 */
export async function expectCleanAfterProbe(
  document: vscode.TextDocument,
  line: number,
  probe: string,
  // The probe's own problem, on its line, by default: a diagnostic of an earlier state (the text a
  // command was still writing) is not proof that the probed text was checked.
  checked: (diagnostics: vscode.Diagnostic[]) => boolean = (d) => d.some((found) => found.range.start.line === line),
): Promise<void> {
  const at = new vscode.Position(line, 0);
  const insert = new vscode.WorkspaceEdit();
  insert.insert(document.uri, at, probe);
  assert.ok(await vscode.workspace.applyEdit(insert), 'the probe was inserted');
  await waitForDiagnostics(document.uri, checked);
  const remove = new vscode.WorkspaceEdit();
  remove.delete(document.uri, new vscode.Range(at, document.positionAt(document.offsetAt(at) + probe.length)));
  assert.ok(await vscode.workspace.applyEdit(remove), 'the probe was removed');
  await waitForDiagnostics(document.uri, (d) => d.length === 0);
}

/** The problem code of a diagnostic. */
export function codeOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  return typeof code === 'object' && code !== null ? String(code.value) : String(code);
}

/** Position of the first occurrence of `needle` in a document, plus `delta` characters. */
export function positionOf(document: vscode.TextDocument, needle: string, delta = 0): vscode.Position {
  const offset = document.getText().indexOf(needle);
  if (offset === -1) throw new Error(`"${needle}" is not in ${document.uri.path}`);
  return document.positionAt(offset + delta);
}

/** Labels of the completion items the extension (and others) offer at a position. */
export async function completionLabels(document: vscode.TextDocument, position: vscode.Position): Promise<string[]> {
  const list = await vscode.commands.executeCommand<vscode.CompletionList>(
    'vscode.executeCompletionItemProvider',
    document.uri,
    position,
  );
  return list.items.map((item) => (typeof item.label === 'string' ? item.label : item.label.label));
}

/** The Markdown of every hover at a position, joined. */
export async function hoverText(document: vscode.TextDocument, position: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
    'vscode.executeHoverProvider',
    document.uri,
    position,
  );
  return hovers
    .flatMap((hover) => hover.contents)
    .map((content) => (typeof content === 'string' ? content : content.value))
    .join('\n');
}

/** Code actions at a range (quick fixes and rewrites). */
export async function codeActions(document: vscode.TextDocument, range: vscode.Range): Promise<vscode.CodeAction[]> {
  return vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', document.uri, range);
}
