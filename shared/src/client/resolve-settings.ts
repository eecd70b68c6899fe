import { checkEngineUrl } from './check-engine-url.ts';
import { collectHeaderSecrets } from './collect-secrets.ts';
import { defaultSleep } from './default-sleep.ts';
import type { EngineClientOptions, RetryInfo, RetryPredicate } from './engine-client-options.ts';
import { createConsistencyState, type ConsistencyState } from './read-your-writes.ts';

/** Defaults of the client, in one place. */
export const ENGINE_CLIENT_DEFAULTS = Object.freeze({
  mount: 'cloud',
  flavor: 'keyfob',
  requestTimeoutMs: 30_000,
  totalTimeoutMs: 300_000,
  maxAttempts: 5,
  baseDelayMs: 250,
  maxDelayMs: 10_000,
  listMethod: 'GET',
  /** An answer of 64 MiB holds about 3 million role names; a longer one is a broken or hostile server. */
  maxResponseBytes: 64 * 1024 * 1024,
  keyfobTokenHeader: 'X-Service-Token',
  vaultTokenHeader: 'X-Vault-Token',
} as const);

/** The client's options with every default applied, as the transport uses them. */
export interface ClientSettings {
  /** Base URL with any trailing `/` or `/v1` removed. */
  readonly baseUrl: string;
  /** Scheme, host and port only, for messages (never user info or query). */
  readonly origin: string;
  readonly mount: string;
  readonly headers: Readonly<Record<string, string>>;
  /** Name of the header that carries the token, when there is a token (dropped for logins). */
  readonly tokenHeader: string | undefined;
  /** Values to hide in every error: the token, token-like header values and the caller's `secrets()`, read anew each time. */
  readonly secrets: readonly string[];
  readonly fetch: typeof fetch;
  readonly now: () => number;
  readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>;
  readonly random: () => number;
  readonly requestTimeoutMs: number;
  readonly totalTimeoutMs: number;
  readonly maxAttempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  readonly onRetry: ((info: RetryInfo) => void) | undefined;
  readonly retryOn: RetryPredicate | undefined;
  readonly listMethod: 'GET' | 'LIST';
  readonly maxResponseBytes: number;
  readonly dispatcher: unknown;
  /** The token sent, if any (to know a request made with a just-issued one). */
  readonly token: string | undefined;
  /** Read-after-write memory, shared with `withToken` copies and any client given the same one. */
  readonly consistency: ConsistencyState;
  /** Origins a 307/308 may lead to (the client's own and the cluster addresses). */
  readonly redirectOrigins: ReadonlySet<string>;
}

/**
 * Applies defaults and checks the options. Throws `TypeError` for a URL that is not http(s) and
 * `RangeError` for limits that are not positive: these are mistakes in the calling code or its inputs.
 */
export function resolveSettings(options: EngineClientOptions): ClientSettings {
  const url = parseBaseUrl(options.url);
  const retry = options.retry ?? {};
  const headers = buildHeaders(options);
  const tokenHeader = options.token ? tokenHeaderOf(options) : undefined;
  const ownSecrets = Object.freeze([...(options.token ? [options.token] : []), ...collectHeaderSecrets(headers)]);
  const callerSecrets = options.secrets;
  return Object.freeze({
    baseUrl: url.href.replace(/\/+$/, '').replace(/\/v1$/, ''),
    origin: url.origin,
    mount: trimSlashes(options.mount ?? ENGINE_CLIENT_DEFAULTS.mount),
    headers,
    tokenHeader,
    get secrets(): readonly string[] {
      return callerSecrets === undefined ? ownSecrets : [...ownSecrets, ...callerSecrets()];
    },
    fetch: options.fetch,
    now: options.now ?? Date.now,
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
    requestTimeoutMs: positive('requestTimeoutMs', options.requestTimeoutMs ?? ENGINE_CLIENT_DEFAULTS.requestTimeoutMs),
    totalTimeoutMs: positive('totalTimeoutMs', options.totalTimeoutMs ?? ENGINE_CLIENT_DEFAULTS.totalTimeoutMs),
    maxAttempts: Math.floor(positive('retry.maxAttempts', retry.maxAttempts ?? ENGINE_CLIENT_DEFAULTS.maxAttempts)),
    baseDelayMs: nonNegative('retry.baseDelayMs', retry.baseDelayMs ?? ENGINE_CLIENT_DEFAULTS.baseDelayMs),
    maxDelayMs: nonNegative('retry.maxDelayMs', retry.maxDelayMs ?? ENGINE_CLIENT_DEFAULTS.maxDelayMs),
    onRetry: options.onRetry,
    retryOn: options.retryOn,
    listMethod: options.listMethod ?? ENGINE_CLIENT_DEFAULTS.listMethod,
    maxResponseBytes: Math.floor(
      positive('maxResponseBytes', options.maxResponseBytes ?? ENGINE_CLIENT_DEFAULTS.maxResponseBytes),
    ),
    dispatcher: options.dispatcher,
    token: options.token || undefined,
    consistency: options.consistency ?? createConsistencyState(),
    redirectOrigins: new Set([url.origin, ...(options.clusterAddresses ?? []).map((a) => parseBaseUrl(a).origin)]),
  });
}

function parseBaseUrl(text: string): URL {
  const problem = checkEngineUrl('The engine url', text);
  if (problem !== undefined) throw new TypeError(problem);
  return new URL(text);
}

function tokenHeaderOf(options: EngineClientOptions): string {
  if (options.tokenHeader) return options.tokenHeader;
  return options.flavor === 'vault'
    ? ENGINE_CLIENT_DEFAULTS.vaultTokenHeader
    : ENGINE_CLIENT_DEFAULTS.keyfobTokenHeader;
}

/** Caller headers first, then ours: the token header set here always wins. */
function buildHeaders(options: EngineClientOptions): Record<string, string> {
  const headers: Record<string, string> = { accept: 'application/json' };
  for (const [name, value] of Object.entries(options.headers ?? {})) setHeader(headers, name, value);
  if (options.flavor === 'vault') setHeader(headers, 'X-Vault-Request', 'true');
  if (options.namespace) setHeader(headers, 'X-Vault-Namespace', options.namespace);
  if (options.token) setHeader(headers, tokenHeaderOf(options), options.token);
  return headers;
}

/**
 * Sets a header, replacing any spelling of the same name: fetch joins `x-a` and `X-A` into one
 * comma-separated value, which would send two tokens at once.
 */
function setHeader(headers: Record<string, string>, name: string, value: string): void {
  for (const key of Object.keys(headers)) {
    if (key.toLowerCase() === name.toLowerCase()) delete headers[key];
  }
  headers[name] = value;
}

function trimSlashes(text: string): string {
  return text.replace(/^\/+|\/+$/g, '');
}

function positive(name: string, value: number): number {
  if (!(value > 0) || !Number.isFinite(value))
    throw new RangeError(`${name} must be a positive number of milliseconds or attempts, not ${value}.`);
  return value;
}

function nonNegative(name: string, value: number): number {
  if (!(value >= 0) || !Number.isFinite(value))
    throw new RangeError(`${name} must be zero or more milliseconds, not ${value}.`);
  return value;
}
