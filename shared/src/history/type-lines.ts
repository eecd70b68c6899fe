import type { Lines } from './lines.ts';

/** What a Go file's line starts say, read once per text (see `typeLineStarts`, `funcLineStarts`). */
interface LineStarts {
  readonly types: readonly number[];
  /** Lines opening with `func ` and with `}`, when read (from the line table, or by one search). */
  funcs: { readonly heads: readonly number[]; readonly closes: readonly number[] } | undefined;
}

/** The last text read and its answer: a scan of a Go file asks several times (models, held structs, type environment). */
let lastText: string | undefined;
let last: LineStarts = { types: [], funcs: undefined };

/**
 * Where a line of the text opens with `type` (the offset of its `t`; 0 when the text does): the candidates for
 * Go's `type X struct {` declarations, read once per text. A search for `\ntype` stops at every newline, so
 * the models (`models.ts`), the held structs (`held-structs.ts`) and the type environment (`go-types.ts`) share it.
 */
export function typeLineStarts(text: string, lines?: Lines): readonly number[] {
  return lineStarts(text, lines).types;
}

/**
 * The top-level functions' and blocks' line starts: `heads`, where a line opens with `func ` (0 for a text that
 * does, or whose first line is empty), and `closes`, the offset of the newline before each line opening with `}`,
 * as the pattern `\n(?:func |\})` finds them. Read from the line table in the pass that finds the `type` lines.
 */
export function funcLineStarts(
  text: string,
  lines?: Lines,
): { readonly heads: readonly number[]; readonly closes: readonly number[] } {
  const found = lineStarts(text, lines);
  found.funcs ??= searchFuncLines(text);
  return found.funcs;
}

function lineStarts(text: string, lines: Lines | undefined): LineStarts {
  if (text === lastText && (last.funcs !== undefined || lines === undefined)) return last;
  const types: number[] = [];
  let funcs: LineStarts['funcs'];
  // The text's line table, when the caller has it: read from it, not searched again.
  if (lines) {
    const heads: number[] = [];
    const closes: number[] = [];
    if (text.startsWith('func ')) heads.push(0);
    for (const start of lines.all()) {
      const c = text.charCodeAt(start);
      if (c === 116) {
        if (text.startsWith('type', start)) types.push(start);
      } else if (c === 102) {
        if (start > 0 && text.startsWith('func ', start)) heads.push(start === 1 ? 0 : start);
      } else if (c === 125 && start > 0) closes.push(start - 1);
    }
    funcs = { heads, closes };
  } else {
    if (text.startsWith('type')) types.push(0);
    for (let at = text.indexOf('\ntype'); at !== -1; at = text.indexOf('\ntype', at + 1)) types.push(at + 1);
  }
  lastText = text;
  last = { types, funcs };
  return last;
}

/** `\n(?:func |\})` over the text, for a caller without a line table. */
function searchFuncLines(text: string): { heads: number[]; closes: number[] } {
  const heads: number[] = [];
  const closes: number[] = [];
  if (text.startsWith('func ')) heads.push(0);
  FUNC_OR_CLOSE.lastIndex = 0;
  for (let m = FUNC_OR_CLOSE.exec(text); m !== null; m = FUNC_OR_CLOSE.exec(text))
    if (m[0].length === 2) closes.push(m.index);
    else heads.push(m.index === 0 ? 0 : m.index + 1);
  return { heads, closes };
}

/** A line opening a function, or a `}` opening a line (the end of a top-level block). */
const FUNC_OR_CLOSE = /\n(?:func |\})/g;
