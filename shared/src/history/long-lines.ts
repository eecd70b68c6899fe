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
 * lines' offsets and numbers unchanged); the text itself when it has none, found by one pass over its line breaks.
 */
export function withoutLongLines(text: string): string {
  if (text.length <= MAX_LINE_LENGTH) return text;
  let out: string[] | undefined;
  let from = 0;
  for (let start = 0; start <= text.length;) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    if (end - start > MAX_LINE_LENGTH) {
      (out ??= []).push(text.slice(from, start), ' '.repeat(end - start));
      from = end;
    }
    if (newline === -1) break;
    start = newline + 1;
  }
  return out === undefined ? text : out.join('') + text.slice(from);
}
