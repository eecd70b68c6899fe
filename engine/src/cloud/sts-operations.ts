import type { EngineClock } from '../clock.ts';
import { newSecretKey, newSessionToken, newTemporaryKeyId } from '../ids.ts';
import { assumedRoleArn, federatedUserArn, IAM_NAME, isPolicyArn, parseRoleArn } from './arn.ts';
import { accessDenied, CloudError, validationError } from './cloud-error.ts';
import type { CloudState } from './cloud-state.ts';
import type { CloudPrincipal, SessionKind, StsSession } from './cloud-types.ts';

/**
 * The provider's own duration limits in seconds. AssumeRole: at most the role's
 * MaxSessionDuration (default 1 h, settable up to 12 h with role fixtures); federation and session
 * tokens: 36 h. Every call needs at least 15 minutes.
 */
export const STS_LIMITS = {
  minimum: 900,
  roleDefaultMax: 3600,
  roleHardMax: 43200,
  federationMax: 129600,
  sessionMax: 129600,
} as const;

/** Temporary credentials handed out by an STS call. */
export interface IssuedSession {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken: string;
  readonly expiresAt: number;
  readonly arn: string;
}

/** AssumeRole parameters. */
export interface AssumeRoleInput {
  readonly roleArn: string;
  readonly sessionName: string;
  readonly durationSeconds: number;
  readonly policy?: string;
  readonly policyArns: readonly string[];
  readonly tags: Readonly<Record<string, string>>;
  readonly externalId?: string;
}

/** AssumeRole: any well-formed role ARN unless role fixtures restrict them. */
export function assumeRole(
  state: CloudState,
  clock: EngineClock,
  caller: CloudPrincipal,
  input: AssumeRoleInput,
): IssuedSession {
  const parts = parseRoleArn(input.roleArn);
  if (!parts) throw validationError(`${input.roleArn} is invalid`);
  const fixtures = state.settings.roles;
  const fixture = fixtures?.find((r) => r.arn === input.roleArn);
  const denied = (): CloudError =>
    accessDenied(`User: ${caller.arn} is not authorized to perform: sts:AssumeRole on resource: ${input.roleArn}`);
  if (fixtures && !fixture) throw denied();
  if (fixture?.externalId !== undefined && fixture.externalId !== input.externalId) throw denied();
  checkName(input.sessionName, 'roleSessionName', 64);
  const max = fixture?.maxSessionDuration ?? STS_LIMITS.roleDefaultMax;
  checkMinimum(input.durationSeconds);
  if (input.durationSeconds > max) {
    throw validationError('The requested DurationSeconds exceeds the MaxSessionDuration set for this role.');
  }
  checkPolicies(input.policy, input.policyArns);
  if (Object.keys(input.tags).length > 50)
    throw validationError('Member must have length less than or equal to 50 (tags)');
  const arn = assumedRoleArn(parts.account, parts.name, input.sessionName);
  return issue(state, clock, 'assumed_role', arn, caller, input.durationSeconds, { ...input, roleArn: input.roleArn });
}

/** GetFederationToken parameters. */
export interface FederationInput {
  readonly name: string;
  readonly durationSeconds: number;
  readonly policy?: string;
  readonly policyArns: readonly string[];
}

/** GetFederationToken: name of 2-32 characters, 15 min to 36 h. */
export function getFederationToken(
  state: CloudState,
  clock: EngineClock,
  caller: CloudPrincipal,
  input: FederationInput,
): IssuedSession {
  checkName(input.name, 'name', 32);
  checkMinimum(input.durationSeconds);
  if (input.durationSeconds > STS_LIMITS.federationMax) throw tooLong(input.durationSeconds, STS_LIMITS.federationMax);
  checkPolicies(input.policy, input.policyArns);
  const arn = federatedUserArn(state.settings.accountId, input.name);
  return issue(state, clock, 'federation_token', arn, caller, input.durationSeconds, {
    ...input,
    sessionName: input.name,
  });
}

/** GetSessionToken parameters. */
export interface SessionTokenInput {
  readonly durationSeconds: number;
  readonly serialNumber?: string;
  readonly tokenCode?: string;
}

/**
 * GetSessionToken: 15 min to 36 h. MFA: a serial without a code is denied; a code without a
 * serial is invalid; a code must be six digits (any six digits pass: there is no device to ask).
 */
