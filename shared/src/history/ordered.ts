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

/** The index of the first of the ordered `values` that is `value` or more (their length when none is). */
export function firstAtOrAfter(values: ArrayLike<number>, value: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
