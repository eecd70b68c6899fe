import type { Hits, NameHit, UrlHit } from './hits.ts';
import type { LexInfo, Lexicon } from './lexicon.ts';
import type { Lines } from './lines.ts';
import { isWordChar } from './source-text.ts';

/**
 * Query keys written away from their URL:
 * - keys set on a query object that the call sending a URL passes along (`queryParams["filter[names]"] = …`
 *   or `queryParams.sort = …` 20 lines above `request(config, `/organizations/${org}/projects`, { queryParams })`,
 *   `params["page[size]"] = 100` before `requests.get(url, params=params)`): each is bound to that URL, so a
 *   key counts only when the URL's endpoint has it (see `nameMatch`);
 * - keys inside a piece of a query string (`f'page[number]={n}'`, `"$($Uri)?page%5Bsize%5D=$size"`): a bracketed
 *   key followed by `=` inside a string literal, percent-encoded or not, is a key (a pagination key counts
 *   wherever it is written; another one needs its URL nearby, as any query key).
 * The hits found are added to `hits.names` (a quoted key already found there gets its bound URL).
 */
export function queryKeyHits(
  text: string,
  lines: Lines,
  lexicon: Lexicon,
  hits: Hits,
  place: (offset: number) => { readonly inComment: boolean; readonly stringStart: number },
): void {
  const byStart = new Map<number, number>();
  hits.names.forEach((h, k) => byStart.set(h.start, k));
  const add = (start: number, end: number, info: LexInfo, query?: UrlHit): void => {
    const known = byStart.get(start);
    if (known !== undefined) {
      const hit = hits.names[known];
      if (hit && query && hit.query === undefined) hits.names[known] = { ...hit, isKey: true, query };
      return;
    }
    const hit: NameHit = { start, end, line: lines.lineOf(start), info, isKey: true, keyOf: '', via: 'name' };
    byStart.set(start, hits.names.push(query ? { ...hit, query } : hit) - 1);
  };
  queryStringPieces(text, lexicon, hits.urls, place, add);
  queryObjects(text, lines, lexicon, hits.urls, place, add);
}

type Add = (start: number, end: number, info: LexInfo, query?: UrlHit) => void;

/** How many lines above the call that sends it a query object's keys may be set. */
const OBJECT_LINES = 60;
/** How far after a URL its call's remaining arguments are read. */
const CALL_CHARS = 400;

/** The query-parameter reading of a name: its candidates include a parameter. */
function parameterInfo(lexicon: Lexicon, word: string): LexInfo | undefined {
  const info = lexicon.words.get(word);
  return info?.candidates.some((c) => c.subject.type === 'parameter') === true ? info : undefined;
}

/**
 * Keys set on an object that a URL's call passes: for each URL, the identifiers among the rest of its
 * call's arguments (`{ queryParams }`, `params=query`, `-Body $query`), then, up to OBJECT_LINES lines above
 * the URL, `name["key"] =` and `name.key =` (not `==`) for those identifiers.
 */
function queryObjects(
  text: string,
  lines: Lines,
  lexicon: Lexicon,
  urls: readonly UrlHit[],
  place: (offset: number) => { readonly inComment: boolean },
  add: Add,
): void {
  let previousEnd = 0;
  for (const url of urls) {
    const from = Math.max(previousEnd, lines.startOf(Math.max(0, url.line - OBJECT_LINES)));
    previousEnd = url.end;
    for (const name of callArguments(text, url.end)) {
      for (let at = text.indexOf(name, from); at !== -1 && at < url.start; at = text.indexOf(name, at + name.length)) {
        const before = text.charCodeAt(at - 1);
        if (isWordChar(before) || before === 46 || before === 36 || place(at).inComment) continue;
        const key = assignedKey(text, at + name.length);
        if (!key) continue;
        const info = parameterInfo(lexicon, key.word);
        if (info) add(key.start, key.start + key.word.length, info, url);
      }
    }
  }
}

/**
 * The identifiers among a call's arguments after a URL ending at `end`: read until the call's `)` closes
 * (brackets counted, strings not read), a `;`, or CALL_CHARS characters. Words after a `.` and words
 * written before `:`/`=` (keys) are left out; a PowerShell `$name` is kept with its `$`.
 */
