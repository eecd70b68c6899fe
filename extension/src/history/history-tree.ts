import * as vscode from 'vscode';
import type { HistoryEntry, HistorySubject } from '@keyfob/shared/history';
import type { UsedSubject } from '@keyfob/shared/editor';
import { historyCore } from './history-access.ts';
import type { HistorySettingsCache } from './history-settings.ts';
import { SHOW_ENTRY, SHOW_SUBJECT } from './history-pages.ts';
import { SimpleEmitter } from './simple-emitter.ts';
import type { WorkspaceUsage } from './workspace-usage.ts';

/** Id of the Explorer view (package.json `views.explorer`). */
export const HISTORY_VIEW = 'keyfob.apiHistory';
/** Context key set while the by-date list is filtered (shows the clear button). */
const FILTERED_CONTEXT = 'keyfob.apiHistory.filtered';

/** A row of the tree. */
export type HistoryNode =
  | { readonly kind: 'group'; readonly group: 'used' | 'byDate' }
  | {
      readonly kind: 'year';
      readonly year: string;
      readonly entries: readonly HistoryEntry[];
      readonly newest: boolean;
    }
  | { readonly kind: 'entry'; readonly entry: HistoryEntry }
  | {
      readonly kind: 'change';
      readonly parent: string;
      readonly position: number;
      readonly subject: HistorySubject;
      readonly change: string;
    }
  | { readonly kind: 'used'; readonly used: UsedSubject }
  | { readonly kind: 'place'; readonly uri: string; readonly line: number; readonly column: number }
  | { readonly kind: 'note'; readonly text: string };

const ENTRY_ICONS: Readonly<Record<string, string>> = {
  added: 'add',
  changed: 'edit',
  deprecated: 'warning',
  removed: 'trash',
  breaking: 'flame',
  fixed: 'check',
  documented: 'book',
};
const SEVERITY_ICONS: Readonly<Record<string, string>> = {
  deprecated: 'warning',
  breaking: 'flame',
  newer: 'history',
  info: 'symbol-field',
};

/**
 * The "API history" view: the API subjects used in this workspace (what needs action first,
 * each with the places it is used) and the whole history by date, which a command filters.
 */
export class HistoryTreeProvider implements vscode.TreeDataProvider<HistoryNode>, vscode.Disposable {
  readonly #changed = new SimpleEmitter<HistoryNode | undefined>();
  readonly onDidChangeTreeData = this.#changed.event;
  #filter = '';

  constructor(
    private readonly usage: WorkspaceUsage,
    private readonly settings: HistorySettingsCache,
  ) {}

  get filter(): string {
    return this.#filter;
  }

  /** Filters the by-date list (empty text clears it). */
  setFilter(text: string): void {
    this.#filter = text.trim();
    void vscode.commands.executeCommand('setContext', FILTERED_CONTEXT, this.#filter !== '');
    this.refresh();
  }

  refresh(): void {
    this.#changed.fire(undefined);
  }

  getChildren(node?: HistoryNode): HistoryNode[] {
    if (!node)
      return [
        { kind: 'group', group: 'used' },
        { kind: 'group', group: 'byDate' },
      ];
    switch (node.kind) {
      case 'group':
        return node.group === 'used' ? this.#usedChildren() : this.#years();
      case 'year':
        return node.entries.map((entry) => ({ kind: 'entry', entry }));
      case 'entry': {
        const parent = historyCore().entryKey(node.entry, historyCore().history);
        return node.entry.changes.map(({ subject, change }, position) => ({
          kind: 'change',
          parent,
          position,
          subject,
          change: change.change,
        }));
      }
      case 'used':
        return node.used.occurrences.map((o) => ({ kind: 'place', uri: o.file, line: o.line, column: o.column }));
      default:
        return [];
    }
  }

  getTreeItem(node: HistoryNode): vscode.TreeItem {
    switch (node.kind) {
      case 'group':
        return this.#groupItem(node.group);
      case 'year': {
        const item = new vscode.TreeItem(
          node.year,
          node.newest ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
        );
        item.id = `year:${node.year}:${this.#filter}`;
        item.description = `${node.entries.length} ${node.entries.length === 1 ? 'change' : 'changes'}`;
        return item;
      }
      case 'entry':
        return this.#entryItem(node.entry);
      case 'change':
        return this.#changeItem(node);
      case 'used':
        return this.#usedItem(node.used);
      case 'place': {
        const uri = vscode.Uri.parse(node.uri);
        const item = new vscode.TreeItem(
          `${vscode.workspace.asRelativePath(uri)}:${node.line}`,
          vscode.TreeItemCollapsibleState.None,
        );
        const at = new vscode.Position(node.line - 1, node.column - 1);
        item.command = {
          command: 'vscode.open',
          title: 'Open',
          arguments: [uri, { selection: new vscode.Range(at, at) }],
        };
        item.iconPath = vscode.ThemeIcon.File;
        item.resourceUri = uri;
        return item;
      }
      case 'note':
        return new vscode.TreeItem(node.text, vscode.TreeItemCollapsibleState.None);
    }
  }

  #usedChildren(): HistoryNode[] {
    if (this.usage.status === 'idle') void this.usage.scan();
    if (this.usage.status !== 'done') return [{ kind: 'note', text: 'Scanning the workspace…' }];
    const used = this.usage.used(this.settings.for(vscode.workspace.workspaceFolders?.[0]?.uri).target);
    const { files, truncated } = this.usage.extent;
    const notes: HistoryNode[] = truncated
      ? [{ kind: 'note', text: `Only the first ${files} files were scanned.` }]
      : [];
    if (used.length === 0) return [...notes, { kind: 'note', text: `No platform API subjects in ${files} files.` }];
    return [...used.map((u): HistoryNode => ({ kind: 'used', used: u })), ...notes];
  }

