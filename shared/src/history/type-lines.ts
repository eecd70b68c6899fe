import type { Lines } from './lines.ts';

/** The last text read and its answer: a scan of a Go file asks three times (models, held structs, type environment). */
let lastText: string | undefined;
let lastStarts: readonly number[] = [];

/**
 * Where a line of the text opens with `type` (the offset of its `t`; 0 when the text does): the candidates for
 * Go's `type X struct {` declarations, read once per text. A search for `\ntype` stops at every newline, so
 * the models (`models.ts`), the held structs (`held-structs.ts`) and the type environment (`go-types.ts`) share it.
 */
export function typeLineStarts(text: string, lines?: Lines): readonly number[] {
  if (text === lastText) return lastStarts;
  const starts: number[] = [];
  // The text's line table, when the caller has it: read from it, not searched again.
  if (lines) {
    for (const start of lines.all()) if (text.startsWith('type', start)) starts.push(start);
  } else {
    if (text.startsWith('type')) starts.push(0);
    for (let at = text.indexOf('\ntype'); at !== -1; at = text.indexOf('\ntype', at + 1)) starts.push(at + 1);
  }
  lastText = text;
  lastStarts = starts;
  return starts;
}
