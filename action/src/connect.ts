import {
  clientOptionsOf,
  createConsistencyState,
  createEngineClient,
  type EngineClient,
  type RetryInfo,
} from '@keyfob/shared/client';
import type { EngineSettings } from './action-config.ts';
import type { Deps } from './deps.ts';
import type { SecretBook } from './mask.ts';
import { requestIdToken } from './id-token.ts';
import type { Runner } from './runner.ts';

/** A client for the engine plus what must be released when the step ends. */
export interface Connection {
  readonly client: EngineClient;
  /** The same engine without retries: a JWT login retries itself, with a fresh ID token each time. */
  readonly loginClient: EngineClient;
  /** A fresh GitHub OIDC ID token for an audience, fetched through the same network settings. */
  idToken(audience: string | undefined): Promise<string>;
  /** Closes sockets of a proxy/CA dispatcher (nothing for the global fetch). */
  close(): Promise<void>;
}

/**
 * Builds the engine client from the settings: the global fetch, or undici with a dispatcher when a
 * CA certificate or proxy variables are set; per-request and overall timeouts; retries of what may
 * pass on another attempt, each announced in the log (never with a secret: reasons are redacted
 * with every secret of the step, and the line is sanitised by the runner wrapper, see safe-log.ts).
 */
export async function connect(
  settings: EngineSettings,
  token: string | undefined,
  runner: Runner,
  deps: Deps,
  secrets: SecretBook,
): Promise<Connection> {
  let fetchImpl = deps.fetch;
  let dispatcher: unknown;
  let close = (): Promise<void> => Promise.resolve();
  if (settings.caCertificate !== undefined || settings.proxy !== undefined) {
    const network = (await deps.loadNetwork())({
      caCertificate: settings.caCertificate,
      proxy: settings.proxy !== undefined,
    });
    fetchImpl = network.fetch;
    dispatcher = network.dispatcher;
    close = () => network.close();
    if (settings.proxy !== undefined) runner.debug(`Using the proxy from ${settings.proxy} (NO_PROXY respected).`);
  }
  const options = {
    ...clientOptionsOf(settings),
    token,
    fetch: fetchImpl,
    dispatcher,
    sleep: (ms: number) => deps.sleep(ms),
    random: deps.random,
    // Every secret of the step, so errors echoing an earlier one are redacted before they are cut.
    secrets: () => secrets.list(),
    onRetry: (info: RetryInfo) => runner.info(retryLine(info, settings.maxAttempts)),
    // One read-after-write state for the login client and the client it feeds: the first call after
    // the login carries the login's X-Vault-Index, so a cluster standby forwards instead of refusing.
    consistency: createConsistencyState(),
  };
  return {
    client: createEngineClient(options),
    loginClient: createEngineClient({ ...options, token: undefined, retry: { maxAttempts: 1 } }),
    idToken: (audience) => requestIdToken(runner.env, audience, fetchImpl, settings.requestTimeoutMs),
    close,
  };
}

/** One log line per retry: what failed and when the next attempt comes. */
function retryLine(info: RetryInfo, maxAttempts: number): string {
  // A consistency wait or a rate limit does not use up attempts: it lasts as long as the step's timeout allows.
  if (info.wait !== undefined)
    return `${info.method} ${info.path} failed (${info.reason}); trying again in ${info.delayMs} ms.`;
  return `${info.method} ${info.path} failed (${info.reason}); attempt ${info.attempt + 1} of ${maxAttempts} in ${info.delayMs} ms.`;
}