  #years(): HistoryNode[] {
    const years = historyCore().historyByDate({ filter: this.#filter });
    if (years.length === 0) return [{ kind: 'note', text: `Nothing matches "${this.#filter}".` }];
    return years.map((y, i) => ({ kind: 'year', year: y.year, entries: y.entries, newest: i === 0 }));
  }

  #groupItem(group: 'used' | 'byDate'): vscode.TreeItem {
    const used = group === 'used';
    const item = new vscode.TreeItem(
      used ? 'Used in this workspace' : 'History by date',
      used ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded,
    );
    item.id = `group:${group}`;
    item.contextValue = `keyfob.apiHistory.${group}`;
    if (!used && this.#filter !== '') item.description = `filter: ${this.#filter}`;
    item.iconPath = new vscode.ThemeIcon(used ? 'references' : 'history');
    return item;
  }

  #entryItem(entry: HistoryEntry): vscode.TreeItem {
    const core = historyCore();
    const key = core.entryKey(entry, core.history);
    const target = this.settings.for(vscode.window.activeTextEditor?.document.uri).target;
    const shown = core.presentEntry(entry, target);
    const item = new vscode.TreeItem(shown.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `entry:${key}`;
    item.description = shown.description;
    item.tooltip = new vscode.MarkdownString(core.entryPage(entry, { target }));
    item.iconPath = new vscode.ThemeIcon(ENTRY_ICONS[entry.kind] ?? 'circle-outline');
    item.command = { command: SHOW_ENTRY, title: 'Show change', arguments: [key] };
    return item;
  }

  #changeItem(node: Extract<HistoryNode, { kind: 'change' }>): vscode.TreeItem {
    const item = new vscode.TreeItem(historyCore().subjectLabel(node.subject), vscode.TreeItemCollapsibleState.None);
    item.id = `entry:${node.parent}:${node.position}`;
    item.description = `${node.change} · ${historyCore().subjectKind(node.subject)}`;
    item.command = { command: SHOW_SUBJECT, title: 'Show history', arguments: [node.subject.id] };
    return item;
  }

  #usedItem(used: UsedSubject): vscode.TreeItem {
    const item = new vscode.TreeItem(used.label, vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `used:${used.subject.id}`;
    item.description = `${used.annotation.text} · ${used.occurrences.length}×`;
    item.tooltip = used.annotation.text;
    item.iconPath = new vscode.ThemeIcon(SEVERITY_ICONS[used.annotation.severity] ?? 'symbol-field');
    item.command = { command: SHOW_SUBJECT, title: 'Show history', arguments: [used.subject.id] };
    return item;
  }

  dispose(): void {
    this.#changed.dispose();
  }
}
