import { JWT_LEEWAY_DEFAULTS, type JwtRole } from './jwt-role-types.ts';
import type { JwtClaims } from './check-claims.ts';

/**
 * The time claims with the role's leeways (0 = default, -1 = none): one of iat/nbf/exp must be
 * there; exp may be passed by the expiration leeway plus the clock skew leeway, nbf and iat may be
 * ahead by their leeways. Returns the real engine's message (without `error validating token: `).
 */
export function checkTimes(role: JwtRole, claims: JwtClaims, nowSeconds: number): string | undefined {
  // The real engine reads the time claims as JSON numbers: a string, or a number past the float
  // range (`1e400`, Infinity after parsing), is a refused token, never a claim left out.
  if (TIME_CLAIMS.some((name) => claims[name] != null && numeric(claims[name]) === undefined))
    return 'go-jose/go-jose/jwt: expected number value to unmarshal NumericDate';
  const skew = leeway(role.clockSkewLeeway, JWT_LEEWAY_DEFAULTS.clockSkew);
  const exp = numeric(claims.exp);
  const nbf = numeric(claims.nbf);
  const iat = numeric(claims.iat);
  if (exp === undefined && nbf === undefined && iat === undefined)
    return 'no issued at (iat), not before (nbf), or expiration time (exp) claims in token';
  if (exp !== undefined && nowSeconds > exp + leeway(role.expirationLeeway, JWT_LEEWAY_DEFAULTS.expiration) + skew)
    return 'invalid expiration time (exp) claim: token is expired';
  const notBefore = nbf ?? iat;
  if (
    notBefore !== undefined &&
    nowSeconds + leeway(role.notBeforeLeeway, JWT_LEEWAY_DEFAULTS.notBefore) + skew < notBefore
  )
    return 'invalid not before (nbf) claim: token not yet valid';
  if (iat !== undefined && iat > nowSeconds + skew) return 'invalid issued at (iat) claim: token issued in the future';
  return undefined;
}

const TIME_CLAIMS = ['exp', 'nbf', 'iat'] as const;

function leeway(value: number, fallback: number): number {
  if (value === -1) return 0;
  return value === 0 ? fallback : value;
}

function numeric(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}
