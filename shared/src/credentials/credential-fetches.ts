import type { Problem } from '../problem.ts';
import {
  buildCredentialParams,
  ACTION_PARAM_NAMES,
  type CredentialParams,
  type ParamNames,
} from './credential-params.ts';
import { envNameList, resolveEnvNames, type EnvNameSet } from './env-names.ts';
import { parseAccountIds } from './account-ids.ts';
import { inputProblem } from './input-problem.ts';
import type { RunContext } from './role-session-name.ts';
import type { CredentialMethod, RoleLine } from './roles-input.ts';
import { quoted } from '../text/index.ts';

/** One credential set to fetch: the role, how, with which parameters, and where it goes. */
export interface CredentialFetch {
  readonly role: string;
  readonly method: CredentialMethod;
  /** Empty for `static-creds`, which takes no parameters. */
  readonly params: CredentialParams;
  /** The requested ttl in seconds, when one was given. */
  readonly ttlSeconds: number | undefined;
  /** Where the credentials are exported; `undefined` when exporting is off. */
  readonly env: EnvNameSet | undefined;
  /** Line of the `roles` input it came from; absent for the single `role` input. */
  readonly line?: number;
  /** The AWS profile the set is written to (shared config and credentials files), when asked. */
  readonly profile?: string;
  /** The accounts the set may belong to; absent allows any (see `guardAccount`). */
  readonly allowedAccountIds?: readonly string[];
  /** Where that list was given (`allowed-account-ids`, `roles line 2: allowed_account_ids`), for messages. */
  readonly allowedAccountIdsField?: string;
}

/** Step-wide settings that every role line falls back to. */
export interface RequestDefaults {
  readonly method: CredentialMethod;
  readonly roleArn?: string | undefined;
  readonly roleSessionName?: string | undefined;
  readonly ttl?: string | undefined;
  readonly mfaCode?: string | undefined;
  /** The env-names spec for lines without `| ENV`. */
  readonly env: string;
  readonly exportEnv: boolean;
  /** The profile for entries that name none (the action's `profile` input). */
  readonly profile?: string | undefined;
  /** The account allow-list for entries that name none, as text (`allowed-account-ids`). */
  readonly allowedAccountIds?: string | undefined;
  /** Name of the allow-list input or flag, for messages (default `allowed-account-ids`). */
  readonly allowedAccountIdsInput?: string;
  readonly context?: RunContext;
  /** Input names for messages about step-wide settings (defaults to the action's). */
  readonly names?: ParamNames;
  /** Name of the env-names input, for messages. */
  readonly envInput?: string;
}

/**
 * Turns role entries (the single `role` input as one entry without `line`, or the parsed `roles`
 * lines) into checked credential requests. A line's own settings win over the step-wide ones.
 *
 * Codes: those of `buildCredentialParams` and `resolveEnvNames`, `INPUT_IGNORED` (parameters given for
 * `static-creds`, which takes none), `ROLES_INPUT_DUPLICATE_ENV` (two entries exporting to the same
 * names). Problems about a line carry `path` `/roles` and `data.line`.
 */
export function buildCredentialFetches(
  entries: readonly RoleLine[] | readonly Omit<RoleLine, 'line'>[],
  defaults: RequestDefaults,
): { value: CredentialFetch[]; problems: Problem[] } {
  const problems: Problem[] = [];
  const requests = entries.map((entry) => buildOne(entry, defaults, problems));
  if (defaults.exportEnv) problems.push(...envCollisions(requests));
  const profiles = requests.map((r) => r.profile).filter((p) => p !== undefined);
  const twice = profiles.find((p, i) => profiles.indexOf(p) !== i);
  if (twice !== undefined)
    problems.push(
      inputProblem(
        'INPUT_CONFLICT',
        'roles',
        `profile "${twice}" is named by two roles; give each role line its own profile=NAME.`,
      ),
    );
  return { value: requests, problems };
}

