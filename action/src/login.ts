import { isEngineError, retryDelay, shouldRetry, type EngineClient } from '@keyfob/shared/client';
import type { AuthSettings, EngineSettings } from './action-config.ts';
import { connect, type Connection } from './connect.ts';
import { IdTokenError } from './id-token.ts';
import type { Deps } from './deps.ts';
import type { SecretBook } from './mask.ts';
import type { Runner } from './runner.ts';

/**
 * The logged-in client and whether its token is ours to revoke (a JWT login) or not (the user's, or
 * a batch token, which no one can revoke: it ends at its TTL).
 */
export interface LoggedIn {
  readonly client: EngineClient;
  readonly ownToken: boolean;
  /** When the login token expires (ms); the engine then revokes the leases it issued. */
  readonly tokenExpiresAt?: number;
  /** The login token (masked), when it is ours: a refresh hands it to the post step to revoke. */
  readonly token?: string;
}

/**
 * Logs in. With a token there is nothing to do (the client already sends it). With a JWT, each
 * attempt asks the runner for a fresh ID token (they live about five minutes, and a retry after a long
 * wait must not send an expired one), logs in at `auth/<path>/login`, and masks the engine token it
 * gets back before anything else happens.
 */
export async function login(
  connection: Pick<Connection, 'client' | 'loginClient' | 'idToken'>,
  auth: AuthSettings,
  engine: EngineSettings,
  runner: Runner,
  secrets: SecretBook,
  deps: Deps,
): Promise<LoggedIn> {
  if (auth.method === 'token') return { client: connection.client, ownToken: false };
  const started = runner.now();
  for (let attempt = 1; ; attempt += 1) {
    let jwt = '';
    try {
      jwt = auth.jwt ?? (await connection.idToken(auth.audience));
      secrets.add(jwt);
      const result = await connection.loginClient.loginJwt({ path: auth.path, role: auth.role, jwt });
      secrets.add(result.clientToken);
      runner.info(
        `Logged in to the engine through auth/${auth.path} as role ${auth.role} (token valid ${result.leaseDuration || 'without limit'}${result.leaseDuration ? ' s' : ''}).`,
      );
      const expires = result.leaseDuration > 0 ? { tokenExpiresAt: runner.now() + result.leaseDuration * 1000 } : {};
      const batch = result.tokenType === 'batch';
      if (batch)
        runner.info(
          'The engine issued a batch token: it is not renewed or revoked (the engine refuses both); it ends at its TTL, and so do the leases made with it.',
        );
      return {
        client: connection.client.withToken(result.clientToken),
        ownToken: !batch,
        token: result.clientToken,
        ...expires,
      };
    } catch (error) {
      const elapsed = runner.now() - started;
      if (!isRetryable(error) || attempt >= engine.maxAttempts || elapsed >= engine.timeoutMs) {
        throw new LoginError(error, jwt === '' ? '' : claimsOf(jwt));
      }
      const retryAfterMs = isEngineError(error) ? error.retryAfterMs : undefined;
      const delay = retryDelay({
        attempt,
        baseDelayMs: 250,
        maxDelayMs: 10_000,
        random: deps.random(),
        retryAfterMs,
        remainingMs: engine.timeoutMs - elapsed,
      });
      const what = error instanceof IdTokenError ? 'Getting the ID token' : 'JWT login';
      runner.info(
        `${what} failed (${error instanceof Error ? error.message : String(error)}); attempt ${attempt + 1} of ${engine.maxAttempts} with a fresh ID token in ${delay} ms.`,
      );
      await deps.sleep(delay);
    }
  }
}

/** A failure another attempt may fix: the engine's retryable failures and the token service's. */
function isRetryable(error: unknown): boolean {
  if (error instanceof IdTokenError) return error.retryable;
  return isEngineError(error) && shouldRetry(error);
}

/** A failed login, with the ID token's identifying claims (never the token) for trust-policy debugging. */
export class LoginError extends Error {
  override readonly name = 'LoginError';
  constructor(
    override readonly cause: unknown,
    readonly claims: string,
  ) {
    super('JWT login failed');
  }
}

/** `iss`, `sub`, `aud` and `job_workflow_ref` of a JWT: what a failing role binding needs to be checked against. */
function claimsOf(jwt: string): string {
  try {
    const payload = JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const pick = ['iss', 'sub', 'aud', 'job_workflow_ref'].filter((k) => payload[k] !== undefined);
    return pick.map((k) => `${k}=${JSON.stringify(payload[k])}`).join(', ');
  } catch {
    return '';
  }
}

/**
 * Connects, logs in and runs `work` with the session, then releases the connection whatever
 * happens: the one sequence every engine step of the action (and a profile's refresh) goes through.
 */
export async function withSession<T>(
  engine: EngineSettings,
  auth: AuthSettings,
  runner: Runner,
  deps: Deps,
  secrets: SecretBook,
  work: (session: LoggedIn) => Promise<T>,
): Promise<T> {
  const connection = await connect(engine, auth.method === 'token' ? auth.token : undefined, runner, deps, secrets);
  try {
    return await work(await login(connection, auth, engine, runner, secrets, deps));
  } finally {
    await connection.close();
  }
}
