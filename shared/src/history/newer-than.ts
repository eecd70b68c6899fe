import type { Edition } from './data-types.ts';
import { history } from './history.ts';
import { compareReleases, releaseDate } from './target.ts';
import type { Target } from './target.ts';
import type { HistoryEntry, HistoryIndex, HistorySubject } from './types.ts';

/**
 * How sure a verdict is: `date` (a date target, compared by date), `stated` (the change names
 * its self-hosted release), `inferred` (a self-hosted target, decided by the release-month rule
 * of `releaseDate`), `edition` (the change is not on the target's edition at all).
 */
export type TargetConfidence = 'date' | 'stated' | 'inferred' | 'edition';

/** A change measured against a target. */
export interface TargetVerdict {
  /** The change is on the target's edition (always true for a date target). */
  readonly available: boolean;
  /** The change came after the target. */
  readonly newer: boolean;
  readonly confidence: TargetConfidence;
}

/** What `judgeChange` needs of a change or an entry. */
export interface Dated {
  readonly date: string;
  readonly editions: readonly Edition[];
  readonly selfHostedRelease?: string;
}

/**
 * Compares one change (or entry) with a target. Hosted is always current, so only the edition
 * matters there; a self-hosted release compares the stated release when there is one, else the
 * date against the release month.
 */
export function judgeChange(change: Dated, target: Target): TargetVerdict {
  if (target.kind === 'date') return { available: true, newer: change.date > target.date, confidence: 'date' };
  if (!change.editions.includes(target.kind)) return { available: false, newer: false, confidence: 'edition' };
  if (target.kind === 'hosted') return { available: true, newer: false, confidence: 'date' };
  if (change.selfHostedRelease !== undefined)
    return {
      available: true,
      newer: compareReleases(change.selfHostedRelease, target.release) > 0,
      confidence: 'stated',
    };
  return { available: true, newer: change.date >= releaseDate(target.release), confidence: 'inferred' };
}

/** An entry that is newer than a target. */
export interface NewerEntry {
  readonly entry: HistoryEntry;
  readonly confidence: TargetConfidence;
}

/**
 * The entries a target does not have yet: on the target's edition and newer than it, newest
 * first. A date target lists every entry after the date.
 *
 * @example
 * newerThan({ kind: 'self-hosted', release: 'v202207-1' }).at(-1)?.entry.date; // '2022-07-26'
 */
export function newerThan(target: Target, index: HistoryIndex = history): NewerEntry[] {
  const out: NewerEntry[] = [];
  for (const entry of index.entries) {
    const verdict = judgeChange(entry, target);
    if (verdict.available && verdict.newer) out.push({ entry, confidence: verdict.confidence });
  }
  return out;
}

/**
 * A subject measured against a target: `unavailable` when none of its changes is on the
 * target's edition; `newer` when it was added after the target; else `present`.
 * Subjects whose history starts with a change other than `added` existed before the history
 * and are never `newer`.
 */
export function subjectVsTarget(
  subject: HistorySubject,
  target: Target,
): { readonly state: 'present' | 'newer' | 'unavailable'; readonly verdict: TargetVerdict } {
  const introduced = subject.changes[subject.changes.length - 1];
  if (!introduced) return { state: 'present', verdict: { available: true, newer: false, confidence: 'date' } };
  const edition = target.kind === 'date' ? undefined : target.kind;
  if (edition !== undefined && !subject.editions.includes(edition))
    return { state: 'unavailable', verdict: { available: false, newer: false, confidence: 'edition' } };
  const verdict = judgeChange(introduced, target);
  return { state: introduced.change === 'added' && verdict.newer ? 'newer' : 'present', verdict };
}

/** True when the matched subject is missing on the target: added after it, or not on its edition. */
export function isNewerThanTarget(match: { readonly subject: HistorySubject }, target: Target): boolean {
  return subjectVsTarget(match.subject, target).state !== 'present';
}
