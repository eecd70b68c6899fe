import type { EngineClock } from '../clock.ts';
import { formatDuration } from '@keyfob/shared/duration';
import type { Store } from '../state/store.ts';
import type { Table } from '../state/table.ts';
import { DueHeap, PrefixIndex } from './lease-index.ts';

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

/**
 * What a revocation must undo in the cloud: undefined when there is nothing to undo (STS leases),
 * else the provider calls' promise, rejected when the provider refuses.
 */
export type Revoker = (lease: LeaseRecord) => Promise<void> | undefined;

/** The outcome of a renewal. */
export interface Renewal {
  readonly lease: LeaseRecord;
  readonly warning?: string;
}

/** When the tick must look at a lease: its expiry, or after a failed revocation its retry time. */
function dueAt(lease: LeaseRecord): number {
  return lease.retryAt !== undefined ? Math.max(lease.expiresAt, lease.retryAt) : lease.expiresAt;
}

/**
 * Leases: lookup, renewal capped at the max TTL, revocation (also by prefix and by token), and
 * expiry, which revokes exactly like an explicit revoke.
 *
 * Built for a million leases: beside the table, a prefix tree of ids (list and revoke-prefix in
 * O(depth + k)), an index of lease ids per token (revoking a token touches only its leases) and a
 * min-heap of due times (a tick with nothing due is O(1), each due lease O(log n)). The indexes
 * follow every change of the table, also journal replay and the rollback of a failed commit.
 */
export class LeaseManager {
  readonly #table: Table<LeaseRecord>;
  readonly #prefixes = new PrefixIndex();
  readonly #byToken = new Map<string, Set<string>>();
  readonly #due = new DueHeap();
  /** Revocations waiting on the provider, so concurrent revokes of one lease share one call. */
  readonly #revoking = new Map<string, Promise<void>>();
  revoker: Revoker = () => undefined;

  constructor(
    store: Store,
    private readonly clock: EngineClock,
  ) {
    this.#table = store.table<LeaseRecord>('leases');
    for (const [id, lease] of this.#table.entries()) this.#index(id, undefined, lease);
    this.#table.observe((id, before, after) => this.#index(id, before, after));
  }

  #index(id: string, before: LeaseRecord | undefined, after: LeaseRecord | undefined): void {
    if (!before && after) this.#prefixes.add(id);
    if (before && !after) this.#prefixes.remove(id);
    if (before?.token !== after?.token) {
      if (before?.token) {
        const ids = this.#byToken.get(before.token);
        ids?.delete(id);
        if (ids?.size === 0) this.#byToken.delete(before.token);
      }
      if (after?.token) {
        let ids = this.#byToken.get(after.token);
        if (!ids) this.#byToken.set(after.token, (ids = new Set()));
        ids.add(id);
      }
    }
    // A new due time gets its own heap entry; the old one goes stale and is skipped when popped.
    if (after && (!before || dueAt(before) !== dueAt(after))) this.#due.push(dueAt(after), id);
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

  /**
   * Revokes one lease; an unknown id is a no-op. Rejects with what the revoker throws (the lease
   * stays). The lease is deleted once the provider confirmed the revocation.
   */
  revoke(id: string): Promise<void> {
    try {
      return this.#revokeNow(id) ?? Promise.resolve();
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }

  /** Revokes every lease whose id starts with `prefix`, one after another; stops at the first failure. */
  async revokePrefix(prefix: string): Promise<number> {
    const ids = this.#prefixes.idsUnder(prefix);
    for (const id of ids) {
      const pending = this.#revokeNow(id);
      if (pending) await pending;
    }
    return ids.length;
  }

  /** Revokes the leases issued under a token (when the token is revoked or expires); failures are retried later. */
  async revokeByToken(tokenHash: string): Promise<void> {
    for (const id of [...(this.#byToken.get(tokenHash) ?? [])]) {
      const lease = this.#table.get(id);
      const outcome = lease && this.#revokeOrRetry(lease);
      if (outcome instanceof Promise) await outcome;
    }
  }

  /** Revokes expired leases; a failed revocation is retried 10 s later. Resolves to how many went. */
  async expire(now: number): Promise<number> {
    let count = 0;
    for (let top = this.#due.peek(); top !== undefined && top <= now; top = this.#due.peek()) {
      const entry = this.#due.pop();
      const lease = entry && this.#table.get(entry.id);
      // Stale entries (renewed, revoked, rescheduled) are skipped.
      if (!entry || !lease || dueAt(lease) !== entry.time) continue;
      const outcome = this.#revokeOrRetry(lease);
      if (outcome instanceof Promise ? await outcome : outcome) count++;
    }
    return count;
  }

  /** Number of leases held (expired ones not yet revoked included). */
  get size(): number {
    return this.#table.size;
  }

  /** Lease ids directly under `prefix` (a folder level ends with `/`), sorted. */
  list(prefix: string): string[] {
    const cut = prefix.lastIndexOf('/') + 1;
    const folder = prefix.slice(0, cut);
    const partial = prefix.slice(cut);
    const entries = this.#prefixes.list(folder);
    return partial === '' ? entries : entries.filter((e) => e.startsWith(partial)).map((e) => e.slice(partial.length));
  }

  /**
   * Starts the revocation of `id`: undefined when it completed at once (unknown id, nothing to undo
   * in the cloud), else the promise of the provider's answer. Throws what a synchronous revoker throws.
   */
  #revokeNow(id: string): Promise<void> | undefined {
    const running = this.#revoking.get(id);
    if (running) return running;
    const lease = this.#table.get(id);
    if (!lease) return undefined;
    const pending = this.revoker(lease);
    if (!pending) {
      this.#table.delete(id);
      return undefined;
    }
    const done = pending
      .then(() => {
        if (this.#table.has(id)) this.#table.delete(id);
      })
      .finally(() => this.#revoking.delete(id));
    this.#revoking.set(id, done);
    return done;
  }

  /** Revokes a lease, or keeps it for a retry when the provider refuses; a boolean when decided at once. */
  #revokeOrRetry(lease: LeaseRecord): boolean | Promise<boolean> {
    let pending: Promise<void> | undefined;
    try {
      pending = this.#revokeNow(lease.id);
    } catch {
      this.#retryLater(lease.id);
      return false;
    }
    if (!pending) return true;
    return pending.then(
      () => true,
      () => {
        this.#retryLater(lease.id);
        return false;
      },
    );
  }

  /**
   * Keeps a lease whose revocation failed and tries again shortly; clamps its expiry so the retry
   * happens even for a lease that was revoked early (its token went away).
   */
  #retryLater(id: string): void {
    const now = this.clock.now();
    const current = this.#table.get(id);
    if (current)
      this.#table.set(id, { ...current, expiresAt: Math.min(current.expiresAt, now), retryAt: now + 10_000 });
  }
}
