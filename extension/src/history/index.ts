import * as vscode from 'vscode';
import { AnnotationController } from './annotation-controller.ts';
import { Debouncer } from './debouncer.ts';
import { HistoryPages, PAGE_SCHEME, SHOW_ENTRY, SHOW_SUBJECT, showPage } from './history-pages.ts';
import { SEARCH_HISTORY, searchHistory } from './history-search.ts';
import { HistorySettingsCache } from './history-settings.ts';
import { HISTORY_VIEW, HistoryTreeProvider } from './history-tree.ts';
import type { ReadLog } from '../read-log.ts';
import { ScanCache } from './scan-cache.ts';
import { WorkspaceUsage } from './workspace-usage.ts';

/** Wait after the last edit before rescanning for annotations. */
const EDIT_DEBOUNCE_MS = 300;

/** Command ids beside the search and page commands. */
const HISTORY_COMMANDS = {
  filter: 'keyfob.apiHistory.filter',
  clearFilter: 'keyfob.apiHistory.clearFilter',
  refreshUsage: 'keyfob.apiHistory.refreshUsage',
  /** Test-only (not contributed): what the decorations of a document's editor show, since they cannot be read back. */
  drawnForTest: 'keyfob.apiHistory.drawnAnnotationsForTest',
} as const;

/**
 * The platform API history's VS Code parts: end-of-line decorations, the Explorer view, the search
 * command and read-only history pages. Hovers, Deprecated diagnostics, their quick fixes and inlay
 * hints come from the language server. Registration only; the index is built on first use. Returns the
 * scan cache, whose read of the workspace's files the language server's project facts come from.
 */
export function registerHistoryProviders(context: vscode.ExtensionContext, log: ReadLog): ScanCache {
  const settings = new HistorySettingsCache();
  const cache = new ScanCache(log);
  const usage = new WorkspaceUsage(cache, log);
  const parts: Parts = {
    settings,
    cache,
    usage,
    annotations: new AnnotationController(cache, settings),
    tree: new HistoryTreeProvider(usage, settings),
    pages: new HistoryPages(settings, usage),
  };
  const { annotations, tree, pages } = parts;
  context.subscriptions.push(
    cache,
    annotations,
    usage,
    tree,
    pages,
    vscode.workspace.registerTextDocumentContentProvider(PAGE_SCHEME, pages),
    vscode.window.createTreeView(HISTORY_VIEW, { treeDataProvider: tree, showCollapseAll: true }),
    ...registerCommands(parts),
    ...watchEditors(parts),
  );
  // The first scan builds the index: after activation returns, not during it.
  setTimeout(() => {
    warnAboutTargets(settings, warnedTargets);
    annotations.renderAll();
  }, 0);
  return cache;
}

/** The pieces the providers, commands and listeners share. */
interface Parts {
  readonly settings: HistorySettingsCache;
  readonly cache: ScanCache;
  readonly annotations: AnnotationController;
  readonly usage: WorkspaceUsage;
  readonly tree: HistoryTreeProvider;
  readonly pages: HistoryPages;
}

/** Target texts already warned about in this session. */
const warnedTargets = new Set<string>();

/** Redraws on editor, scroll, edit, save, close and settings events (edits after a debounce). */
function watchEditors(parts: Parts): vscode.Disposable[] {
  const { settings, cache, annotations, usage, tree, pages } = parts;
  const debouncer = new Debouncer();
  // The project facts read from the workspace's files (ScanCache): read again when files change.
  const files = vscode.workspace.createFileSystemWatcher('**/*');
  const filesChanged = (uri: vscode.Uri): void => cache.filesChanged(uri);
  return [
    debouncer,
    files,
    files.onDidCreate(filesChanged),
    files.onDidChange(filesChanged),
    files.onDidDelete(filesChanged),
    cache.onProjectRead(() => annotations.renderAll()),
    usage.onDidChange(() => {
      tree.refresh();
      pages.refresh();
    }),
    vscode.window.onDidChangeVisibleTextEditors(() => annotations.renderAll()),
    vscode.window.onDidChangeTextEditorVisibleRanges((event) => annotations.scheduleScroll(event.textEditor)),
    vscode.workspace.onDidChangeTextDocument((event) => {
      if (event.contentChanges.length === 0) return;
      const document = event.document;
      debouncer.schedule(document.uri.toString(), EDIT_DEBOUNCE_MS, () => annotations.renderDocument(document));
    }),
    vscode.workspace.onDidSaveTextDocument((document) => usage.update(document)),
    vscode.workspace.onDidCloseTextDocument((document) => {
      debouncer.cancel(document.uri.toString());
      cache.forget(document.uri);
    }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (!event.affectsConfiguration('keyfob.apiHistory')) return;
      settings.clear();
      warnAboutTargets(settings, warnedTargets);
      annotations.renderAll();
      tree.refresh();
      pages.refresh();
    }),
  ];
}

function registerCommands({ settings, tree, usage, annotations }: Parts): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(SEARCH_HISTORY, (query?: unknown) => searchHistory(settings, query)),
    vscode.commands.registerCommand(SHOW_SUBJECT, (id: unknown) =>
      typeof id === 'string' ? showPage('subject', id) : undefined,
    ),
    vscode.commands.registerCommand(SHOW_ENTRY, (key: unknown) =>
      typeof key === 'string' ? showPage('entry', key) : undefined,
    ),
    vscode.commands.registerCommand(HISTORY_COMMANDS.filter, async (text?: unknown) => {
      const value =
        typeof text === 'string'
          ? text
          : await vscode.window.showInputBox({
              title: 'Filter the API history',
              prompt: 'Words, a name, a path or a date (2024-03); empty shows everything',
              value: tree.filter,
            });
      if (value !== undefined) tree.setFilter(value);
    }),
    vscode.commands.registerCommand(HISTORY_COMMANDS.clearFilter, () => tree.setFilter('')),
    vscode.commands.registerCommand(HISTORY_COMMANDS.refreshUsage, () => usage.scan()),
    vscode.commands.registerCommand(HISTORY_COMMANDS.drawnForTest, (uri: unknown) => annotations.drawnFor(String(uri))),
  ];
}

/** Says once per text when a folder's `keyfob.apiHistory.target` is not a target (the features then run without one). */
function warnAboutTargets(settings: HistorySettingsCache, warned: Set<string>): void {
  const folders = vscode.workspace.workspaceFolders ?? [];
  for (const folder of folders.length > 0 ? folders : [undefined]) {
    const { targetProblem, targetText } = settings.for(folder?.uri);
    if (targetProblem === undefined || warned.has(targetText)) continue;
    warned.add(targetText);
    void vscode.window.showWarningMessage(`keyfob.apiHistory.target: ${targetProblem}`);
  }
}
