/**
 * Reads a `Retry-After` header as milliseconds from `nowMs`: either delay-seconds (`120`, also a
 * fraction) or an HTTP date (`Wed, 21 Oct 2015 07:28:00 GMT`). A date in the past gives 0. Returns
 * `undefined` when the header is absent or unreadable, so the normal backoff applies.
 */
export function parseRetryAfter(value: string | null | undefined, nowMs: number): number | undefined {
  if (value === null || value === undefined) return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000);
  // Only dates carry letters; `Date.parse` alone would also read strings such as "2" as a year.
  if (!/[a-z]/i.test(text)) return undefined;
  const when = Date.parse(text);
  if (Number.isNaN(when)) return undefined;
  return Math.max(0, when - nowMs);
}
