import type { ClientCore } from './client-core.ts';
import type { CallOptions } from './engine-client-options.ts';
import { assertValidName } from './engine-name.ts';
import type { EngineRequest } from './engine-request.ts';
import { parseGeneratedCredentials, type GeneratedCredentials } from './parse-credentials.ts';

/** Parameters of credential generation (seed 1). `mfa_code` is treated as a secret in errors. */
interface GenerateCredentialParams {
  /** Role to assume (assumed_role); required when the role allows several. */
  readonly role_arn?: string | undefined;
  /** At most 64 characters (longer is truncated by the engine). */
  readonly role_session_name?: string | undefined;
  /** Duration with a unit (`15m`) or seconds; STS types only. */
  readonly ttl?: string | number | undefined;
  /** One-time MFA code, when the role has `mfa_serial_number`. */
  readonly mfa_code?: string | undefined;
}

/** How credentials are asked for: GET carries parameters in the query, POST in a JSON body. */
interface GenerateOptions extends CallOptions {
  /** Default `GET`. */
  readonly method?: 'GET' | 'POST' | undefined;
  /** Default `creds`. */
  readonly path?: 'creds' | 'sts' | undefined;
}

/** Credential generation from dynamic roles. */
export interface CredentialCalls {
  /** `GET|POST /creds|sts/:role`. */
  generateCredentials(
    role: string,
    params?: GenerateCredentialParams,
    options?: GenerateOptions,
  ): Promise<GeneratedCredentials>;
  /** `GET /creds/:role` with `params` as the query string. */
  creds(role: string, params?: GenerateCredentialParams, options?: CallOptions): Promise<GeneratedCredentials>;
  /** `POST /sts/:role` with `params` as the JSON body. */
  sts(role: string, params?: GenerateCredentialParams, options?: CallOptions): Promise<GeneratedCredentials>;
}

/** The credential-generation calls of a client, built on its core. */
export function createCredentialCalls(core: ClientCore): CredentialCalls {
  async function generateCredentials(
    role: string,
    params: GenerateCredentialParams = {},
    options: GenerateOptions = {},
  ): Promise<GeneratedCredentials> {
    const method = options.method ?? 'GET';
    const path = core.mountPath(options.path ?? 'creds', role);
    assertValidName('role', role, method, path);
    const request: EngineRequest =
      method === 'GET'
        ? { method, path, query: { ...params }, options }
        : { method, path, body: definedOnly(params), options };
    return await core.call(request, (body, warnings) => parseGeneratedCredentials(body, warnings));
  }
  return {
    generateCredentials,
    creds: (role, params, options) => generateCredentials(role, params, { ...options, method: 'GET', path: 'creds' }),
    sts: (role, params, options) => generateCredentials(role, params, { ...options, method: 'POST', path: 'sts' }),
  };
}

/** Drops `undefined` entries so the JSON body holds only what the caller set. */
function definedOnly(params: GenerateCredentialParams): Record<string, string | number> {
  const result: Record<string, string | number> = {};
  const entries = Object.entries(params) as [string, string | number | undefined][];
  for (const [key, value] of entries) if (value !== undefined) result[key] = value;
  return result;
}
