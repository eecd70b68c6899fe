import type { EngineClock } from '../clock.ts';
import { userArn } from './arn.ts';
import type { CloudState } from './cloud-state.ts';
import { expiredToken, invalidClientToken, signatureMismatch, throttled } from './cloud-error.ts';
import type { CloudCredentials, CloudPrincipal } from './cloud-types.ts';

/** Name of the IAM user the engine acts as when no root credentials are configured. */
const AMBIENT_USER = 'keyfob-engine';

/**
 * The front door of every emulated provider call: checks the caller's credentials the way the
 * provider would, then the throttling fixtures. Throws CloudError.
 */
export function enterCall(
  state: CloudState,
  clock: EngineClock,
  operation: string,
  creds: CloudCredentials | undefined,
): CloudPrincipal {
  const principal = authenticate(state, clock, creds);
  applyThrottle(state, operation);
  return principal;
}

/** Resolves credentials to the identity they act as, or throws the provider's error. */
export function authenticate(
  state: CloudState,
  clock: EngineClock,
  creds: CloudCredentials | undefined,
): CloudPrincipal {
  if (creds === undefined) {
    return { arn: userArn(state.settings.accountId, '/', AMBIENT_USER), userName: AMBIENT_USER };
  }
  const session = state.sessions.get(creds.accessKey);
  if (session) {
    if (creds.sessionToken !== session.sessionToken) throw invalidClientToken();
    if (creds.secretKey !== session.secret) throw signatureMismatch();
    if (session.expiresAt <= clock.now()) throw expiredToken();
    return {
      arn: session.arn,
      accessKeyId: session.accessKeyId,
      session,
      ...(session.sourceUser !== undefined ? { userName: session.sourceUser } : {}),
    };
  }
  const found = state.findKey(creds.accessKey);
  // Long-term keys carry no session token; sending one with them is refused like an unknown key.
  if (!found || creds.sessionToken) throw invalidClientToken();
  if (found.key.inactive || (found.key.usableFrom !== undefined && found.key.usableFrom > clock.now()))
    throw invalidClientToken();
  if (found.key.secret !== undefined && found.key.secret !== creds.secretKey) throw signatureMismatch();
  return { arn: found.user.arn, userName: found.user.name, accessKeyId: found.key.id };
}

/** The identity behind an access key id and the secret to check its signature with (undefined: a fixture key that accepts any). */
export interface KeyHolder {
  readonly principal: CloudPrincipal;
  readonly secret: string | undefined;
}

/**
 * Resolves the access key of a signed request (the verifier's check 4): unknown, inactive or not
 * yet propagated keys and a missing or wrong session token are InvalidClientTokenId, an expired
 * session ExpiredToken. The signature is checked afterwards with the secret returned.
 */
export function resolveAccessKey(
  state: CloudState,
  clock: EngineClock,
  accessKeyId: string,
  sessionToken: string | undefined,
): KeyHolder {
  if (accessKeyId === state.ambientKey.accessKeyId && sessionToken === undefined) {
    return { principal: authenticate(state, clock, undefined), secret: state.ambientKey.secretAccessKey };
  }
  const session = state.sessions.get(accessKeyId);
  if (session) {
    if (sessionToken !== session.sessionToken) throw invalidClientToken();
    if (session.expiresAt <= clock.now()) throw expiredToken();
    const principal: CloudPrincipal = {
      arn: session.arn,
      accessKeyId,
      session,
      ...(session.sourceUser !== undefined ? { userName: session.sourceUser } : {}),
    };
    return { principal, secret: session.secret };
  }
  const found = state.findKey(accessKeyId);
  if (!found || sessionToken !== undefined) throw invalidClientToken();
  if (found.key.inactive || (found.key.usableFrom !== undefined && found.key.usableFrom > clock.now()))
    throw invalidClientToken();
  return { principal: { arn: found.user.arn, userName: found.user.name, accessKeyId }, secret: found.key.secret };
}

/** Throttling fixtures for a call that arrived over the wire protocol. */
export function checkThrottle(state: CloudState, operation: string): void {
  applyThrottle(state, operation);
}

function applyThrottle(state: CloudState, operation: string): void {
  const settings = state.settings;
  const index = settings.throttle.findIndex((rule) => rule.operation === operation && (rule.remaining ?? 1) > 0);
  if (index < 0) return;
  const rule = settings.throttle[index];
  if (rule?.remaining !== undefined) {
    const throttle = settings.throttle.map((r, i) => (i === index ? { ...r, remaining: (r.remaining ?? 1) - 1 } : r));
    state.settings = { ...settings, throttle };
  }
  throw throttled();
}
