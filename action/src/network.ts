import { rootCertificates } from 'node:tls';
import { Agent, EnvHttpProxyAgent, fetch as undiciFetch, type Dispatcher } from 'undici';

/** A fetch with the dispatcher it must be used with, and a way to release its sockets. */
export interface Network {
  readonly fetch: typeof fetch;
  readonly dispatcher: Dispatcher;
  close(): Promise<void>;
}

/** What shapes the connection: extra trusted CAs and whether proxy variables are set. */
export interface NetworkOptions {
  readonly caCertificate?: string | undefined;
  readonly proxy: boolean;
}

/**
 * An undici dispatcher for a private CA and/or `HTTPS_PROXY`/`HTTP_PROXY` with `NO_PROXY` (read from
 * the environment by `EnvHttpProxyAgent`), with undici's own fetch so the dispatcher always matches
 * the fetch that uses it. This module is bundled separately (`dist/network.cjs`) and loaded only when
 * needed, so a plain step never pays for parsing undici.
 */
export function createNetwork(options: NetworkOptions): Network {
  // The system roots stay trusted: `ca` replaces the list, and a proxy or mirror may use public CAs.
  const tls = options.caCertificate === undefined ? undefined : { ca: [...rootCertificates, options.caCertificate] };
  const dispatcher: Dispatcher = options.proxy
    ? new EnvHttpProxyAgent(tls === undefined ? {} : { connect: tls, requestTls: tls })
    : new Agent(tls === undefined ? {} : { connect: tls });
  const boundFetch = ((input: Parameters<typeof undiciFetch>[0], init?: Parameters<typeof undiciFetch>[1]) =>
    undiciFetch(input, { ...init, dispatcher })) as unknown as typeof fetch;
  return { fetch: boundFetch, dispatcher, close: () => dispatcher.close() };
}
