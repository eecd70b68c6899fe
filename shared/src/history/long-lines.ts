/**
 * The longest line the matcher reads: far past what a person writes (a long Python dict, a curl command with its JSON
 * body on one line, a Postman collection's raw body: a few thousand characters), below what a machine writes on one line
 * (a minified bundle, an embedded blob). Several readers look at a find's whole line, and a few once per find on it, so
 * the time a line costs grows with its length squared in the worst shapes; bounded here, a 5 MiB file of the worst
 * shape stays within seconds, where one line of it took minutes. Editors draw the same line (VS Code stops colouring a
 * line past 20,000 characters).
 */
export const MAX_LINE_LENGTH = 10_000;

/**
 * The text with each line longer than MAX_LINE_LENGTH blanked (its characters spaces, its line break kept: the other
 * lines' offsets and numbers unchanged); the text itself when it has none. Read a window of MAX_LINE_LENGTH characters
 * at a time: the last line break in the window from a line's start ends the lines within it (none of them long) and
 * the next window starts after it; a window with no line break is a long line's start. One backward search a window,
 * a few dozen characters read each, where a search from each line break to the next stopped at every line.
 */
export function withoutLongLines(text: string): string {
  let out: string[] | undefined;
  let from = 0;
  for (let start = 0; text.length - start > MAX_LINE_LENGTH;) {
    const newline = text.lastIndexOf('\n', start + MAX_LINE_LENGTH);
    if (newline >= start) {
      start = newline + 1;
      continue;
    }
    // No line break within MAX_LINE_LENGTH characters of the line's start: the line is longer.
    const next = text.indexOf('\n', start + MAX_LINE_LENGTH);
    const end = next === -1 ? text.length : next;
    (out ??= []).push(text.slice(from, start), ' '.repeat(end - start));
    from = end;
    if (next === -1) break;
    start = next + 1;
  }
  return out === undefined ? text : out.join('') + text.slice(from);
}
