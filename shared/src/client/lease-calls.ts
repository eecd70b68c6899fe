import type { ClientCore } from './client-core.ts';
import type { CallOptions } from './engine-client-options.ts';
import { splitPathValue, systemPath } from './engine-path.ts';
import { parseLeaseInfo, parseRenewedLease, type LeaseInfo, type RenewedLease } from './parse-lease.ts';

/** Lease calls under `/v1/sys/leases` (outside the mount). */
export interface LeaseCalls {
  /** `PUT /v1/sys/leases/lookup`. An unknown lease is a 400 `invalid lease`. */
  lookupLease(leaseId: string, options?: CallOptions): Promise<LeaseInfo>;
  /** `PUT /v1/sys/leases/renew`; `incrementSeconds` asks for a new TTL (capped by `lease_max`). */
  renewLease(leaseId: string, incrementSeconds?: number, options?: CallOptions): Promise<RenewedLease>;
  /** `PUT /v1/sys/leases/revoke`: iam_user credentials are deleted; STS leases are a no-op. */
  revokeLease(leaseId: string, options?: CallOptions): Promise<void>;
  /** `PUT /v1/sys/leases/revoke-prefix/<prefix>`, e.g. `cloud/creds/deploy`. */
  revokeLeasePrefix(prefix: string, options?: CallOptions): Promise<void>;
}

/** The lease calls of a client, built on its core. */
export function createLeaseCalls(core: ClientCore): LeaseCalls {
  const leasePath = (action: string): string => systemPath('sys', 'leases', action);
  return {
    async lookupLease(leaseId, options) {
      const body = { lease_id: requireLeaseId(leaseId) };
      return await core.call({ method: 'PUT', path: leasePath('lookup'), body, options }, (answer) =>
        parseLeaseInfo(answer),
      );
    },
    async renewLease(leaseId, incrementSeconds, options) {
      const body = {
        lease_id: requireLeaseId(leaseId),
        ...(incrementSeconds === undefined ? {} : { increment: incrementSeconds }),
      };
      return await core.call({ method: 'PUT', path: leasePath('renew'), body, options }, (answer, warnings) =>
        parseRenewedLease(answer, leaseId, warnings),
      );
    },
    async revokeLease(leaseId, options) {
      const body = { lease_id: requireLeaseId(leaseId) };
      await core.send({ method: 'PUT', path: leasePath('revoke'), body, options });
    },
    async revokeLeasePrefix(prefix, options) {
      const segments = splitPathValue(prefix);
      if (segments.length === 0)
        throw new TypeError('revokeLeasePrefix needs a non-empty prefix such as "cloud/creds/deploy".');
      await core.send({ method: 'PUT', path: systemPath('sys', 'leases', 'revoke-prefix', ...segments), options });
    },
  };
}

function requireLeaseId(leaseId: string): string {
  if (leaseId.trim() === '') throw new TypeError('A lease id is required (the lease_id of issued credentials).');
  return leaseId;
}
