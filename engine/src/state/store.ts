import { Table, type ChangeSink } from './table.ts';

const DONE: Promise<void> = Promise.resolve();

/** One persisted change: `[table, key, record]`, or `[table, key, null]` for a delete. */
export type StoreOp = readonly [string, string, unknown];

/** Where committed changes go (the journal of `--data-dir`); absent for in-memory engines. */
export interface StoreBackend {
  /** Makes `ops` durable; resolves only after they reached stable storage. */
  append(ops: readonly StoreOp[], snapshot: () => Record<string, Record<string, unknown>>): Promise<void>;
}

/**
 * All engine state as named tables, with group commit to an optional backend.
 *
 * Handlers change tables synchronously and the HTTP layer awaits `commit()` before it answers, so a
 * response is only sent once every change visible at that moment is durable. Changes made while a
 * write is in flight are batched into the next one.
 */
export class Store implements ChangeSink {
  readonly #tables = new Map<string, Table<unknown>>();
  readonly #dirty = new Map<string, Set<string>>();
  /** The committed record of each dirty key (`null`: absent), to undo a write that could not be made durable. */
  readonly #undo = new Map<string, Map<string, { readonly value: unknown } | null>>();
  readonly #rollbackListeners: (() => void)[] = [];
  #version = 0;
  #durable = 0;
  #flushing: Promise<void> | undefined;
  #backend: StoreBackend | undefined;

  /** The table called `name`, created on first use. */
  table<T>(name: string): Table<T> {
    let table = this.#tables.get(name);
    if (!table) {
      table = new Table<unknown>(name, this);
      this.#tables.set(name, table);
    }
    return table as Table<T>;
  }

  /** Attaches the persistence backend (after the state was loaded from it). */
  attach(backend: StoreBackend): void {
    this.#backend = backend;
  }

  /** Calls `listener` after a failed commit was rolled back (derived state outside tables re-reads them). */
  onRollback(listener: () => void): void {
    this.#rollbackListeners.push(listener);
  }

  /** ChangeSink: remembers the record before its first change since the last commit. */
  beforeChange(table: string, key: string): void {
    let undo = this.#undo.get(table);
    if (!undo) {
      undo = new Map();
      this.#undo.set(table, undo);
    }
    if (undo.has(key)) return;
    const rows = this.table<unknown>(table);
    undo.set(key, rows.has(key) ? { value: rows.get(key) } : null);
  }

  /** ChangeSink: remembers that `key` of `table` must be written. */
  changed(table: string, key: string): void {
    let keys = this.#dirty.get(table);
    if (!keys) {
      keys = new Set();
      this.#dirty.set(table, keys);
    }
    keys.add(key);
    this.#version++;
  }

  /** Resolves once every change made so far is durable (immediately without a backend). */
  commit(): Promise<void> {
    if (!this.#backend) {
      this.#dirty.clear();
      this.#undo.clear();
      this.#durable = this.#version;
      // Every in-memory request ends here: one settled promise for all of them.
      return DONE;
    }
    return this.#commitToBackend();
  }

  async #commitToBackend(): Promise<void> {
    const target = this.#version;
    while (this.#durable < target) {
      this.#flushing ??= this.#flush().finally(() => {
        this.#flushing = undefined;
      });
      await this.#flushing;
    }
  }

  async #flush(): Promise<void> {
    const version = this.#version;
    const { ops, undo } = this.#takeDirty();
    try {
      if (ops.length > 0 && this.#backend) await this.#backend.append(ops, () => this.snapshot());
      this.#durable = Math.max(this.#durable, version);
    } catch (error) {
      // Not durable (a full disk, an I/O error): the requests waiting for this commit answer an
      // error, so what they changed must not stay either. Undo it in memory; the store is back at
      // the last durable state and reads keep answering from it.
      this.#rollBack(undo);
      this.#durable = Math.max(this.#durable, version);
      throw error;
    }
  }

  #takeDirty(): { ops: StoreOp[]; undo: [string, string, { readonly value: unknown } | null][] } {
    const ops: StoreOp[] = [];
    const undo: [string, string, { readonly value: unknown } | null][] = [];
    for (const [name, keys] of this.#dirty) {
      const table = this.table<unknown>(name);
      const before = this.#undo.get(name);
      for (const key of keys) {
        ops.push([name, key, table.has(key) ? table.get(key) : null]);
        undo.push([name, key, before?.get(key) ?? null]);
        before?.delete(key);
      }
    }
    this.#dirty.clear();
    return { ops, undo };
  }

  #rollBack(undo: readonly [string, string, { readonly value: unknown } | null][]): void {
    for (const [name, key, before] of undo) {
      if (this.#dirty.get(name)?.has(key)) {
        // Changed again while the write was in flight: that change is still pending; if it fails
        // too, undo all the way back to the last durable record.
        this.#undo.get(name)?.set(key, before);
        continue;
      }
      const table = this.table<unknown>(name);
      if (before === null) table.unload(key);
      else table.load(key, before.value);
    }
    for (const listener of this.#rollbackListeners) listener();
  }

  /** Every table as plain objects (for a snapshot file). */
  snapshot(): Record<string, Record<string, unknown>> {
    const out: Record<string, Record<string, unknown>> = {};
    for (const [name, table] of this.#tables) out[name] = Object.fromEntries(table.entries());
    return out;
  }

  /** Loads tables from a snapshot without marking anything dirty. */
  loadSnapshot(tables: Record<string, Record<string, unknown>>): void {
    for (const [name, rows] of Object.entries(tables)) {
      const table = this.table<unknown>(name);
      for (const [key, value] of Object.entries(rows)) table.load(key, value);
    }
  }

  /** Replays journal operations without marking anything dirty. */
  replay(ops: readonly StoreOp[]): void {
    for (const [name, key, value] of ops) {
      const table = this.table<unknown>(name);
      if (value === null) table.unload(key);
      else table.load(key, value);
    }
  }
}

/**
 * A namespace's view of the store (`keyfob serve --namespace`): the same tables under a name prefix,
 * committed, persisted and rolled back with everything else.
 */
class ScopedStore extends Store {
  constructor(
    private readonly parent: Store,
    private readonly prefix: string,
  ) {
    super();
  }

  override table<T>(name: string): Table<T> {
    return this.parent.table<T>(`${this.prefix}${name}`);
  }

  override commit(): Promise<void> {
    return this.parent.commit();
  }

  override onRollback(listener: () => void): void {
    this.parent.onRollback(listener);
  }
}

/** The tables of namespace `name` inside `store` (prefix `ns/<name>/`). */
export function namespaceStore(store: Store, name: string): Store {
  return new ScopedStore(store, `ns/${name}/`);
}
