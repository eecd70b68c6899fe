import type { HistoryEntry, HistoryIndex } from '../../history/types.ts';

const keysByIndex = new WeakMap<
  HistoryIndex,
  { byEntry: Map<HistoryEntry, string>; byKey: Map<string, HistoryEntry> }
>();

/**
 * A stable name for an entry, for links and tree ids: its date plus its place among the entries
 * of that date (`2021-06-08-1`). Seed rows are not unique, and several entries share a date.
 */
export function entryKey(entry: HistoryEntry, index: HistoryIndex): string {
  return keysOf(index).byEntry.get(entry) ?? entry.date;
}

/** The entry an `entryKey` names, or undefined. */
export function entryByKey(key: string, index: HistoryIndex): HistoryEntry | undefined {
  return keysOf(index).byKey.get(key);
}

function keysOf(index: HistoryIndex): { byEntry: Map<HistoryEntry, string>; byKey: Map<string, HistoryEntry> } {
  let keys = keysByIndex.get(index);
  if (keys) return keys;
  keys = { byEntry: new Map(), byKey: new Map() };
  const perDate = new Map<string, number>();
  // Oldest first, so an entry's key does not change when newer entries are added to the data.
  for (const entry of [...index.entries].reverse()) {
    const n = (perDate.get(entry.date) ?? 0) + 1;
    perDate.set(entry.date, n);
    const key = `${entry.date}-${n}`;
    keys.byEntry.set(entry, key);
    keys.byKey.set(key, entry);
  }
  keysByIndex.set(index, keys);
  return keys;
}
