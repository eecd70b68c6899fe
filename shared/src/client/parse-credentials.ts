import { isRecord } from '../text/index.ts';
import { payloadOf, readBoolean, readNumber, readSeconds, readString, requireString } from './read-fields.ts';

/** Credentials issued from a role by `/creds` or `/sts`. */
export interface GeneratedCredentials {
  readonly accessKey: string;
  readonly secretKey: string;
  /** `null` for iam_user credentials, which carry no session token. */
  readonly sessionToken: string | null;
  /** The assumed-role identity (assumed_role only). */
  readonly arn?: string;
  /** Lease to renew or revoke; `''` when the engine sent none. */
  readonly leaseId: string;
  /** Seconds the lease lasts (0 when the engine sent none). */
  readonly leaseDuration: number;
  /** iam_user leases are renewable; STS leases are not. */
  readonly renewable: boolean;
  /** Seconds of validity the engine reports in `data.ttl` (STS types). */
  readonly ttl?: number;
  readonly warnings: readonly string[];
}

/**
 * Reads issued credentials. Accepts `session_token` (seed 1, newer Vault) or `security_token`
 * (OpenBao and older Vault); the lease fields sit at the top level of the envelope.
 */
export function parseGeneratedCredentials(body: unknown, warnings: readonly string[]): GeneratedCredentials {
  const data = payloadOf(body);
  const envelope = isRecord(body) ? body : {};
  const arn = readString(data, 'arn');
  const ttl = readSeconds(data, 'ttl');
  return {
    accessKey: requireString(data, 'access_key'),
    secretKey: requireString(data, 'secret_key'),
    sessionToken: readString(data, 'session_token', 'security_token') || null,
    ...(arn ? { arn } : {}),
    leaseId: readString(envelope, 'lease_id') ?? '',
    leaseDuration: readNumber(envelope, 'lease_duration') ?? 0,
    renewable: readBoolean(envelope, 'renewable') ?? false,
    ...(ttl === undefined ? {} : { ttl }),
    warnings,
  };
}
