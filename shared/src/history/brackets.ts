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
