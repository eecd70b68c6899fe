/** Receives every change made to a table, so the store can persist it. */
export interface ChangeSink {
  changed(table: string, key: string): void;
}

/**
 * One named map of records inside the store (roles, leases, cloud users...).
 *
 * Records are treated as immutable: change one with `set` (or `update`), never in place, so the
 * store knows which keys to write at the next commit.
 */
export class Table<T> {
  readonly #rows = new Map<string, T>();

  constructor(
    readonly name: string,
    private readonly sink: ChangeSink,
  ) {}

  /** The record under `key`, if any. */
  get(key: string): T | undefined {
    return this.#rows.get(key);
  }

  /** True when `key` holds a record. */
  has(key: string): boolean {
    return this.#rows.has(key);
  }

  /** Stores `value` under `key` and marks it for persistence. */
  set(key: string, value: T): void {
    this.#rows.set(key, value);
    this.sink.changed(this.name, key);
  }

  /** Replaces the record under `key` with `change(old)`; does nothing when absent. Returns the new record. */
  update(key: string, change: (old: T) => T): T | undefined {
    const old = this.#rows.get(key);
    if (old === undefined) return undefined;
    const next = change(old);
    this.set(key, next);
    return next;
  }

  /** Removes `key`; returns whether it existed. */
  delete(key: string): boolean {
    const existed = this.#rows.delete(key);
    if (existed) this.sink.changed(this.name, key);
    return existed;
  }

  /** Number of records. */
  get size(): number {
    return this.#rows.size;
  }

  /** Keys in insertion order. */
  keys(): string[] {
    return [...this.#rows.keys()];
  }

  /** Records in insertion order. */
  values(): T[] {
    return [...this.#rows.values()];
  }

  /** Key/record pairs in insertion order. */
  entries(): [string, T][] {
    return [...this.#rows.entries()];
  }

  /** Loads a record without marking it dirty (used when reading state back from disk). */
  load(key: string, value: T): void {
    this.#rows.set(key, value);
  }

  /** Drops a record without marking it dirty (journal replay of a delete). */
  unload(key: string): void {
    this.#rows.delete(key);
  }
}
