/** Receives every change made to a table, so the store can persist it (and undo it). */
export interface ChangeSink {
  /** Called before `key` changes, while the table still holds the old record. */
  beforeChange(table: string, key: string): void;
  changed(table: string, key: string): void;
}

/** Sees every change of a table's rows, also loads, replays and rollbacks (for derived indexes). */
export type RowObserver<T> = (key: string, before: T | undefined, after: T | undefined) => void;

/**
 * One named map of records inside the store (roles, leases, cloud users...).
 *
 * Records are treated as immutable: change one with `set` (or `update`), never in place, so the
 * store knows which keys to write at the next commit.
 */
export class Table<T> {
  readonly #rows = new Map<string, T>();
  readonly #observers: RowObserver<T>[] = [];

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

  /** Calls `observer` on every later change of a row (indexes built beside the table). */
  observe(observer: RowObserver<T>): void {
    this.#observers.push(observer);
  }

  /** Stores `value` under `key` and marks it for persistence. */
  set(key: string, value: T): void {
    this.sink.beforeChange(this.name, key);
    this.#put(key, value);
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
    if (!this.#rows.has(key)) return false;
    this.sink.beforeChange(this.name, key);
    this.#remove(key);
    this.sink.changed(this.name, key);
    return true;
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
    this.#put(key, value);
  }

  /** Drops a record without marking it dirty (journal replay of a delete, a rollback). */
  unload(key: string): void {
    this.#remove(key);
  }

  #put(key: string, value: T): void {
    const before = this.#rows.get(key);
    this.#rows.set(key, value);
    for (const observe of this.#observers) observe(key, before, value);
  }

  #remove(key: string): void {
    const before = this.#rows.get(key);
    if (!this.#rows.delete(key)) return;
    for (const observe of this.#observers) observe(key, before, undefined);
  }
}
