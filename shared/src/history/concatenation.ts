import { opensPlaceholder, placeholderEnd } from './placeholders.ts';
import { isRegexSpace } from './source-text.ts';

/** Longest text between two literals that can still be `+ expr +`. */
const MAX_GAP = 120;

/**
 * What follows a closing quote at `after`: `+ "…"` (direct) or `+ expr + "…"` (an expression,
 * which becomes a placeholder segment), with the offset of the next literal's opening quote;
 * undefined when no literal is joined. A Python string prefix (`f"`, `rb"`) is skipped. With `adjacent`, a literal
 * that only blanks separate from the last one is joined to it as well (Python). With `dot`, the operator is `.`
 * (PHP, Perl) or `..` (Lua) instead of `+`.
 */
export function joinAfter(
  text: string,
  after: number,
  adjacent = false,
  dot = false,
  word = false,
): { next: number; expression: boolean } | undefined {
  // A shell word goes on after its closing quote: `"…/workspaces/"$WS"/vars"`, `'…/runs/'"$id"'/apply'`.
  if (word) {
    const c = text.charCodeAt(after);
    if (c === 34 || c === 39) return { next: after, expression: false };
    const end = opensPlaceholder(c) ? placeholderEnd(text, after) : -1;
    const q = text.charCodeAt(end);
    if (end !== -1 && (q === 34 || q === 39)) return { next: end, expression: true };
    return undefined;
  }
  const limit = Math.min(text.length, after + MAX_GAP);
  // The last two quotes of a triple quote (`'''…/workspaces/''' + ws + '''/vars'''`: Groovy's and Python's pieces).
  let i = after;
  const closing = text.charCodeAt(after - 1);
  if (
    (closing === 39 || closing === 34) &&
    text.charCodeAt(after) === closing &&
    text.charCodeAt(after + 1) === closing
  )
    i += 2;
  i = skipSpace(text, i, limit);
  // Python's literals side by side are one string: `f"…/{org}/"` then `f"registry-modules/…"` on the next line.
  if (adjacent && text.charCodeAt(i) !== 43) {
    const next = i > after ? literalStart(text, i) : -1;
    return next === -1 ? undefined : { next, expression: false };
  }
  let op = operatorEnd(text, i, dot);
  if (op === -1) return undefined;
  i = skipSpace(text, op, limit);
  const direct = literalStart(text, i);
  if (direct !== -1) return { next: direct, expression: false };
  const exprStart = i;
  i = expressionEnd(text, i, limit);
  // `$id."/runs"`: the expression's trailing dots are the operator.
  if (dot) while (i > exprStart && text.charCodeAt(i - 1) === 46) i--;
  if (i === exprStart) return undefined;
  i = skipSpace(text, i, limit);
  op = operatorEnd(text, i, dot);
  if (op === -1) return undefined;
  const next = literalStart(text, skipSpace(text, op, limit));
  return next === -1 ? undefined : { next, expression: true };
}

/** Past a concatenation operator at `i`: `+`, or with `dot` `.` (PHP, Perl) or `..` (Lua); -1 when none is there. */
function operatorEnd(text: string, i: number, dot: boolean): number {
  const c = text.charCodeAt(i);
  if (!dot) return c === 43 ? i + 1 : -1;
  if (c !== 46) return -1;
  return text.charCodeAt(i + 1) === 46 ? i + 2 : i + 1;
}

/** `"/workspaces/" + id` at the end of a chain: an expression follows the last literal (`. $id` with `dot`). */
export function trailingExpression(text: string, after: number, dot = false): boolean {
  const limit = Math.min(text.length, after + MAX_GAP);
  let i = skipSpace(text, after, limit);
  const op = operatorEnd(text, i, dot);
  if (op === -1) return false;
  i = skipSpace(text, op, limit);
  return isExprChar(text.charCodeAt(i)) && text.charCodeAt(i) !== 40;
}

/**
 * End of a simple expression from `i`: expression characters, and a subscript whose key is a quoted
 * word (`event['org']`, `ws["id"]`): its quotes are the subscript's, not the next literal's.
 */
function expressionEnd(text: string, from: number, limit: number): number {
  let i = from;
  while (i < limit) {
    const c = text.charCodeAt(i);
    if (c === 91 && i > from) {
      const quote = text.charCodeAt(i + 1);
      if (quote === 34 || quote === 39) {
        let k = i + 2;
        while (k < limit && isKeyChar(text.charCodeAt(k))) k++;
        if (k > i + 2 && text.charCodeAt(k) === quote && text.charCodeAt(k + 1) === 93) {
          i = k + 2;
          continue;
        }
        return i;
      }
    }
    if (!isExprChar(c)) return i;
    i++;
  }
  return i;
}

