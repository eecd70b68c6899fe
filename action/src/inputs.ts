import { githubIdsFromContext } from '@keyfob/shared/jwt-roles';
import {
  buildCredentialFetches,
  defaultStsEndpoint,
  inputProblem,
  parseRolesInput,
  ROLE_NAME,
  type CredentialMethod,
  type CredentialFetch,
  type RunContext,
} from '@keyfob/shared/credentials';
import { readConnectionSettings, type ConnectionNames } from '@keyfob/shared/client';
import { parseDuration } from '@keyfob/shared/duration';
import { parseSince } from '@keyfob/shared/history';
import { ACCESS_FAIL_ON, type AccessFailOn } from '@keyfob/shared/access';
import type { Problem } from '@keyfob/shared/problem';
import { splitCommaList } from '@keyfob/shared/text';
import {
  FILE_ONLY_MODES,
  MODES,
  type AccessDiffSettings,
  type ActionConfig,
  type HistorySettings,
  type AuthSettings,
  type EngineSettings,
  type Mode,
  type StsSettings,
} from './action-config.ts';
import { ALL_INPUTS, ignoredInputs } from './mode-inputs.ts';
import { InputReader } from './input-reader.ts';
import { SecretBook } from './mask.ts';
import type { Runner } from './runner.ts';

/** The checked configuration, or the problems that stop the step (warnings ride along either way). */
export interface InputResult {
  readonly config: ActionConfig | undefined;
  readonly problems: readonly Problem[];
}

/**
 * Reads and checks every input of the step: the one place that reads inputs. Secret inputs (`token`,
 * `jwt`, `mfa-code`) are masked first, before any problem can be reported. Problems name the input,
 * the value when it is safe to show, and the fix.
 */
export function readInputs(runner: Runner, secrets: SecretBook = new SecretBook(runner)): InputResult {
  const r = new InputReader(runner, secrets);
  const held = {
    token: r.secret('token'),
    jwt: r.secret('jwt'),
    mfaCode: r.secret('mfa-code'),
    githubToken: r.secret('github-token'),
    wrappingToken: r.secret('wrapping-token'),
  };
  const mode = r.choice('mode', MODES) ?? 'creds';
  const context: RunContext = {
    repository: runner.env.GITHUB_REPOSITORY,
    runId: runner.env.GITHUB_RUN_ID,
    runAttempt: runner.env.GITHUB_RUN_ATTEMPT,
  };
  const fileOnly = FILE_ONLY_MODES.includes(mode);
  const engine = fileOnly ? undefined : readEngine(r, runner.env, held.token);
  // unwrap logs in with nothing: the wrapping token is the only credential it needs.
  const auth = fileOnly || mode === 'unwrap' ? undefined : readAuth(r, runner.env, held);
  const exportEnv = r.bool('export-env');
  const requests = isCredentialMode(mode)
    ? readRequests(r, mode, { exportEnv, context, mfaCode: held.mfaCode })
    : mode === 'unwrap'
      ? readUnwrapRequest(r, { exportEnv, context })
      : [];
  const role = mode === 'rotate-static' || mode === 'static-role' ? readTargetRole(r) : undefined;
  const config: ActionConfig = Object.freeze({
    mode,
    engine,
    auth,
    requests: Object.freeze(requests),
    wrapTtlSeconds: isCredentialMode(mode) ? readWrapTtl(r, requests) : undefined,
    wrappingToken: mode === 'unwrap' ? readWrappingToken(r, held.wrappingToken) : undefined,
    role,
    staticRole: mode === 'static-role' ? readStaticRole(r) : undefined,
    files: Object.freeze(readFiles(r, mode)),
    dryRun: r.bool('dry-run'),
    prune: r.bool('prune'),
    exportEnv,
    refresh: r.bool('refresh'),
    plainInputs: Object.freeze(
      Object.fromEntries(
        ALL_INPUTS.filter((name) => !SECRET_INPUTS.includes(name) && r.isGiven(name)).map((name) => [
          name,
          r.text(name),
        ]),
      ),
    ),
    region: r.optional('region'),
    maskAccountId: r.bool('mask-account-id'),
    sts: readSts(r, runner.env),
    outputCredentials: r.bool('output-credentials'),
    cleanup: r.bool('cleanup'),
    summary: r.bool('summary'),
    allowEmpty: mode === 'lint' && r.bool('allow-empty'),
    sarifFile: mode === 'lint' ? readSarifFile(r) : undefined,
    history: mode === 'history' ? readHistory(r) : undefined,
    accessDiff: mode === 'access-diff' ? readAccessDiff(r) : undefined,
    comment: Object.freeze({
      enabled: (mode === 'history' || mode === 'access-diff') && r.bool('comment'),
      token: held.githubToken,
    }),
    context,
    workspace: runner.env.GITHUB_WORKSPACE ?? process.cwd(),
    repositoryIds: githubIdsFromContext(runner.env),
  });
  r.report(
    ...ignoredInputs(
      mode,
      ALL_INPUTS.filter((name) => r.isGiven(name)),
    ),
  );
  if (config.refresh) checkRefresh(r, config);
  const failed = r.problems.some((p) => p.severity === 'error');
  return { config: failed ? undefined : config, problems: r.problems };
}

