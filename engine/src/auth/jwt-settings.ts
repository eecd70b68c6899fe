import { parseDuration } from '@keyfob/shared/duration';
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

/** `auth/jwt/role/:name`. */
export interface JwtRole {
  readonly roleType: 'jwt';
  readonly boundAudiences: readonly string[];
  readonly boundSubject: string;
  /** Claim name -> allowed values (a claim matches when it equals one of them). */
  readonly boundClaims: Readonly<Record<string, readonly string[]>>;
  readonly boundClaimsType: 'string' | 'glob';
  readonly userClaim: string;
  /** Seconds; 0 = the default token TTL. */
  readonly tokenTtl: number;
  readonly tokenMaxTtl: number;
  readonly tokenPolicies: readonly string[];
}

/** Reads and checks a config body; errors are 400 messages. */
export function readJwtConfig(params: Params): { config?: JwtConfig; errors: string[] } {
  const errors: string[] = [];
  const jwksUrl = str(params.jwks_url);
  const keys = list(params.jwt_validation_pubkeys);
  if (str(params.oidc_discovery_url) !== '') errors.push('oidc_discovery_url is not supported by keyfob serve; set jwks_url or jwt_validation_pubkeys');
  if ((jwksUrl === '') === (keys.length === 0)) errors.push("exactly one of 'jwt_validation_pubkeys' or 'jwks_url' must be set");
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
    config: { jwksUrl, jwtValidationPubkeys: keys, boundIssuer: str(params.bound_issuer), jwtSupportedAlgs: list(params.jwt_supported_algs), defaultRole: str(params.default_role) },
    errors,
  };
}

/** Reads and checks a role body; errors are 400 messages. */
export function readJwtRole(params: Params): { role?: JwtRole; errors: string[] } {
  const errors: string[] = [];
  const roleType = str(params.role_type) || 'jwt';
  if (roleType !== 'jwt') errors.push(`invalid 'role_type': ${roleType} (keyfob serve supports "jwt" roles)`);
  const userClaim = str(params.user_claim);
  if (userClaim === '') errors.push('a user claim must be defined on the role');
  const boundClaims = readBoundClaims(params.bound_claims, errors);
  const boundAudiences = list(params.bound_audiences);
  const boundSubject = str(params.bound_subject);
  if (boundAudiences.length === 0 && boundSubject === '' && Object.keys(boundClaims).length === 0) {
    errors.push('must have at least one bound constraint when creating/updating a role');
  }
  const boundClaimsType = str(params.bound_claims_type) || 'string';
  if (boundClaimsType !== 'string' && boundClaimsType !== 'glob') errors.push(`invalid 'bound_claims_type': ${boundClaimsType}`);
  const role: JwtRole = {
    roleType: 'jwt',
    boundAudiences,
    boundSubject,
    boundClaims,
    boundClaimsType: boundClaimsType === 'glob' ? 'glob' : 'string',
    userClaim,
    tokenTtl: seconds(params.token_ttl ?? params.ttl, 'token_ttl', errors),
    tokenMaxTtl: seconds(params.token_max_ttl ?? params.max_ttl, 'token_max_ttl', errors),
    tokenPolicies: list(params.token_policies ?? params.policies),
  };
  return errors.length > 0 ? { errors } : { role, errors };
}

function readBoundClaims(value: unknown, errors: string[]): Record<string, string[]> {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    errors.push('bound_claims must be a map of claim names to a value or a list of values');
    return {};
  }
  const out: Record<string, string[]> = {};
  for (const [claim, allowed] of Object.entries(value as Params)) {
    const values = Array.isArray(allowed) ? allowed : [allowed];
    if (!values.every((v) => ['string', 'number', 'boolean'].includes(typeof v))) errors.push(`bound_claims.${claim} must be a value or a list of values`);
    out[claim] = values.map((v) => String(v));
  }
  return out;
}

function seconds(value: unknown, field: string, errors: string[]): number {
  if (value === undefined || value === null || value === '') return 0;
  const parsed = parseDuration(value, { allowInteger: true, field });
  for (const p of parsed.problems) errors.push(`${p.message} [${p.code}]`);
  return Math.floor(parsed.seconds ?? 0);
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function list(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
  if (typeof value === 'string') {
    // PEM keys contain no commas, so a comma list of them splits cleanly too.
    return value.split(',').map((v) => v.trim()).filter((v) => v !== '');
  }
  return [];
}
