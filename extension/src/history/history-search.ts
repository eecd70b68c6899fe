import * as vscode from 'vscode';
import type { HistorySearchItem } from '@keyfob/shared/editor';
import { historyCore } from './history-access.ts';
import type { HistorySettingsCache } from './history-settings.ts';
import { showPage } from './history-pages.ts';

/** Command id of "keyfob: Search API history". */
export const SEARCH_HISTORY = 'keyfob.apiHistory.search';

type PickItem = vscode.QuickPickItem & { readonly found?: HistorySearchItem };

/**
 * "keyfob: Search API history": a picker over subjects and entries that searches as the user
 * types (names, paths, words of summaries, dates such as `2024-03`); the chosen one opens its
 * page. An optional first argument fills the search box.
 */
export async function searchHistory(settings: HistorySettingsCache, initial?: unknown): Promise<void> {
  const target = settings.for(vscode.window.activeTextEditor?.document.uri).target;
  const pick = vscode.window.createQuickPick<PickItem>();
  pick.title = 'keyfob: Search API history';
  pick.placeholder = 'A name, path, word or date (enforce, registry-modules, timeout, 2024-03)';
  // Our search already ranks; VS Code's own label filter would hide matches found in summaries.
  pick.matchOnDescription = false;
  pick.matchOnDetail = false;
  const update = (): void => {
    pick.items = toPickItems(historyCore().historySearchItems(pick.value, { target }), pick.value);
  };
  pick.value = typeof initial === 'string' ? initial : '';
  update();
  const chosen = await new Promise<HistorySearchItem | undefined>((resolve) => {
    pick.onDidChangeValue(update);
    pick.onDidAccept(() => {
      resolve(pick.selectedItems[0]?.found);
      pick.hide();
    });
    pick.onDidHide(() => resolve(undefined));
    pick.show();
  });
  pick.dispose();
  if (chosen) await showPage(chosen.kind, chosen.id);
}

function toPickItems(found: readonly HistorySearchItem[], query: string): PickItem[] {
  const items: PickItem[] = [];
  let section: string | undefined;
  for (const item of found) {
    const heading = item.kind === 'subject' ? 'API subjects' : query.trim() === '' ? 'Newest changes' : 'Changes';
    if (heading !== section) items.push({ label: (section = heading), kind: vscode.QuickPickItemKind.Separator });
    items.push({
      label: item.label,
      description: item.description,
      detail: item.detail,
      alwaysShow: true,
      found: item,
    });
  }
  return items;
}
