import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { LINT_FILES_METHOD } from '@keyfob/shared/lsp';
import type { LintedFile } from '@keyfob/shared/lsp';

/** A file the server should lint: what the client read. */
export interface FileText {
  readonly uri: vscode.Uri;
  readonly languageId: string;
  readonly text: string;
}

/** Files per `keyfob/lintFiles` request (the server accepts up to 500) ... */
const BATCH_FILES = 100;
/** ... and characters of text (the server accepts 20 million). */
const BATCH_CHARS = 10_000_000;
/** Longer files are not linted (the server's limit for open documents too). */
const MAX_FILE_CHARS = 5_000_000;

/**
 * Problems of role files that are not open, found by "Validate all role files". An open file's
 * problems come from the server's live diagnostics alone: its entry here goes when it opens (so no
 * problem is ever listed twice) and comes back, from its last text, when it closes.
 */
export class WorkspaceDiagnostics implements vscode.Disposable {
  readonly #collection = vscode.languages.createDiagnosticCollection('keyfob-workspace');
  readonly #reported = new Set<string>();

  constructor(private readonly client: BaseLanguageClient) {}

  /** Lints files through the server, in requests of bounded size; returns each file's diagnostics. */
  async lint(files: readonly FileText[]): Promise<Map<string, vscode.Diagnostic[]>> {
    const found = new Map<string, vscode.Diagnostic[]>();
    let batch: { uri: string; languageId: string; text: string }[] = [];
    let chars = 0;
    const send = async (): Promise<void> => {
      if (batch.length === 0) return;
      const answer = await this.client.sendRequest<{ files: LintedFile[] }>(LINT_FILES_METHOD, { files: batch });
      for (const file of answer.files)
        found.set(file.uri, await this.client.protocol2CodeConverter.asDiagnostics(file.diagnostics));
      batch = [];
      chars = 0;
    };
    for (const file of files) {
      if (file.text.length > MAX_FILE_CHARS) continue;
      if (batch.length >= BATCH_FILES || chars + file.text.length > BATCH_CHARS) await send();
      batch.push({
        uri: this.client.code2ProtocolConverter.asUri(file.uri),
        languageId: file.languageId,
        text: file.text,
      });
      chars += file.text.length;
    }
    await send();
    return found;
  }

  /** Records a validation's results for the files that are not open. */
  report(uri: vscode.Uri, diagnostics: vscode.Diagnostic[]): void {
    this.#reported.add(uri.toString());
    if (!isOpen(uri)) this.#collection.set(uri, diagnostics);
  }

  /** A reported file opened: the server's live diagnostics take over. */
  opened(document: vscode.TextDocument): void {
    if (this.#reported.has(document.uri.toString())) this.#collection.delete(document.uri);
  }

  /** A reported file closed: its problems stay listed, from the text it was closed with. */
  async closed(document: vscode.TextDocument): Promise<void> {
    if (!this.#reported.has(document.uri.toString())) return;
    const found = await this.lint([{ uri: document.uri, languageId: document.languageId, text: document.getText() }]);
    if (!isOpen(document.uri)) this.#collection.set(document.uri, [...found.values()][0] ?? []);
  }

  dispose(): void {
    this.#collection.dispose();
  }
}

function isOpen(uri: vscode.Uri): boolean {
  const key = uri.toString();
  return vscode.workspace.textDocuments.some((d) => d.uri.toString() === key);
}
