/** Longest text between two literals that can still be `+ expr +`. */
const MAX_GAP = 120;

/**
 * What follows a closing quote at `after`: `+ "…"` (direct) or `+ expr + "…"` (an expression,
 * which becomes a placeholder segment), with the offset of the next literal's opening quote;
 * undefined when no literal is joined. A Python string prefix (`f"`, `rb"`) is skipped.
 */
export function joinAfter(text: string, after: number): { next: number; expression: boolean } | undefined {
  const limit = Math.min(text.length, after + MAX_GAP);
  let i = skipSpace(text, after, limit);
  if (text.charCodeAt(i) !== 43) return undefined; // +
  i = skipSpace(text, i + 1, limit);
  const direct = literalStart(text, i);
  if (direct !== -1) return { next: direct, expression: false };
  const exprStart = i;
  while (i < limit && isExprChar(text.charCodeAt(i))) i++;
  if (i === exprStart) return undefined;
  i = skipSpace(text, i, limit);
  if (text.charCodeAt(i) !== 43) return undefined;
  const next = literalStart(text, skipSpace(text, i + 1, limit));
  return next === -1 ? undefined : { next, expression: true };
}

/** `"/workspaces/" + id` at the end of a chain: an expression follows the last literal. */
export function trailingExpression(text: string, after: number): boolean {
  const limit = Math.min(text.length, after + MAX_GAP);
  let i = skipSpace(text, after, limit);
  if (text.charCodeAt(i) !== 43) return false;
  i = skipSpace(text, i + 1, limit);
  return isExprChar(text.charCodeAt(i)) && text.charCodeAt(i) !== 40;
}

/** Offset of an opening quote at `i`, after at most two prefix letters; -1 if none. */
function literalStart(text: string, i: number): number {
  for (let k = i; k <= i + 2; k++) {
    const c = text.charCodeAt(k);
    if (c === 34 || c === 39 || c === 96) return k;
    if (!isLetter(c)) return -1;
  }
  return -1;
}

function skipSpace(text: string, from: number, to: number): number {
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
    i++;
  }
  return i;
}

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
}

/** Characters of a simple expression between concatenated literals: `id`, `ws.id`, `encode(id)`, `$x`. */
function isExprChar(c: number): boolean {
  return (
    isLetter(c) ||
    (c >= 48 && c <= 57) ||
    c === 95 ||
    c === 36 ||
    c === 46 ||
    c === 40 ||
    c === 41 ||
    c === 91 ||
    c === 93
  );
}
