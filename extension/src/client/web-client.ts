import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { CLIENT_ID, CLIENT_NAME, clientOptions } from './client-options.ts';

/** The web client: the server (dist/web/server.js) runs in a web worker and speaks LSP over its message port. */
export function createWebClient(context: vscode.ExtensionContext): BaseLanguageClient {
  const worker = new Worker(vscode.Uri.joinPath(context.extensionUri, 'dist', 'web', 'server.js').toString(true));
  return new LanguageClient(CLIENT_ID, CLIENT_NAME, clientOptions(), worker);
}
