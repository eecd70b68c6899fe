import type { Problem } from '../problem.ts';
import { inputProblem } from './input-problem.ts';

/** How credentials for a role are fetched: `GET /creds`, `POST /sts` or `GET /static-creds`. */
export type CredentialMethod = 'creds' | 'sts' | 'static-creds';

/** Every credential method, in documentation order. */
const CREDENTIAL_METHODS: readonly CredentialMethod[] = ['creds', 'sts', 'static-creds'];

/** One parsed line of the `roles` input; settings are raw strings, checked later with the inputs. */
export interface RoleLine {
  /** 1-based line number in the input. */
  readonly line: number;
  readonly role: string;
  /** `mode=` on the line, when given. */
  readonly method?: CredentialMethod;
  readonly roleArn?: string;
  readonly roleSessionName?: string;
  readonly ttl?: string;
  /** `profile=` on the line: the AWS profile the set is written to. */
  readonly profile?: string;
  /** `allowed_account_ids=` on the line: the accounts this role's set may belong to (comma list). */
  readonly allowedAccountIds?: string;
  /** The text after `|`: a preset or prefix for `resolveEnvNames`; absent means the step default. */
  readonly env?: string;
}

/** Keys a line may set, by their canonical (snake_case) name. */
const KEYS = ['mode', 'role_arn', 'role_session_name', 'ttl', 'profile', 'allowed_account_ids'] as const;
type Key = (typeof KEYS)[number];

/** The engine's path pattern for role names. */
export const ROLE_NAME = /^\w(?:[\w.@-]*\w)?$/;

/**
 * Parses the `roles` input: one role per line, `NAME [key=value ...] [| ENV]`, where the keys are
 * `mode` (`creds`, `sts`, `static-creds`), `role_arn`, `role_session_name`, `ttl`, `profile` and
 * `allowed_account_ids` (a comma list; `role-arn` and the like are accepted too), and ENV is `cloud`, `aws` or a variable prefix. Blank lines and lines starting with
 * `#` are skipped.
 *
 * Codes: `ROLES_INPUT_SYNTAX`, `ROLES_INPUT_UNKNOWN_KEY`, `ROLES_INPUT_DUPLICATE_KEY`,
 * `ROLES_INPUT_EMPTY`; every problem has `path` `/roles` (or `/<input>`) and `data.line`.
 *
 * @example parseRolesInput('deploy ttl=15m | DEPLOY').value[0] // { line: 1, role: 'deploy', ttl: '15m', env: 'DEPLOY' }
 */
export function parseRolesInput(text: string, input = 'roles'): { value: RoleLine[]; problems: Problem[] } {
  const lines: RoleLine[] = [];
  const problems: Problem[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const content = raw.trim();
    if (content === '' || content.startsWith('#')) return;
    const parsed = parseLine(content, index + 1, input, problems);
    if (parsed) lines.push(parsed);
  });
  if (lines.length === 0 && problems.length === 0) {
    problems.push(
      inputProblem(
        'ROLES_INPUT_EMPTY',
        input,
        `${input} has no role lines; write one role per line, e.g. "deploy ttl=15m | DEPLOY".`,
      ),
    );
  }
  return { value: lines, problems };
}

function parseLine(content: string, line: number, input: string, problems: Problem[]): RoleLine | undefined {
  const fail = (code: Parameters<typeof inputProblem>[0], message: string): undefined => {
    problems.push(inputProblem(code, input, `${input} line ${line}: ${message}`, { line }));
    return undefined;
  };
  const bar = content.indexOf('|');
  const head = (bar === -1 ? content : content.slice(0, bar)).trim();
  const env = bar === -1 ? undefined : content.slice(bar + 1).trim();
  if (env !== undefined && !/^\S+$/.test(env))
    return fail('ROLES_INPUT_SYNTAX', 'after "|" give one preset (cloud, aws) or a variable prefix such as DEPLOY_.');
  const [role = '', ...pairs] = head.split(/\s+/);
  if (!ROLE_NAME.test(role)) {
    return fail(
      'ROLES_INPUT_SYNTAX',
      `"${role}" is not a role name (letters, digits, "_", "-", "." and "@"); the line form is NAME [key=value ...] [| ENV].`,
    );
  }
  const settings: Partial<Record<Key, string>> = {};
  for (const pair of pairs) {
    const eq = pair.indexOf('=');
    if (eq <= 0)
      return fail('ROLES_INPUT_SYNTAX', `"${pair}" is not key=value; the line form is NAME [key=value ...] [| ENV].`);
    const key = pair.slice(0, eq).replace(/-/g, '_');
    if (!(KEYS as readonly string[]).includes(key))
      return fail('ROLES_INPUT_UNKNOWN_KEY', `unknown key "${pair.slice(0, eq)}"; use ${KEYS.join(', ')}.`);
    if (settings[key as Key] !== undefined) return fail('ROLES_INPUT_DUPLICATE_KEY', `"${key}" is set twice.`);
    settings[key as Key] = pair.slice(eq + 1);
  }
  const method = settings.mode;
  if (method !== undefined && !(CREDENTIAL_METHODS as readonly string[]).includes(method)) {
    return fail('ROLES_INPUT_SYNTAX', `mode "${method}" is not one of ${CREDENTIAL_METHODS.join(', ')}.`);
  }
  return {
    line,
    role,
    ...(method === undefined ? {} : { method: method as CredentialMethod }),
    ...(settings.role_arn === undefined ? {} : { roleArn: settings.role_arn }),
    ...(settings.role_session_name === undefined ? {} : { roleSessionName: settings.role_session_name }),
    ...(settings.ttl === undefined ? {} : { ttl: settings.ttl }),
    ...(settings.profile === undefined ? {} : { profile: settings.profile }),
    ...(settings.allowed_account_ids === undefined ? {} : { allowedAccountIds: settings.allowed_account_ids }),
    ...(env === undefined ? {} : { env }),
  };
}
