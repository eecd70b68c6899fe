import * as vscode from 'vscode';
import { historyCore } from './history-access.ts';
import type { HistorySettingsCache } from './history-settings.ts';
import { SHOW_SUBJECT } from './history-pages.ts';
import { rangeOf } from './ranges.ts';
import { isHistoryDocument } from './scan-cache.ts';
import type { ScanCache } from './scan-cache.ts';

/** Hover on an API subject in any code: its timeline newest first, under the folder's target, with a link to its page. */
export class HistoryHoverProvider implements vscode.HoverProvider {
  constructor(
    private readonly cache: ScanCache,
    private readonly settings: HistorySettingsCache,
  ) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    if (!isHistoryDocument(document)) return undefined;
    const core = historyCore();
    const matches = core.matchesAt(this.cache.get(document), document.offsetAt(position));
    const first = matches[0];
    if (!first) return undefined;
    const markdown = core.historyHover(matches, {
      target: this.settings.for(document.uri).target,
      pageLink: (id) => `command:${SHOW_SUBJECT}?${encodeURIComponent(JSON.stringify([id]))}`,
    });
    if (markdown === undefined) return undefined;
    const contents = new vscode.MarkdownString(markdown);
    // Only our own page command may run from the link.
    contents.isTrusted = { enabledCommands: [SHOW_SUBJECT] };
    return new vscode.Hover(contents, rangeOf(document, first.start, first.end));
  }
}
