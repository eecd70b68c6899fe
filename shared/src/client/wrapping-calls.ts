import { WRAP_TTL_HEADER, type ClientCore } from './client-core.ts';
import type { CallOptions } from './engine-client-options.ts';
import { assertValidName } from './engine-name.ts';
import { parseGeneratedCredentials, type GeneratedCredentials } from './parse-credentials.ts';
import { parseStaticCredentials, type StaticCredentials } from './parse-static-role.ts';
import { isRecord } from '../text/index.ts';
import { payloadOf, readNumber, readString, requireString, UnusableResponse } from './read-fields.ts';

/** What a wrapped answer says about its wrapping token (`wrap_info`). */
export interface WrapInfo {
  /** The single-use wrapping token: a secret until it is unwrapped. */
  readonly token: string;
  readonly accessor: string;
  /** Seconds. */
  readonly ttl: number;
  readonly creationTime: string;
  /** The request path the wrapped answer came from, e.g. `cloud/creds/deploy`. */
  readonly creationPath: string;
}

/** `sys/wrapping/lookup`: what a wrapping token holds the answer of, without using it up. */
interface WrappingLookup {
  readonly creationPath: string;
  readonly creationTime: string;
  /** Seconds. */
  readonly creationTtl: number;
}

/** Which credential endpoint a wrapped request goes to. */
type WrappedKind = 'creds' | 'sts' | 'static-creds';

/** Response wrapping: asking for a wrapped answer, looking a wrapping token up, unwrapping once. */
export interface WrappingCalls {
  /**
   * The credential call (`GET creds`, `POST sts`, `GET static-creds`) with `X-Vault-Wrap-TTL`: the
   * engine keeps the credentials in a single-use wrapping token valid `ttlSeconds` and answers its
   * `wrap_info` only. An answer without `wrap_info` (an engine or proxy that ignored the header)
   * is refused, so credentials never arrive where a hand-off was asked for.
   */
  wrapCredentials(
    kind: WrappedKind,
    role: string,
    /** The call's parameters (`ttl`, `role_arn`...); undefined ones are left out. */
    params: object,
    ttlSeconds: number,
    options?: CallOptions,
  ): Promise<WrapInfo>;
  /** `POST sys/wrapping/lookup {token}` (no token of the caller's: the path needs none). */
  lookupWrapping(token: string, options?: CallOptions): Promise<WrappingLookup>;
  /** `POST sys/wrapping/unwrap` with this client's token as the wrapping token: dynamic credentials, once. */
  unwrapGenerated(options?: CallOptions): Promise<GeneratedCredentials>;
  /** The same for a wrapped static-creds answer. */
  unwrapStatic(options?: CallOptions): Promise<StaticCredentials>;
}

/** The wrapping calls of a client, built on its core. */
export function createWrappingCalls(core: ClientCore): WrappingCalls {
  const unwrapRequest = (options: CallOptions | undefined) =>
    ({ method: 'POST', path: '/v1/sys/wrapping/unwrap', options }) as const;
  return {
    async wrapCredentials(kind, role, params, ttlSeconds, options) {
      const method = kind === 'sts' ? 'POST' : 'GET';
      const path = core.mountPath(kind, role);
      assertValidName(kind === 'static-creds' ? 'static role' : 'role', role, method, path);
      // Whole seconds as a plain number; a fraction with its unit (the real engine reads `1.5` as an
      // integer and refuses it, `1.5s` as a duration).
      const ttl = Number.isInteger(ttlSeconds) ? String(ttlSeconds) : `${ttlSeconds}s`;
      const headers = { ...options?.headers, [WRAP_TTL_HEADER]: ttl };
      const defined = Object.fromEntries(
        Object.entries(params as Record<string, string | number | undefined>).filter(([, v]) => v !== undefined),
      );
      return await core.call(
        method === 'GET'
          ? { method, path, query: defined, options: { ...options, headers } }
          : { method, path, body: defined, options: { ...options, headers } },
        (body) => parseWrapInfo(body),
      );
    },
    async lookupWrapping(token, options) {
      return await core.call(
        { method: 'POST', path: '/v1/sys/wrapping/lookup', body: { token }, auth: false, options },
        (body) => {
          const data = payloadOf(body);
          return {
            creationPath: requireString(data, 'creation_path'),
            creationTime: readString(data, 'creation_time') ?? '',
            creationTtl: readNumber(data, 'creation_ttl') ?? 0,
          };
        },
      );
    },
    async unwrapGenerated(options) {
      return await core.call(unwrapRequest(options), (body, warnings) => parseGeneratedCredentials(body, warnings));
    },
    async unwrapStatic(options) {
      return await core.call(unwrapRequest(options), (body) => parseStaticCredentials(body));
    },
  };
}

function parseWrapInfo(body: unknown): WrapInfo {
  const info = isRecord(body) && isRecord(body.wrap_info) ? body.wrap_info : undefined;
  if (info === undefined)
    throw new UnusableResponse(
      'the engine answered without wrap_info although X-Vault-Wrap-TTL asked for a wrapped answer (an engine or proxy that ignores the header); nothing was handed off',
    );
  return {
    token: requireString(info, 'token'),
    accessor: readString(info, 'accessor') ?? '',
    ttl: readNumber(info, 'ttl') ?? 0,
    creationTime: readString(info, 'creation_time') ?? '',
    creationPath: requireString(info, 'creation_path'),
  };
}
