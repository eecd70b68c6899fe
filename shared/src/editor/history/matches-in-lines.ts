import type { Match } from '../../history/match-types.ts';

/**
 * The matches that start on lines `startLine..endLine` (1-based, inclusive), found by binary
 * search: `scanText` returns matches sorted by offset, hence by line, so a viewport costs
 * O(log n + k) however long the file is.
 */
export function matchesInLines(matches: readonly Match[], startLine: number, endLine: number): readonly Match[] {
  const from = firstIndex(matches, (m) => m.line >= startLine);
  const to = firstIndex(matches, (m) => m.line > endLine);
  return matches.slice(from, Math.max(from, to));
}

/** Longest match text looked back for; a literal or key longer than this is not an API subject. */
const MAX_MATCH_LENGTH = 4096;

/**
 * The matches whose text covers `offset` (start inclusive, end inclusive so a cursor just after
 * the last character still hovers it), in text order. Several can: a URL and a query parameter
 * inside it.
 */
export function matchesAt(matches: readonly Match[], offset: number): Match[] {
  const out: Match[] = [];
  // Sorted by start: every covering match starts at or before `offset`, and not far before it.
  for (let i = firstIndex(matches, (m) => m.start > offset) - 1; i >= 0; i--) {
    const match = matches[i];
    if (!match || match.start < offset - MAX_MATCH_LENGTH) break;
    if (match.end >= offset) out.unshift(match);
  }
  return out;
}

/** Index of the first element for which `isAfter` holds (it must be false then true along the array). */
function firstIndex(matches: readonly Match[], isAfter: (match: Match) => boolean): number {
  let low = 0;
  let high = matches.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    const match = matches[mid];
    if (match && isAfter(match)) high = mid;
    else low = mid + 1;
  }
  return low;
}
