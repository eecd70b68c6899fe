/**
 * Lease ids as a tree of path segments (`cloud` → `creds` → `deploy` → `<id>`), so listing one
 * folder and finding every id under a prefix cost O(depth + k) instead of a scan of all leases.
 */
export class PrefixIndex {
  readonly #root: Folder = new Map();

  add(id: string): void {
    let folder = this.#root;
    const parts = id.split('/');
    const leaf = parts.pop() ?? '';
    for (const part of parts) {
      let next = folder.get(part);
      if (next === undefined || next === LEAF) {
        next = new Map();
        folder.set(part, next);
      }
      folder = next;
    }
    folder.set(leaf, LEAF);
  }

  remove(id: string): void {
    const parts = id.split('/');
    const path: Folder[] = [this.#root];
    for (const part of parts.slice(0, -1)) {
      const next = path[path.length - 1]?.get(part);
      if (next === undefined || next === LEAF) return;
      path.push(next);
    }
    path[path.length - 1]?.delete(parts[parts.length - 1] ?? '');
    // Drop folders left empty, deepest first.
    for (let i = path.length - 1; i > 0; i--) {
      if ((path[i]?.size ?? 1) > 0) break;
      path[i - 1]?.delete(parts[i - 1] ?? '');
    }
  }

  /** Entries directly under `prefix` (which ends with `/` or is empty): ids and `sub/` folders, sorted. */
  list(prefix: string): string[] {
    const folder = this.#folder(prefix.split('/').slice(0, -1));
    if (!folder) return [];
    return [...folder].map(([name, node]) => (node === LEAF ? name : `${name}/`)).sort();
  }

  /** Every id starting with `prefix` (any string: a partial last segment matches by its start). */
  idsUnder(prefix: string): string[] {
    const parts = prefix.split('/');
    const partial = parts.pop() ?? '';
    const folder = this.#folder(parts);
    if (!folder) return [];
    const base = parts.length > 0 ? `${parts.join('/')}/` : '';
    const out: string[] = [];
    for (const [name, node] of folder) if (name.startsWith(partial)) collect(node, base + name, out);
    return out;
  }

  #folder(parts: readonly string[]): Folder | undefined {
    let folder: Folder = this.#root;
    for (const part of parts) {
      const next = folder.get(part);
      if (next === undefined || next === LEAF) return undefined;
      folder = next;
    }
    return folder;
  }
}

const LEAF = 0;
type Folder = Map<string, Folder | typeof LEAF>;

function collect(node: Folder | typeof LEAF, path: string, out: string[]): void {
  if (node === LEAF) {
    out.push(path);
    return;
  }
  for (const [name, child] of node) collect(child, `${path}/${name}`, out);
}

/**
 * A min-heap of (due time, id) for the expiry tick: popping what is due costs O(log n) each, and a
 * tick with nothing due is O(1). Entries go stale when a lease is renewed, revoked or retried; the
 * caller checks each popped entry against the lease and skips stale ones (lazy deletion).
 */
export class DueHeap {
  readonly #times: number[] = [];
  readonly #ids: string[] = [];

  get size(): number {
    return this.#times.length;
  }

  push(time: number, id: string): void {
    this.#times.push(time);
    this.#ids.push(id);
    let i = this.#times.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if ((this.#times[parent] ?? 0) <= time) break;
      this.#swap(i, parent);
      i = parent;
    }
  }

  /** The earliest due time, or undefined when empty. */
  peek(): number | undefined {
    return this.#times[0];
  }

  /** Removes and returns the earliest entry. */
  pop(): { time: number; id: string } | undefined {
    const time = this.#times[0];
    const id = this.#ids[0];
    if (time === undefined || id === undefined) return undefined;
    const lastTime = this.#times.pop() ?? 0;
    const lastId = this.#ids.pop() ?? '';
    if (this.#times.length > 0) {
      this.#times[0] = lastTime;
      this.#ids[0] = lastId;
      this.#siftDown();
    }
    return { time, id };
  }

  #siftDown(): void {
    const n = this.#times.length;
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < n && (this.#times[left] ?? 0) < (this.#times[least] ?? 0)) least = left;
      if (right < n && (this.#times[right] ?? 0) < (this.#times[least] ?? 0)) least = right;
      if (least === i) return;
      this.#swap(i, least);
      i = least;
    }
  }

  #swap(a: number, b: number): void {
    const t = this.#times[a] ?? 0;
    this.#times[a] = this.#times[b] ?? 0;
    this.#times[b] = t;
    const s = this.#ids[a] ?? '';
    this.#ids[a] = this.#ids[b] ?? '';
    this.#ids[b] = s;
  }
}
