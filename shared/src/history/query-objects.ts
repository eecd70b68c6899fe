import { MAX_LITERAL, matchingClose } from './brackets.ts';
import type { Hits, NameHit, UrlHit } from './hits.ts';
import type { LexInfo, Lexicon } from './lexicon.ts';
import type { Lines } from './lines.ts';
import { firstAtOrAfterBy } from './ordered.ts';
import { isRegexWordChar, isWordChar } from './source-text.ts';
import { callArguments as argumentsOf } from './client-operations.ts';
import { definitionCount, enclosingFunction } from './function-verbs.ts';
import { definitionNamed, definitionParams } from './helper-sends.ts';
import { enclosingCall } from './sending-calls.ts';
import { assignmentOpening, valueFlow } from './value-flow.ts';

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
  members: boolean,
): void {
  const add = adder(lines, hits);
  queryStringPieces(text, lexicon, hits.urls, place, add);
  queryObjects(text, lines, lexicon, hits, place, add, members);
}

/**
 * `queryKeyHits`' `Add` over the hits' names (a key found there already gets the URL, else a new name hit).
 */
function adder(lines: Lines, hits: Hits): Add {
  let byStart: Map<number, number> | undefined;
  return (start, end, info, query, keyOnly = false) => {
    if (query && !keyOnly) (query.boundKeys ??= []).push({ key: info.text, start });
    byStart ??= new Map(hits.names.map((h, k) => [h.start, k]));
    const known = byStart.get(start);
    if (known !== undefined) {
      const hit = hits.names[known];
      if (hit && query && hit.query === undefined) hits.names[known] = { ...hit, isKey: true, query };
      return;
    }
    const hit: NameHit = { start, end, line: lines.lineOf(start), info, isKey: true, keyOf: '', via: 'name' };
    byStart.set(start, hits.names.push(query ? { ...hit, query } : hit) - 1);
  };
}

/**
 * Binds a key (at `start`) to a URL: the key is the URL's; with `keyOnly` the URL is not told (a URL that other calls send
 * too is not read because one of them hands it a query: `boundKeys` say a read).
 */
type Add = (start: number, end: number, info: LexInfo, query?: UrlHit, keyOnly?: boolean) => void;

/** How many lines above the call that sends it a query object's keys may be set. */
const OBJECT_LINES = 60;
/** How far after a call's `(` of the function sending a URL its arguments are read. */
const CALLER_CHARS = 2_000;
/** How far after a URL its call's remaining arguments are read. */
const CALL_CHARS = 400;

/** The query-parameter reading of a name: its candidates include a parameter. */
function parameterInfo(lexicon: Lexicon, word: string): LexInfo | undefined {
  const info = lexicon.words.get(word);
  return info?.candidates.some((c) => c.subject.type === 'parameter') === true ? info : undefined;
}

const memberCache = new WeakMap<Lexicon, { readonly names: ReadonlySet<string>; readonly longest: number }>();

/** The unquoted query keys without brackets (`sort`, `q`): one set per lexicon, with the longest's length. */
function bareMemberWords(lexicon: Lexicon): { readonly names: ReadonlySet<string>; readonly longest: number } {
  let words = memberCache.get(lexicon);
  if (!words) {
    const names = new Set(
      [...lexicon.words.values()]
        .filter(
          (info) => /^[A-Za-z_]\w*$/.test(info.text) && info.candidates.some((c) => c.subject.type === 'parameter'),
        )
        .map((info) => info.text),
    );
    words = { names, longest: Math.max(0, ...[...names].map((n) => n.length)) };
    memberCache.set(lexicon, words);
  }
  return words;
}

/**
 * `.sort =`, `.q =` (not `==`): an unquoted query key set on an object. One native search for `.`, the name
 * after each looked up (a search of the text a key, or a pattern of them all, stopped at every `.` each).
 */
function setsBareMember(text: string, lexicon: Lexicon): boolean {
  const { names, longest } = bareMemberWords(lexicon);
  for (let at = text.indexOf('.'); at !== -1; at = text.indexOf('.', at + 1)) {
    let i = at + 1;
    while (i - at <= longest + 1 && isRegexWordChar(text.charCodeAt(i))) i++;
    if (i === at + 1 || i - at > longest + 1) continue;
    // The `=` first: most members are read or called, and their names are then not copied to be looked up.
    let eq = i;
    while (text.charCodeAt(eq) === 32 || text.charCodeAt(eq) === 9) eq++;
    if (text.charCodeAt(eq) === 61 && text.charCodeAt(eq + 1) !== 61 && names.has(text.slice(at + 1, i))) return true;
  }
  return false;
}

