import { formatDuration } from '../duration/index.ts';
import type { EngineClientOptions, EngineFlavor } from './engine-client-options.ts';
import { ENGINE_CLIENT_DEFAULTS } from './resolve-settings.ts';

/** The connection settings every face (CLI flags, action inputs) takes, by their neutral names. */
export type ConnectionField =
  | 'url'
  | 'token'
  | 'flavor'
  | 'tokenHeader'
  | 'mount'
  | 'namespace'
  | 'requestTimeout'
  | 'timeout'
  | 'maxAttempts'
  | 'caCertificate'
  | 'clusterAddresses';

/** The raw text of each setting as the face received it; absent or `''` means "not given". */
export type ConnectionInput = Readonly<Partial<Record<ConnectionField, string | undefined>>>;

/** What each face calls a setting in its messages: `--url` on the CLI, `url` in the action. */
export type ConnectionNames = Readonly<Record<ConnectionField, string>>;

/**
 * Defaults as a face reads them (the client's own, written as settings), one set for the CLI and the
 * action (action.yml repeats them for the runner, a test keeps the two equal). The URL has none: a
 * default address would send a token to a machine nobody chose.
 */
export const CONNECTION_DEFAULTS = Object.freeze({
  flavor: ENGINE_CLIENT_DEFAULTS.flavor,
  mount: ENGINE_CLIENT_DEFAULTS.mount,
  requestTimeout: formatDuration(ENGINE_CLIENT_DEFAULTS.requestTimeoutMs / 1000, { compact: true }),
  timeout: formatDuration(ENGINE_CLIENT_DEFAULTS.totalTimeoutMs / 1000, { compact: true }),
  maxAttempts: String(ENGINE_CLIENT_DEFAULTS.maxAttempts),
});

/** Bounds of every setting: what is longer or larger is refused with a message that gives the bound. */
export const CONNECTION_BOUNDS = Object.freeze({
  urlLength: 2048,
  tokenLength: 8192,
  nameLength: 256,
  caCertificateLength: 1_000_000,
  /** Addresses of other cluster nodes a redirect may lead to. */
  clusterAddresses: 16,
  minAttempts: 1,
  maxAttempts: 20,
  /** 100 ms to one hour per request; 100 ms to one day for a whole call, retries included (seconds, and as said). */
  requestTimeout: { min: 0.1, max: 3600, said: '100ms to 1h' },
  timeout: { min: 0.1, max: 86_400, said: '100ms to 24h' },
});

/** Proxy variables, in the order undici's `EnvHttpProxyAgent` reads them. */
export const PROXY_VARIABLES = ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'] as const;

/** Checked connection settings with every default applied. */
export interface ConnectionSettings {
  /** Base URL as given (scheme, host, port and an optional `/v1`); never holds user info or a query. */
  readonly url: string;
  readonly token: string | undefined;
  /** OpenBao keeps Vault's API and headers, so it is `vault` here. */
  readonly flavor: EngineFlavor;
  /** Explicit token header; the flavour's default when absent. */
  readonly tokenHeader: string | undefined;
  readonly mount: string;
  readonly namespace: string | undefined;
  readonly requestTimeoutMs: number;
  readonly timeoutMs: number;
  readonly maxAttempts: number;
  /** PEM text of extra trusted CAs (given as PEM or as base64 of PEM). */
  readonly caCertificate: string | undefined;
  /** Origins of the cluster's other nodes: a 307 to one of them is followed, the token goes along. */
  readonly clusterAddresses: readonly string[];
  /** The first proxy variable set in the environment (undici reads its value and NO_PROXY itself). */
  readonly proxy: (typeof PROXY_VARIABLES)[number] | undefined;
}

/** The engine client options that come from a connection's settings (a face adds fetch, hooks and its token source). */
export type SettingsClientOptions = Pick<
  EngineClientOptions,
  | 'url'
  | 'token'
  | 'mount'
  | 'flavor'
  | 'tokenHeader'
  | 'namespace'
  | 'requestTimeoutMs'
  | 'totalTimeoutMs'
  | 'retry'
  | 'clusterAddresses'
>;

/**
 * The client options of `settings`, the same for the CLI and the action (whose token comes from a
 * login, so it may have none here): one request never waits longer than the whole budget.
 *
 * @example clientOptionsOf(settings).requestTimeoutMs // at most settings.timeoutMs
 */
export function clientOptionsOf(
  settings: Omit<ConnectionSettings, 'token'> & { readonly token?: string | undefined },
): SettingsClientOptions {
  return {
    url: settings.url,
    token: settings.token,
    mount: settings.mount,
    flavor: settings.flavor,
    tokenHeader: settings.tokenHeader,
    namespace: settings.namespace,
    requestTimeoutMs: Math.min(settings.requestTimeoutMs, settings.timeoutMs),
    totalTimeoutMs: settings.timeoutMs,
    retry: { maxAttempts: settings.maxAttempts },
    clusterAddresses: settings.clusterAddresses,
  };
}
