import { createPublicKey } from 'node:crypto';
import { checkTimes, type JwtClaims, type JwtRole } from '@keyfob/shared/jwt-roles';
import {
  compactVerify,
  createRemoteJWKSet,
  errors as jose,
  type FlattenedJWSInput,
  type JWSHeaderParameters,
} from 'jose';
import { badRequest } from '../http/http-error.ts';
import type { JwtConfig } from './jwt-settings.ts';

const DEFAULT_ALGS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

type GetKey = (header: JWSHeaderParameters, token: FlattenedJWSInput) => Promise<CryptoKey | Uint8Array>;
const remoteSets = new Map<string, GetKey>();

/**
 * Verifies a login JWT in the real engine's order and words: signature (jose: JWKS URL or the
 * configured PEM keys) and algorithm, then issuer, subject, audience and the time claims with the
 * role's leeways, each failure a 400 `error validating token: ...`; a token with an audience for a
 * role that binds none is refused. Returns the claims; no message ever contains the token.
 */
export async function verifyLoginJwt(jwt: string, config: JwtConfig, role: JwtRole, now: Date): Promise<JwtClaims> {
  const claims = await verifySignature(jwt, config);
  const invalid = (message: string): Error => badRequest(`error validating token: ${message}`);
  if (config.boundIssuer !== '' && claims.iss !== config.boundIssuer) throw invalid('invalid issuer (iss) claim');
  if (role.boundSubject !== '' && claims.sub !== role.boundSubject) throw invalid('invalid subject (sub) claim');
  const audiences = Array.isArray(claims.aud) ? claims.aud : claims.aud === undefined ? [] : [claims.aud];
  if (role.boundAudiences.length > 0 && !audiences.some((a) => role.boundAudiences.includes(String(a)))) {
    throw invalid('invalid audience (aud) claim: audience claim does not match any expected audience');
  }
  const times = checkTimes(role, claims, Math.floor(now.getTime() / 1000));
  if (times) throw invalid(times);
  // GitHub always sends `aud`; the real engine (since 1.16.3) refuses it when the role binds none.
  if (role.boundAudiences.length === 0 && audiences.length > 0)
    throw badRequest('audience claim found in JWT but no audiences bound to the role');
  return claims;
}

async function verifySignature(jwt: string, config: JwtConfig): Promise<JwtClaims> {
  const algorithms = config.jwtSupportedAlgs.length > 0 ? [...config.jwtSupportedAlgs] : DEFAULT_ALGS;
  try {
    const verified =
      config.jwksUrl !== ''
        ? await compactVerify(jwt, remoteSet(config.jwksUrl), { algorithms })
        : await verifyWithKeys(jwt, config, algorithms);
    const payload: unknown = JSON.parse(new TextDecoder().decode(verified.payload));
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload))
      throw new jose.JWTInvalid('JWT Claims Set must be a top-level JSON object');
    return payload as JwtClaims;
  } catch (error) {
    throw describe(error);
  }
}

async function verifyWithKeys(jwt: string, config: JwtConfig, algorithms: string[]): Promise<{ payload: Uint8Array }> {
  for (const key of config.jwtValidationPubkeys.map((pem) => createPublicKey(pem))) {
    try {
      return await compactVerify(jwt, key, { algorithms });
    } catch (error) {
      // A key of another type or another signer: try the next configured key.
      // (Node 22 and later refuse a key of another type with a DOMException named DataError.)
      const otherKey =
        error instanceof jose.JWSSignatureVerificationFailed ||
        error instanceof jose.JOSENotSupported ||
        error instanceof TypeError ||
        (error instanceof Error && error.name === 'DataError');
      if (!otherKey) throw error;
    }
  }
  throw new jose.JWSSignatureVerificationFailed();
}

function remoteSet(url: string): GetKey {
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
  const signature = (detail: string): Error =>
    badRequest(`error validating token: error verifying token signature: ${detail}`);
  if (error instanceof jose.JOSEAlgNotAllowed)
    return badRequest(
      'error validating token: invalid algorithm (alg) header parameter: token signed with unexpected algorithm',
    );
  if (error instanceof jose.JWSSignatureVerificationFailed || error instanceof jose.JWKSNoMatchingKey)
    return signature('no known key successfully validated the token signature');
  if (error instanceof jose.JWKSTimeout) return signature('timed out fetching the JWKS');
  if (
    error instanceof jose.JWSInvalid ||
    error instanceof jose.JWTInvalid ||
    error instanceof jose.JOSENotSupported ||
    error instanceof SyntaxError
  )
    return signature('malformed JWT');
  if (error instanceof jose.JWKSInvalid || error instanceof jose.JOSEError) return signature(error.message);
  return signature(`could not fetch keys from jwks_url (${error instanceof Error ? error.message : 'unknown error'})`);
}
