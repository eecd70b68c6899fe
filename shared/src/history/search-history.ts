import { history } from './history.ts';
import type { HistoryEntry, HistoryIndex, HistorySubject } from './types.ts';

/** One search result with its score (higher is better). */
interface SearchHit<T> {
  readonly item: T;
  readonly score: number;
}

/** Subjects and entries that match a search, best first. */
export interface SearchResults {
  readonly subjects: readonly SearchHit<HistorySubject>[];
  readonly entries: readonly SearchHit<HistoryEntry>[];
}

/** Field weights: a word found in a name counts more than one found in a summary. */
const WEIGHT = { name: 10, alias: 8, label: 6, path: 5, resource: 4, note: 3, summary: 2, date: 6, kind: 3 } as const;

/**
 * Searches the history by words: every query word must start some word of the subject (name,
 * aliases, label, path segments, resource, notes, the summaries of its entries) or of the entry
 * (summary, date, kind, subject names). Case-insensitive; `tag bindings` finds `tag-bindings`,
 * `2024-03` finds the entries of March 2024.
 *
 * @example
 * searchHistory('build worker timeout').subjects[0]?.item.name; // 'platform-build-worker-plan-timeout'
 */
export function searchHistory(query: string, index: HistoryIndex = history): SearchResults {
  const words = wordsOf(query);
  if (words.length === 0) return { subjects: [], entries: [] };
  const subjects: SearchHit<HistorySubject>[] = [];
  for (const subject of index.subjects) {
    const score = scoreFields(words, subjectFields(subject));
    if (score > 0) subjects.push({ item: subject, score });
  }
  const entries: SearchHit<HistoryEntry>[] = [];
  for (const entry of index.entries) {
    const score = scoreFields(words, entryFields(entry));
    if (score > 0) entries.push({ item: entry, score });
  }
  const newest = (s: HistorySubject): string => s.changes[0]?.date ?? '';
  subjects.sort((a, b) => b.score - a.score || newest(b.item).localeCompare(newest(a.item)));
  entries.sort((a, b) => b.score - a.score || b.item.date.localeCompare(a.item.date));
  return { subjects, entries };
}

type Fields = readonly (readonly [weight: number, text: string])[];

function subjectFields(subject: HistorySubject): Fields {
  return [
    [WEIGHT.name, subject.name],
    ...subject.aliases.map((a) => [WEIGHT.alias, a] as const),
    [WEIGHT.label, subject.label ?? ''],
    [WEIGHT.path, subject.path ?? ''],
    [WEIGHT.resource, subject.resource ?? ''],
    ...subject.changes.map((c) => [WEIGHT.note, c.note ?? ''] as const),
    ...subject.changes.map((c) => [WEIGHT.summary, c.entry.summary] as const),
  ];
}

function entryFields(entry: HistoryEntry): Fields {
  return [
    [WEIGHT.summary, entry.summary],
    [WEIGHT.date, entry.date],
    [WEIGHT.kind, entry.kind],
    ...entry.changes.map(({ subject }) => [WEIGHT.alias, subject.name] as const),
  ];
}

/** Sum over query words of the best field weight each word prefixes; 0 when some word is found nowhere. */
function scoreFields(words: readonly string[], fields: Fields): number {
  let total = 0;
  const split = fields.map(([weight, text]) => [weight, wordsOf(text)] as const);
  for (const word of words) {
    let best = 0;
    for (const [weight, fieldWords] of split)
      if (weight > best && fieldWords.some((w) => w.startsWith(word))) best = weight;
    if (best === 0) return 0;
    total += best;
  }
  return total;
}

/** Lower-case runs of letters and digits. */
function wordsOf(text: string): string[] {
  const out: string[] = [];
  let start = -1;
  const lower = text.toLowerCase();
  for (let i = 0; i <= lower.length; i++) {
    const c = lower.charCodeAt(i);
    const isWord = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
    if (isWord && start === -1) start = i;
    else if (!isWord && start !== -1) {
      out.push(lower.slice(start, i));
      start = -1;
    }
  }
  return out;
}
