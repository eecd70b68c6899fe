import { createPublicKey, type KeyObject } from 'node:crypto';
import { createRemoteJWKSet, errors as jose, jwtVerify, type JWTPayload, type JWTVerifyGetKey, type JWTVerifyOptions } from 'jose';
import { badRequest } from '../http/http-error.ts';
import type { JwtConfig, JwtRole } from './jwt-settings.ts';
import { pointerToSegments } from '@keyfob/shared/text';

const DEFAULT_ALGS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];
/** Seconds of clock skew accepted on exp and nbf. */
const LEEWAY_SECONDS = 60;

const remoteSets = new Map<string, JWTVerifyGetKey>();

/**
 * Verifies a login JWT with jose: signature (JWKS URL or configured PEM keys), exp/nbf against the
 * engine clock with a small leeway, issuer, audience, then the role's bound subject and claims.
 * Returns the claims; failures are 400s with a reason that never contains the token.
 */
export async function verifyLoginJwt(jwt: string, config: JwtConfig, role: JwtRole, now: Date): Promise<JWTPayload> {
  const options: JWTVerifyOptions = {
    algorithms: config.jwtSupportedAlgs.length > 0 ? [...config.jwtSupportedAlgs] : DEFAULT_ALGS,
    currentDate: now,
    clockTolerance: LEEWAY_SECONDS,
    ...(config.boundIssuer !== '' ? { issuer: config.boundIssuer } : {}),
    ...(role.boundAudiences.length > 0 ? { audience: [...role.boundAudiences] } : {}),
  };
  const claims = await verifySignatureAndTimes(jwt, config, options);
  if (role.boundAudiences.length === 0 && claims.aud !== undefined) {
    throw badRequest('error validating claims: audience claim found in JWT but no audiences bound to the role');
  }
  if (role.boundSubject !== '' && claims.sub !== role.boundSubject) throw badRequest('error validating claims: sub claim does not match bound subject');
  for (const [name, allowed] of Object.entries(role.boundClaims)) {
    if (!claimMatches(claimValue(claims, name), allowed, role.boundClaimsType)) {
      throw badRequest(`error validating claims: claim "${name}" does not match any associated bound claim values`);
    }
  }
  return claims;
}

async function verifySignatureAndTimes(jwt: string, config: JwtConfig, options: JWTVerifyOptions): Promise<JWTPayload> {
  try {
    if (config.jwksUrl !== '') return (await jwtVerify(jwt, remoteSet(config.jwksUrl), options)).payload;
    for (const key of config.jwtValidationPubkeys.map((pem) => createPublicKey(pem))) {
      const payload = await tryKey(jwt, key, options);
      if (payload) return payload;
    }
    throw badRequest('error validating token: no known key successfully validated the token signature');
  } catch (error) {
    throw describe(error);
  }
}

async function tryKey(jwt: string, key: KeyObject, options: JWTVerifyOptions): Promise<JWTPayload | undefined> {
  try {
    return (await jwtVerify(jwt, key, options)).payload;
  } catch (error) {
    // A key of another type (JOSENotSupported) or another signer: try the next configured key.
    const otherKey = error instanceof jose.JWSSignatureVerificationFailed || error instanceof jose.JOSENotSupported || error instanceof TypeError;
    if (otherKey) return undefined;
    throw error;
  }
}

function remoteSet(url: string): JWTVerifyGetKey {
  let set = remoteSets.get(url);
  if (!set) {
    set = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 0 });
    remoteSets.set(url, set);
  }
  return set;
}

/** The reason a verification failed, as a 400 (no token text, ever). */
function describe(error: unknown): unknown {
  if (error instanceof Error && error.name === 'HttpError') return error;
  if (error instanceof jose.JWTExpired) return badRequest('error validating claims: token is expired (exp)');
  if (error instanceof jose.JWTClaimValidationFailed) {
    const which: Record<string, string> = { nbf: 'token not yet valid (nbf)', iss: 'invalid issuer claim (iss)', aud: 'invalid audience claim (aud)', iat: 'invalid issued at claim (iat)' };
    return badRequest(`error validating claims: ${which[error.claim] ?? `invalid ${error.claim} claim`}`);
  }
  if (error instanceof jose.JWSSignatureVerificationFailed) return badRequest('error validating token: failed to verify id token signature');
  if (error instanceof jose.JWKSNoMatchingKey) return badRequest('error validating token: no key in the JWKS matches the token');
  if (error instanceof jose.JOSEAlgNotAllowed) return badRequest('error validating token: signing algorithm not allowed');
  if (error instanceof jose.JWKSTimeout) return badRequest('error validating token: timed out fetching the JWKS');
  if (error instanceof jose.JWSInvalid || error instanceof jose.JWTInvalid || error instanceof jose.JOSENotSupported) {
    return badRequest('error validating token: not a well-formed signed JWT');
  }
  if (error instanceof jose.JWKSInvalid || error instanceof jose.JOSEError) return badRequest(`error validating token: ${error.message}`);
  return badRequest(`error validating token: could not fetch keys from jwks_url (${error instanceof Error ? error.message : 'unknown error'})`);
}

/** A claim by name, or by JSON Pointer for nested claims (`/job_workflow_ref`, `/a/b`). */
function claimValue(claims: JWTPayload, name: string): unknown {
  if (!name.startsWith('/')) return claims[name];
  let node: unknown = claims;
  for (const key of pointerToSegments(name)) {
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  return node;
}

function claimMatches(value: unknown, allowed: readonly string[], type: 'string' | 'glob'): boolean {
  const actual = Array.isArray(value) ? value : [value];
  return actual.some((v) => {
    if (v === undefined || v === null || typeof v === 'object') return false;
    const text = String(v);
    return allowed.some((a) => (type === 'glob' ? globMatch(a, text) : a === text));
  });
}

function globMatch(pattern: string, text: string): boolean {
  const regex = new RegExp(`^${pattern.split('*').map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  return regex.test(text);
}
