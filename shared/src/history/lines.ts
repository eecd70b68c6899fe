import { TextMarkers } from './text-markers.ts';

/**
 * The key of one reader's per-text data kept on a scan's `Lines` (`Lines.memo`): made once at module level by the
 * reader (`const BODIES = memoKey<Map<…>>('jq function bodies')`), its type the data's.
 */
export interface MemoKey<T> {
  readonly name: string;
  /** Never set: carries the data's type. */
  readonly type?: T;
}

/** A new key for `Lines.memo` (each call a distinct key; `name` only for a reader of the code). */
export function memoKey<T>(name: string): MemoKey<T> {
  return { name };
}

/**
 * Line starts of a text, found on demand with `indexOf` (native) and cached, so a scan that
 * only needs lines near its hits never pays for a separate character loop.
 */
export class Lines {
  readonly #text: string;
  readonly #starts: number[] = [0];
  #scanned = 0;
  /** Last answer of `lineOf`: hits arrive mostly in order, so the next answer is usually nearby. */
  #last = 0;
  #markers: TextMarkers | undefined;
  /** The readers' per-text data (`memo`). */
  #memos: Map<MemoKey<unknown>, unknown> | undefined;

  /** `markers`: the text's markers from an earlier scan of it (`scanProject`'s second pass), searched once for both. */
  constructor(text: string, markers?: TextMarkers) {
    this.#text = text;
    this.#markers = markers;
  }

  /** The readers' gates' markers of this text (`text-markers.ts`): each searched once per scan (once per project scan). */
  get markers(): TextMarkers {
    return (this.#markers ??= new TextMarkers(this.#text));
  }

  /**
   * A reader's data derived from this text (`key`'s), built by `build` on the first ask and kept as long as this
   * `Lines`: one scan's (`scanText`, or one file of one `scanProject` call). Every reader of the scan shares it;
   * no module-level cache keeps a text's data from one scan call to the next (a second scan of a text builds
   * its data again). `build` must read only the text (and what the key's reader holds constant).
   */
  memo<T>(key: MemoKey<T>, build: () => T): T {
    const memos = (this.#memos ??= new Map<MemoKey<unknown>, unknown>());
    const found = memos.get(key);
    if (found !== undefined || memos.has(key)) return found as T;
    const made = build();
    memos.set(key, made);
    return made;
  }

  /** 0-based line of an offset. */
  lineOf(offset: number): number {
    this.#extendTo(offset);
    const starts = this.#starts;
    const last = this.#last;
    if ((starts[last] ?? 0) <= offset && (last + 1 >= starts.length || (starts[last + 1] ?? 0) > offset)) return last;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    this.#last = lo;
    return lo;
  }

  /** Every line's start offset, in order (the whole text read). */
  all(): readonly number[] {
    this.#extendTo(this.#text.length);
    return this.#starts;
  }

  /** Offset where a 0-based line starts (clamped to the last line). */
  startOf(line: number): number {
    while (this.#starts.length <= line && this.#scanned < this.#text.length) this.#extendTo(this.#scanned);
    return this.#starts[Math.max(0, Math.min(line, this.#starts.length - 1))] ?? 0;
  }

  /** Offset where a 0-based line ends (before its newline). */
  endOf(line: number): number {
    const next = this.startOf(line + 1);
    return next > this.startOf(line) ? next - 1 : this.#text.length;
  }

  #extendTo(offset: number): void {
    if (this.#scanned > offset) return;
    const text = this.#text;
    const starts = this.#starts;
    let scanned = this.#scanned;
    while (scanned <= offset && scanned < text.length) {
      const i = text.indexOf('\n', scanned);
      scanned = i === -1 ? text.length : i + 1;
      if (i !== -1) starts.push(scanned);
    }
    this.#scanned = scanned;
  }
}
