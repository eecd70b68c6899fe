// The tests' one seeded random generator: the fuzz and differential tests draw from it, so a failing
// case replays from its seed on every machine.

/** A random draw in [0, 1), as `Math.random` gives. */
export type Random = () => number;

/** mulberry32: a small, fast deterministic generator; the same seed gives the same sequence. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One item of a non-empty list, drawn with `random`. */
export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}
