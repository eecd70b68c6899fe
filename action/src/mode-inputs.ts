import { inputProblem } from '@keyfob/shared/credentials';
import type { Problem } from '@keyfob/shared/problem';
import { RUNNER_DEFAULTS, type Mode } from './action-config.ts';

const CONNECTION = [
  'url',
  'mount',
  'api-flavor',
  'token-header',
  'namespace',
  'token',
  'auth-method',
  'auth-path',
  'jwt-role',
  'jwt-audience',
  'jwt',
  'ca-certificate',
  'cluster-addresses',
  'request-timeout',
  'timeout',
  'max-attempts',
  'summary',
  'rotate-root-settle',
];
const FETCH = [
  'role',
  'roles',
  'export-env',
  'env-names',
  'region',
  'output-credentials',
  'cleanup',
  'profile',
  'refresh',
  'allowed-account-ids',
  'mask-account-id',
];
const REQUEST = ['role-arn', 'role-session-name', 'ttl', 'mfa-code'];
/** `unwrap` needs the engine's address but no login: the wrapping token is its own credential. */
const UNWRAP = [
  ...CONNECTION.filter(
    (name) =>
      !['token', 'auth-method', 'auth-path', 'jwt-role', 'jwt-audience', 'jwt', 'rotate-root-settle'].includes(name),
  ),
  'role',
  'wrapping-token',
  'export-env',
  'env-names',
  'region',
  'output-credentials',
  'cleanup',
  'allowed-account-ids',
  'mask-account-id',
];

/** The inputs each mode reads; any other input given a value is reported as ignored. */
const MODE_INPUTS: Readonly<Record<Mode, readonly string[]>> = {
  creds: [...CONNECTION, ...FETCH, ...REQUEST, 'wrap-ttl'],
  sts: [...CONNECTION, ...FETCH, ...REQUEST, 'wrap-ttl'],
  'static-creds': [...CONNECTION, ...FETCH, 'wrap-ttl'],
  unwrap: UNWRAP,
  'rotate-root': [...CONNECTION, 'output-credentials'],
  'rotate-static': [...CONNECTION, 'role'],
  'static-role': [...CONNECTION, 'role', 'username', 'rotation-period'],
  lint: ['files', 'summary', 'sarif-file', 'allow-empty'],
  apply: [...CONNECTION, 'files', 'dry-run', 'prune'],
  history: ['files', 'summary', 'since', 'fail-on', 'baseline', 'comment', 'github-token'],
  'access-diff': ['files', 'summary', 'fail-on', 'comment', 'github-token', 'mount', 'auth-path'],
};

/** Every input `action.yml` declares. */
export const ALL_INPUTS: readonly string[] = [...new Set(['mode', ...Object.values(MODE_INPUTS).flat()])];

/** One `INPUT_IGNORED` warning per given input that `mode` does not use. */
export function ignoredInputs(mode: Mode, given: readonly string[]): Problem[] {
  const used = new Set(['mode', ...MODE_INPUTS[mode]]);
  return [...given]
    .filter((name) => !used.has(name) && !(name in RUNNER_DEFAULTS))
    .sort()
    .map((name) =>
      inputProblem(
        'INPUT_IGNORED',
        name,
        `${name} has no effect in mode ${mode}; remove it or pick the mode that uses it.`,
      ),
    );
}
