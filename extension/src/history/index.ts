import type * as vscode from 'vscode';

/**
 * Room for the platform API history providers (issue 6: hovers, inline annotations and diagnostics
 * over source code, built on shared/src/history). Nothing is registered yet.
 */
export function registerHistoryProviders(_context: vscode.ExtensionContext): void {}