/** Inputs that hold secrets: never kept for a refreshing profile's credential_process. */
const SECRET_INPUTS: readonly string[] = ['token', 'jwt', 'mfa-code', 'github-token', 'wrapping-token'];

/** Shortest and longest `wrap-ttl`: under 1s the token dies before anyone unwraps it; 768h is the engine's longest token life. */
const WRAP_TTL_SECONDS = { min: 1, max: 768 * 3600 } as const;

/**
 * `wrap-ttl`: hand one credential set off as a single-use wrapping token. Bounded (1s to 768h) and
 * only for one role; the hand-off exports, writes and outputs nothing else, so the inputs that
 * would (a profile, refreshing, the keys as outputs) and the account check (the set is never seen
 * here: the job that unwraps checks it) conflict with it.
 */
function readWrapTtl(r: InputReader, requests: readonly CredentialFetch[]): number | undefined {
  const text = r.optional('wrap-ttl');
  if (text === undefined) return undefined;
  const parsed = parseDuration(text, { allowInteger: true, path: '/wrap-ttl', field: 'wrap-ttl' });
  r.report(...parsed.problems);
  if (parsed.seconds === undefined) return undefined;
  if (parsed.seconds < WRAP_TTL_SECONDS.min || parsed.seconds > WRAP_TTL_SECONDS.max) {
    r.report(
      inputProblem(
        'INPUT_INVALID_VALUE',
        'wrap-ttl',
        `wrap-ttl "${text.slice(0, 32)}" must be between 1s and 768h: how long the receiving job has to unwrap the credentials, e.g. 10m.`,
      ),
    );
    return undefined;
  }
  if (requests.length > 1)
    r.report(
      inputProblem(
        'INPUT_CONFLICT',
        'wrap-ttl',
        `wrap-ttl hands one credential set off as one wrapping token; roles names ${requests.length}. Give one role (one step per hand-off).`,
      ),
    );
  for (const name of ['profile', 'refresh', 'output-credentials', 'allowed-account-ids'] as const) {
    const given = name === 'refresh' || name === 'output-credentials' ? r.bool(name) : r.optional(name) !== undefined;
    if (
      given ||
      requests.some((q) => (name === 'profile' && q.profile) || (name === 'allowed-account-ids' && q.allowedAccountIds))
    )
      r.report(
        inputProblem(
          'INPUT_CONFLICT',
          name,
          name === 'allowed-account-ids'
            ? 'wrap-ttl hands the credentials off unseen, so their account cannot be checked here: give allowed-account-ids to the step that unwraps them (mode unwrap).'
            : `wrap-ttl hands the credentials off as a wrapping token only; ${name} would put them somewhere else too. Leave one of them out.`,
        ),
      );
  }
  return Math.floor(parsed.seconds);
}

