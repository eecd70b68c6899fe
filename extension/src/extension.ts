import type * as vscode from 'vscode';

/** Entry point of both builds (desktop and web): registers the providers for role files. */
export function activate(_context: vscode.ExtensionContext): void {}

/** Nothing to release by hand: every registration is a disposable held by the context. */
export function deactivate(): void {}
