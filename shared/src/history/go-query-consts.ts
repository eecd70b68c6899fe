import type { NameHit } from './hits.ts';
import type { LexInfo, Lexicon } from './lexicon.ts';
import type { Lines } from './lines.ts';

/**
 * The bounds of a file's query-key constants (`FileFacts.queryConsts`): 100 (a client's package declares one per
 * query parameter it sets, a dozen or so), each name at most 61 characters and each key at most 101, what CONST_KEY
 * reads (`[A-Za-z_]\w{0,60}`; `[\w-]{1,40}`, `[`, `[\w\][-]{1,60}`). The wire's reader accepts these and no more
 * (`project-facts.ts`'s FACT_BOUNDS).
 */
export const QUERY_CONSTS_BOUND = { entries: 100, name: 61, value: 101 } as const;

/**
 * `paramPageSize = "page[size]"`, `const ParamFilter string = "filter[status]"`: a Go constant holding a bracketed key,
 * tried at the start of a line holding its value (`valueAt`) only: the /gm pattern it was, tried at every position
 * of every Go text, cost a twentieth of a project's scan (and a pattern of the value alone, a tenth of that still).
 */
const CONST_KEY =
  /^[ \t]*(?:const[ \t]+)?([A-Za-z_]\w{0,60})[ \t]*(?:string[ \t]*)?=[ \t]*"([\w-]{1,40}\[[\w\][-]{1,60})"/my;

/** The query-parameter reading of a key, when the lexicon has one. */
function parameterInfo(lexicon: Lexicon, key: string): LexInfo | undefined {
  const info = lexicon.words.get(key);
  return info?.candidates.some((c) => c.subject.type === 'parameter') === true ? info : undefined;
}

/**
 * Go: the constants of a file whose value is a bracketed query key the API has (`paramPageSize = "page[size]"`,
 * in a `const (…)` block or alone), by name. Another file of the package that sets a query value by that name
 * (`u.SetParam(paramPageSize, …)`) sets that key (`queryConstHits`).
 */
export function goQueryConsts(text: string, lexicon: Lexicon): Map<string, string> {
  const out = new Map<string, string>();
  if (!text.includes('[')) return out;
  // Each line holding a value is tried once, at its start (a match starts at a line start and ends on its line).
  for (let at = text.indexOf('['); at !== -1 && out.size < QUERY_CONSTS_BOUND.entries; at = text.indexOf('[', at + 1)) {
    if (!valueAt(text, at)) continue;
    CONST_KEY.lastIndex = lineStart(text, at);
    const m = CONST_KEY.exec(text);
    at = lineEnd(text, at);
    if (m === null) continue;
    const [, name = '', key = ''] = m;
    if (parameterInfo(lexicon, key)) out.set(name, key);
  }
  return out;
}

/**
 * Whether the `[` at `at` opens a value as `CONST_KEY` reads one, `=[ \t]*"[\w-]{1,40}\[[\w\][-]{1,60}"`, read by hand
 * around it: the word before it back to a quote, the run after it to a quote, an `=` before the quote. Every line
 * `CONST_KEY` matches holds such a `[` (neither spans a line).
 */
function valueAt(text: string, at: number): boolean {
  let i = at - 1;
  while (i >= 0 && at - 1 - i <= 40 && isKeyWordChar(text.charCodeAt(i))) i--;
  const word = at - 1 - i;
  if (word === 0 || word > 40 || text.charCodeAt(i) !== 34) return false;
  let j = at + 1;
  while (j - at - 1 <= 60 && isKeyChar(text.charCodeAt(j))) j++;
  const rest = j - at - 1;
  if (rest === 0 || rest > 60 || text.charCodeAt(j) !== 34) return false;
  i--;
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  return text.charCodeAt(i) === 61;
}

/** `[\w-]`. */
function isKeyWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

/** `[\w\][-]`. */
function isKeyChar(c: number): boolean {
  return isKeyWordChar(c) || c === 91 || c === 93;
}

/** The start of the line holding `at` (the line terminators of a regular expression's `^` under the m flag). */
function lineStart(text: string, at: number): number {
  let i = at;
  while (i > 0 && !isLineEnd(text.charCodeAt(i - 1))) i--;
  return i;
}

/** The end of the line holding `at`: its terminator's offset, or the text's end. */
function lineEnd(text: string, at: number): number {
  let i = at;
  while (i < text.length && !isLineEnd(text.charCodeAt(i))) i++;
  return i;
}

function isLineEnd(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/** `u.SetParam(name, …)`, `q.Set(name, …)`, `values.Add(name, …)`: a query value set by a constant's name. */
const SETS = /\.(?:Set|Add|SetParam|AddParam|SetQueryParam)\([ \t]*([A-Za-z_]\w{0,60})[ \t]*,/g;

/**
 * Keys set by the name of a constant another file of the package holds (`project.queryConsts`): a hit at the
 * name, read as its key. A name the file itself declares is left out (its declaration is the key's hit there).
 */
export function queryConstHits(
  text: string,
  lines: Lines,
  lexicon: Lexicon,
  consts: ReadonlyMap<string, string> | undefined,
  own: ReadonlyMap<string, string>,
): NameHit[] {
  const out: NameHit[] = [];
  if (consts === undefined || consts.size === 0) return out;
  SETS.lastIndex = 0;
  for (let m = SETS.exec(text); m !== null; m = SETS.exec(text)) {
    const name = m[1] ?? '';
    const key = own.has(name) ? undefined : consts.get(name);
    const info = key === undefined ? undefined : parameterInfo(lexicon, key);
    if (!info) continue;
    const start = m.index + m[0].indexOf(name, 1);
    out.push({ start, end: start + name.length, line: lines.lineOf(start), info, isKey: true, keyOf: '', via: 'name' });
  }
  return out;
}