export function callArguments(text: string, end: number): string[] {
  const names = new Set<string>();
  let depth = 0;
  const stop = Math.min(text.length, end + CALL_CHARS);
  let quote = 0;
  // The URL's own literal is still open at `end` when a quote closes it before any separator.
  for (let i = end; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
      continue;
    }
    if (c === 34 || c === 39 || c === 96) {
      // The closing quote of the URL's literal, right after its path: nothing to skip.
      if (i === end || /^[^\s,;()]*$/.test(text.slice(end, i))) continue;
      quote = c;
      continue;
    }
    if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) {
      if (--depth < 0) break;
    } else if (c === 59 && depth <= 0) break;
    else if (c === 10 && depth <= 0 && !/[,(\\`]\s*$/.test(text.slice(Math.max(end, i - 40), i))) break;
    if (!(isWordChar(c) || c === 36) || isWordChar(text.charCodeAt(i - 1))) continue;
    let e = i + 1;
    while (e < stop && isWordChar(text.charCodeAt(e))) e++;
    const word = text.slice(i, e);
    const prev = text.charCodeAt(i - 1);
    let n = e;
    while (text.charCodeAt(n) === 32) n++;
    const next = text.charCodeAt(n);
    const isKey = next === 58 || (next === 61 && text.charCodeAt(n + 1) !== 61);
    if (prev !== 46 && !isKey && /^\$?[A-Za-z_]\w*$/.test(word) && word.length > 1) names.add(word);
    i = e - 1;
  }
  return [...names];
}

/**
 * The key an assignment sets right after an object's name: `["filter[names]"] = …`, `['sort'] = …`,
 * `.sort = …` (blanks allowed before `=`, `==`/`===` refused).
 */
export function assignedKey(text: string, after: number): { start: number; word: string } | undefined {
  let start: number;
  let end: number;
  let i = after;
  const c = text.charCodeAt(i);
  if (c === 91) {
    const q = text.charCodeAt(i + 1);
    if (q !== 34 && q !== 39) return undefined;
    start = i + 2;
    end = text.indexOf(String.fromCharCode(q), start);
    if (end === -1 || end - start > 80 || text.charCodeAt(end + 1) !== 93) return undefined;
    i = end + 2;
  } else if (c === 46) {
    start = i + 1;
    end = start;
    while (isWordChar(text.charCodeAt(end))) end++;
    if (end === start) return undefined;
    i = end;
  } else return undefined;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  if (text.charCodeAt(i) !== 61 || text.charCodeAt(i + 1) === 61) return undefined;
  return { start, word: text.slice(start, end) };
}

/** `%5B`/`%5D` as `[`/`]`. */
function decodeBrackets(key: string): string {
  return key.replace(/%5[bB]/g, '[').replace(/%5[dD]/g, ']');
}

/**
 * Bracketed keys followed by `=` inside a string literal (`page[number]=`, `page%5Bsize%5D=`), the key
 * starting the string or after `?`/`&`: a piece of a query string. Found by a native search for `]=` and
 * `%5D=` (either case), read backwards to the key's start. Keys inside a URL the matcher read are its own,
 * and a string holding a literal path before the key is another API's URL (`https://registry…/v2/…?page[size]=`).
 */
function queryStringPieces(
  text: string,
  lexicon: Lexicon,
  urls: readonly UrlHit[],
  place: (offset: number) => { readonly inComment: boolean; readonly stringStart: number },
  add: Add,
): void {
  for (const needle of [']=', '%5D=', '%5d=']) {
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
      const end = at + needle.length - 1;
      let start = at - 1;
      while (start >= 0 && start > at - 80 && isKeyChar(text.charCodeAt(start))) start--;
      const before = text.charCodeAt(start);
      start++;
      if (start >= at) continue;
      const p = place(start);
      if (p.inComment || p.stringStart === -1) continue;
      if (!(before === 63 || before === 38 || start === p.stringStart + 1)) continue;
      // A key of a URL the matcher read (its query is matched with it): the URL starts in the same string.
      if (urls.some((u) => u.start >= p.stringStart && u.start < start)) continue;
      // A literal path or URL before it that is not the API's (another host's `/v2/policies?page[size]=`).
      if (text.lastIndexOf('/', start) > p.stringStart) continue;
      const info = parameterInfo(lexicon, decodeBrackets(text.slice(start, end)));
      if (info) add(start, end, info);
    }
  }
}

/** Characters of a query key as written in a string: word characters, `[`, `]`, `%`, `-`, `.`. */
function isKeyChar(c: number): boolean {
  return isWordChar(c) || c === 91 || c === 93 || c === 37 || c === 45 || c === 46;
}