/** The one set `unwrap` mode expects in the wrapping token: the role it must come from, where to export it. */
function readUnwrapRequest(r: InputReader, options: { exportEnv: boolean; context: RunContext }): CredentialFetch[] {
  const role = r.optional('role');
  if (role === undefined || !ROLE_NAME.test(role)) {
    r.report(
      role === undefined
        ? inputProblem(
            'INPUT_REQUIRED',
            'role',
            "mode unwrap needs role: the engine role the wrapped credentials must come from (the wrapping token's creation_path is checked against it).",
          )
        : inputProblem(
            'INPUT_INVALID_VALUE',
            'role',
            `role "${role}" is not a role name (letters, digits, "_", "-", "." and "@").`,
          ),
    );
    return [];
  }
  const built = buildCredentialFetches([{ role }], {
    method: 'creds',
    env: r.text('env-names'),
    exportEnv: options.exportEnv,
    allowedAccountIds: r.optional('allowed-account-ids'),
    context: options.context,
  });
  r.report(...built.problems);
  return built.value;
}

/** Longest wrapping token accepted (real ones are under 100 characters; a JWT-format one about 1,000). */
const MAX_WRAPPING_TOKEN = 4096;

function readWrappingToken(r: InputReader, token: string): string | undefined {
  if (token === '')
    r.report(
      inputProblem(
        'INPUT_REQUIRED',
        'wrapping-token',
        'mode unwrap needs wrapping-token: the wrapping-token output of the step that wrapped the credentials (wrap-ttl).',
      ),
    );
  // eslint-disable-next-line no-control-regex
  else if (token.length > MAX_WRAPPING_TOKEN || /[\u0000-\u0020\u007f]/.test(token))
    r.report(
      inputProblem(
        'INPUT_INVALID_VALUE',
        'wrapping-token',
        `wrapping-token must be one token: at most ${MAX_WRAPPING_TOKEN} characters, no spaces or control characters (pass the wrapping-token output as it is).`,
      ),
    );
  else return token;
  return undefined;
}

/** `refresh` needs a profile to refresh, a login that works again later, and no one-time MFA code. */
function checkRefresh(r: InputReader, config: ActionConfig): void {
  if (!config.requests.some((request) => request.profile !== undefined))
    r.report(
      inputProblem(
        'INPUT_REQUIRED',
        'profile',
        'refresh: true renews credentials through an AWS profile: give profile (or profile=NAME on a roles line).',
      ),
    );
  if (config.auth?.method === 'jwt' && config.auth.jwt !== undefined)
    r.report(
      inputProblem(
        'INPUT_CONFLICT',
        'refresh',
        "refresh: true logs in again later with a fresh GitHub ID token; a ready `jwt` cannot be renewed. Drop `jwt` and use the runner's OIDC (permissions: id-token: write).",
      ),
    );
  if (config.requests.some((request) => request.params.mfa_code !== undefined))
    r.report(
      inputProblem(
        'INPUT_CONFLICT',
        'refresh',
        'refresh: true cannot reuse mfa-code: an MFA code works once. Leave out one or the other.',
      ),
    );
}

/** Modes that fetch credentials. */
function isCredentialMode(mode: Mode): mode is CredentialMethod {
  return mode === 'creds' || mode === 'sts' || mode === 'static-creds';
}

/** Longest `sarif-file` path accepted. */
const MAX_PATH_LENGTH = 4096;

function readSarifFile(r: InputReader): string | undefined {
  const path = r.optional('sarif-file');
  if (path === undefined) return undefined;
  // eslint-disable-next-line no-control-regex
  if (path.length > MAX_PATH_LENGTH || /[\u0000-\u001f]/.test(path) || /[/\\]$/.test(path)) {
    r.report(
      inputProblem(
        'INPUT_INVALID_VALUE',
        'sarif-file',
        `sarif-file must be the path of a file (at most ${MAX_PATH_LENGTH} characters, no control characters, not ending in /), e.g. keyfob.sarif.`,
      ),
    );
    return undefined;
  }
  // The log is written for the upload step; outside the workspace it could overwrite any file the runner can.
  if (/^([/\\]|[A-Za-z]:)/.test(path) || path.split(/[/\\]/).includes('..')) {
    r.report(
      inputProblem(
        'INPUT_INVALID_VALUE',
        'sarif-file',
        'sarif-file must be a path inside the workspace: relative, without .. segments, e.g. reports/keyfob.sarif.',
      ),
    );
    return undefined;
  }
  return path;
}

/** Most entries of `files`, and the longest one. */
const MAX_FILES_ENTRIES = 100;

