import type { GithubIds } from '@keyfob/shared/jwt-roles';
import { CONNECTION_DEFAULTS, type ConnectionSettings } from '@keyfob/shared/client';
import { DEFAULT_ENV_NAMES, type CredentialFetch, type RunContext } from '@keyfob/shared/credentials';
import { DEFAULT_MOUNTS } from '@keyfob/shared/access';
import type { ChangeLevel, Target } from '@keyfob/shared/history';
import type { AccessFailOn } from '@keyfob/shared/access';

/** What one step does. */
export type Mode =
  | 'creds'
  | 'sts'
  | 'static-creds'
  | 'unwrap'
  | 'rotate-root'
  | 'rotate-static'
  | 'static-role'
  | 'lint'
  | 'apply'
  | 'history'
  | 'access-diff';

/** Every mode, in documentation order. */
export const MODES: readonly Mode[] = [
  'creds',
  'sts',
  'static-creds',
  'unwrap',
  'rotate-root',
  'rotate-static',
  'static-role',
  'lint',
  'apply',
  'history',
  'access-diff',
];

/** Modes that need no engine: they read files of the workspace only. */
export const FILE_ONLY_MODES: readonly Mode[] = ['lint', 'history', 'access-diff'];

/**
 * Input defaults, in one place. `action.yml` repeats them for the runner (a test keeps the two
 * equal); the code applies them too because a step run by hand (or by a test) gets no defaults.
 */
export const INPUT_DEFAULTS = Object.freeze({
  mode: 'creds',
  mount: CONNECTION_DEFAULTS.mount,
  'api-flavor': CONNECTION_DEFAULTS.flavor,
  'auth-path': DEFAULT_MOUNTS.jwtMount,
  'env-names': DEFAULT_ENV_NAMES,
  'export-env': 'true',
  'output-credentials': 'false',
  'mask-account-id': 'false',
  refresh: 'false',
  cleanup: 'true',
  summary: 'true',
  'dry-run': 'false',
  prune: 'false',
  'allow-empty': 'false',
  files: '.',
  'request-timeout': CONNECTION_DEFAULTS.requestTimeout,
  timeout: CONNECTION_DEFAULTS.timeout,
  'max-attempts': CONNECTION_DEFAULTS.maxAttempts,
  'rotate-root-settle': '10s',
  comment: 'true',
} as const);

/**
 * Defaults only the runner can fill (expressions of the job's context). The runner always sets these
 * inputs, so they are never reported as ignored; code run by hand sees them empty.
 */
export const RUNNER_DEFAULTS = Object.freeze({
  'github-token': '${{ github.token }}',
} as const);

/** How the engine is reached: the shared connection settings, plus the action's own settle time. */
export interface EngineSettings extends Omit<ConnectionSettings, 'token'> {
  /** How long after a root rotation provider errors count as retryable. */
  readonly settleMs: number;
}

/** How the step logs in to the engine. */
export type AuthSettings =
  | { readonly method: 'token'; readonly token: string }
  | {
      readonly method: 'jwt';
      readonly path: string;
      readonly role: string;
      readonly audience: string | undefined;
      /** A ready-made JWT (local runs); otherwise a fresh GitHub OIDC token per attempt. */
      readonly jwt: string | undefined;
    };

/** What `history` mode reports and when it fails. */
export interface HistorySettings {
  readonly since: Target;
  /** Fail the step on a new change at this level or above; undefined never fails. */
  readonly failOn: ChangeLevel | undefined;
  /** A `keyfob history changes --format json` report of the base branch (path relative to the workspace). */
  readonly baseline: string | undefined;
}

/** What `access-diff` mode compares and when it fails. */
export interface AccessDiffSettings {
  /** Kinds of change that fail the step; empty never fails. */
  readonly failOn: readonly AccessFailOn[];
  /** The secrets engine's mount and the JWT auth method's path, as the policies name them. */
  readonly mount: string;
  readonly jwtMount: string;
}

/** The pull request comment of `access-diff` and `history` modes. */
interface CommentSettings {
  /** `comment: false` turns it off. */
  readonly enabled: boolean;
  /** The job's token (`github-token`, masked); empty when the step was given none. */
  readonly token: string;
}

/** The STS endpoint and signing region for GetCallerIdentity (from AWS_ENDPOINT_URL_STS, AWS_ENDPOINT_URL, the region). */
export interface StsSettings {
  readonly endpoint: string;
  readonly region: string;
}

/** The checked, frozen inputs of one step. */
export interface ActionConfig {
  readonly mode: Mode;
  /** Absent only in the file-only modes (`lint`, `history`, `access-diff`). */
  readonly engine: EngineSettings | undefined;
  readonly auth: AuthSettings | undefined;
  /** Credential sets to fetch (credential modes; in `unwrap` mode the one set expected in the wrapping token). */
  readonly requests: readonly CredentialFetch[];
  /** `wrap-ttl` in seconds: hand the one set off as a single-use wrapping token instead of exporting it. */
  readonly wrapTtlSeconds: number | undefined;
  /** `unwrap` mode: the wrapping token to take the credentials from (masked). */
  readonly wrappingToken: string | undefined;
  /** Target of `rotate-static` and `static-role`. */
  readonly role: string | undefined;
  readonly staticRole: { readonly username: string; readonly rotationPeriod: string } | undefined;
  readonly files: readonly string[];
  readonly dryRun: boolean;
  readonly prune: boolean;
  readonly exportEnv: boolean;
  /** Profiles renew themselves through the bundled credential_process. */
  readonly refresh: boolean;
  /** The inputs given, secrets left out: what the credential_process of a refreshing profile reads again. */
  readonly plainInputs: Readonly<Record<string, string>>;
  readonly region: string | undefined;
  /** Register each set's account id as a secret (`mask-account-id`). */
  readonly maskAccountId: boolean;
  /** Where GetCallerIdentity is asked when an allow-list needs an account the engine did not name. */
  readonly sts: StsSettings;
  readonly outputCredentials: boolean;
  readonly cleanup: boolean;
  readonly summary: boolean;
  /** Lint mode: pass when no file holds anything keyfob recognises. */
  readonly allowEmpty: boolean;
  /** Lint mode: where to write the problems as SARIF (as given; relative to the workspace). */
  readonly sarifFile: string | undefined;
  readonly context: RunContext;
  /** `history` mode: changes since a date or release, the level that fails the step, an optional baseline report. */
  readonly history: HistorySettings | undefined;
  /** `access-diff` mode: what fails the step, the mounts the policies name. */
  readonly accessDiff: AccessDiffSettings | undefined;
  /** `access-diff` and `history` modes on a pull request: the one comment kept up to date. */
  readonly comment: CommentSettings;
  /** Where relative `files` are resolved and annotations are made relative to. */
  readonly workspace: string;
  /** Ids of the repository the job runs in (`GITHUB_REPOSITORY_ID`...), for the trust rules' fixes. */
  readonly repositoryIds: GithubIds | undefined;
}
