import type { OffsetRange } from '../problem.ts';

/** The end of a span with trailing whitespace and line breaks dropped (never before `start`). */
export function trimEnd(text: string, start: number, end: number): number {
  let at = end;
  while (at > start) {
    const c = text.charCodeAt(at - 1);
    // space, tab, LF, CR
    if (c !== 32 && c !== 9 && c !== 10 && c !== 13) break;
    at--;
  }
  return at;
}

/**
 * A span at least one character wide and inside the text, so an editor and the CLI's caret always
 * show something. A zero-width span at a line break or past the end (a quote never closed) moves
 * back onto the last visible character before it.
 */
export function visibleSpan(text: string, start: number, end: number): OffsetRange {
  const length = text.length;
  const from = Math.max(0, Math.min(start, length));
  const to = Math.max(from, Math.min(end, length));
  if (to > from) return { start: from, end: to };
  if (from < length && !isLineBreak(text.charCodeAt(from))) return { start: from, end: from + 1 };
  const back = trimEnd(text, 0, from);
  if (back > 0) return { start: back - 1, end: back };
  return length > 0 ? { start: Math.min(from, length - 1), end: Math.min(from, length - 1) + 1 } : { start: 0, end: 0 };
}

function isLineBreak(code: number): boolean {
  return code === 10 || code === 13;
}

/** True when the span holds `offset`, its end included (a cursor right after a token is on it). */
export function spanHolds(span: OffsetRange, offset: number): boolean {
  return span.start <= offset && offset <= span.end;
}
