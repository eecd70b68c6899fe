import type { JwtRole } from '@keyfob/shared/jwt-roles';

/** A JWT role write the real engine refuses on top of the shared rules (it needs the engine's limits). */
export function jwtRoleLimitError(role: JwtRole, systemMaxSeconds: number): string | undefined {
  if (role.tokenPeriod <= systemMaxSeconds) return undefined;
  return `'period' of '"${goDuration(role.tokenPeriod)}"' is greater than the backend's maximum lease TTL of '"${goDuration(systemMaxSeconds)}"'`;
}

/**
 * The warnings of a JWT role write: the real engine's own (a max TTL above the system's, verbose
 * OIDC logging), then keyfob's for settings it stores and reads back but does not act on.
 */
export function jwtRoleWarnings(role: JwtRole, systemMaxSeconds: number): string[] {
  const warnings: string[] = [];
  if (role.tokenMaxTtl > systemMaxSeconds)
    warnings.push(
      "token max ttl is greater than the system or backend mount's maximum TTL value; issued tokens' max TTL value will be truncated",
    );
  if (role.verboseOidcLogging)
    warnings.push(
      'verbose_oidc_logging has been enabled for this role. This is not recommended in production since sensitive information may be present in OIDC responses.',
    );
  if (role.tokenPeriod > 0)
    warnings.push(
      'keyfob stores token_period but issues login tokens that are not periodic: they expire at their TTL (the real engine renews them for a period each time, without a max TTL).',
    );
  if (role.tokenNumUses > 0)
    warnings.push(
      `keyfob stores token_num_uses (${role.tokenNumUses}) but does not limit how many requests a login token makes.`,
    );
  return warnings;
}

/** Seconds the way Go prints a time.Duration: `768h0m0s`, `1m30s`, `45s`. */
function goDuration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  if (h > 0) return `${h}h${m}m${s}s`;
  if (m > 0) return `${m}m${s}s`;
  return `${s}s`;
}
