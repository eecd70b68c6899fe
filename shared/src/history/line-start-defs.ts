import { memoKey, type Lines } from './lines.ts';

/**
 * The matches of a pattern anchored at line starts that opens with a Python definition (`^[ \t]*(?:async[ \t]+)?def…`
 * under the m flag), in text order and without overlap as the /gm pattern's exec loop gives them: found by a search
 * for `def`, each then tried at its line's start only (the pattern made sticky). A /gm pattern starting with `^`
 * is tried at every position of the text; most texts hold a few `def`s, many none.
 *
 * Shared by a text's readers: the line starts the text's `def`s stand at are found once per text (`Lines.memo`), and
 * each pattern's matches there once per text. A Python text's scan asked up to eight times (`definedOperations` and
 * `operationClasses` twice each, the project's facts, the helpers' defaults, the response flow, the value flow, the
 * base URLs' functions), each a search for `def` over the whole text (which stops at every `default`, `undefined` and
 * `define` too). The matches are shared: not to be changed.
 */
export function lineStartDefsIn(text: string, lines: Lines, sticky: RegExp): readonly RegExpExecArray[] {
  const found = lines.memo(DEFS, () => new Map<RegExp, RegExpExecArray[]>());
  let defs = found.get(sticky);
  if (defs === undefined) {
    const starts = lines.memo(DEF_STARTS, () => defStarts(text, lines.markers.first('def')));
    found.set(sticky, (defs = matchesAt(text, starts, sticky)));
  }
  return defs;
}

/** The line starts of the text's `def`s (`defStarts`), one scan's. */
const DEF_STARTS = memoKey<readonly number[]>('line starts of defs');
/** Each pattern's matches (`lineStartDefsIn`), by the pattern, one scan's. */
const DEFS = memoKey<Map<RegExp, RegExpExecArray[]>>('line-start definitions, by pattern');

/**
 * Where a line-start definition may start: the line start before each `def` (from `first` on) that only blanks, and
 * an `async` between blanks, stand before on its line. In text order, each once (two `def`s of one line cannot both
 * have only blanks before them).
 */
function defStarts(text: string, first: number): number[] {
  const starts: number[] = [];
  for (let at = first; at !== -1; at = text.indexOf('def', at + 3)) {
    let start = blanksBefore(text, at);
    if (start < at && start >= 5 && text.startsWith('async', start - 5)) start = blanksBefore(text, start - 5);
    if (start > 0 && !isLineEnd(text.charCodeAt(start - 1))) continue;
    starts.push(start);
  }
  return starts;
}

/**
 * The sticky pattern's matches at `starts` (ascending), each start past the last match's end (as a global search goes
 * on): a /gm pattern's matches when every place one may start is among `starts`. Also the shell readers' (`shell-values.ts`).
 */
export function matchesAt(text: string, starts: readonly number[], sticky: RegExp): RegExpExecArray[] {
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

/**
 * The matches of a sticky pattern that begins with the literal `word` (after a look-behind at most), at `word`'s places
 * from `from` and before `to`: what a global search set to `from` gives for those starting before `to` (each place past
 * the last match's end), without reading on past `to` (a global search with no match left ran to the text's end, once
 * per ask: quadratic in a text of many asks).
 */
export function wordMatches(text: string, word: string, sticky: RegExp, from: number, to: number): RegExpExecArray[] {
  const starts: number[] = [];
  for (let at = text.indexOf(word, Math.max(0, from)); at !== -1 && at < to; at = text.indexOf(word, at + 1))
    starts.push(at);
  return matchesAt(text, starts, sticky);
}

/** The same pattern, sticky (kept with its m flag: `$` and a later `^` keep their meaning). */
export function stickyDefs(pattern: RegExp): RegExp {
  return new RegExp(pattern.source, 'my');
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
