/**
 * What the code runs against: the hosted edition (always current), a self-hosted release, or
 * simply a date (edition-agnostic: "newer than 2024-06-30").
 */
export type Target =
  | { readonly kind: 'hosted' }
  | { readonly kind: 'self-hosted'; readonly release: string }
  | { readonly kind: 'date'; readonly date: string };

/** `parseTarget`'s answer. */
export type ParsedTarget =
  { readonly ok: true; readonly target: Target } | { readonly ok: false; readonly message: string };

const RELEASE = /^v(\d{4})(\d{2})-(\d+)$/;
const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

/**
 * Reads a target as users write it: `hosted`, `self-hosted@v202207-1` (or just `v202207-1`), or
 * a date `2024-06-30` (zero padding optional, as seed 2 prints some dates).
 *
 * @example
 * parseTarget('self-hosted@v202207-1'); // { ok: true, target: { kind: 'self-hosted', release: 'v202207-1' } }
 */
export function parseTarget(text: string): ParsedTarget {
  const value = text.trim();
  if (value === 'hosted') return { ok: true, target: { kind: 'hosted' } };
  const release = value.startsWith('self-hosted@') ? value.slice('self-hosted@'.length) : value;
  if (RELEASE.test(release)) {
    const month = Number(release.slice(5, 7));
    if (month >= 1 && month <= 12) return { ok: true, target: { kind: 'self-hosted', release } };
  }
  const date = normalizeDate(value);
  if (date !== undefined) return { ok: true, target: { kind: 'date', date } };
  return {
    ok: false,
    message: `"${value}" is not a target: use hosted, self-hosted@vYYYYMM-N (e.g. self-hosted@v202207-1) or a date YYYY-MM-DD`,
  };
}

/** A valid calendar date as zero-padded `YYYY-MM-DD`, or undefined. */
export function normalizeDate(text: string): string | undefined {
  const m = DATE.exec(text);
  if (!m) return undefined;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day)
    return undefined;
  return `${m[1]}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The date a self-hosted release stands for: the first day of its month (`v202207-1` →
 * `2022-07-01`). Rule: a change dated before the release month is taken to be in the release;
 * one dated in that month or later is not. This is an inference; only the entries that state a
 * release (v202103-1, v202112-1, v202207-1) are known for sure.
 */
export function releaseDate(release: string): string {
  const m = RELEASE.exec(release);
  if (!m) throw new Error(`not a self-hosted release name: ${release}`);
  return `${m[1]}-${m[2]}-01`;
}

/** Orders release names: negative when `a` is older than `b`. */
export function compareReleases(a: string, b: string): number {
  const [ma, mb] = [RELEASE.exec(a), RELEASE.exec(b)];
  if (!ma || !mb) throw new Error(`not a self-hosted release name: ${!ma ? a : b}`);
  return Number(ma[1]) - Number(mb[1]) || Number(ma[2]) - Number(mb[2]) || Number(ma[3]) - Number(mb[3]);
}

/** Short label: `hosted`, `self-hosted v202207-1`, `2024-06-30`. */
export function describeTarget(target: Target): string {
  return target.kind === 'hosted'
    ? 'hosted'
    : target.kind === 'self-hosted'
      ? `self-hosted ${target.release}`
      : target.date;
}
