import type { EngineClock } from '../clock.ts';
import { hashToken, newAccessor, newBatchToken, newServiceToken } from '../ids.ts';
import type { Store } from '../state/store.ts';
import type { Table } from '../state/table.ts';

/** A stored token. The token itself is never stored: records are keyed by its SHA-256. */
export interface TokenRecord {
  readonly accessor: string;
  readonly displayName: string;
  readonly policies: readonly string[];
  readonly meta: Readonly<Record<string, string>> | null;
  /** Engine milliseconds. */
  readonly createdAt: number;
  /** Engine milliseconds; null = never expires (root). */
  readonly expiresAt: number | null;
  /** Creation TTL in seconds (0 for root). */
  readonly ttl: number;
  /** Engine milliseconds; null = no explicit cap. */
  readonly maxExpiresAt: number | null;
  readonly renewable: boolean;
  readonly root: boolean;
  /** Creation path, e.g. `auth/token/create`, `auth/jwt/login`. */
  readonly path: string;
  readonly parent: string | null;
  /** Addresses and CIDR blocks the token may be used from (absent or empty: any). */
  readonly boundCidrs?: readonly string[];
  /** `batch`: not renewable, no accessor, cannot be revoked by hand (absent: a service token). */
  readonly type?: 'batch';
}

/** An authenticated caller: the token's hash and record. */
export interface Caller {
  readonly hash: string;
  readonly record: TokenRecord;
}

/** How to make a token. */
export interface NewToken {
  readonly displayName: string;
  readonly policies: readonly string[];
  readonly meta?: Readonly<Record<string, string>> | null;
  /** Seconds; 0 = no expiry (root tokens only). */
  readonly ttl: number;
  readonly explicitMaxTtl?: number;
  readonly renewable?: boolean;
  readonly root?: boolean;
  readonly path: string;
  readonly parent?: string | null;
  /** Addresses and CIDR blocks the token may be used from; empty or absent: any. */
  readonly boundCidrs?: readonly string[];
  /** Use this token text instead of a random one (`--root-token`). */
  readonly token?: string;
  /** `batch` for a batch token (not renewable, no accessor); default a service token. */
  readonly type?: 'service' | 'batch';
}

/**
 * Tokens: creation, lookup with expiry by the engine clock, revocation (children first, then the
 * leases issued under the token, through `onRevoke`).
 */
export class TokenStore {
  readonly #table: Table<TokenRecord>;
  readonly #byAccessor = new Map<string, string>();
  /** Revokes the leases issued under a token; their revocation may wait on the provider. */
  onRevoke: (hash: string) => Promise<void> | undefined = () => undefined;