/**
 * The `files` input, one path per line. In access-diff mode each is also read from git at the
 * base commit, so it must be a path inside the workspace: relative, no `..` segment, no git
 * pathspec magic (`:`), no control characters.
 */
function readFiles(r: InputReader, mode: Mode): string[] {
  const files = r
    .text('files')
    .split(/\r?\n/)
    .map((f) => f.trim())
    .filter((f) => f !== '');
  if (mode !== 'access-diff') return files;
  const bad = files.find(
    (f) =>
      f.length > MAX_PATH_LENGTH ||
      // eslint-disable-next-line no-control-regex
      /[\u0000-\u001f\u007f]/.test(f) ||
      /^([/\\:]|[A-Za-z]:)/.test(f) ||
      f.split(/[/\\]/).includes('..'),
  );
  if (files.length > MAX_FILES_ENTRIES)
    r.report(
      inputProblem(
        'INPUT_INVALID_VALUE',
        'files',
        `files names ${files.length} paths; access-diff takes at most ${MAX_FILES_ENTRIES}. Name the folders that hold the role, policy and JWT role files.`,
      ),
    );
  else if (bad !== undefined)
    r.report(
      inputProblem(
        'INPUT_INVALID_VALUE',
        'files',
        `files "${bad.slice(0, 64)}" must be a path inside the workspace for access-diff (it is also read from git at the base commit): relative, without .. segments, not starting with ":" or "/", at most ${MAX_PATH_LENGTH} characters, e.g. roles.`,
      ),
    );
  return files;
}

/** A mount path as the engine's policies name it (`cloud`, `aws`, `team/jwt`). */
const MOUNT_PATH = /^[\w.@-]{1,128}(\/[\w.@-]{1,128}){0,7}$/;

function readAccessDiff(r: InputReader): AccessDiffSettings | undefined {
  const failOn = readAccessFailOn(r);
  const [mount, jwtMount] = (['mount', 'auth-path'] as const).map((name) => {
    const text = r.text(name).replace(/^\/+|\/+$/g, '');
    if (MOUNT_PATH.test(text)) return text;
    r.report(
      inputProblem(
        'INPUT_INVALID_VALUE',
        name,
        `${name} must be a mount path (letters, digits, "_", "-", ".", "@" and "/", at most 128 characters a segment), e.g. ${name === 'mount' ? 'cloud' : 'jwt'}.`,
      ),
    );
    return undefined;
  });
  if (failOn === undefined || mount === undefined || jwtMount === undefined) return undefined;
  return Object.freeze({ failOn: Object.freeze(failOn), mount, jwtMount });
}

/** `fail-on` in access-diff mode: comma-separated kinds of change, or `none` (or empty): report only. */
function readAccessFailOn(r: InputReader): AccessFailOn[] | undefined {
  const text = r.text('fail-on');
  const values = splitCommaList(text).filter((v) => v !== 'none');
  const unknown = values.find((v) => !(ACCESS_FAIL_ON as readonly string[]).includes(v));
  if (text.length > 200 || unknown !== undefined) {
    r.report(
      inputProblem(
        'INPUT_INVALID_CHOICE',
        'fail-on',
        `fail-on in access-diff mode takes ${ACCESS_FAIL_ON.join(', ')} (comma-separated) or none, not "${(unknown ?? text).slice(0, 32)}".`,
      ),
    );
    return undefined;
  }
  return [...new Set(values)] as AccessFailOn[];
}

function readHistory(r: InputReader): HistorySettings | undefined {
  const text = r.optional('since');
  const failOn =
    r.optional('fail-on') === undefined ? undefined : r.choice('fail-on', ['breaking', 'deprecation', 'none'] as const);
  const baseline = r.optional('baseline');
  if (text === undefined) {
    r.report(
      inputProblem(
        'INPUT_REQUIRED',
        'since',
        "mode history needs since: a date YYYY-MM-DD (e.g. your last release's date) or a self-hosted release vYYYYMM-N (e.g. v202207-1).",
      ),
    );
    return undefined;
  }
  const parsed = parseSince(text);
  if (!parsed.ok) {
    r.report(inputProblem('INPUT_INVALID_VALUE', 'since', parsed.message.replace(/^--since/, 'since')));
    return undefined;
  }
  return { since: parsed.since, failOn: failOn === 'none' ? undefined : failOn, baseline };
}

