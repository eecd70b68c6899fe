import { memoKey, type Lines } from './lines.ts';

/** What a Go file's line starts say, read once per text (see `typeLineStarts`, `funcLineStarts`). */
interface LineStarts {
  readonly types: readonly number[];
  /** Lines opening with `func ` and with `}` (`funcLineStarts`). */
  readonly funcs: { readonly heads: readonly number[]; readonly closes: readonly number[] };
}

/** A Go text's line starts: a scan of a Go file asks several times (models, held structs, type environment). */
const LINE_STARTS = memoKey<LineStarts>('Go type and func line starts');

/**
 * Where a line of the text opens with `type` (the offset of its `t`; 0 when the text does): the candidates for
 * Go's `type X struct {` declarations, read once per text. A search for `\ntype` stops at every newline, so
 * the models (`models.ts`), the held structs (`held-structs.ts`) and the type environment (`go-types.ts`) share it.
 */
export function typeLineStarts(text: string, lines: Lines): readonly number[] {
  return lineStarts(text, lines).types;
}

/**
 * The top-level functions' and blocks' line starts: `heads`, where a line opens with `func ` (0 for a text that
 * does, or whose first line is empty), and `closes`, the offset of the newline before each line opening with `}`,
 * as the pattern `\n(?:func |\})` finds them. Read from the line table in the pass that finds the `type` lines.
 */
export function funcLineStarts(
  text: string,
  lines: Lines,
): { readonly heads: readonly number[]; readonly closes: readonly number[] } {
  return lineStarts(text, lines).funcs;
}

/** Read from the text's line table once per scan (`Lines.memo`), not searched again. */
function lineStarts(text: string, lines: Lines): LineStarts {
  return lines.memo(LINE_STARTS, () => {
    const types: number[] = [];
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
    return { types, funcs: { heads, closes } };
  });
}
