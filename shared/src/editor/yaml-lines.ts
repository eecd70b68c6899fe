/** A line of a YAML text with what a line-based scan needs (no parse: the text may be half typed). */
export interface YamlLine {
  readonly start: number;
  /** The line without its `\n` (and without a `\r` before it). */
  readonly text: string;
  /** Columns of leading spaces. */
  readonly indent: number;
  /** Blank or only a comment. */
  readonly blank: boolean;
  /** `---` or `...` at column 0: a document boundary. */
  readonly separator: boolean;
}

/** Splits a YAML text into lines with indentation and kind; one pass, no regular expression backtracking. */
export function yamlLines(text: string): YamlLine[] {
  const lines: YamlLine[] = [];
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const raw = text.slice(start, end);
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const indent = line.length - line.trimStart().length;
    const body = line.slice(indent);
    lines.push({
      start,
      text: line,
      indent,
      blank: body === '' || body.startsWith('#'),
      separator: /^(---|\.\.\.)(\s|$)/.test(line),
    });
    if (newline === -1) break;
    start = newline + 1;
  }
  return lines;
}

/** Index of the line holding an offset. */
export function lineAt(lines: readonly YamlLine[], offset: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lines[mid]?.start ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The document a line belongs to: its 0-based index and its first and last line (separators excluded). */
export function documentBounds(
  lines: readonly YamlLine[],
  line: number,
): { index: number; first: number; last: number } {
  let index = 0;
  let first = 0;
  let content = false;
  let opened = false;
  for (let i = 0; i < line; i++) {
    const current = lines[i];
    if (!current) break;
    if (current.separator) {
      // `---` right at the start opens document 0; after content (or another `---`) it starts the next one.
      // `...` closes a document, so the `---` after it does not count twice.
      if (content || opened) index++;
      content = false;
      opened = current.text.startsWith('---');
      first = i + 1;
    } else if (!current.blank) {
      content = true;
    }
  }
  let last = lines.length - 1;
  for (let i = line + 1; i < lines.length; i++) {
    if (lines[i]?.separator) {
      last = i - 1;
      break;
    }
  }
  return { index, first, last };
}

/** A `key: value` line: the key (quotes removed), its span, and the scalar value text if any. */
export interface YamlKeyLine {
  readonly key: string;
  readonly keyStart: number;
  readonly keyEnd: number;
  /** Offset just after the `:`. */
  readonly colon: number;
  /** The value on the same line without quotes and trailing comment; `undefined` when empty. */
  readonly value: string | undefined;
}

const KEY_LINE = /^(\s*)(?:-\s+)?("([^"]*)"|'([^']*)'|([^\s"'#:][^:#]*?))\s*:(?=\s|$)(.*)$/;

/** Reads a line as `key: value` (also `- key: value`); `undefined` for any other line. */
export function keyLine(line: YamlLine): YamlKeyLine | undefined {
  const match = KEY_LINE.exec(line.text);
  if (!match) return undefined;
  const token = match[2] ?? '';
  const key = match[3] ?? match[4] ?? match[5] ?? '';
  const keyStart = line.start + line.text.indexOf(token, (match[1] ?? '').length);
  const keyEnd = keyStart + token.length;
  const colon = line.start + line.text.length - (match[6] ?? '').length;
  return { key, keyStart, keyEnd, colon, value: scalarText(match[6] ?? '') };
}

/** The scalar on the rest of a line: trailing comment and quotes removed; undefined when empty or a block/flow start. */
function scalarText(rest: string): string | undefined {
  let value = rest.trim();
  if (value.startsWith('"') || value.startsWith("'")) {
    const close = value.indexOf(value[0] ?? '', 1);
    return close === -1 ? value.slice(1) : value.slice(1, close);
  }
  const comment = value.search(/\s#/);
  if (comment !== -1) value = value.slice(0, comment).trim();
  if (value.startsWith('#')) value = '';
  if (value === '' || value === '|' || value === '>' || value.startsWith('[') || value.startsWith('{'))
    return undefined;
  return value;
}
