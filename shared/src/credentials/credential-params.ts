import { parseDuration } from '../duration/index.ts';
import type { Problem } from '../problem.ts';
import { inputProblem } from './input-problem.ts';
import { defaultRoleSessionName, sanitizeRoleSessionName, type RunContext } from './role-session-name.ts';

/** The parameters of `GET /creds/:name` and `POST /sts/:name`, under the engine's own field names. */
export interface CredentialParams {
  readonly role_arn?: string;
  readonly role_session_name?: string;
  readonly ttl?: string;
  readonly mfa_code?: string;
}

/** Raw request settings as a workflow or a terminal gives them; empty strings mean "not given". */
export interface CredentialParamInputs {
  readonly roleArn?: string | undefined;
  readonly roleSessionName?: string | undefined;
  readonly ttl?: string | undefined;
  readonly mfaCode?: string | undefined;
  /** Where the default session name comes from. */
  readonly context?: RunContext;
}

/** How each setting is called where it came from (action input, CLI flag, `roles` key), for messages. */
export interface ParamNames {
  readonly roleArn: string;
  readonly roleSessionName: string;
  readonly ttl: string;
  readonly mfaCode: string;
}

/** The action's input names. */
export const ACTION_PARAM_NAMES: ParamNames = {
  roleArn: 'role-arn',
  roleSessionName: 'role-session-name',
  ttl: 'ttl',
  mfaCode: 'mfa-code',
};

/** Request parameters plus the requested ttl in seconds (the expiry of last resort). */
export interface BuiltParams {
  readonly params: CredentialParams;
  readonly ttlSeconds: number | undefined;
}

const ARN = /^arn:[^:\s]*:[^:\s]*:[^:\s]*:[^:\s]*:\S+$/;

/**
 * Checks and assembles credential request parameters. The session name defaults to one built from the
 * run context (see `defaultRoleSessionName`) and is always sanitised; `ttl` must carry a unit, as the
 * engine requires; `mfa_code` must be six digits (the provider's format) and is never quoted back.
 *
 * Codes: `INPUT_INVALID_VALUE`, `INPUT_SESSION_NAME_CHANGED` (warning), and the `DURATION_*` codes
 * with `path` `/<ttl name>`.
 */
export function buildCredentialParams(
  inputs: CredentialParamInputs,
  names: ParamNames = ACTION_PARAM_NAMES,
): { value: BuiltParams; problems: Problem[] } {
  const problems: Problem[] = [];
  const params: { -readonly [K in keyof CredentialParams]: CredentialParams[K] } = {};
  const roleArn = inputs.roleArn?.trim() ?? '';
  if (roleArn !== '') {
    if (ARN.test(roleArn)) params.role_arn = roleArn;
    else
      problems.push(
        inputProblem(
          'INPUT_INVALID_VALUE',
          names.roleArn,
          `${names.roleArn} "${roleArn}" is not an ARN; expected the form arn:PARTITION:iam::ACCOUNT:role/NAME.`,
        ),
      );
  }
  params.role_session_name = sessionName(inputs, names.roleSessionName, problems);
  let ttlSeconds: number | undefined;
  const ttl = inputs.ttl?.trim() ?? '';
  if (ttl !== '') {
    const parsed = parseDuration(ttl, { requireUnit: true, path: `/${names.ttl}`, field: names.ttl });
    problems.push(...parsed.problems);
    if (parsed.seconds !== undefined) {
      params.ttl = ttl;
      ttlSeconds = parsed.seconds;
    }
  }
  const mfa = inputs.mfaCode?.trim() ?? '';
  if (mfa !== '') {
    if (/^\d{6}$/.test(mfa)) params.mfa_code = mfa;
    else
      problems.push(
        inputProblem(
          'INPUT_INVALID_VALUE',
          names.mfaCode,
          `${names.mfaCode} must be the six digits your MFA device shows.`,
        ),
      );
  }
  return { value: { params, ttlSeconds }, problems };
}

/** The given session name, sanitised (with a warning when that changed it), or the default. */
function sessionName(inputs: CredentialParamInputs, name: string, problems: Problem[]): string {
  const given = inputs.roleSessionName?.trim() ?? '';
  if (given === '') return defaultRoleSessionName(inputs.context ?? {});
  const sanitized = sanitizeRoleSessionName(given);
  if (sanitized.replaced || sanitized.truncated) {
    const what = [
      sanitized.replaced ? 'characters outside [\\w+=,.@-] replaced with "_"' : '',
      sanitized.truncated ? 'cut to 64 characters' : '',
    ]
      .filter(Boolean)
      .join(' and ');
    problems.push(
      inputProblem(
        'INPUT_SESSION_NAME_CHANGED',
        name,
        `${name} "${given}" was changed to "${sanitized.value}" (${what}).`,
      ),
    );
  }
  return sanitized.value;
}
