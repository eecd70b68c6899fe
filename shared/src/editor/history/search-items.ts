import { annotationFor } from '../../history/annotation-for.ts';
import { history } from '../../history/history.ts';
import { searchHistory } from '../../history/search-history.ts';
import type { Target } from '../../history/target.ts';
import type { HistoryIndex } from '../../history/types.ts';
import { entryKey } from './entry-key.ts';
import { presentEntry } from './history-by-date.ts';
import { subjectKind, subjectLabel } from './subject-label.ts';

/** One row of the "Search API history" picker: a subject or an entry. */
export interface HistorySearchItem {
  readonly kind: 'subject' | 'entry';
  /** The subject's id, or the entry's `entryKey`. */
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly detail: string;
}

/** Options of `historySearchItems`. */
export interface HistorySearchOptions {
  readonly target?: Target | undefined;
  /** Most rows of each kind. Default 30. */
  readonly limit?: number;
  readonly index?: HistoryIndex;
}

/**
 * The picker rows for a query, best first: subjects (label, what they are, their headline
 * annotation) then entries (date and kind, summary). An empty query lists the newest entries,
 * so the picker is useful before anything is typed.
 */
export function historySearchItems(query: string, options: HistorySearchOptions = {}): HistorySearchItem[] {
  const index = options.index ?? history;
  const limit = options.limit ?? 30;
  const found =
    query.trim() === ''
      ? { subjects: [], entries: index.entries.slice(0, limit).map((item) => ({ item })) }
      : searchHistory(query, index);
  const subjects = found.subjects.slice(0, limit).map(({ item }): HistorySearchItem => ({
    kind: 'subject',
    id: item.id,
    label: subjectLabel(item),
    description: subjectKind(item),
    detail: annotationFor({ subject: item }, options.target).text,
  }));
  const entries = found.entries.slice(0, limit).map(({ item }): HistorySearchItem => {
    const shown = presentEntry(item, options.target);
    return { kind: 'entry', id: entryKey(item, index), label: shown.label, description: '', detail: shown.description };
  });
  return [...subjects, ...entries];
}
