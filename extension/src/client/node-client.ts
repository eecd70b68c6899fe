import * as vscode from 'vscode';
import { LanguageClient, TransportKind } from 'vscode-languageclient/node';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { CLIENT_ID, CLIENT_NAME, clientOptions } from './client-options.ts';

/**
 * The desktop client: the server (dist/server.js, bundled with the extension) runs in a Node
 * process VS Code forks, and speaks LSP over Node's IPC channel.
 */
export function createNodeClient(context: vscode.ExtensionContext): BaseLanguageClient {
  const module = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server.js').fsPath;
  // The same process when the extension host itself is being debugged: a fixed --inspect port
  // would clash between windows (and between test runs), and the server would not start.
  const server = { module, transport: TransportKind.ipc };
  return new LanguageClient(CLIENT_ID, CLIENT_NAME, { run: server, debug: server }, clientOptions());
}
