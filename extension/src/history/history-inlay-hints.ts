import * as vscode from 'vscode';
import { historyCore } from './history-access.ts';
import type { HistorySettingsCache } from './history-settings.ts';
import { isHistoryDocument } from './scan-cache.ts';
import type { ScanCache } from './scan-cache.ts';
import { SimpleEmitter } from './simple-emitter.ts';

/**
 * The annotations as inlay hints (`keyfob.apiHistory.style: inlayHint`). VS Code asks only for
 * the visible range and caches the answer, and users get `editor.inlayHints.enabled`'s
 * on/off/onUnlessPressed/offUnlessPressed, which decorations cannot offer. Same lines and texts
 * as the decorations (`lineAnnotations`, no margin: VS Code asks again when scrolling).
 */
export class HistoryInlayHints implements vscode.InlayHintsProvider, vscode.Disposable {
  readonly #changed = new SimpleEmitter<void>();
  readonly onDidChangeInlayHints = this.#changed.event;

  constructor(
    private readonly cache: ScanCache,
    private readonly settings: HistorySettingsCache,
  ) {}

  /** Settings changed: VS Code asks again. */
  refresh(): void {
    this.#changed.fire();
  }

  provideInlayHints(document: vscode.TextDocument, range: vscode.Range): vscode.InlayHint[] {
    if (!isHistoryDocument(document)) return [];
    const settings = this.settings.for(document.uri);
    if (settings.style !== 'inlayHint' || settings.annotations === 'off') return [];
    const matches = this.cache.get(document);
    if (matches.length === 0) return [];
    const span = { startLine: range.start.line + 1, endLine: range.end.line + 1 };
    return historyCore().lineAnnotations(matches, [span], { mode: settings.annotations, target: settings.target, margin: 0 }).map((annotation) => {
      const hint = new vscode.InlayHint(document.lineAt(annotation.line - 1).range.end, annotation.text);
      hint.paddingLeft = true;
      // Long notes are cut by `editor.inlayHints.maximumLength`; the tooltip keeps every word.
      hint.tooltip = annotation.items.map((item) => `${item.match.subject.name}: ${item.annotation.text}`).join('\n');
      return hint;
    });
  }

  dispose(): void {
    this.#changed.dispose();
  }
}
