import * as vscode from 'vscode';
import type { LineAnnotation } from '@keyfob/shared/editor';
import { historyCore } from './history-access.ts';
import type { HistorySettingsCache } from './history-settings.ts';
import { lineSpans } from './ranges.ts';
import { isHistoryDocument } from './scan-cache.ts';
import type { ScanCache } from './scan-cache.ts';

/** Wait after the last scroll event before drawing again (a throttle: at most one draw per period). */
const SCROLL_THROTTLE_MS = 150;

/** One drawn annotation, as the test-only command reports it (decorations cannot be read back through the API). */
export interface DrawnAnnotation {
  /** 0-based line. */
  readonly line: number;
  /** Character where the note is drawn (the line's end). */
  readonly character: number;
  readonly text: string;
  readonly severity: string;
}

/**
 * End-of-line API-history notes as decorations. One decoration type, created on first use and
 * kept; per editor one `setDecorations` call per update, and none when nothing changed. Only
 * the visible lines plus a margin are drawn, with a cap (see `lineAnnotations`); scans are cached
 * per document version by `ScanCache`. Scrolling redraws at most every 150 ms; edits redraw after
 * the caller's debounce (`renderDocument`).
 */
export class AnnotationController implements vscode.Disposable {
  #type: vscode.TextEditorDecorationType | undefined;
  readonly #drawn = new Map<vscode.TextEditor, { key: string; items: readonly DrawnAnnotation[] }>();
  readonly #pendingScroll = new Set<vscode.TextEditor>();
  #scrollTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly cache: ScanCache,
    private readonly settings: HistorySettingsCache,
  ) {}

  /** Draws every visible editor (editors opened or settings changed) and forgets editors that closed. */
  renderAll(): void {
    const visible = new Set(vscode.window.visibleTextEditors);
    for (const editor of this.#drawn.keys()) if (!visible.has(editor)) this.#drawn.delete(editor);
    for (const editor of visible) this.render(editor);
  }

  /** Redraws the visible editors of one document (after an edit settled). */
  renderDocument(document: vscode.TextDocument): void {
    for (const editor of vscode.window.visibleTextEditors) if (editor.document === document) this.render(editor);
  }

  /** An editor scrolled: redraw it within the throttle period. */
  scheduleScroll(editor: vscode.TextEditor): void {
    this.#pendingScroll.add(editor);
    this.#scrollTimer ??= setTimeout(() => {
      this.#scrollTimer = undefined;
      const editors = [...this.#pendingScroll];
      this.#pendingScroll.clear();
      for (const pending of editors) this.render(pending);
    }, SCROLL_THROTTLE_MS);
  }

  /** What is drawn in the visible editors of a document (the first such editor), for the test-only command. */
  drawnFor(uri: string): readonly DrawnAnnotation[] {
    for (const [editor, drawn] of this.#drawn) if (editor.document.uri.toString() === uri) return drawn.items;
    return [];
  }

  /** Draws one editor's annotations, unless they are what is already drawn. */
  render(editor: vscode.TextEditor): void {
    const document = editor.document;
    const annotations = this.#annotationsFor(editor);
    const items = annotations.map((a): DrawnAnnotation => ({
      line: a.line - 1,
      character: document.lineAt(a.line - 1).range.end.character,
      text: a.text,
      severity: a.severity,
    }));
    const key = `${document.version}\n${items.map((i) => `${i.line}:${i.character}:${i.text}`).join('\n')}`;
    const previous = this.#drawn.get(editor);
    if (previous?.key === key) return;
    // An editor that never had notes and still has none needs no call at all.
    if (!previous && items.length === 0) return;
    this.#drawn.set(editor, { key, items });
    editor.setDecorations(
      this.#decorationType(),
      items.map((item) => ({
        range: new vscode.Range(item.line, item.character, item.line, item.character),
        renderOptions: { after: { contentText: item.text } },
      })),
    );
  }

  #annotationsFor(editor: vscode.TextEditor): LineAnnotation[] {
    const document = editor.document;
    if (!isHistoryDocument(document)) return [];
    const settings = this.settings.for(document.uri);
    if (settings.style !== 'decoration' || settings.annotations === 'off') return [];
    const matches = this.cache.get(document);
    if (matches.length === 0) return [];
    return historyCore().lineAnnotations(matches, lineSpans(editor.visibleRanges), {
      mode: settings.annotations,
      target: settings.target,
    });
  }

  #decorationType(): vscode.TextEditorDecorationType {
    this.#type ??= vscode.window.createTextEditorDecorationType({
      after: { color: new vscode.ThemeColor('editorCodeLens.foreground'), margin: '0 0 0 3em', fontStyle: 'italic' },
      // Text typed at the line's end goes before the note, not after it.
      rangeBehavior: vscode.DecorationRangeBehavior.ClosedOpen,
    });
    return this.#type;
  }

  dispose(): void {
    clearTimeout(this.#scrollTimer);
    this.#type?.dispose();
    this.#drawn.clear();
  }
}
