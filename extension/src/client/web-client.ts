import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { CLIENT_ID, CLIENT_NAME, clientOptions } from './client-options.ts';

/**
 * The web client: the server (dist/web/server.js) runs in a web worker and speaks LSP over its
 * message port. An extension served over http(s) (vscode.dev, github.dev, VS Code for the Web)
 * starts the worker from its URL. One installed on a remote server (code-server, a remote
 * workspace) has a `vscode-remote:` URI, from which VS Code's web worker host refuses to start a
 * worker ("Creating workers from remote extensions is currently not supported"): its script is
 * read through the workspace file system and started from a blob URL instead.
 */
export async function createWebClient(context: vscode.ExtensionContext): Promise<BaseLanguageClient> {
  const script = vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'server.js');
  return new LanguageClient(CLIENT_ID, CLIENT_NAME, clientOptions(), await startWorker(script));
}

async function startWorker(script: vscode.Uri): Promise<Worker> {
  if (script.scheme !== 'vscode-remote') return new Worker(script.toString(true));
  const source = new TextDecoder().decode(await vscode.workspace.fs.readFile(script));
  return new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
}
