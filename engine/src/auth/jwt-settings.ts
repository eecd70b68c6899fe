import { createPublicKey } from 'node:crypto';
import { readCommaList } from '@keyfob/shared/text';
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
  // PEM keys contain no commas, so a comma list of them splits cleanly too.
  const keys = readCommaList(params.jwt_validation_pubkeys);
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
      jwtSupportedAlgs: readCommaList(params.jwt_supported_algs),
      defaultRole: str(params.default_role),
    },
    errors,
  };
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
