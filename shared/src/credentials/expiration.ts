/** What a credential response says about its lifetime; every field optional. */
export interface LifetimeFacts {
  /** Milliseconds since the epoch when the response arrived. */
  readonly now: number;
  /** An explicit timestamp (static credentials): ISO 8601 or RFC 3339 with nanoseconds. */
  readonly expiration?: string | undefined;
  /** The lease's `lease_duration` in seconds (0 means none). */
  readonly leaseDurationSeconds?: number | undefined;
  /** Seconds left that the engine reports in `data.ttl` (STS types). */
  readonly ttlSeconds?: number | undefined;
  /** The `ttl` the request asked for, in seconds: the last resort. */
  readonly requestedTtlSeconds?: number | undefined;
}

/**
 * When credentials stop working, as ISO 8601 UTC with milliseconds (`2026-01-02T03:04:05.000Z`):
 * the explicit `expiration` when present, else now plus `lease_duration`, else now plus the reported
 * `ttl`, else now plus the requested ttl; `undefined` when nothing says.
 *
 * Vault writes RFC 3339 with nanoseconds; `Date.parse` reads it (the fraction is cut to milliseconds).
 * An unparsable `expiration` is skipped, not trusted.
 */
export function computeExpiration(facts: LifetimeFacts): string | undefined {
  if (facts.expiration !== undefined && facts.expiration !== '') {
    const parsed = Date.parse(facts.expiration);
    if (Number.isFinite(parsed)) return new Date(parsed).toISOString();
  }
  for (const seconds of [facts.leaseDurationSeconds, facts.ttlSeconds, facts.requestedTtlSeconds]) {
    if (seconds !== undefined && Number.isFinite(seconds) && seconds > 0) {
      return new Date(facts.now + seconds * 1000).toISOString();
    }
  }
  return undefined;
}
