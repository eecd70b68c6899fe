import type { EngineError } from './engine-error.ts';
import type { ConsistencyState, WaitKind } from './read-your-writes.ts';

/** Which server the client talks to: keyfob's engine, or a HashiCorp Vault / OpenBao server. */
export type EngineFlavor = 'keyfob' | 'vault';

/** How often and how patiently to retry. */
interface RetryOptions {
  /** Attempts in all, the first included. Default 5; 1 turns retries off. */
  readonly maxAttempts?: number;
  /** First backoff ceiling in ms, doubled per attempt. Default 250. */
  readonly baseDelayMs?: number;
  /** Largest wait between attempts in ms, also the cap on `Retry-After`. Default 10 000. */
  readonly maxDelayMs?: number;
}

/** Told to `onRetry` before each wait. Holds no secret: `reason` is built from redacted text. */
export interface RetryInfo {
  /** The attempt that failed, counting from 1. */
  readonly attempt: number;
  readonly delayMs: number;
  readonly method: string;
  /** Path without the query string. */
  readonly path: string;
  /** Short cause, e.g. `HTTP 503: sealed` or `timeout after 30000 ms`. */
  readonly reason: string;
  /**
   * A 412 or 429: `consistency` when the node has not reached the client's last write yet, else
   * `rate-limit`. Such waits last as long as the call's time allows and do not use up `maxAttempts`.
   */
  readonly wait?: WaitKind | undefined;
  /** The error that is being retried. */
  readonly error: EngineError;
}

/** Decides whether to retry an error that the built-in policy (`shouldRetry`) would not retry. */
export type RetryPredicate = (error: EngineError) => boolean;

/** Options of `createEngineClient`. Everything from outside (fetch, clock, sleep, random) is injected. */
export interface EngineClientOptions {
  /** Base URL of the engine without `/v1`, e.g. `http://127.0.0.1:8200`. */
  readonly url: string;
  /** Access token sent in the token header; omitted when absent. */
  readonly token?: string | undefined;
  /** Where the engine is mounted. Default `cloud` (`aws` on a stock Vault). Slashes allowed. */
  readonly mount?: string | undefined;
  /** Default `keyfob`. `vault` sends `X-Vault-Token` and `X-Vault-Request: true`. */
  readonly flavor?: EngineFlavor | undefined;
  /** Header that carries the token. Default from `flavor`: `X-Service-Token` or `X-Vault-Token`. */
  readonly tokenHeader?: string | undefined;
  /** Sent as `X-Vault-Namespace` (Vault Enterprise, OpenBao namespaces). */
  readonly namespace?: string | undefined;
  /**
   * More values to hide in every error text, asked for at each request: e.g. every secret issued
   * earlier in the step, so an engine or proxy echoing one of them in a later error gets `***`
   * before any message is cut.
   */
  readonly secrets?: (() => readonly string[]) | undefined;
  /** Extra headers on every request. Values of token-like headers are treated as secrets. */
  readonly headers?: Readonly<Record<string, string>> | undefined;
  /** The fetch to use (global `fetch`, undici's, or a test double). */
  readonly fetch: typeof fetch;
  /** Clock in milliseconds. Default `Date.now`. */
  readonly now?: (() => number) | undefined;
  /** Waits `ms` milliseconds; rejects when `signal` aborts. Default a `setTimeout` wait. */
  readonly sleep?: ((ms: number, signal?: AbortSignal) => Promise<void>) | undefined;
  /** Returns a number in [0, 1) for backoff jitter. Default `Math.random`. */
  readonly random?: (() => number) | undefined;
  /** Limit for one request, headers and body, in ms. Default 30 000. */
  readonly requestTimeoutMs?: number | undefined;
  /** Limit for a whole call, every attempt and wait included, in ms. Default 300 000. */
  readonly totalTimeoutMs?: number | undefined;
  readonly retry?: RetryOptions | undefined;
  /** Called before each wait between attempts (for logs). */
  readonly onRetry?: ((info: RetryInfo) => void) | undefined;
  /** Widens retries for every call of this client (see `CallOptions.retryOn`). */
  readonly retryOn?: RetryPredicate | undefined;
  /** How lists are asked for. Default `GET` (`?list=true`): Node's HTTP server rejects `LIST`. */
  readonly listMethod?: 'GET' | 'LIST' | undefined;
  /** Largest answer body read, in bytes; a longer one is refused (`ENGINE_BAD_RESPONSE`). Default 64 MiB. */
  readonly maxResponseBytes?: number | undefined;
  /** Passed to fetch as `dispatcher` (undici: proxy agent, custom CA). */
  readonly dispatcher?: unknown;
  /**
   * Read-after-write on clusters (`createConsistencyState()`): the `X-Vault-Index` of every login
   * and write is kept here and sent, with `X-Vault-Inconsistent: forward-active-node`, on every
   * later request, so a standby forwards what it cannot answer yet. `withToken` copies share it;
   * give the same one to separate clients of one step (a login client and the client it feeds).
   * Default: one per client.
   */
  readonly consistency?: ConsistencyState | undefined;
  /**
   * Other nodes of the engine's cluster (URLs; their origins count). A 307/308 redirect (a standby
   * sending a write to the active node) is followed only to one of these or the client's own
   * origin, with the same method, body and token; any other redirect is refused and the token
   * goes nowhere else. Default none.
   */
  readonly clusterAddresses?: readonly string[] | undefined;
}

/** Options of a single call. */
export interface CallOptions {
  /** Aborts the call, including any wait between attempts (`ENGINE_ABORTED`). */
  readonly signal?: AbortSignal | undefined;
  /**
   * Retries errors the built-in policy would not, e.g. a 400 from the cloud during the few seconds
   * after a root rotation. Still bounded by `maxAttempts` and `totalTimeoutMs`; aborts are final.
   */
  readonly retryOn?: RetryPredicate | undefined;
  /**
   * Extra request headers for this call (names lower-case). keyfob's own: `x-keyfob-source` on a
   * role write, where the role came from (`keyfob apply`); other engines ignore it.
   */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}
