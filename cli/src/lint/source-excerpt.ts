import { printableCharacters } from '@keyfob/shared/text';

/** At most this many characters of a source line are printed; a longer line is cut around the range. */
export const EXCERPT_WIDTH = 120;

/**
 * The part of a source line to print under a problem, and where its caret starts and how wide it is
 * (0-based, in the returned text). A line longer than `EXCERPT_WIDTH` is cut to a window around the
 * range with `…` on the cut sides, so a minified one-line file prints a line, not megabytes. Tabs
 * become spaces and every other control character (a terminal escape in a hostile file) becomes `�`,
 * so file text can never drive the terminal.
 *
 * @example sourceExcerpt('a: 1', 1, 2) // { text: 'a: 1', caretStart: 0, caretWidth: 1 }
 */
export function sourceExcerpt(
  line: string,
  startColumn: number,
  endColumn: number,
): { text: string; caretStart: number; caretWidth: number } {
  const clean = printableCharacters(line.replace(/\r$/, ''));
  const start = Math.min(Math.max(0, startColumn - 1), clean.length);
  const end = Math.min(Math.max(start + 1, endColumn - 1), Math.max(clean.length, start + 1));
  if (clean.length <= EXCERPT_WIDTH) {
    return { text: clean, caretStart: start, caretWidth: Math.max(1, Math.min(end, clean.length) - start) };
  }
  // Keep a little context before the range, then as much of the range and what follows as fits.
  const before = Math.min(start, 20);
  let from = start - before;
  const to = Math.min(clean.length, from + EXCERPT_WIDTH);
  if (to === clean.length) from = Math.max(0, to - EXCERPT_WIDTH);
  const head = from > 0 ? '…' : '';
  const tail = to < clean.length ? '…' : '';
  const caretStart = head.length + start - from;
  const caretWidth = Math.max(1, Math.min(end, to) - start);
  return { text: head + clean.slice(from, to) + tail, caretStart, caretWidth };
}
