import { memoKey, type Lines } from './lines.ts';

/**
 * `lineStartDefs` (line-start-defs.ts) of one scan's text, shared by its readers: the places where a line's `def`
 * starts (its blanks, an `async` before it) found in one search for `def` a text, and each pattern's matches there
 * made once a text. A Python text's scan asked for them up to eight times (`definedOperations` and
 * `operationClasses` twice each, the project's facts, the helpers' defaults), each a search for `def` over the whole
 * text (which stops at every `default`, `undefined` and `define` too).
 */
export function lineDefs(text: string, lines: Lines, sticky: RegExp): readonly RegExpExecArray[] {
  const found = lines.memo(DEFS, () => new Map<RegExp, RegExpExecArray[]>());
  let defs = found.get(sticky);
  if (defs === undefined) found.set(sticky, (defs = defsAt(text, defStarts(text, lines), sticky)));
  return defs;
}

/** Each pattern's matches (`lineDefs`), by the pattern, one scan's. */
const DEFS = memoKey<Map<RegExp, RegExpExecArray[]>>('line-start definitions, by pattern');
/** Where the text's lines whose code opens with `def` (or `async def`) start, ascending, one scan's. */
const STARTS = memoKey<number[]>('line starts of definitions');

/**
 * The starts of the lines whose first word is `def` (or `async` then `def`), from the first `def` the text's markers
 * found: where `lineStartDefs` tries its pattern (each at most once: one line's `def`s after the first are not first).
 */
function defStarts(text: string, lines: Lines): number[] {
  return lines.memo(STARTS, () => {
    const out: number[] = [];
    for (let at = lines.markers.first('def'); at !== -1; at = text.indexOf('def', at + 3)) {
      let start = blanksBefore(text, at);
      if (start < at && start >= 5 && text.startsWith('async', start - 5)) start = blanksBefore(text, start - 5);
      if (start === 0 || isLineEnd(text.charCodeAt(start - 1))) out.push(start);
    }
    return out;
  });
}

/**
 * The sticky pattern's matches at `starts`, in order and without overlap, as `lineStartDefs` gives them: a start inside
 * the previous match (a pattern that reads past its line) is passed over.
 */
function defsAt(text: string, starts: readonly number[], sticky: RegExp): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  let floor = 0;
  for (const start of starts) {
    if (start < floor) continue;
    sticky.lastIndex = start;
    const m = sticky.exec(text);
    if (m === null) continue;
    out.push(m);
    floor = m.index + m[0].length;
  }
  return out;
}

function blanksBefore(text: string, at: number): number {
  let i = at;
  while (i > 0 && (text.charCodeAt(i - 1) === 32 || text.charCodeAt(i - 1) === 9)) i--;
  return i;
}

/** The line terminators of a regular expression's `^` under the m flag. */
function isLineEnd(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}
