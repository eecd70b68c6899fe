/** The engine's limit on `role_session_name`; it truncates longer values (seed 1, Limits). */
const ROLE_SESSION_NAME_MAX = 64;

/** What the GitHub context says about the current run (every field optional: local runs lack them). */
export interface RunContext {
  /** `owner/name`, from `GITHUB_REPOSITORY`. */
  readonly repository?: string | undefined;
  /** `GITHUB_RUN_ID`. */
  readonly runId?: string | undefined;
  /** `GITHUB_RUN_ATTEMPT`. */
  readonly runAttempt?: string | undefined;
}

/** A sanitised session name and what sanitising did to it. */
export interface SanitizedSessionName {
  readonly value: string;
  /** Characters outside `[\w+=,.@-]` were replaced with `_`. */
  readonly replaced: boolean;
  /** The value was cut to 64 characters. */
  readonly truncated: boolean;
}

/** Characters a session name may not hold; the cloud provider's pattern is `[\w+=,.@-]*`. */
const FORBIDDEN = /[^\w+=,.@-]/g;

/**
 * Makes a text usable as `role_session_name`: characters outside `[\w+=,.@-]` become `_` (what the
 * engine would do itself) and the result is cut to 64 characters (rather than letting the engine cut
 * it silently).
 */
export function sanitizeRoleSessionName(text: string): SanitizedSessionName {
  const cleaned = text.replace(FORBIDDEN, '_');
  const value = cleaned.slice(0, ROLE_SESSION_NAME_MAX);
  return { value, replaced: cleaned !== text, truncated: value.length < cleaned.length };
}

/**
 * The session name used when the workflow gives none: `gh-<owner>.<repo>-<run id>-<attempt>`, so the
 * cloud's audit log leads back to the exact workflow run. When the whole would pass 64 characters the
 * repository part is shortened, never the run id or attempt. Without a GitHub context (a terminal)
 * it is `keyfob-local`.
 *
 * @example defaultRoleSessionName({ repository: 'octo/app', runId: '42', runAttempt: '1' }) // 'gh-octo.app-42-1'
 */
export function defaultRoleSessionName(context: RunContext): string {
  const clean = (part: string | undefined): string => (part ?? '').trim().replace(FORBIDDEN, '_');
  const repository = clean(context.repository?.replace('/', '.'));
  const runId = clean(context.runId);
  if (repository === '' && runId === '') return 'keyfob-local';
  const tail = [runId || 'run', clean(context.runAttempt) || '1'].join('-');
  const room = ROLE_SESSION_NAME_MAX - 'gh-'.length - tail.length - 1;
  const head = repository === '' ? 'repo' : repository.slice(0, Math.max(room, 1));
  return `gh-${head}-${tail}`.slice(0, ROLE_SESSION_NAME_MAX);
}
