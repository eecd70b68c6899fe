import type { EngineClock } from '../clock.ts';
import { formatDuration } from '@keyfob/shared/duration';
import type { Store } from '../state/store.ts';
import type { Table } from '../state/table.ts';

/** A lease on issued credentials. Times are engine milliseconds. */
export interface LeaseRecord {
  /** `{mount}/creds|sts/<role>/<24 base62>`. */
  readonly id: string;
  readonly mount: string;
  readonly role: string;
  readonly credentialType: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
  readonly lastRenewal: number | null;
  readonly renewable: boolean;
  /** Renewal increment in seconds when none is asked for. */
  readonly ttl: number;
  /** Latest possible expiry (issue time + lease_max). */
  readonly maxExpiresAt: number;
  /** Hash of the token the lease was issued under; null for root tokens (never revoked with them). */
  readonly token: string | null;
  /** The IAM user to delete on revocation (iam_user leases). */
  readonly userName?: string;
  /** After a failed revocation, when to try again. */
  readonly retryAt?: number;
}

/** What a revocation must undo in the cloud; throws when the provider refuses. */
export type Revoker = (lease: LeaseRecord) => void;

/** The outcome of a renewal. */
export interface Renewal {
  readonly lease: LeaseRecord;
  readonly warning?: string;
}

/**
 * Leases: lookup, renewal capped at the max TTL, revocation (also by prefix and by token), and
 * expiry, which revokes exactly like an explicit revoke.
 */
export class LeaseManager {
  readonly #table: Table<LeaseRecord>;
  revoker: Revoker = () => undefined;

  constructor(
    store: Store,
    private readonly clock: EngineClock,
  ) {
    this.#table = store.table<LeaseRecord>('leases');
  }

  /** Records a new lease. */
  register(lease: LeaseRecord): void {
    this.#table.set(lease.id, lease);
  }

  /** The live lease with this id (expired ones count as gone). */
  get(id: string): LeaseRecord | undefined {
    const lease = this.#table.get(id);
    return lease && lease.expiresAt > this.clock.now() ? lease : undefined;
  }

  /** Renews by `increment` seconds (default: the lease's TTL), capped at its max; undefined when not renewable. */
  renew(lease: LeaseRecord, increment: number | undefined): Renewal {
    const now = this.clock.now();
    const wanted = increment !== undefined && increment > 0 ? increment : lease.ttl;
    let expiresAt = now + wanted * 1000;
    let warning: string | undefined;
    if (expiresAt > lease.maxExpiresAt) {
      expiresAt = lease.maxExpiresAt;
      const allowed = Math.max(0, Math.floor((lease.maxExpiresAt - now) / 1000));
      warning = `TTL of "${formatDuration(wanted)}" exceeded the effective max_ttl of "${formatDuration(allowed)}"; TTL value is capped accordingly`;
    }
    const renewed = { ...lease, expiresAt, lastRenewal: now };
    this.#table.set(lease.id, renewed);
    return warning ? { lease: renewed, warning } : { lease: renewed };
  }

  /** Revokes one lease; an unknown id is a no-op. Throws what the revoker throws (the lease stays). */
  revoke(id: string): void {
    const lease = this.#table.get(id);
    if (!lease) return;
    this.revoker(lease);
    this.#table.delete(id);
  }

  /** Revokes every lease whose id starts with `prefix`; stops at the first failure. */
  revokePrefix(prefix: string): number {
    const ids = this.#table.keys().filter((id) => id.startsWith(prefix));
    for (const id of ids) this.revoke(id);
    return ids.length;
  }

  /** Revokes the leases issued under a token (when the token is revoked or expires). */
  revokeByToken(tokenHash: string): void {
    for (const lease of this.#table.values()) if (lease.token === tokenHash) this.#revokeOrRetry(lease);
  }

  /** Revokes expired leases; a failed revocation is retried 10 s later. Returns how many went. */
  expire(now: number): number {
    let count = 0;
    for (const lease of this.#table.values()) {
      if (lease.expiresAt > now || (lease.retryAt !== undefined && lease.retryAt > now)) continue;
      if (this.#revokeOrRetry(lease)) count++;
    }
    return count;
  }

  /** Lease ids directly under `prefix` (a folder level ends with `/`), sorted. */
  list(prefix: string): string[] {
    const keys = new Set<string>();
    for (const id of this.#table.keys()) {
      if (!id.startsWith(prefix)) continue;
      const rest = id.slice(prefix.length);
      const slash = rest.indexOf('/');
      keys.add(slash < 0 ? rest : rest.slice(0, slash + 1));
    }
    return [...keys].sort();
  }

  #revokeOrRetry(lease: LeaseRecord): boolean {
    try {
      this.revoke(lease.id);
      return true;
    } catch {
      // Keep the lease and try again shortly; clamp its expiry so the retry happens even for a lease
      // that was revoked early (its token went away).
      const now = this.clock.now();
      this.#table.set(lease.id, { ...lease, expiresAt: Math.min(lease.expiresAt, now), retryAt: now + 10_000 });
      return false;
    }
  }
}