export function getSessionToken(
  state: CloudState,
  clock: EngineClock,
  caller: CloudPrincipal,
  input: SessionTokenInput,
): IssuedSession {
  checkMinimum(input.durationSeconds);
  if (input.durationSeconds > STS_LIMITS.sessionMax) throw tooLong(input.durationSeconds, STS_LIMITS.sessionMax);
  if (input.serialNumber !== undefined && input.tokenCode === undefined) {
    throw accessDenied('MultiFactorAuthentication failed with invalid MFA one time pass code.');
  }
  if (input.serialNumber === undefined && input.tokenCode !== undefined) {
    throw validationError('A TokenCode was given without a SerialNumber.');
  }
  if (input.tokenCode !== undefined && !/^\d{6}$/.test(input.tokenCode)) {
    throw validationError(
      "1 validation error detected: Value at 'tokenCode' failed to satisfy constraint: Member must be six digits",
    );
  }
  return issue(state, clock, 'session_token', caller.arn, caller, input.durationSeconds, {
    mfa: input.tokenCode !== undefined,
  });
}

/**
 * How long an expired session is remembered: the provider's tokens carry their own expiry, so an
 * expired token keeps getting `ExpiredToken` (not `InvalidClientTokenId`) long after it ran out.
 */
const EXPIRED_SESSION_MEMORY_MS = 7 * 24 * 3600 * 1000;

/** Forgets sessions that expired more than a week (engine time) ago; returns how many. */
export function purgeExpiredSessions(state: CloudState, now: number): number {
  let removed = 0;
  for (const [id, session] of state.sessions.entries()) {
    if (session.expiresAt + EXPIRED_SESSION_MEMORY_MS <= now) {
      state.sessions.delete(id);
      removed++;
    }
  }
  return removed;
}

function issue(
  state: CloudState,
  clock: EngineClock,
  kind: SessionKind,
  arn: string,
  caller: CloudPrincipal,
  durationSeconds: number,
  extra: {
    policy?: string;
    policyArns?: readonly string[];
    tags?: Readonly<Record<string, string>>;
    roleArn?: string;
    sessionName?: string;
    mfa?: boolean;
  },
): IssuedSession {
  const now = clock.now();
  const session: StsSession = {
    accessKeyId: newTemporaryKeyId(),
    secret: newSecretKey(),
    sessionToken: newSessionToken(),
    kind,
    arn,
    createdAt: now,
    expiresAt: now + durationSeconds * 1000,
    policyArns: extra.policyArns ?? [],
    ...(extra.policy !== undefined ? { policy: extra.policy } : {}),
    ...(extra.tags !== undefined ? { tags: extra.tags } : {}),
    sourceIdentity: caller.arn,
    ...(caller.userName !== undefined ? { sourceUser: caller.userName } : {}),
    ...(extra.roleArn !== undefined ? { roleArn: extra.roleArn } : {}),
    ...(extra.sessionName !== undefined ? { sessionName: extra.sessionName } : {}),
    ...(extra.mfa ? { mfa: true } : {}),
  };
  state.sessions.set(session.accessKeyId, session);
  return {
    accessKeyId: session.accessKeyId,
    secretAccessKey: session.secret,
    sessionToken: session.sessionToken,
    expiresAt: session.expiresAt,
    arn,
  };
}

function checkName(name: string, field: string, max: number): void {
  if (name.length < 2 || name.length > max || !IAM_NAME.test(name)) {
    throw validationError(
      `1 validation error detected: Value '${name}' at '${field}' failed to satisfy constraint: Member must have length between 2 and ${max} and match [\\w+=,.@-]*`,
    );
  }
}

function checkMinimum(seconds: number): void {
  if (!Number.isInteger(seconds) || seconds < STS_LIMITS.minimum) {
    throw validationError(
      `1 validation error detected: Value '${seconds}' at 'durationSeconds' failed to satisfy constraint: Member must have value greater than or equal to ${STS_LIMITS.minimum}`,
    );
  }
}

function tooLong(seconds: number, max: number): CloudError {
  return validationError(
    `1 validation error detected: Value '${seconds}' at 'durationSeconds' failed to satisfy constraint: Member must have value less than or equal to ${max}`,
  );
}

function checkPolicies(policy: string | undefined, policyArns: readonly string[]): void {
  if (policyArns.length > 10) throw validationError('Member must have length less than or equal to 10 (policyArns)');
  for (const arn of policyArns)
    if (!isPolicyArn(arn)) throw new CloudError('InvalidParameterValue', `Invalid policy ARN: ${arn}`);
  if (policy !== undefined) {
    try {
      JSON.parse(policy);
    } catch {
      throw new CloudError('MalformedPolicyDocument', 'The policy is not in the valid JSON format.');
    }
  }
}
