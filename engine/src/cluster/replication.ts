import type { Store, StoreBackend, StoreOp } from '../state/store.ts';

/**
 * The active node's side of replication: a store backend that hands every committed batch of
 * changes (the journal's own `StoreOp`s) to the standbys, after the data directory (when there is
 * one) has made it durable. `index` counts the batches: it is the state `X-Vault-Index` names.
 */
export class ReplicationLog implements StoreBackend {
  #index = 0;
  readonly #replicas: Replica[] = [];

  constructor(private readonly durable: StoreBackend | undefined) {}

  /** The number of committed batches so far. */
  get index(): number {
    return this.#index;
  }

  /** Sends every later batch to `replica`. */
  add(replica: Replica): void {
    this.#replicas.push(replica);
  }

  async append(ops: readonly StoreOp[], snapshot: () => Record<string, Record<string, unknown>>): Promise<void> {
    if (this.durable) await this.durable.append(ops, snapshot);
    this.#index++;
    for (const replica of this.#replicas) replica.receive(this.#index, ops);
  }
}

/**
 * A standby's copy of the state: its own store, filled from the active node's snapshot at start,
 * that applies each batch `lagMs` after the active node committed it, in order. Table observers
 * keep every index (tokens by accessor, leases, cloud keys, parsed policies) in step.
 */
export class Replica {
  #applied: number;
  readonly #timers = new Set<NodeJS.Timeout>();

  constructor(
    private readonly store: Store,
    private readonly lagMs: number,
    startIndex: number,
  ) {
    this.#applied = startIndex;
  }

  /** The last batch this standby has applied. */
  get applied(): number {
    return this.#applied;
  }

  receive(index: number, ops: readonly StoreOp[]): void {
    // Timers of the same delay fire in the order they were set, so batches apply in order.
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.store.replay(ops);
      this.#applied = Math.max(this.#applied, index);
    }, this.lagMs);
    timer.unref();
    this.#timers.add(timer);
  }

  /** Drops batches not applied yet (at shutdown). */
  stop(): void {
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }
}
