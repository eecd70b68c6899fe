import type { NameHit } from './hits.ts';
import type { LexInfo, Lexicon } from './lexicon.ts';
import type { Lines } from './lines.ts';

/** At most this many query-key constants are read per file. */
const MAX_CONSTS = 100;

/** `paramPageSize = "page[size]"`, `const ParamFilter string = "filter[status]"`: a Go constant holding a bracketed key. */
const CONST_KEY =
  /^[ \t]*(?:const[ \t]+)?([A-Za-z_]\w{0,60})[ \t]*(?:string[ \t]*)?=[ \t]*"([\w-]{1,40}\[[\w\][-]{1,60})"/gm;

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
  CONST_KEY.lastIndex = 0;
  for (let m = CONST_KEY.exec(text); m !== null && out.size < MAX_CONSTS; m = CONST_KEY.exec(text)) {
    const [, name = '', key = ''] = m;
    if (parameterInfo(lexicon, key)) out.set(name, key);
  }
  return out;
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
