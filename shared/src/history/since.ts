import { normalizeDate } from './target.ts';
import type { Target } from './target.ts';

/** `parseSince`'s answer: a date or a self-hosted release, never `hosted` (it has no past to compare). */
export type ParsedSince =
  | { readonly ok: true; readonly since: Extract<Target, { kind: 'date' | 'self-hosted' }> }
  | { readonly ok: false; readonly message: string };

const RELEASE = /^(?:self-hosted@)?(v\d{4}(0[1-9]|1[0-2])-[1-9]\d{0,2})$/;

/** Longest `--since` text read; anything longer is refused before any parsing. */
const MAX_SINCE = 40;

/**
 * Reads `--since` as users write it: a date `2024-06-30` (zero padding optional), or a
 * self-hosted release `v202207-1` (also `self-hosted@v202207-1`). A release compares with the
 * release each change states, else with the release month (see `judgeChange`).
 *
 * @example
 * parseSince('v202207-1'); // { ok: true, since: { kind: 'self-hosted', release: 'v202207-1' } }
 */
export function parseSince(text: string): ParsedSince {
  const value = text.trim();
  const shown = value.length > MAX_SINCE ? `${value.slice(0, MAX_SINCE)}…` : value;
  const hint = 'use a date YYYY-MM-DD (e.g. 2024-06-30) or a self-hosted release vYYYYMM-N (e.g. v202207-1)';
  if (value === '') return { ok: false, message: `--since is empty: ${hint}` };
  if (value.length <= MAX_SINCE) {
    const release = RELEASE.exec(value);
    if (release?.[1] !== undefined) return { ok: true, since: { kind: 'self-hosted', release: release[1] } };
    const date = normalizeDate(value);
    if (date !== undefined) return { ok: true, since: { kind: 'date', date } };
  }
  if (value === 'hosted')
    return {
      ok: false,
      message: `--since hosted: the hosted edition is always current, so nothing is "since" it; ${hint}`,
    };
  return { ok: false, message: `--since "${shown}" is neither a date nor a release: ${hint}` };
}
