import { collectBodySecrets } from './collect-secrets.ts';
import type { CallOptions } from './engine-client-options.ts';
import { addIndexHeaders } from './read-your-writes.ts';
import type { ClientSettings } from './resolve-settings.ts';

/** HTTP methods the engine understands (`LIST` is Vault's list verb). */
type EngineMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'LIST';

/** Scalar values a query string can carry; `undefined` entries are left out. */
type QueryValue = string | number | boolean | undefined;

/** One call as the typed methods describe it to the transport. */
export interface EngineRequest {
  readonly method: EngineMethod;
  /** Encoded path starting with `/v1/` (see `mountPath`). */
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryValue>> | undefined;
  /** Sent as JSON. */
  readonly body?: unknown;
  /** False for logins: the token header is not sent. Default true. */
  readonly auth?: boolean | undefined;
  /** Failure statuses handed back as a response instead of thrown (404 on reads). */
  readonly accept?: readonly number[] | undefined;
  readonly options?: CallOptions | undefined;
}

/** An answer the caller asked for: a success, or a status listed in `accept`. */
export interface EngineResponse {
  readonly status: number;
  /** Parsed JSON body; `undefined` for an empty body (204) or a non-JSON accepted failure. */
  readonly body: unknown;
  readonly headers: Headers;
  /** Requests sent for this answer, retries included. */
  readonly attempts: number;
}

/** Everything one attempt needs, computed once per call. */
export interface RequestContext {
  readonly settings: ClientSettings;
  readonly request: EngineRequest;
  readonly method: EngineMethod;
  /** Path without query: what errors and logs show. */
  readonly path: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  /** The client's secrets plus those found in this request's body and query. */
  readonly secrets: readonly string[];
  readonly signal: AbortSignal | undefined;
}

/** Builds the URL, headers, body and secret list of a request. */
export function createRequestContext(settings: ClientSettings, request: EngineRequest): RequestContext {
  // The index of the client's last write, so a standby behind it forwards instead of answering stale.
  // Only reads carry it: a standby sends every write to the active node, which has every state.
  const headers: Record<string, string> = { ...request.options?.headers, ...settings.headers };
  if (request.method === 'GET' || request.method === 'LIST') addIndexHeaders(headers, settings.consistency);
  if (request.auth === false && settings.tokenHeader) delete headers[settings.tokenHeader];
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  return {
    settings,
    request,
    method: request.method,
    path: request.path,
    url: settings.baseUrl + request.path + queryString(request.query),
    headers,
    body,
    secrets: [...settings.secrets, ...collectBodySecrets(request.body), ...collectBodySecrets(request.query)],
    signal: request.options?.signal,
  };
}

function queryString(query: Readonly<Record<string, QueryValue>> | undefined): string {
  if (query === undefined) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.append(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
