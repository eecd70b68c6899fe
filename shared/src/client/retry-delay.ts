/** What the delay before the next attempt depends on. All times in milliseconds. */
export interface RetryDelayInput {
  /** The attempt that just failed, counting from 1. */
  readonly attempt: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  /** A number in [0, 1), such as `Math.random()`. */
  readonly random: number;
  /** What the engine asked for with `Retry-After`, when it did. */
  readonly retryAfterMs?: number | undefined;
  /** Time left in the overall budget; the delay never exceeds it. */
  readonly remainingMs?: number | undefined;
}

/**
 * How long to wait before the next attempt: full-jitter exponential backoff,
 * `random * min(maxDelayMs, baseDelayMs * 2^(attempt - 1))`, so many clients retrying at once spread
 * out instead of arriving together. A `Retry-After` from the engine replaces the backoff (the engine
 * knows when it will be ready) but is still capped by `maxDelayMs`. Both are capped by `remainingMs`.
 * Returns whole milliseconds, never negative.
 */
export function retryDelay(input: RetryDelayInput): number {
  const ceiling = Math.min(input.maxDelayMs, input.baseDelayMs * 2 ** Math.max(0, input.attempt - 1));
  const wanted =
    input.retryAfterMs === undefined ? input.random * ceiling : Math.min(input.retryAfterMs, input.maxDelayMs);
  const capped = input.remainingMs === undefined ? wanted : Math.min(wanted, input.remainingMs);
  return Math.max(0, Math.floor(capped));
}
