import { memoKey, type Lines } from './lines.ts';
import { firstAtOrAfter } from './ordered.ts';

/** Which brackets a reader counts: braces alone, or braces, parentheses and square brackets alike (any closes any). */
export type BracketKinds = 'braces' | 'all';

/**
 * Reads text[from, stop) once with a stack of open brackets (brackets in strings counted too), calling
 * `closed(open, close, depth)` for each bracket closed, where `depth` is how many stay open; a close with
 * none open is passed over. Stops after a `closed` that returns true. Returns the brackets still open.
 */
export function readBrackets(
  text: string,
  from: number,
  stop: number,
  kinds: BracketKinds,
  closed: (open: number, close: number, depth: number) => boolean | void,
): number[] {
  const open: number[] = [];
  const all = kinds === 'all';
  for (let i = from; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c === 123 || (all && (c === 40 || c === 91))) open.push(i);
    else if ((c === 125 || (all && (c === 41 || c === 93))) && open.length > 0) {
      if (closed(open.pop()!, i, open.length) === true) break;
    }
  }
  return open;
}

/** How far an object literal (a query object, a payload) or a signature's parameters are read for the closing bracket. */
export const MAX_LITERAL = 4_000;

/** The bracket closing the one at `open`, read within `limit` characters from it, or -1. */
export function matchingClose(text: string, open: number, limit: number, kinds: BracketKinds = 'all'): number {
  if (kinds === 'braces') return closingBrace(text, open, Math.min(text.length, open + limit));
  let found = -1;
  readBrackets(text, open, Math.min(text.length, open + limit), kinds, (_, close, depth) => {
    if (depth === 0) found = close;
    return depth === 0;
  });
  return found;
}

/**
 * `matchingClose` for braces alone: the same count, each brace found by native search (a long body read
 * character by character cost several times more).
 */
function closingBrace(text: string, from: number, stop: number): number {
  let depth = 0;
  let open = text.indexOf('{', from);
  let close = text.indexOf('}', from);
  for (;;) {
    if (open !== -1 && open < stop && (close === -1 || open < close)) {
      depth++;
      open = text.indexOf('{', open + 1);
    } else if (close !== -1 && close < stop) {
      if (depth > 0 && --depth === 0) return close;
      close = text.indexOf('}', close + 1);
    } else return -1;
  }
}

/**
 * Every opening bracket of a text (`{` alone, or all three kinds: `BracketKinds`) with the one closing it, counted as
 * `matchingClose` counts them (strings and comments too), read once: a reader asking about each of many heads (a model
 * reader, a struct for each `type T struct {`) walked each body to its close again, and a head left open to the text's
 * end (or to its limit) read all of that once per head, so a text of many unclosed heads took time growing with their
 * count squared. An open bracket's close by a global stack is the one a count from it finds: what was left open or
 * closed before it is below it on the stack.
 */
export class BracketPairs {
  /**
   * The offset of each opening bracket, in order: plain arrays of small integers, made on the heap (a typed array of
   * 64 was made off it, its store allocated apart: the two of each text, and each doubling past them, were about 1%
   * of the scan over history-real's Go files).
   */
  readonly #opens: number[] = [];
  /** The offset of the bracket closing the one of the same index, or -1. */
  readonly #closes: number[] = [];

  constructor(
    readonly text: string,
    readonly kinds: BracketKinds = 'braces',
  ) {
    const open: number[] = [];
    if (kinds === 'all') {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 123 || c === 40 || c === 91) open.push(this.#add(i));
        else if ((c === 125 || c === 41 || c === 93) && open.length > 0) this.#closes[open.pop()!] = i;
      }
      return;
    }
    let brace = text.indexOf('{');
    let close = text.indexOf('}');
    // Each brace found by native search once; a `}` with none open is passed over, as `closingBrace` passes it.
    while (brace !== -1 || (close !== -1 && open.length > 0)) {
      if (brace !== -1 && (close === -1 || brace < close)) {
        open.push(this.#add(brace));
        brace = text.indexOf('{', brace + 1);
      } else {
        if (open.length > 0) this.#closes[open.pop()!] = close;
        close = text.indexOf('}', close + 1);
      }
    }
  }

  /** `matchingClose(text, open, limit, kinds)`: the bracket closing the one at `open` within `limit` characters, or -1. */
  close(open: number, limit: number): number {
    const k = firstAtOrAfter(this.#opens, open);
    if (this.#opens[k] === open) {
      const close = this.#closes[k]!;
      return close !== -1 && close < Math.min(this.text.length, open + limit) ? close : -1;
    }
    // Not an opening bracket: counted from there as `matchingClose` counts.
    return matchingClose(this.text, open, limit, this.kinds);
  }

  /** Adds an opening bracket (its close unknown yet); returns its index. */
  #add(at: number): number {
    this.#closes.push(-1);
    return this.#opens.push(at) - 1;
  }
}

const BRACE_PAIRS = memoKey<BracketPairs>('brace pairs');
const BRACKET_PAIRS = memoKey<BracketPairs>('bracket pairs');

/** The text's `BracketPairs` of a kind, read once per text (`Lines.memo`) when first asked. */
export function bracketPairs(text: string, lines: Lines, kinds: BracketKinds = 'braces'): BracketPairs {
  return kinds === 'braces'
    ? lines.memo(BRACE_PAIRS, () => new BracketPairs(text, 'braces'))
    : lines.memo(BRACKET_PAIRS, () => new BracketPairs(text, 'all'));
}
