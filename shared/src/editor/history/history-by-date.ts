import { history } from '../../history/history.ts';
import { judgeChange } from '../../history/newer-than.ts';
import { searchHistory } from '../../history/search-history.ts';
import { describeTarget } from '../../history/target.ts';
import type { Target } from '../../history/target.ts';
import type { HistoryEntry, HistoryIndex } from '../../history/types.ts';

/** The entries of one year, newest first. */
export interface HistoryYear {
  readonly year: string;
  readonly entries: readonly HistoryEntry[];
}

/** Options of `historyByDate`. */
export interface HistoryByDateOptions {
  /** Search words (as `searchHistory` reads them); empty or absent keeps every entry. */
  readonly filter?: string | undefined;
  readonly index?: HistoryIndex;
}

/**
 * The whole history grouped by year, newest first, for the tree view. With a filter, an entry
 * stays when the search finds it or finds a subject it changed (so `varsets priority` keeps the
 * entry that added `priority` even though its summary says neither word).
 */
export function historyByDate(options: HistoryByDateOptions = {}): HistoryYear[] {
  const index = options.index ?? history;
  const keep = entryFilter(options.filter, index);
  const years: { year: string; entries: HistoryEntry[] }[] = [];
  for (const entry of index.entries) {
    if (keep && !keep.has(entry)) continue;
    const year = entry.date.slice(0, 4);
    const last = years[years.length - 1];
    if (last?.year === year) last.entries.push(entry);
    else years.push({ year, entries: [entry] });
  }
  return years;
}

function entryFilter(filter: string | undefined, index: HistoryIndex): Set<HistoryEntry> | undefined {
  if (filter === undefined || filter.trim() === '') return undefined;
  const found = searchHistory(filter, index);
  const keep = new Set(found.entries.map((hit) => hit.item));
  for (const { item } of found.subjects) for (const change of item.changes) keep.add(change.entry);
  return keep;
}

/** How an entry shows in a list: label, one-line description and whether it is newer than the target. */
export interface EntryPresentation {
  /** `2024-09-02 · deprecated`; the level is added where the kind does not imply it (`2024-02-29 · changed · deprecation`). */
  readonly label: string;
  /** The entry's level: breaking, deprecation or info. */
  readonly level: HistoryEntry['level'];
  /** The entry's stable change id (`ph-2024-09-02`). */
  readonly id: string;
  /** The summary, prefixed with `newer than <target> · ` when it is. */
  readonly description: string;
  readonly newer: boolean;
}

/** The list presentation of an entry; `newer` only when the entry is on the target's edition and after it. */
export function presentEntry(entry: HistoryEntry, target?: Target): EntryPresentation {
  const verdict = target === undefined ? undefined : judgeChange(entry, target);
  const newer = verdict !== undefined && verdict.available && verdict.newer;
  const editions = entry.editions.length === 1 ? ` · ${entry.editions[0] ?? ''} only` : '';
  const prefix = newer && target ? `newer than ${describeTarget(target)} · ` : '';
  // The level is named only where it is not implied by the kind (`deprecated` is a deprecation; `breaking` is breaking).
  const implied =
    entry.level === 'info' ||
    (entry.level === 'deprecation' && entry.kind === 'deprecated') ||
    (entry.level === 'breaking' && entry.kind === 'breaking');
  const level = implied ? '' : ` · ${entry.level}`;
  const sunset = entry.sunset === undefined ? '' : `removal ${entry.sunset} · `;
  return {
    label: `${entry.date} · ${entry.kind}${level}${editions}`,
    description: `${prefix}${sunset}${entry.summary}`,
    newer,
    level: entry.level,
    id: entry.id,
  };
}
