import { isRecord } from '../text/index.ts';
import {
  UnusableResponse,
  payloadOf,
  readBoolean,
  readNumber,
  readString,
  readStringList,
  readStringMap,
} from './read-fields.ts';

/** A token issued by a login or by `auth/token/create`. `clientToken` is a secret. */
export interface AuthResult {
  readonly clientToken: string;
  readonly accessor: string;
  /** Seconds the token lives (0: no expiry). */
  readonly leaseDuration: number;
  readonly renewable: boolean;
  readonly policies: readonly string[];
  readonly metadata: Readonly<Record<string, string>>;
  /**
   * `batch`: not renewable, no accessor, cannot be revoked (a `token_type: batch` role); leases made
   * with it end when it does. Make no renew or revoke-self call with one.
   */
  readonly tokenType: 'service' | 'batch';
}

/** What `auth/token/lookup-self` says about the current token. The token itself is left out. */
export interface TokenInfo {
  readonly accessor: string;
  readonly displayName: string;
  readonly policies: readonly string[];
  /** Seconds left (0: no expiry). */
  readonly ttl: number;
  readonly expireTime: string | null;
  readonly renewable: boolean;
}

/** Reads the `auth` block of a login or token-create response. */
export function parseAuth(body: unknown): AuthResult {
  const auth = isRecord(body) && isRecord(body.auth) ? body.auth : undefined;
  if (auth === undefined) throw new UnusableResponse('missing "auth"');
  const clientToken = readString(auth, 'client_token');
  if (!clientToken) throw new UnusableResponse('missing "auth.client_token"');
  return {
    clientToken,
    accessor: readString(auth, 'accessor') ?? '',
    leaseDuration: readNumber(auth, 'lease_duration') ?? 0,
    renewable: readBoolean(auth, 'renewable') ?? false,
    policies: readStringList(auth, 'policies'),
    metadata: readStringMap(auth, 'metadata'),
    // Vault's batch tokens start with `hvb.` (1.10+); the answer's token_type says it for every engine.
    tokenType: readString(auth, 'token_type') === 'batch' || clientToken.startsWith('hvb.') ? 'batch' : 'service',
  };
}

/** Reads `auth/token/lookup-self`; `data.id` (the token itself) is deliberately not kept. */
export function parseTokenInfo(body: unknown): TokenInfo {
  const data = payloadOf(body);
  return {
    accessor: readString(data, 'accessor') ?? '',
    displayName: readString(data, 'display_name') ?? '',
    policies: readStringList(data, 'policies'),
    ttl: readNumber(data, 'ttl') ?? 0,
    expireTime: readString(data, 'expire_time') || null,
    renewable: readBoolean(data, 'renewable') ?? false,
  };
}
