import { firstAtOrAfter } from './ordered.ts';
import { TextMarkers } from './text-markers.ts';

/**
 * The key of one reader's per-text data kept on a scan's `Lines` (`Lines.memo`): made once at module level by the
 * reader (`const BODIES = memoKey<Map<…>>('jq function bodies')`), its type the data's.
 */
export interface MemoKey<T> {
  readonly name: string;
  /** The key's index among a `Lines`' data (`memo`): the keys made so far, in order. */
  readonly id: number;
  /** Never set: carries the data's type. */
  readonly type?: T;
}

/** How many keys `memoKey` has made (the next key's `id`). */
let memoKeys = 0;

/**
 * A new key for `Lines.memo` (each call a distinct key; `name` only for a reader of the code). Made once, at a module's
 * top level: each key takes the next slot of every text's memo array, so a key made per scan or per call would grow
 * those arrays without bound.
 */
export function memoKey<T>(name: string): MemoKey<T> {
  return { name, id: memoKeys++ };
}

/** What `Lines.memo` holds for data built as `undefined` (a hole of its array is data not built yet). */
const BUILT_UNDEFINED = Symbol('built undefined');

/**
 * Line starts of a text, found on demand with `indexOf` (native) and cached, so a scan that
 * only needs lines near its hits never pays for a separate character loop.
 */
export class Lines {
  readonly #text: string;
  /**
   * The line starts found so far (`#count` of them), in an array made at about the size the whole text needs
   * (LINE_ROOM): pushed onto from one element, a table grew through about ten copies of itself (each text's table
   * was about 4% of the scan's allocation over history-real); past its room it grows by pushes as before. Only
   * `all` hands it out, trimmed to its count.
   */
  readonly #starts: number[];
  #count = 1;
  #scanned = 0;
  /** Last answer of `lineOf`: hits arrive mostly in order, so the next answer is usually nearby. */
  #last = 0;
  #markers: TextMarkers | undefined;
  /**
   * The readers' per-text data (`memo`), by their key's `id`: an array read by index, not a map keyed by the key
   * object (a look-up and a membership test a call, about half of `memo`'s own time).
   */
  #memos: unknown[] | undefined;

  /** `markers`: the text's markers from an earlier scan of it (`scanProject`'s second pass), searched once for both. */
  constructor(text: string, markers?: TextMarkers) {
    this.#text = text;
    this.#markers = markers;
    this.#starts = new Array<number>(Math.min(MAX_ROOM, Math.floor(text.length / LINE_ROOM) + 16));
    this.#starts[0] = 0;
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
    const memos = (this.#memos ??= []);
    const found = memos[key.id];
    if (found !== undefined) return (found === BUILT_UNDEFINED ? undefined : found) as T;
    const made = build();
    memos[key.id] = made === undefined ? BUILT_UNDEFINED : made;
    return made;
  }

  /**
   * A reader's answer at one place of this text (an offset or a line: `at`), built by `build` on the first ask for that
   * place and kept, undefined too: `memo`'s per-place form, the answers held in one map under `key`. For a reader asked
   * the same place many times a scan (each URL of a line asking about the line: time growing with their count squared).
   * `build` must not ask the same place again (it would be built again, not found).
   */
  memoAt<T>(key: MemoKey<Map<number, T>>, at: number, build: () => T): T {
    const answers = this.memo(key, () => new Map<number, T>());
    const held = answers.get(at);
    if (held !== undefined || answers.has(at)) return held as T;
    const made = build();
    answers.set(at, made);
    return made;
  }

  /** 0-based line of an offset. */
  lineOf(offset: number): number {
    this.#extendTo(offset);
    const starts = this.#starts;
    const count = this.#count;
    const last = this.#last;
    if ((starts[last] ?? 0) <= offset && (last + 1 >= count || (starts[last + 1] ?? 0) > offset)) return last;
    // The last line starting at or before the offset: the one before the first starting after it (line 0 starts at 0).
    const line = Math.max(0, firstAtOrAfter(starts, offset + 1, count) - 1);
    this.#last = line;
    return line;
  }

  /** Every line's start offset, in order (the whole text read). */
  all(): readonly number[] {
    this.#extendTo(this.#text.length);
    // The whole text is read: no line is added after, and the room left over is given back (trimmed in place).
    if (this.#starts.length !== this.#count) this.#starts.length = this.#count;
    return this.#starts;
  }

  /** Offset where a 0-based line starts (clamped to the last line). */
  startOf(line: number): number {
    while (this.#count <= line && this.#scanned < this.#text.length) this.#extendTo(this.#scanned);
    return this.#starts[Math.max(0, Math.min(line, this.#count - 1))] ?? 0;
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
    let count = this.#count;
    let scanned = this.#scanned;
    while (scanned <= offset && scanned < text.length) {
      const i = text.indexOf('\n', scanned);
      scanned = i === -1 ? text.length : i + 1;
      if (i !== -1) starts[count++] = scanned;
    }
    this.#count = count;
    this.#scanned = scanned;
  }
}

/**
 * A text's line table is made with room for one line in this many characters (history-real's lines average 35
 * characters; a text of longer lines leaves room over, one of shorter lines grows its table past it).
 */
const LINE_ROOM = 32;

/**
 * At most this much room is made at first (a text past 256 KB grows its table past it as it is read): a table made
 * at its full size for a text of millions of characters (a minified bundle of one line) would be mostly room, and an
 * array past 128 KB (16,384 elements) is made in the large-object space, one mapping each.
 */
const MAX_ROOM = 1 << 13;