/**
 * The STS endpoint GetCallerIdentity goes to, chosen as the AWS tools choose it: AWS_ENDPOINT_URL_STS,
 * then AWS_ENDPOINT_URL, else the region's endpoint. Signed for the `region` input, else AWS_REGION or
 * AWS_DEFAULT_REGION, else us-east-1. A variable that is not an http(s) URL is reported by name.
 */
function readSts(r: InputReader, env: Runner['env']): StsSettings {
  const region = r.optional('region') ?? env.AWS_REGION ?? env.AWS_DEFAULT_REGION;
  const name = env.AWS_ENDPOINT_URL_STS
    ? 'AWS_ENDPOINT_URL_STS'
    : env.AWS_ENDPOINT_URL
      ? 'AWS_ENDPOINT_URL'
      : undefined;
  const given = name === undefined ? undefined : (env[name] ?? '');
  if (given !== undefined && !isHttpUrl(given))
    r.report(
      inputProblem(
        'INPUT_INVALID_VALUE',
        name ?? '',
        `${name} must be an http(s) URL of an STS endpoint, e.g. https://sts.eu-west-1.amazonaws.com.`,
      ),
    );
  return { endpoint: given ?? defaultStsEndpoint(region), region: region ?? 'us-east-1' };
}

function isHttpUrl(text: string): boolean {
  try {
    return text.length <= 2048 && /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** What the action calls each connection setting: its input names. */
const ACTION_CONNECTION_NAMES: ConnectionNames = {
  url: 'url',
  token: 'token',
  flavor: 'api-flavor',
  tokenHeader: 'token-header',
  mount: 'mount',
  namespace: 'namespace',
  requestTimeout: 'request-timeout',
  timeout: 'timeout',
  maxAttempts: 'max-attempts',
  caCertificate: 'ca-certificate',
  clusterAddresses: 'cluster-addresses',
};

/** The connection inputs, checked by the same rules, bounds and messages as the CLI's flags (`readConnectionSettings`). */
function readEngine(r: InputReader, env: Runner['env'], token: string): EngineSettings | undefined {
  const connection = readConnectionSettings(
    {
      url: r.text('url'),
      token,
      flavor: r.text('api-flavor'),
      tokenHeader: r.text('token-header'),
      mount: r.text('mount'),
      namespace: r.text('namespace'),
      requestTimeout: r.text('request-timeout'),
      timeout: r.text('timeout'),
      maxAttempts: r.text('max-attempts'),
      caCertificate: r.text('ca-certificate'),
      clusterAddresses: r.text('cluster-addresses'),
    },
    { names: ACTION_CONNECTION_NAMES, env },
  );
  r.report(...connection.problems);
  const settleMs = r.durationMs('rotate-root-settle');
  if (connection.value === undefined) return undefined;
  // The token was checked with the rest; it travels in the auth settings.
  const { token: _token, ...settings } = connection.value;
  return { ...settings, settleMs };
}

function readAuth(
  r: InputReader,
  env: Runner['env'],
  secrets: { token: string; jwt: string },
): AuthSettings | undefined {
  const oidc = (env.ACTIONS_ID_TOKEN_REQUEST_URL ?? '') !== '' && (env.ACTIONS_ID_TOKEN_REQUEST_TOKEN ?? '') !== '';
  const asked = r.optional('auth-method');
  let method = asked === undefined ? undefined : r.choice('auth-method', ['token', 'jwt'] as const);
  if (asked === undefined) method = secrets.token !== '' ? 'token' : secrets.jwt !== '' || oidc ? 'jwt' : undefined;
  if (method === 'token') {
    if (secrets.token !== '') return { method, token: secrets.token };
    r.report(
      inputProblem(
        'INPUT_REQUIRED',
        'token',
        'token is required with auth-method: token; pass it from a secret, e.g. token: ${{ secrets.ENGINE_TOKEN }}.',
      ),
    );
    return undefined;
  }
  if (method === 'jwt') {
    if (secrets.jwt === '' && !oidc)
      r.report(
        inputProblem(
          'INPUT_REQUIRED',
          'jwt',
          'auth-method jwt needs a GitHub OIDC token, but the runner offers none: add `permissions: id-token: write` to the job (workflows triggered from forks never get one), or give a ready `jwt`.',
        ),
      );
    const role = r.optional('jwt-role');
    if (role === undefined)
      r.report(
        inputProblem(
          'INPUT_REQUIRED',
          'jwt-role',
          "jwt-role is required for the JWT login: the engine's auth role that trusts this repository's tokens.",
        ),
      );
    const path = r.text('auth-path').replace(/^\/+|\/+$/g, '');
    return { method, path, role: role ?? '', audience: r.optional('jwt-audience'), jwt: secrets.jwt || undefined };
  }
  if (asked === undefined)
    r.report(
      inputProblem(
        'INPUT_REQUIRED',
        'token',
        'no way to log in to the engine: give `token` (from a secret), or log in with GitHub OIDC: add `permissions: id-token: write` to the job (forks never get an ID token) and set `jwt-role`.',
      ),
    );
  return undefined;
}

function readRequests(
  r: InputReader,
  mode: CredentialMethod,
  options: { exportEnv: boolean; context: RunContext; mfaCode: string },
): CredentialFetch[] {
  const role = r.optional('role');
  const roles = r.optional('roles');
  if (role !== undefined && roles !== undefined) {
    r.report(inputProblem('INPUT_CONFLICT', 'roles', 'give either role (one role) or roles (one per line), not both.'));
    return [];
  }
  if (role === undefined && roles === undefined) {
    r.report(
      inputProblem(
        'INPUT_REQUIRED',
        'role',
        `mode ${mode} needs role (the engine role to get credentials for) or roles (one per line).`,
      ),
    );
    return [];
  }
  let entries: { role: string; line?: number }[] = [{ role: role ?? '' }];
  if (roles !== undefined) {
    const parsed = parseRolesInput(roles);
    r.report(...parsed.problems);
    entries = parsed.value;
  } else if (!ROLE_NAME.test(role ?? '')) {
    // Reported here; the request settings below are still checked so every bad input shows at once.
    r.report(
      inputProblem(
        'INPUT_INVALID_VALUE',
        'role',
        `role "${role}" is not a role name (letters, digits, "_", "-", "." and "@").`,
      ),
    );
  }
  const built = buildCredentialFetches(entries, {
    method: mode,
    roleArn: r.optional('role-arn'),
    roleSessionName: r.optional('role-session-name'),
    ttl: r.optional('ttl'),
    mfaCode: options.mfaCode,
    env: r.text('env-names'),
    exportEnv: options.exportEnv,
    profile: r.optional('profile'),
    allowedAccountIds: r.optional('allowed-account-ids'),
    context: options.context,
  });
  r.report(...built.problems);
  return built.value;
}

function readTargetRole(r: InputReader): string | undefined {
  const role = r.optional('role');
  if (role === undefined)
    r.report(inputProblem('INPUT_REQUIRED', 'role', 'role is required: the static role to act on.'));
  else if (!ROLE_NAME.test(role))
    r.report(
      inputProblem(
        'INPUT_INVALID_VALUE',
        'role',
        `role "${role}" is not a role name (letters, digits, "_", "-", "." and "@").`,
      ),
    );
  else return role;
  return undefined;
}

function readStaticRole(r: InputReader): ActionConfig['staticRole'] {
  const username = r.optional('username');
  const period = r.optional('rotation-period');
  if (username === undefined)
    r.report(
      inputProblem(
        'INPUT_REQUIRED',
        'username',
        'username is required: the existing cloud user the static role adopts.',
      ),
    );
  if (period === undefined) {
    r.report(
      inputProblem(
        'INPUT_REQUIRED',
        'rotation-period',
        'rotation-period is required: how often the key rotates, e.g. 24h (at least 1m).',
      ),
    );
    return undefined;
  }
  const parsed = parseDuration(period, { allowInteger: true, path: '/rotation-period', field: 'rotation-period' });
  r.report(...parsed.problems);
  if (parsed.seconds !== undefined && parsed.seconds < 60) {
    r.report(
      inputProblem(
        'INPUT_INVALID_VALUE',
        'rotation-period',
        `rotation-period "${period}" is shorter than the engine's minimum of 1m.`,
      ),
    );
  }
  return username === undefined ? undefined : { username, rotationPeriod: period };
}
