import type * as vscode from 'vscode';
import { createNodeClient } from './client/node-client.ts';
import { activateExtension, deactivateExtension } from './extension.ts';
import type { KeyfobExtensionApi } from './extension.ts';

/**
 * Entry of the desktop build (dist/extension.js): the server runs in a Node process over IPC.
 * @public VS Code calls it.
 */
export function activate(context: vscode.ExtensionContext): Promise<KeyfobExtensionApi> {
  return activateExtension(context, createNodeClient, 'desktop');
}

/**
 * Stops the language server; every registration is a disposable held by the context.
 * @public VS Code calls it.
 */
export function deactivate(): Promise<void> | undefined {
  return deactivateExtension();
}
