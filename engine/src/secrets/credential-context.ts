import type { Caller } from '../auth/token-store.ts';
import type { EngineCore } from '../engine-core.ts';
import type { CredentialRequestInput, CredentialType } from '../validation/validated.ts';
import type { MountData, NamedRole } from './mount-data.ts';

/** Everything one credentials request needs, resolved by generate-credentials.ts. */
export interface CredentialContext {
  readonly core: EngineCore;
  readonly mount: MountData;
  readonly role: NamedRole;
  readonly type: CredentialType;
  /** `creds` or `sts`: the lease id prefix. */
  readonly path: 'creds' | 'sts';
  readonly request: CredentialRequestInput;
  /** Seconds, after the role's default and cap. */
  readonly ttl: number;
  readonly caller: Caller;
}

/** Issued credentials: response data and the lease to register. */
export interface IssuedCredentials {
  readonly data: Record<string, unknown>;
  /** Engine milliseconds. */
  readonly expiresAt: number;
  readonly renewable: boolean;
  /** Renewal increment and cap (iam_user), seconds. */
  readonly leaseTtl: number;
  readonly leaseMaxExpiresAt: number;
  readonly userName?: string;
  /** Warnings for the response (a TTL capped at the mount maximum). */
  readonly warnings?: readonly string[];
}