/** How many lines below a URL assigned to a variable the call sending that variable is looked for. */
const SENT_LINES = 30;

/**
 * Keys set on an object that a URL's call passes: for each URL, the rest of the call that sends it (its
 * own call, or the call within SENT_LINES lines that passes the variable it was assigned to:
 * `url = f"{base}/runs"` … `requests.get(url, params=params)`). Keys written inside that rest (an inline
 * `params={…}`) are bound to the URL; so are, up to OBJECT_LINES lines above the call, the keys set on
 * the objects it names: `name["key"] =`, `name.key =` (not `==`), `name.append("key", …)` and its kin,
 * and the keys of the object literal last assigned to the name (`params = {…}`, `q := map[string]string{…}`,
 * `$query = @{…}`).
 */
function queryObjects(
  text: string,
  lines: Lines,
  lexicon: Lexicon,
  hits: Hits,
  place: (offset: number) => { readonly inComment: boolean },
  add: Add,
  members: boolean,
): void {
  // Most files set no query key: nothing to bind unless a quoted one was found (not a Go struct tag: those
  // bind to their options struct's function) or, where objects have members, `x.sort =` is written.
  if (hits.urls.length === 0) return;
  const keyed = hits.names.filter((h) => h.tag !== true && parameterInfo(lexicon, h.info.text) !== undefined);
  if (keyed.length === 0 && !(members && setsBareMember(text, lexicon))) return;
  // In start order (as the collector finds them, mostly), the keys inside a span are found by a binary search, not
  // by a look at every key for every call and literal (a dense file's thousand URLs and keys made that quadratic).
  const sortedKeyed = byStart(keyed);
  // The keys written inside the rest of a call (an inline `params={…}`).
  const bindRest = (call: CallRest, url: UrlHit, keyOnly = false): void => {
    for (let k = sortedKeyed ? firstAfter(keyed, call.start) : 0; k < keyed.length; k++) {
      const hit = keyed[k]!;
      if (sortedKeyed && hit.start >= call.end) break;
      if (hit.start > call.start && hit.start < call.end && hit.isKey) {
        const info = parameterInfo(lexicon, hit.info.text);
        if (info) add(hit.start, hit.end, info, url, keyOnly);
      }
    }
  };
  // The keys in a span: its keys, and its bracketed query keys however the language writes keys (`'page[size]' = 100`).
  const bindSpan = (open: number, close: number, url: UrlHit, keyOnly = false): void => {
    for (let k = sortedKeyed ? firstAfter(keyed, open) : 0; k < keyed.length; k++) {
      const hit = keyed[k]!;
      if (sortedKeyed && hit.start >= close) break;
      if (hit.start > open && hit.start < close && (hit.isKey || hit.info.text.includes('['))) {
        const known = parameterInfo(lexicon, hit.info.text);
        if (known) add(hit.start, hit.end, known, url, keyOnly);
      }
    }
  };
  // The keys set on `name` from `from` up to `before`, and those of the object literal assigned to it there.
  const bindNamed = (name: string, from: number, before: number, url: UrlHit, keyOnly = false): void => {
    for (let at = text.indexOf(name, from); at !== -1 && at < before; at = text.indexOf(name, at + name.length)) {
      const prev = text.charCodeAt(at - 1);
      if (isWordChar(prev) || prev === 46 || prev === 36 || place(at).inComment) continue;
      const after = at + name.length;
      if (isWordChar(text.charCodeAt(after))) continue;
      const key = assignedKey(text, after);
      const info = key ? parameterInfo(lexicon, key.word) : undefined;
      if (key && info) add(key.start, key.start + key.word.length, info, url, keyOnly);
      const open = key ? -1 : literalAssigned(text, after);
      if (open === -1) continue;
      const closed = matchingClose(text, open, MAX_LITERAL);
      bindSpan(open, closed === -1 ? open + MAX_LITERAL : closed, url, keyOnly);
    }
  };
  // At each call of `fn` in the text, the argument for its parameter `name` (by keyword, or at `index` before any
  // keyword): an object literal's keys, or those the variable it names holds there, are the URL's.
  const flow = valueFlow(text, lines);
  const callerObjects = (fn: { name: string; start: number }, name: string, index: number, url: UrlHit): void => {
    for (const at of flow.callsOf(fn.name) ?? []) {
      const open = at + fn.name.length;
      if (at === fn.start || text.charCodeAt(open) !== 40) continue;
      const args = argumentsOf(text, open, CALLER_CHARS)?.args;
      if (!args) continue;
      const keyword = (a: { start: number; end: number }): string | undefined =>
        /^\s*([A-Za-z_]\w*)\s*[=:](?![=:])/.exec(text.slice(a.start, a.end))?.[1];
      let arg = args.find((a) => keyword(a) === name);
      if (!arg && index < args.length && !args.slice(0, index + 1).some((a) => keyword(a) !== undefined))
        arg = args[index];
      if (!arg) continue;
      const raw = text.slice(arg.start, arg.end);
      const value = raw.replace(/^\s*[A-Za-z_]\w*\s*[=:](?![=:])/, '');
      const start = arg.end - value.length;
      const literal = /^\s*(?:@?\{|map\[[^\]\n]{1,40}\][\w.*]{1,40}\{|dict\()/.exec(value);
      if (literal) bindSpan(start + literal[0].length - 1, arg.end, url);
      else {
        const variable = /^\s*(\$?[A-Za-z_][\w$]*)\s*$/.exec(value)?.[1];
        if (variable !== undefined)
          bindNamed(variable, lines.startOf(Math.max(0, lines.lineOf(at) - OBJECT_LINES)), at, url);
      }
    }
  };
  // A URL handed to a function of the text that sends its parameter with a query object: `fetch_by_name(module,
  // collection(module))` (collection returning the URL) where `def fetch_by_name(module, link):` sets `params = {…}`
  // and sends `session.list(link, params=params)`. Each place the URL is an argument (its own, or a call of the
  // function that returns it), the function called there: the rests of the calls in its body passing that parameter.
  const definitions = new Map<string, ReturnType<typeof definitionNamed>>();
  const definedOnce = (name: string): boolean => definitionCount(text, lines, name) === 1;
  const definitionOf = (name: string): ReturnType<typeof definitionNamed> => {
    if (!definitions.has(name)) definitions.set(name, definitionNamed(text, name));
    return definitions.get(name);
  };
  const handedOn = (url: UrlHit): void => {
    const sites = [url.start];
    const head = text.slice(lines.startOf(url.line), url.start);
    if (/^[ \t]*return[ \t]+[^()\n;]{0,40}$/.test(head)) {
      const returning = enclosingFunction(text, lines, url.line);
      if (returning) for (const at of flow.callsOf(returning.name) ?? []) if (at !== returning.start) sites.push(at);
    }
    // Returned to several calls, the URL is sent by each as it may: one handing it a query says no read of it.
    const keyOnly = sites.length > 2;
    for (const site of sites) {
      const call = enclosingCall(text, site);
      const callee = call && /([A-Za-z_$][\w$]*)$/.exec(text.slice(call.start, call.open))?.[1];
      if (!call || callee === undefined) continue;
      const def = definitionOf(callee);
      if (!def) continue;
      const args = argumentsOf(text, call.open, CALLER_CHARS)?.args;
      const index = args?.findIndex((a) => a.start <= site && site < a.end) ?? -1;
      if (!args || index === -1) continue;
      // The argument is the URL (or the call returning it) itself, maybe after its keyword: `link=collection(m)`.
      const arg = args[index]!;
      const given = /^\s*(?:([A-Za-z_]\w*)\s*[=:](?![=:])\s*)?[fFrRbBu$@]{0,2}["'`]?$/.exec(
        text.slice(arg.start, site),
      );
      if (!given) continue;
      const param =
        given[1] ??
        (args.slice(0, index).some((a) => /^\s*[A-Za-z_]\w*\s*[=:](?![=:])/.test(text.slice(a.start, a.end)))
          ? undefined
          : def.params[index]);
      if (param === undefined || !def.params.includes(param)) continue;
      const { start, end } = def.body;
      for (let at = text.indexOf(param, start); at !== -1 && at < end; at = text.indexOf(param, at + param.length)) {
        const prev = text.charCodeAt(at - 1);
        if (isWordChar(prev) || prev === 46 || isWordChar(text.charCodeAt(at + param.length))) continue;
        let i = at + param.length;
        while (text.charCodeAt(i) === 32) i++;
        if (text.charCodeAt(i) !== 44 && text.charCodeAt(i) !== 41) continue;
        const rest = callArguments(text, at + param.length);
        bindRest(rest, url, keyOnly);
        for (const name of rest.names) if (name !== param) bindNamed(name, start, rest.start, url, keyOnly);
      }
    }
  };
  let previousEnd = 0;
  for (const url of hits.urls) {
    const from = Math.max(previousEnd, lines.startOf(Math.max(0, url.line - OBJECT_LINES)));
    previousEnd = url.end;
    let fn: { name: string; start: number } | null | undefined;
    let params: string[] | undefined;
    handedOn(url);
    for (const call of sendingRests(text, lines, url)) {
      bindRest(call, url);
      for (const name of call.names) bindNamed(name, from, call.start, url);
      // A query object handed in by the callers of the function that sends the URL (`def list_runs(ws, query):`).
      if (call.names.length > 0) {
        fn ??= enclosingFunction(text, lines, url.line) ?? null;
        // Only a name the text defines once: another class's method of the same name (`def list(self, query):` in
        // Workspaces and in Projects) has callers of its own, which no reading here tells apart.
        if (fn && !definedOnce(fn.name)) fn = null;
        params ??= (fn && definitionParams(text, fn.start, fn.name)) ?? [];
        for (const name of call.names) {
          const index = params.indexOf(name);
          if (fn && index !== -1) callerObjects(fn, name, index, url);
        }
      }
    }
  }
}

/**
 * The rests of the calls that send a URL: its own call's, and those of the calls passing the variable it
 * is assigned to, within SENT_LINES lines and until the variable is assigned again.
 */
function sendingRests(text: string, lines: Lines, url: UrlHit): CallRest[] {
  const own = callArguments(text, url.end);
  const rests = [own];
  const variable = assignedVariable(text, lines.startOf(url.line), url.start);
  if (variable === undefined) return rests;
  const last = lines.endOf(Math.min(url.line + SENT_LINES, lines.lineOf(text.length)));
  for (let at = text.indexOf(variable, own.end); at !== -1 && at < last; at = text.indexOf(variable, at + 1)) {
    const before = text.charCodeAt(at - 1);
    const after = at + variable.length;
    if (isWordChar(before) || before === 46 || isWordChar(text.charCodeAt(after))) continue;
    let i = after;
    while (text.charCodeAt(i) === 32) i++;
    const c = text.charCodeAt(i);
    if (c === 61 && text.charCodeAt(i + 1) !== 61) {
      // A keyword argument named as the variable (`requests.get(url=url, params=params)`) is no new value.
      if (!keywordArgument(text, at)) break;
      continue;
    }
    // An argument (`requests.get(url, params=…)`, `fetch(url)`, PowerShell's `-Uri $Uri -Body $Query`),
    // not a new value or a member.
    const command = variable.startsWith('$') && (c === 45 || c === 10 || c === 13 || c === 96);
    if (c === 44 || c === 41 || command) rests.push(callArguments(text, after));
  }
  return rests;
}

/** Whether the name at `at` follows `(` or `,` (blanks and line breaks between): a keyword argument's name. */
function keywordArgument(text: string, at: number): boolean {
  let i = at - 1;
  while (i > 0 && at - i < 200 && /\s/.test(text.charAt(i))) i--;
  const c = text.charCodeAt(i);
  return c === 40 || c === 44;
}

/** The variable a statement assigns, when the text from its line start to `at` is `name =`, `const name: T =`, `name :=`. */
function assignedVariable(text: string, lineStart: number, at: number): string | undefined {
  const head = text.slice(lineStart, at);
  const m = assignmentOpening(head, { members: true });
  // The URL is the value itself (a literal, a format call), not an argument of another call (`r = get(url)`).
  if (!m || /\(/.test(head.slice(m.end).replace(/^[ \t]*(?:fmt\.Sprintf|String\.format|sprintf)\(/, '')))
    return undefined;
  return m.written;
}

/** After a name: `= {`, `: T = {`, `:= map[string]string{`, `= @{`, `= dict(`: where the literal opens, or -1. */
function literalAssigned(text: string, after: number): number {
  const m = /^[ \t]*(?::[^=\n;]{1,80})?:?=[ \t]*(?:@?\{|map\[[^\]\n]{1,40}\][\w.*]{1,40}\{|dict\()/.exec(
    text.slice(after, after + 160),
  );
  return m ? after + m[0].length - 1 : -1;
}

/** The rest of a call after a URL: where it starts and ends, and the identifiers in it. */
export interface CallRest {
  readonly start: number;
  readonly end: number;
  readonly names: readonly string[];
}

/**
 * The rest of a call's arguments after a URL ending at `end`: read until the call's `)` closes
 * (brackets counted, strings not read), a `;`, a line that ends the statement, or CALL_CHARS characters.
 * Its identifiers leave out words after a `.` and words written before `:`/`=` (keys); a PowerShell
 * `$name` is kept with its `$`; a name interpolated in the URL's own string after the path
 * (`?${params}`, `?{query}`) counts.
 */
export function callArguments(text: string, end: number): CallRest {
  const names = new Set<string>();
  let depth = 0;
  const stop = Math.min(text.length, end + CALL_CHARS);
  let quote = 0;
  let i = end;
  for (; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
      continue;
    }
    if (c === 34 || c === 39 || c === 96) {
      // The closing quote of the URL's literal, right after its path (and query): its interpolations count.
      const rest = text.slice(end, i);
      if (i === end || /^[^\s,;()]*$/.test(rest)) {
        for (const m of rest.matchAll(/\{([A-Za-z_]\w*)\}/g)) if (m[1] !== undefined) names.add(m[1]);
        continue;
      }
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
    if (prev !== 46 && !isKey && /^\$?[A-Za-z_]\w*$/.test(word)) names.add(word);
    i = e - 1;
  }
  return { start: end, end: i, names: [...names] };
}

/** Methods that set a key of a query object: URLSearchParams', url.Values', a dict's, a Map's. */
const ADDERS = new Set(['append', 'set', 'Set', 'Add', 'add', 'put', 'setdefault']);

/**
 * The key an assignment sets right after an object's name: `["filter[names]"] = …`, `['sort'] = …`,
 * `.sort = …` (blanks allowed before `=`, `==`/`===` refused), `.append("sort", …)` (see ADDERS).
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
    // `params.append("filter[status]", …)`, `q.Set("page[size]", …)`: the first argument is the key.
    const call = /^\((["'])([^"'\n]{1,80})\1[ \t]*,/.exec(text.slice(end, end + 90));
    if (call && ADDERS.has(text.slice(start, end))) return { start: end + 2, word: call[2] ?? '' };
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
  // The URLs come sorted by start (the collector sorts them first): then whether one starts in a span is a binary search.
  const sortedUrls = byStart(urls);
  const slashes = new Map<number, SlashRead>();
  for (const needle of [']=', '%5D=', '%5d=']) {
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
      const end = at + needle.length - 1;
      let start = at - 1;
      while (start >= 0 && start > at - 80 && isKeyChar(text.charCodeAt(start))) start--;
      const before = text.charCodeAt(start);
      start++;
      // A format verb or two before the key (`fmt.Sprintf("%s%spage[number]=%d", path, sep, n)`): the separator
      // chosen at run time, as a placeholder's (`%` is a key character: `%5B`).
      const verbs = FORMAT_VERBS.exec(text.slice(start, at))?.[0].length ?? 0;
      start += verbs;
      if (start >= at) continue;
      const p = place(start);
      if (p.inComment || p.stringStart === -1) continue;
      // After `?`, `&`, the string's start, or a placeholder holding one name (`${path}${sep}page%5Bsize%5D=`: the
      // separator chosen at run time).
      if (
        !(before === 63 || before === 38 || verbs > 0 || start === p.stringStart + 1) &&
        !(before === 125 && PLACEHOLDER_BEFORE.test(text.slice(Math.max(p.stringStart + 1, start - 40), start)))
      )
        continue;
      // A key of a URL the matcher read (its query is matched with it): the URL starts in the same string.
      if (
        sortedUrls
          ? startsWithin(urls, p.stringStart, start)
          : urls.some((u) => u.start >= p.stringStart && u.start < start)
      )
        continue;
      // A literal path or URL before it that is not the API's (another host's `/v2/policies?page[size]=`).
      // (Looked for in the string alone: a search back from the key ran on through the text when the string had none.)
      if (slashAfter(text, slashes, p.stringStart, start)) continue;
      const info = parameterInfo(lexicon, decodeBrackets(text.slice(start, end)));
      if (info) add(start, end, info, start === p.stringStart + 1 ? joinedUrl(text, p.stringStart, urls) : undefined);
    }
  }
}

/** A piece appended to a list: `$query += "`, `parts.append(f"`, `parts.push(\``. Group 1 or 2: the list. */
const APPENDED =
  /(?:^|[^\w$.])\$?([A-Za-z_]\w*)[ \t]*\+=[ \t]*@?\(?[ \t]*$|(?<![\w$.])([A-Za-z_]\w*)\.(?:append|push|Add)\([ \t]*[fr$]?$/;
/** How far after a piece its list's join, and after that the URL taking it, are looked for. */
const JOIN_CHARS = 3_000;

/**
 * The URL a query piece appended to a list is sent in (`$q += "search%5Btags%5D=$t"`, then `$s = $q -join "&"` and
 * `"/organizations/$org/workspaces?$s"`; Python's `"&".join(parts)`, JS's `parts.join("&")`): the first URL after the
 * join whose query is the joined variable (`?$s`, `?{s}`, `?${s}`), else undefined.
 */
function joinedUrl(text: string, quote: number, urls: readonly UrlHit[]): UrlHit | undefined {
  // The line's start within the 120 characters read (a search back to it ran over a long line once per string).
  let lineStart = quote;
  while (lineStart > 0 && quote - lineStart < 120 && text.charCodeAt(lineStart - 1) !== 10) lineStart--;
  const list = APPENDED.exec(text.slice(lineStart, quote));
  const name = list?.[1] ?? list?.[2];
  if (name === undefined) return undefined;
  const after = text.slice(quote, quote + JOIN_CHARS);
  const join = new RegExp(
    `(?<![\\w$.])\\$?([A-Za-z_]\\w*)[ \\t]*=[ \\t]*(?:\\$${name}[ \\t]+-join\\b|(["'])&\\2\\.join\\([ \\t]*${name}[ \\t]*\\)|${name}\\.join\\([ \\t]*(["'])&\\3[ \\t]*\\))`,
  ).exec(after);
  const joined = join?.[1];
  if (join === null || joined === undefined) return undefined;
  const from = quote + join.index + join[0].length;
  const taken = new RegExp(`\\?(?:\\$\\{|\\{|\\$\\(\\$|\\$)${joined}\\b`);
  return urls.find((u) => {
    if (u.start < from || u.start > from + JOIN_CHARS) return false;
    const end = text.indexOf('\n', u.start);
    return taken.test(text.slice(u.start, end === -1 ? text.length : end));
  });
}

/** How far a string (opening at a `queryStringPieces` key's `stringStart`) was read for a `/`: its first, or -1 up to `read`. */
interface SlashRead {
  slash: number;
  read: number;
}

/**
 * Whether a `/` is in `text` after `from` up to `to` (inclusive): `text.lastIndexOf('/', to) > from`, read in that
 * span only, and each string once: the string's first `/` is kept by `from` (its opening quote) in `slashes`, with how
 * far it was read (read back from each key to the string's start, a long string of keys was read once per key).
 */
function slashAfter(text: string, slashes: Map<number, SlashRead>, from: number, to: number): boolean {
  let seen = slashes.get(from);
  if (!seen) slashes.set(from, (seen = { slash: -1, read: from }));
  if (seen.slash === -1) {
    for (let i = seen.read + 1; i <= to; i++) {
      if (text.charCodeAt(i) === 47) {
        seen.slash = i;
        break;
      }
    }
    if (seen.slash === -1) seen.read = Math.max(seen.read, to);
  }
  return seen.slash !== -1 && seen.slash <= to;
}

/** printf's verbs opening a query key's run of key characters (`%s%spage[number]`; not `%%` nor `%5B`). */
const FORMAT_VERBS = /^(?:%[sv])+(?=[a-z])/;

/** A placeholder holding one name, ending where a query key starts: `${sep}`, `{sep}`. */
const PLACEHOLDER_BEFORE = /\$?\{[ \t]*[A-Za-z_][\w.]*[ \t]*\}$/;

/** Whether the items are in start order (non-decreasing). */
function byStart(items: readonly { readonly start: number }[]): boolean {
  for (let k = 1; k < items.length; k++) if (items[k]!.start < items[k - 1]!.start) return false;
  return true;
}

/** Index of the first item (in start order) that starts after `offset` (offsets are whole numbers). */
function firstAfter(items: readonly { readonly start: number }[], offset: number): number {
  return firstAtOrAfterBy(items, offset + 1, startOf);
}

/** Whether an item (in start order) starts in [from, to). */
function startsWithin(items: readonly { readonly start: number }[], from: number, to: number): boolean {
  const k = firstAtOrAfterBy(items, from, startOf);
  return k < items.length && items[k]!.start < to;
}

const startOf = (item: { readonly start: number }): number => item.start;

/** Characters of a query key as written in a string: word characters, `[`, `]`, `%`, `-`, `.`. */
function isKeyChar(c: number): boolean {
  return isWordChar(c) || c === 91 || c === 93 || c === 37 || c === 45 || c === 46;
}
