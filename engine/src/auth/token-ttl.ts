import { formatDuration } from '@keyfob/shared/duration';

/** What decides a new token's TTL (seconds throughout). */
export interface TokenTtlInput {
  /** The `ttl` asked for; undefined or 0: the system default. */
  readonly ttl: number | undefined;
  /** The `explicit_max_ttl` asked for; undefined or 0: none. */
  readonly explicitMaxTtl: number | undefined;
  /** The new token carries the `root` policy (only a root parent can make one). */
  readonly root: boolean;
  /** The parent token's own TTL; 0 when the parent never expires. */
  readonly parentTtl: number;
  /** The system default and maximum token TTL (768h each in the real engine unless tuned). */
  readonly systemDefault: number;
  readonly systemMax: number;
}

/** The TTL to give the token (0: it never expires) with the real engine's warnings, or its 400 message. */
export type TokenTtl = { readonly ttl: number; readonly warnings: readonly string[] } | { readonly error: string };

/**
 * A new token's TTL as the real engine's `auth/token/create` computes it (token store create,
 * then the framework's TTL calculation): unless it is a root token asked without a TTL, the TTL is
 * the one asked or the system default, capped at the lesser of the system maximum and
 * `explicit_max_ttl`, with the warning `TTL of "<asked>" exceeded the effective max_ttl of "<cap>";
 * TTL value is capped accordingly`. A root token without a TTL never expires, unless it has an
 * explicit maximum (then that is its TTL); an expiring parent cannot make a non-expiring root token.
 * A child's TTL is not capped by its parent's: the child is revoked with its parent instead.
 */
export function tokenTtl(input: TokenTtlInput): TokenTtl {
  const explicit = input.explicitMaxTtl ?? 0;
  let ttl = input.ttl ?? 0;
  const warnings: string[] = [];
  if (ttl > 0 || !input.root) {
    const max = explicit > 0 && explicit < input.systemMax ? explicit : input.systemMax;
    if (ttl === 0) ttl = input.systemDefault;
    if (ttl > max) {
      warnings.push(ttlCappedWarning(ttl, max));
      ttl = max;
    }
  }
  // Root tokens are still bound by an explicit maximum.
  if (ttl === 0 && explicit > 0) ttl = explicit;
  if (ttl === 0 && input.parentTtl !== 0)
    return { error: 'expiring root tokens cannot create non-expiring root tokens' };
  return { ttl, warnings };
}

/** The real engine's warning when a TTL (seconds) was cut to what its maximum allows. */
export function ttlCappedWarning(asked: number, allowed: number): string {
  return `TTL of "${formatDuration(asked)}" exceeded the effective max_ttl of "${formatDuration(allowed)}"; TTL value is capped accordingly`;
}