function buildOne(
  entry: Omit<RoleLine, 'line'> & { line?: number },
  defaults: RequestDefaults,
  problems: Problem[],
): CredentialFetch {
  const line = entry.line;
  const method = entry.method ?? defaults.method;
  const names = line === undefined ? (defaults.names ?? ACTION_PARAM_NAMES) : lineNames(line);
  const atLine = (list: readonly Problem[]): Problem[] =>
    line === undefined ? [...list] : list.map((p) => ({ ...p, path: '/roles', data: { ...p.data, line } }));
  let params: CredentialParams = {};
  let ttlSeconds: number | undefined;
  if (method === 'static-creds') {
    const given = [
      entry.roleArn && names.roleArn,
      entry.roleSessionName && names.roleSessionName,
      entry.ttl && names.ttl,
    ].filter(Boolean);
    if (given.length > 0) {
      problems.push(
        ...atLine([
          inputProblem(
            'INPUT_IGNORED',
            line === undefined ? String(given[0]) : 'roles',
            `${given.join(', ')} ignored for ${entry.role}: static credentials take no request parameters.`,
          ),
        ]),
      );
    }
  } else {
    const built = buildCredentialParams(
      {
        roleArn: entry.roleArn ?? defaults.roleArn,
        roleSessionName: entry.roleSessionName ?? defaults.roleSessionName,
        ttl: entry.ttl ?? defaults.ttl,
        mfaCode: defaults.mfaCode,
        ...(defaults.context === undefined ? {} : { context: defaults.context }),
      },
      names,
    );
    problems.push(...atLine(built.problems));
    params = built.value.params;
    ttlSeconds = built.value.ttlSeconds;
  }
  let env: EnvNameSet | undefined;
  if (defaults.exportEnv) {
    const resolved = resolveEnvNames(
      entry.env ?? defaults.env,
      line === undefined || entry.env === undefined ? (defaults.envInput ?? 'env-names') : `roles line ${line}`,
    );
    problems.push(...atLine(resolved.problems));
    env = resolved.value;
  }
  const profile = entry.profile ?? defaults.profile;
  if (profile !== undefined && !PROFILE_NAME.test(profile))
    problems.push(
      ...atLine([
        inputProblem(
          'INPUT_INVALID_VALUE',
          line === undefined ? 'profile' : 'roles',
          `profile ${quoted(profile)} is not a profile name (1 to 64 letters, digits, "_", "-" and ".").`,
        ),
      ]),
    );
  const allowed = readAllowedAccounts(entry, defaults);
  problems.push(...atLine(allowed.problems));
  return {
    role: entry.role,
    method,
    params,
    ttlSeconds,
    env,
    ...(line === undefined ? {} : { line }),
    ...(profile === undefined ? {} : { profile }),
    ...(allowed.value === undefined ? {} : { allowedAccountIds: allowed.value, allowedAccountIdsField: allowed.field }),
  };
}

/** The entry's own allow-list (a roles line's `allowed_account_ids=`) or the step-wide one. */
function readAllowedAccounts(
  entry: Omit<RoleLine, 'line'> & { line?: number },
  defaults: RequestDefaults,
): ReturnType<typeof parseAccountIds> & { field: string } {
  if (entry.allowedAccountIds !== undefined && entry.line !== undefined) {
    const field = `roles line ${entry.line}: allowed_account_ids`;
    return { ...parseAccountIds(entry.allowedAccountIds, field, 'roles'), field };
  }
  const field = defaults.allowedAccountIdsInput ?? 'allowed-account-ids';
  return { ...parseAccountIds(defaults.allowedAccountIds ?? '', field), field };
}

/** An AWS profile name keyfob writes: safe inside `[profile NAME]` and as a file name. */
const PROFILE_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/;

/** Setting names as a `roles` line spells them, prefixed with the line for messages. */
function lineNames(line: number): ParamNames {
  const at = `roles line ${line}:`;
  return {
    roleArn: `${at} role_arn`,
    roleSessionName: `${at} role_session_name`,
    ttl: `${at} ttl`,
    mfaCode: 'mfa-code',
  };
}

/** One problem for each request whose names overlap an earlier request's. */
function envCollisions(requests: readonly CredentialFetch[]): Problem[] {
  const owner = new Map<string, CredentialFetch>();
  const problems: Problem[] = [];
  for (const request of requests) {
    if (!request.env) continue;
    const clash = envNameList(request.env)
      .map((name) => ({ name, other: owner.get(name) }))
      .find((c) => c.other !== undefined);
    if (clash?.other) {
      const where = (r: CredentialFetch): string => (r.line === undefined ? r.role : `line ${r.line} (${r.role})`);
      problems.push(
        inputProblem(
          'ROLES_INPUT_DUPLICATE_ENV',
          'roles',
          `roles ${where(request)} would export to ${clash.name} like ${where(clash.other)}; add "| PREFIX_" to one of them.`,
          request.line === undefined ? undefined : { line: request.line },
        ),
      );
      continue;
    }
    for (const name of envNameList(request.env)) owner.set(name, request);
  }
  return problems;
}
