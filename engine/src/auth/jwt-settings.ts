import { createPublicKey } from 'node:crypto';
import type { Params } from '../http/parse-params.ts';

/** `auth/jwt/config`. */
export interface JwtConfig {
  readonly jwksUrl: string;
  /** PEM public keys (SPKI). */
  readonly jwtValidationPubkeys: readonly string[];
  readonly boundIssuer: string;
  readonly jwtSupportedAlgs: readonly string[];
  readonly defaultRole: string;
}

/** Reads and checks a config body; errors are 400 messages. */
export function readJwtConfig(params: Params): { config?: JwtConfig; errors: string[] } {
  const errors: string[] = [];
  const jwksUrl = str(params.jwks_url);
  const keys = list(params.jwt_validation_pubkeys);
  if (str(params.oidc_discovery_url) !== '')
    errors.push('oidc_discovery_url is not supported by keyfob serve; set jwks_url or jwt_validation_pubkeys');
  if ((jwksUrl === '') === (keys.length === 0))
    errors.push("exactly one of 'jwt_validation_pubkeys' or 'jwks_url' must be set");
  if (jwksUrl !== '' && !/^https?:\/\//.test(jwksUrl)) errors.push('jwks_url must be an http(s) URL');
  for (const [i, pem] of keys.entries()) {
    try {
      createPublicKey(pem);
    } catch {
      errors.push(`error parsing public key ${i + 1} of jwt_validation_pubkeys: not a PEM public key`);
    }
  }
  if (errors.length > 0) return { errors };
  return {
    config: {
      jwksUrl,
      jwtValidationPubkeys: keys,
      boundIssuer: str(params.bound_issuer),
      jwtSupportedAlgs: list(params.jwt_supported_algs),
      defaultRole: str(params.default_role),
    },
    errors,
  };
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function list(value: unknown): string[] {
  if (Array.isArray(value))
    return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
  if (typeof value === 'string') {
    // PEM keys contain no commas, so a comma list of them splits cleanly too.
    return value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
  }
  return [];
}
