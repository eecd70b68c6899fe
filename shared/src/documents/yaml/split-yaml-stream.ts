/** Where the documents of a YAML stream start, and where the fast reader must not go. */
export interface YamlStreamLayout {
  /** Start offset of each `---`-separated piece; the first is always 0. */
  readonly starts: readonly number[];
  /**
   * True when a directive (`%YAML`, `%TAG`) or a document end marker (`...`) is present: pieces are
   * then not independent, so the whole stream goes through the `yaml` package in one go.
   */
  readonly wholeStream: boolean;
  /** Sorted offsets of characters the fast reader leaves to the library: tabs and lone carriage returns. */
  readonly awkward: readonly number[];
}

/**
 * Splits a YAML stream at `---` lines. A `---` at the start of a line, followed by a space, a tab or
 * the line's end, always starts a new document (even inside a block scalar), so each piece can be
 * read on its own. One pass over line starts; no regular expressions.
 */
export function splitYamlStream(text: string): YamlStreamLayout {
  const starts = [0];
  let wholeStream = false;
  const firstLine = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let at = firstLine; at !== -1 && at <= text.length;) {
    const c = text.charCodeAt(at);
    if (c === 45 && isMarker(text, at, '---') && at !== firstLine) starts.push(at);
    else if ((c === 46 && isMarker(text, at, '...')) || c === 37) wholeStream = true;
    const nl = text.indexOf('\n', at);
    at = nl === -1 ? -1 : nl + 1;
  }
  return { starts, wholeStream, awkward: awkwardOffsets(text) };
}

function isMarker(text: string, at: number, marker: string): boolean {
  if (!text.startsWith(marker, at)) return false;
  const next = text.charCodeAt(at + 3);
  return Number.isNaN(next) || next === 32 || next === 9 || next === 10 || next === 13;
}

function awkwardOffsets(text: string): number[] {
  const found: number[] = [];
  for (let i = text.indexOf('\t'); i !== -1; i = text.indexOf('\t', i + 1)) found.push(i);
  let lone = false;
  for (let i = text.indexOf('\r'); i !== -1; i = text.indexOf('\r', i + 1)) {
    if (text.charCodeAt(i + 1) !== 10) {
      found.push(i);
      lone = true;
    }
  }
  // Tabs come sorted; lone carriage returns are rare, so sorting only then keeps the common case linear.
  return lone ? found.sort((a, b) => a - b) : found;
}

/** True when the piece `[start, end)` holds only blank lines and comments. */
export function isBlankPiece(text: string, start: number, end: number): boolean {
  let inComment = false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) inComment = false;
    else if (c === 35) inComment = true;
    else if (!inComment && c !== 32 && c !== 9 && c !== 13 && !(c === 0xfeff && i === 0)) return false;
  }
  return true;
}