  constructor(
    store: Store,
    private readonly clock: EngineClock,
  ) {
    this.#table = store.table<TokenRecord>('tokens');
    for (const [hash, record] of this.#table.entries())
      if (record.accessor !== '') this.#byAccessor.set(record.accessor, hash);
    // Every change keeps the accessor index, also rollbacks and replicated changes (cluster standbys).
    this.#table.observe((hash, before, after) => {
      if (before) this.#byAccessor.delete(before.accessor);
      if (after && after.accessor !== '') this.#byAccessor.set(after.accessor, hash);
    });
  }

  /** Creates a token and returns its text (shown once) with the record. */
  create(input: NewToken): { token: string; caller: Caller } {
    const batch = input.type === 'batch';
    const token = input.token ?? (batch ? newBatchToken() : newServiceToken());
    const now = this.clock.now();
    const maxExpiresAt = input.explicitMaxTtl ? now + input.explicitMaxTtl * 1000 : null;
    let expiresAt = input.ttl > 0 ? now + input.ttl * 1000 : null;
    if (maxExpiresAt !== null && (expiresAt === null || expiresAt > maxExpiresAt)) expiresAt = maxExpiresAt;
    const record: TokenRecord = {
      // A batch token has no accessor (the real engine answers ""), so nothing can look it up by one.
      accessor: batch ? '' : newAccessor(),
      displayName: input.displayName,
      policies: input.policies,
      meta: input.meta ?? null,
      createdAt: now,
      expiresAt,
      ttl: input.ttl,
      maxExpiresAt,
      renewable: !batch && (input.renewable ?? input.ttl > 0),
      root: input.root ?? false,
      path: input.path,
      parent: input.parent ?? null,
      ...(input.boundCidrs && input.boundCidrs.length > 0 ? { boundCidrs: input.boundCidrs } : {}),
      ...(batch ? { type: 'batch' as const } : {}),
    };
    const hash = hashToken(token);
    this.#table.set(hash, record);
    return { token, caller: { hash, record } };
  }

  /** The live caller behind a token text; an expired token is revoked on the spot. */
  authenticate(token: string | undefined): Caller | undefined {
    if (!token) return undefined;
    const hash = hashToken(token);
    const record = this.#table.get(hash);
    if (!record) return undefined;
    if (record.expiresAt !== null && record.expiresAt <= this.clock.now()) {
      // The token is gone now; its leases follow in the background (a failed one is retried by expiry).
      void this.revoke(hash);
      return undefined;
    }
    return { hash, record };
  }

  /**
   * The live caller behind a batch token only. The real engine's batch tokens carry their own
   * record (encrypted), so every node of a cluster reads them at once, before any replication: a
   * standby asks the active node's store for them (`keyfob serve --nodes`).
   */
  authenticateBatch(token: string | undefined): Caller | undefined {
    const caller = this.authenticate(token);
    return caller?.record.type === 'batch' ? caller : undefined;
  }

  /** True while the token under `hash` is stored (expired ones go at the next expiry pass). */
  has(hash: string): boolean {
    return this.#table.has(hash);
  }

  /** The live caller behind an accessor (for `sys/capabilities-accessor`). */
  byAccessor(accessor: string): Caller | undefined {
    const hash = this.#byAccessor.get(accessor);
    const record = hash === undefined ? undefined : this.#table.get(hash);
    if (hash === undefined || !record) return undefined;
    if (record.expiresAt !== null && record.expiresAt <= this.clock.now()) return undefined;
    return { hash, record };
  }

  /**
   * Extends a token's life by `increment` seconds (or its creation TTL), never past its explicit
   * max nor the system maximum counted from its creation (`maxLifeSeconds`), as the real engine
   * renews. `capped` has the asked and the allowed seconds when the cap cut the renewal.
   */
  renew(
    hash: string,
    increment: number | undefined,
    maxLifeSeconds: number,
  ): { record: TokenRecord; capped?: { asked: number; allowed: number } } | undefined {
    const old = this.#table.get(hash);
    if (!old) return undefined;
    const now = this.clock.now();
    const asked = increment !== undefined && increment > 0 ? increment : old.ttl;
    const limit = Math.min(old.maxExpiresAt ?? Infinity, old.createdAt + maxLifeSeconds * 1000);
    const wanted = now + asked * 1000;
    const record = { ...old, expiresAt: Math.min(wanted, limit) };
    this.#table.set(hash, record);
    return wanted > limit
      ? { record, capped: { asked, allowed: Math.max(0, Math.floor(limit / 1000) - Math.floor(now / 1000)) } }
      : { record };
  }

  /**
   * Revokes a token and its children at once; resolves when the leases issued under them were
   * revoked (through `onRevoke`; a lease the provider would not revoke is retried by lease expiry).
   */
  revoke(hash: string): Promise<void> {
    const pending: Promise<void>[] = [];
    this.#revokeTree(hash, pending);
    return Promise.all(pending).then(() => undefined);
  }

  #revokeTree(hash: string, pending: Promise<void>[]): void {
    const record = this.#table.get(hash);
    if (!record) return;
    for (const [childHash, child] of this.#table.entries())
      if (child.parent === hash) this.#revokeTree(childHash, pending);
    this.#table.delete(hash);
    const leases = this.onRevoke(hash);
    if (leases) pending.push(leases);
  }

  /** Revokes every token whose expiry passed; resolves to how many, once their leases were revoked. */
  async expire(now: number): Promise<number> {
    let count = 0;
    const pending: Promise<void>[] = [];
    for (const [hash, record] of this.#table.entries()) {
      if (record.expiresAt !== null && record.expiresAt <= now && this.#table.has(hash)) {
        this.#revokeTree(hash, pending);
        count++;
      }
    }
    await Promise.all(pending);
    return count;
  }

  /** True when a root token is stored (a data directory's, from an earlier start). */
  hasRootToken(): boolean {
    for (const record of this.#table.values()) if (record.root) return true;
    return false;
  }

  /** Forgets earlier root tokens without touching their leases (before a new or given root token is made). */
  dropRootTokens(): void {
    for (const [hash, record] of this.#table.entries()) {
      if (record.root) {
        this.#table.delete(hash);
      }
    }
  }
}
