import type * as vscode from 'vscode';
import type { Match } from '@keyfob/shared/history';
import { historyCore } from './history-access.ts';

/**
 * URI schemes that are not the user's code: panels, diffs of other tools, our own history pages.
 * Everything else is scanned, so virtual workspaces (vscode-vfs, github, memfs...) work too.
 */
const SKIPPED_SCHEMES = new Set([
  'output',
  'debug',
  'git',
  'gitfs',
  'vscode-scm',
  'vscode-terminal',
  'comment',
  'vscode-settings',
  'keyfob-history',
]);

/** Documents longer than this (in UTF-16 units, about 5 MB) are not scanned: bundles and data dumps. */
const MAX_SCANNED_LENGTH = 5_000_000;

/** True for documents the API history looks at: the user's code in any language (size is checked when scanning). */
export function isHistoryDocument(document: vscode.TextDocument): boolean {
  return !SKIPPED_SCHEMES.has(document.uri.scheme);
}

/**
 * The matches of each open document, computed at most once per version: annotations,
 * diagnostics, hovers, inlay hints and quick fixes of one version share one scan.
 */
export class ScanCache {
  readonly #byUri = new Map<string, { version: number; languageId: string; matches: readonly Match[] }>();

  /** The document's matches (empty for documents the history skips). */
  get(document: vscode.TextDocument): readonly Match[] {
    const key = document.uri.toString();
    const cached = this.#byUri.get(key);
    if (cached?.version === document.version && cached.languageId === document.languageId) return cached.matches;
    const text = isHistoryDocument(document) ? document.getText() : '';
    const matches =
      text.length > 0 && text.length <= MAX_SCANNED_LENGTH
        ? historyCore().scanText(text, { languageId: document.languageId, fileName: document.uri.path })
        : [];
    this.#byUri.set(key, { version: document.version, languageId: document.languageId, matches });
    return matches;
  }

  /** Drops a closed document's scan. */
  forget(uri: vscode.Uri): void {
    this.#byUri.delete(uri.toString());
  }
}
