/** A request as the engine sees it, independent of how it arrived (node:http or the LIST fallback). */
export interface RawRequest {
  /** Upper-case HTTP method. */
  readonly method: string;
  /** Path and query as sent (`/v1/cloud/roles?list=true`). */
  readonly url: string;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly body: Buffer;
  /** The client's address as the socket reports it (`127.0.0.1`, `::1`); bound CIDRs are checked against it. */
  readonly remoteAddress?: string | undefined;
}

/** What the engine answers. */
export interface RawResponse {
  readonly status: number;
  /** JSON text, or undefined for 204. */
  readonly body: string | undefined;
  /** Extra response headers (a cluster node's `X-Vault-Index`, `Retry-After`, `Location`). */
  readonly headers?: Readonly<Record<string, string>> | undefined;
}

/** Largest request body the engine reads; larger ones get 413 without being read further. */
export const MAX_BODY_BYTES = 1024 * 1024;
