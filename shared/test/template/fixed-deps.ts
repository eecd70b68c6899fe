import type { TemplateDeps } from '@keyfob/shared/template';

/** 2024-06-01T12:00:00.123Z: unix time 1717243200. */
const FIXED_TIME = new Date(Date.UTC(2024, 5, 1, 12, 0, 0, 123));

/**
 * A fixed clock and a counting "random" source: the n-th call returns n modulo the range, so
 * `random 5` gives `ABCDE` on fresh deps. A new object per test keeps tests independent.
 */
export function fixedDeps(time: Date = FIXED_TIME): TemplateDeps & { calls: () => number } {
  let n = 0;
  return {
    now: () => time,
    randomInt: (max: number) => n++ % max,
    calls: () => n,
  };
}

/** Offset and length of the first occurrence of `needle` in `text` (test tables name spans by their text). */
export function spanOf(text: string, needle: string, from = 0): [number, number] {
  const start = text.indexOf(needle, from);
  if (start < 0) throw new Error(`${needle} not in ${text}`);
  return [start, needle.length];
}
