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
 * A span at least one character wide, so an editor and the CLI's caret always show something.
 * A zero-width span at the very end of the text widens backwards instead.
 */
export function visibleSpan(start: number, end: number, textLength: number): OffsetRange {
  if (end > start) return { start, end };
  if (start < textLength) return { start, end: start + 1 };
  return { start: Math.max(0, textLength - 1), end: textLength };
}

/** True when the span holds `offset`, its end included (a cursor right after a token is on it). */
export function spanHolds(span: OffsetRange, offset: number): boolean {
  return span.start <= offset && offset <= span.end;
}
