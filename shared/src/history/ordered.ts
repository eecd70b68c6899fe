// Binary searches over items kept in order (offsets, lines, spans): one place for the readers that look items up.

/** The index of the first of the `items` ordered by `key` whose key is `value` or more (their length when none is). */
export function firstAtOrAfterBy<T>(items: readonly T[], value: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(items[mid]!) < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The index of the first of the ordered `values` that is `value` or more (`end` when none is). `end` (default: their
 * length) bounds the search to the first `end` values, for an array with room kept past its last value.
 */
export function firstAtOrAfter(values: ArrayLike<number>, value: number, end = values.length): number {
  let lo = 0;
  let hi = end;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
