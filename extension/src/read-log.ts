import * as vscode from 'vscode';

/** Files the log keeps at most (the oldest go first). */
const MAX_FILES = 10_000;

/**
 * What the extension read of the workspace's files for the API history: written to its output
 * channel ("keyfob API history", a log channel: each file at trace level, each finished read at
 * info) and kept (the last MAX_FILES files' URIs), so the extension's API tells how often a file was
 * read (`KeyfobExtensionApi.filesRead`).
 */
export class ReadLog implements vscode.Disposable {
  readonly #files: string[] = [];
  #channel: vscode.LogOutputChannel | undefined;

  /** A file of a workspace folder (its URI string) was read; `path` relative to the folder. */
  fileRead(folder: string, path: string): void {
    const uri = `${folder.replace(/\/+$/, '')}/${path.split('/').map(encodeURIComponent).join('/')}`;
    if (this.#files.push(uri) > MAX_FILES) this.#files.shift();
    this.#output().trace(`read ${uri}`);
  }

  info(message: string): void {
    this.#output().info(message);
  }

  /** The files read, oldest first (URI strings, one entry per read). */
  get files(): readonly string[] {
    return [...this.#files];
  }

  // Created on first use: activation creates no VS Code objects beyond its registrations.
  #output(): vscode.LogOutputChannel {
    this.#channel ??= vscode.window.createOutputChannel('keyfob API history', { log: true });
    return this.#channel;
  }

  dispose(): void {
    this.#channel?.dispose();
  }
}
