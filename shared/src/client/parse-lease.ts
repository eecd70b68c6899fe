import { isRecord } from '../text/index.ts';
import { UnusableResponse, payloadOf, readBoolean, readNumber, readString, toIsoTime } from './read-fields.ts';

/** What `sys/leases/lookup` says about a lease. Times are ISO 8601 UTC. */
export interface LeaseInfo {
  readonly id: string;
  readonly issueTime: string | null;
  /** `null` for a lease that never expires. */
  readonly expireTime: string | null;
  readonly lastRenewal: string | null;
  readonly renewable: boolean;
  /** Seconds left. */
  readonly ttl: number;
}

/** The result of renewing a lease. */
export interface RenewedLease {
  readonly leaseId: string;
  /** Seconds the lease now lasts (capped by `lease_max`; see `warnings`). */
  readonly leaseDuration: number;
  readonly renewable: boolean;
  readonly warnings: readonly string[];
}

/** Reads `sys/leases/lookup`; times become ISO 8601 UTC. */
export function parseLeaseInfo(body: unknown): LeaseInfo {
  const data = payloadOf(body);
  const id = readString(data, 'id');
  if (!id) throw new UnusableResponse('missing "id"');
  return {
    id,
    issueTime: readTime(data, 'issue_time'),
    expireTime: readTime(data, 'expire_time'),
    lastRenewal: readTime(data, 'last_renewal'),
    renewable: readBoolean(data, 'renewable') ?? false,
    ttl: readNumber(data, 'ttl') ?? 0,
  };
}

/** Reads `sys/leases/renew` (lease fields at the top level of the envelope). */
export function parseRenewedLease(body: unknown, requestedId: string, warnings: readonly string[]): RenewedLease {
  const envelope = isRecord(body) ? body : {};
  return {
    leaseId: readString(envelope, 'lease_id') || requestedId,
    leaseDuration: readNumber(envelope, 'lease_duration') ?? 0,
    renewable: readBoolean(envelope, 'renewable') ?? false,
    warnings,
  };
}

function readTime(data: Readonly<Record<string, unknown>>, key: string): string | null {
  const text = readString(data, key);
  return text ? toIsoTime(text) : null;
}
