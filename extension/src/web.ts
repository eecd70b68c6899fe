import type * as vscode from 'vscode';
import { createWebClient } from './client/web-client.ts';
import { activateExtension, deactivateExtension } from './extension.ts';
import type { KeyfobExtensionApi } from './extension.ts';

/**
 * Entry of the web build (dist/web/extension.js): the server runs in a web worker.
 * @public VS Code calls it.
 */
export function activate(context: vscode.ExtensionContext): Promise<KeyfobExtensionApi> {
  return activateExtension(context, createWebClient, 'web');
}

/**
 * Stops the language server; every registration is a disposable held by the context.
 * @public VS Code calls it.
 */
export function deactivate(): Promise<void> | undefined {
  return deactivateExtension();
}
