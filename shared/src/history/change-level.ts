import type { ChangeKind, ChangeLevel } from './data-types.ts';

/** Levels from the most to the least pressing. */
export const LEVELS: readonly ChangeLevel[] = ['breaking', 'deprecation', 'info'];

/**
 * The level of what one entry did to one subject: a breaking change or a removal is
 * `breaking`, a deprecation is `deprecation`, anything else (added, changed, fixed,
 * documented) is `info`.
 *
 * @example
 * levelOfChange('deprecated', true); // 'deprecation'
 */
export function levelOfChange(change: ChangeKind, deprecated: boolean): ChangeLevel {
  if (change === 'breaking' || change === 'removed') return 'breaking';
  return deprecated || change === 'deprecated' ? 'deprecation' : 'info';
}

/** The most pressing of some levels (`info` for none). */
export function highestLevel(levels: Iterable<ChangeLevel>): ChangeLevel {
  let best = LEVELS.length - 1;
  for (const level of levels) best = Math.min(best, LEVELS.indexOf(level));
  return LEVELS[best] ?? 'info';
}

/** True when `level` is at least as pressing as `threshold` (`breaking` ≥ `deprecation` ≥ `info`). */
export function levelAtLeast(level: ChangeLevel, threshold: ChangeLevel): boolean {
  return LEVELS.indexOf(level) <= LEVELS.indexOf(threshold);
}
