import * as vscode from 'vscode';
import type { DeprecationDiagnostic } from '@keyfob/shared/editor';
import { historyCore } from './history-access.ts';
import type { HistorySettingsCache } from './history-settings.ts';
import { rangeOf } from './ranges.ts';
import { isHistoryDocument } from './scan-cache.ts';
import type { ScanCache } from './scan-cache.ts';

/** `source` of the history's diagnostics: apart from the role-file linter's `keyfob`, so each can be filtered alone. */
export const HISTORY_SOURCE = 'keyfob history';

/**
 * Deprecated API subjects in open documents as diagnostics with the Deprecated tag (the editor
 * strikes them through): `Warning` or `Information` as `deprecationDiagnostics` decides.
 * Refreshed on open, after edits settle (the caller debounces) and when settings change; removed
 * on close.
 */
export class HistoryDiagnostics implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('keyfob-history');
  readonly #published = new Map<string, string>();

  constructor(
    private readonly cache: ScanCache,
    private readonly settings: HistorySettingsCache,
  ) {}

  /** The deprecations of a document's current version under its folder's target (for diagnostics and quick fixes). */
  deprecationsOf(document: vscode.TextDocument): DeprecationDiagnostic[] {
    if (!isHistoryDocument(document)) return [];
    const settings = this.settings.for(document.uri);
    return historyCore().deprecationDiagnostics(this.cache.get(document), settings.target);
  }

  /** Publishes a document's diagnostics now, unless this version under these settings already is. */
  refresh(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    const settings = this.settings.for(document.uri);
    if (!isHistoryDocument(document) || !settings.diagnostics) {
      if (this.#published.delete(key)) this.collection.delete(document.uri);
      return;
    }
    const stamp = `${document.version}:${settings.targetText}`;
    if (this.#published.get(key) === stamp) return;
    const found = this.deprecationsOf(document).map((d) => toDiagnostic(d, document));
    if (found.length > 0 || this.#published.has(key)) this.collection.set(document.uri, found);
    this.#published.set(key, stamp);
  }

  /** Re-publishes every open document (settings changed). */
  refreshAll(): void {
    this.#published.clear();
    for (const document of vscode.workspace.textDocuments) this.refresh(document);
  }

  /** A document closed: its diagnostics go with it. */
  closed(document: vscode.TextDocument): void {
    this.#published.delete(document.uri.toString());
    this.collection.delete(document.uri);
  }

  dispose(): void {
    this.collection.dispose();
  }
}

function toDiagnostic(found: DeprecationDiagnostic, document: vscode.TextDocument): vscode.Diagnostic {
  const severity = found.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information;
  const diagnostic = new vscode.Diagnostic(rangeOf(document, found.start, found.end), found.message, severity);
  diagnostic.source = HISTORY_SOURCE;
  diagnostic.code = found.code;
  diagnostic.tags = [vscode.DiagnosticTag.Deprecated];
  return diagnostic;
}