/** A character of a subscript's quoted key: a word, `-` or `.`. */
function isKeyChar(c: number): boolean {
  return isLetter(c) || (c >= 48 && c <= 57) || c === 95 || c === 45 || c === 46;
}

/** Offset of an opening quote at `i` (the last of a triple quote), after at most two prefix letters; -1 if none. */
function literalStart(text: string, i: number): number {
  for (let k = i; k <= i + 2; k++) {
    const c = text.charCodeAt(k);
    if (c === 34 || c === 39 || c === 96)
      return text.charCodeAt(k + 1) === c && text.charCodeAt(k + 2) === c ? k + 2 : k;
    if (!isLetter(c)) return -1;
  }
  return -1;
}

/** Blanks, line ends and a line continuation (`+ \` at a line's end, Python's and the shell's). */
function skipSpace(text: string, from: number, to: number): number {
  let i = from;
  while (i < to) {
    const c = text.charCodeAt(i);
    if (c === 92) {
      const next = text.charCodeAt(i + 1);
      if (next !== 10 && !(next === 13 && text.charCodeAt(i + 2) === 10)) break;
    } else if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
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

/** A call that joins URL or path pieces: `urljoin(`, `urlJoin(`, `url_join(`, `joinPath(`, `path.join(`, `posixpath.join(`, `os.path.join(`. */
const JOIN_CALL =
  /(?:^|[^\w.$])((?:(?:url_?join|join_?url|join_?path)|(?:os\.path|posixpath|path(?:\.posix)?)\.join)\(\s*)$/i;

/**
 * What JOIN_CALL needs at the end of `text.slice(from, to)`, looked at in place before the pattern is tried there: a
 * `(` after the blanks, the name before it ending in `join`, `url` or `path` (any case). Most literals are no join
 * call's argument, and a pattern tried at each of forty characters cost more than the look.
 */
function joinCallBefore(text: string, from: number, to: number): boolean {
  let i = to - 1;
  while (i >= from && isRegexSpace(text.charCodeAt(i))) i--;
  if (i < from || text.charCodeAt(i) !== 40) return false;
  return (
    endsWithWord(text, from, i, 'join') || endsWithWord(text, from, i, 'path') || endsWithWord(text, from, i, 'url')
  );
}

/** Whether the text right before `end` (and from `from` on) is `word` (lower case) in any case. */
function endsWithWord(text: string, from: number, end: number, word: string): boolean {
  const start = end - word.length;
  if (start < from) return false;
  for (let k = 0; k < word.length; k++) if ((text.charCodeAt(start + k) | 0x20) !== word.charCodeAt(k)) return false;
  return true;
}

/**
 * The arguments after the first of a join call whose first argument is the literal `open`…`close`
 * (quote offsets): each a literal (`start`/`end` inside its quotes) or an expression (`hole`), where
 * the call's name starts and where its `)` is. Undefined when the literal is no such first argument, or is the only one.
 * `urljoin('/runs/', encodeURI(runId), '/actions/apply')` is `/runs/{}/actions/apply`, not `/runs`.
 */
export function joinCallArguments(
  text: string,
  open: number,
  close: number,
  closingQuote: (from: number, quote: number) => number,
): { pieces: ({ start: number; end: number } | 'hole')[]; call: number; end: number } | undefined {
  const from = Math.max(0, open - 40);
  if (!joinCallBefore(text, from, open)) return undefined;
  const head = JOIN_CALL.exec(text.slice(from, open));
  if (!head) return undefined;
  const call = from + head.index + head[0].length - (head[1] ?? '').length;
  const limit = Math.min(text.length, close + 400);
  const pieces: ({ start: number; end: number } | 'hole')[] = [];
  let i = skipSpace(text, close + 1, limit);
  while (text.charCodeAt(i) === 44) {
    i = skipSpace(text, i + 1, limit);
    const quote = literalStart(text, i);
    if (quote !== -1) {
      const end = closingQuote(quote + 1, text.charCodeAt(quote));
      if (end === -1 || end > limit) return undefined;
      pieces.push({ start: quote + 1, end });
      i = skipSpace(text, end + 1, limit);
      continue;
    }
    let depth = 0;
    const from = i;
    for (; i < limit; i++) {
      const c = text.charCodeAt(i);
      if (c === 40 || c === 91 || c === 123) depth++;
      else if (c === 41 || c === 93 || c === 125) {
        if (depth === 0) break;
        depth--;
      } else if ((c === 44 && depth === 0) || c === 34 || c === 39 || c === 96 || c === 59) break;
    }
    if (i === from || (text.charCodeAt(i) !== 44 && text.charCodeAt(i) !== 41)) return undefined;
    pieces.push('hole');
  }
  return pieces.length > 0 && text.charCodeAt(i) === 41 ? { pieces, call, end: i } : undefined;
}
