import * as vscode from 'vscode';
import { NEW_ROLE_FILE, newRoleFile } from './commands/new-role-file.ts';
import { VALIDATE_WORKSPACE, validateWorkspace } from './commands/validate-workspace.ts';
import { DiagnosticsController } from './diagnostics.ts';
import { registerHistoryProviders } from './history/index.ts';
import { LintCache } from './lint-cache.ts';
import { RoleCodeActionProvider } from './providers/code-action-provider.ts';
import { RoleCompletionProvider } from './providers/completion-provider.ts';
import { RoleHoverProvider } from './providers/hover-provider.ts';
import { RoleSymbolProvider } from './providers/symbol-provider.ts';
import { RoleFiles } from './role-files.ts';
import { readSettings } from './settings.ts';
import type { Settings } from './settings.ts';

// Providers register for all YAML/JSON documents (settings globs cannot go into a static selector)
// and return early for documents that are not role files.
const SELECTOR: vscode.DocumentSelector = [{ language: 'yaml' }, { language: 'json' }, { language: 'jsonc' }];

/** Entry point of both builds (desktop and web): wires role-file providers, diagnostics and commands. */
export function activate(context: vscode.ExtensionContext): void {
  const settingsCache = new Map<string, Settings>();
  const settingsFor = (uri: vscode.Uri): Settings => {
    const key = vscode.workspace.getWorkspaceFolder(uri)?.uri.toString() ?? '';
    let settings = settingsCache.get(key);
    if (!settings) settingsCache.set(key, (settings = readSettings(uri)));
    return settings;
  };
  const roleFiles = new RoleFiles(settingsFor);
  const cache = new LintCache(roleFiles);
  const diagnostics = new DiagnosticsController(roleFiles, cache, settingsFor);
  context.subscriptions.push(
    diagnostics,
    vscode.languages.registerCompletionItemProvider(SELECTOR, new RoleCompletionProvider(roleFiles, cache), '"', ':'),
    vscode.languages.registerHoverProvider(SELECTOR, new RoleHoverProvider(roleFiles, cache)),
    vscode.languages.registerCodeActionsProvider(SELECTOR, new RoleCodeActionProvider(roleFiles, cache), RoleCodeActionProvider.metadata),
    vscode.languages.registerDocumentSymbolProvider(SELECTOR, new RoleSymbolProvider(roleFiles, cache), { label: 'keyfob roles' }),
    vscode.commands.registerCommand(NEW_ROLE_FILE, newRoleFile),
    vscode.commands.registerCommand(VALIDATE_WORKSPACE, () => validateWorkspace(roleFiles, diagnostics)),
    vscode.workspace.onDidOpenTextDocument((document) => diagnostics.refresh(document)),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.contentChanges.length > 0) diagnostics.schedule(event.document);
    }),
    vscode.workspace.onDidCloseTextDocument((document) => diagnostics.closed(document)),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration('keyfob')) return;
      settingsCache.clear();
      roleFiles.forget();
      cache.clear();
      diagnostics.refreshAll();
    }),
  );
  registerHistoryProviders(context);
  for (const document of vscode.workspace.textDocuments) diagnostics.refresh(document);
}

/** Nothing to release by hand: every registration is a disposable held by the context. */
export function deactivate(): void {}
