/**
 * C0 and C1 control characters, DEL and the Unicode line and paragraph separators: what outside text
 * must not bring into one line of output (a line break starts a new line, which a runner may read as a
 * `::` command; an escape sequence drives the terminal). The one definition of the class.
 */
const CONTROL_CLASS = '[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029]';
const CONTROL = new RegExp(CONTROL_CLASS, 'g');
const CONTROL_RUN = new RegExp(`${CONTROL_CLASS}+`, 'g');

/**
 * `text` with each control character (or, with `runs`, each run of them) replaced: by `by` itself
 * when it is a string (no `$` patterns), else by what `by` returns for the character or run.
 *
 * @example replaceControls('a\r\nb', ' ', { runs: true }) // 'a b'
 */
export function replaceControls(
  text: string,
  by: string | ((control: string) => string),
  { runs = false }: { runs?: boolean } = {},
): string {
  return text.replace(runs ? CONTROL_RUN : CONTROL, typeof by === 'string' ? () => by : by);
}

/**
 * `text` with each tab shown as a space and every other control character (terminal escapes, NUL,
 * BEL, C1, line breaks) as `�`, one character for one, so columns keep their place.
 *
 * @example printableCharacters('a\tb\u001b[2J') // 'a b�[2J'
 */
export function printableCharacters(text: string): string {
  return replaceControls(text.replace(/\t/g, ' '), '\uFFFD');
}

/**
 * Outside text (names, claims) on one line: each run of control characters and line breaks becomes
 * a space; cut to `max` UTF-16 units, an ellipsis marking the cut.
 *
 * @example oneLine('deploy\r\nprod') // 'deploy prod'
 */
export function oneLine(text: string, max = 300): string {
  const clean = replaceControls(text, ' ', { runs: true });
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
}
