import { modelKeys, type Hits, type UrlHit } from './hits.ts';
import type { Lexicon } from './lexicon.ts';
import type { Lines } from './lines.ts';
import { indexBy, isRegexSpace } from './source-text.ts';

/** A JSON:API key path written as one string: `attributes.name`, `data.attributes.vcs-repo.branch`, `relationships.projects.data`. */
const KEY_PATH = /^(?:data\.)?(?:attributes\.([\w-]+)(?:\.([\w-]+))?|relationships\.([\w-]+)(?:\.data(?:\.id)?)?)$/;

/**
 * The words a key path opens with, each searched by its tail from a character rare in code (`butes.`, `hips.`): a
 * native search for the whole word stops at every `a` or `r` of the text, several times slower over a file that holds
 * none.
 */
const KEY_PATH_WORDS = [
  ['attributes.', 5],
  ['relationships.', 9],
] as const;

/** How far back the bracket holding a key path, and forward the call a list's variable goes to, are looked for. */
const REACH = 3_000;
/** How many lines below a list's assignment the call that takes it may be. */
const TAKEN_LINES = 30;

/**
 * Key paths a request names as strings (`properties=["id", "attributes.name", "relationships.projects.data"]`
 * given to a call that also sends `path=f"/organizations/{org}/projects"`, or a list assigned to a variable
 * that such a call takes a few lines below): each is a key of the resource the call's URL ends with
 * (`/varsets/{id}` → varsets), and of no other (a model context). A call with no URL, or URLs of two
 * resources, says nothing; so does a key path in any other place.
 */
export function keyPathHits(
  text: string,
  lines: Lines,
  lexicon: Lexicon,
  hits: Hits,
  place: (offset: number) => { readonly inComment: boolean; readonly stringStart: number },
): void {
  listTypes(text, lexicon, hits);
  if (hits.urls.length === 0) return;
  const keys = modelKeys(hits.names);
  for (const [word, rare] of KEY_PATH_WORDS)
    for (let at = indexBy(text, word, rare, 0); at !== -1; at = indexBy(text, word, rare, at + word.length)) {
      // A key path opens its string (KEY_PATH is anchored): the word right after the quote or after
      // `data.`. Any other occurrence is skipped before the (costlier) place lookup.
      const lead = text.startsWith('data.', at - 5) ? at - 6 : at - 1;
      const before = text.charCodeAt(lead);
      if (before !== 34 && before !== 39 && before !== 96) continue;
      const p = place(at);
      if (p.inComment || p.stringStart === -1) continue;
      const open = p.stringStart;
      const quote = text.charAt(open);
      if (quote !== '"' && quote !== "'" && quote !== '`') continue;
      const close = text.indexOf(quote, open + 1);
      if (close === -1 || close - open > 120) continue;
      const m = KEY_PATH.exec(text.slice(open + 1, close));
      if (!m) continue;
      const key = keyOf(lexicon, m);
      if (!key) continue;
      const resource = requestResource(text, lines, hits.urls, open);
      if (resource === undefined) continue;
      const start = open + 1 + m[0].indexOf(key.word, m[0].indexOf('.'));
      keys.mark(start, start + key.word.length, lines.lineOf(start), key.info, {
        resources: [resource],
        guessed: false,
      });
    }
}

/** The known name a key path ends with: `vcs-repo.branch` if the lexicon has it, else `vcs-repo`. */
function keyOf(
  lexicon: Lexicon,
  m: RegExpExecArray,
): { word: string; info: NonNullable<ReturnType<Lexicon['words']['get']>> } | undefined {
  const words = m[3] !== undefined ? [m[3]] : m[2] !== undefined ? [`${m[1]}.${m[2]}`, m[1] ?? ''] : [m[1] ?? ''];
  for (const word of words) {
    const info = lexicon.words.get(word);
    if (info && info.candidates.length > 0) return { word, info };
  }
  return undefined;
}

/**
 * The resource of the request a key path at `open` goes to: the call whose arguments hold it (directly or in
 * a list), or, for a list assigned to a variable (`properties = [`), the call below that takes the variable.
 */
function requestResource(text: string, lines: Lines, urls: readonly UrlHit[], open: number): string | undefined {
  const holder = enclosingOpen(text, open);
  if (holder === undefined) return undefined;
  if (text.charAt(holder) === '(') return callResource(text, urls, holder);
  if (text.charAt(holder) !== '[') return undefined;
  // A list among a call's arguments (`properties=[…]`).
  const outer = enclosingOpen(text, holder);
  if (outer !== undefined && text.charAt(outer) === '(') return callResource(text, urls, outer);
  // A list assigned to a variable (`properties = [`), at the top level of a statement.
  const lineStart = lines.startOf(lines.lineOf(holder));
  const assigned = /^[ \t]*(?:(?:const|let|var)[ \t]+)?([A-Za-z_]\w*)[ \t]*(?::[^=\n]+)?=[ \t]*$/.exec(
    text.slice(lineStart, holder),
  );
  const name = assigned?.[1];
  if (name === undefined || (outer !== undefined && text.charAt(outer) !== '{')) return undefined;
  // The call below that takes the list: `properties=properties`, `…, properties)`.
  const line = lines.lineOf(holder);
  const last = lines.lineOf(text.length);
  // The name as a value (`properties=properties`, `…, properties)`), not a key or a call, nor assigned again.
  const use = new RegExp(`(?<![\\w.])${name}(?![\\w([.])(?!\\s*=(?!=))`);
  const again = new RegExp(`^[ \\t]*${name}[ \\t]*=(?!=)(?![ \\t]*${name}\\b)`);
  for (let l = line + 1; l <= Math.min(last, line + TAKEN_LINES); l++) {
    const from = lines.startOf(l);
    const row = text.slice(from, lines.endOf(l));
    if (!row.includes(name)) continue;
    if (again.test(row)) return undefined;
    const found = use.exec(row);
    if (!found) continue;
    const call = enclosingOpen(text, from + found.index);
    return call !== undefined && text.charAt(call) === '(' ? callResource(text, urls, call) : undefined;
  }
  return undefined;
}

/** The one resource the URLs among a call's arguments end with (`(` at `open`). */
function callResource(text: string, urls: readonly UrlHit[], open: number): string | undefined {
  const close = closingOf(text, open);
  if (close === undefined) return undefined;
  const found = new Set<string>();
  for (const url of urls) {
    if (url.start <= open || url.start >= close) continue;
    const r = urlResource(url);
    if (r === undefined) return undefined;
    found.add(r);
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** The resource a URL's path ends with (`/organizations/:organization_name/projects` → projects), if it names one. */
function urlResource(url: UrlHit): string | undefined {
  const best = url.candidates[0];
  const last = best?.template
    .split('/')
    .filter((s) => s !== '' && !s.startsWith(':'))
    .pop();
  return last !== undefined && best?.resources.includes(last) === true ? last : undefined;
}

/** The bracket that opens the innermost `(`, `[` or `{` holding `offset` (strings skipped), if near. */
function enclosingOpen(text: string, offset: number): number | undefined {
  let depth = 0;
  const stop = Math.max(0, offset - REACH);
  for (let i = offset - 1; i >= stop; i--) {
    const c = text.charAt(i);
    if (c === '"' || c === "'" || c === '`') {
      const start = quoteOnLine(text, i, -1, stop);
      if (start === -1) continue;
      i = start;
    } else if (c === ')' || c === ']' || c === '}') depth++;
    else if (c === '(' || c === '[' || c === '{') {
      if (depth === 0) return i;
      depth--;
    }
  }
  return undefined;
}

/**
 * The quote like the one at `at` that pairs with it on its line, looked for back (`step` -1) or forward (1) no
 * further than `stop` (REACH, KEY_LIST_REACH): -1 where a line break or the text's end comes first; where neither
 * nor the quote comes before `stop`, the index past it (`stop - 1` back, `stop` forward), which the callers take as
 * a quote out of reach. (A native search for the quote and then for a line break read the rest of a long line at
 * each quote: time growing with the square of the line's length.)
 */
function quoteOnLine(text: string, at: number, step: -1 | 1, stop: number): number {
  const quote = text.charCodeAt(at);
  for (let i = at + step; step < 0 ? i >= stop : i < stop; i += step) {
    const c = text.charCodeAt(i);
    if (c === quote) return i;
    if (c === 10) return -1;
  }
  if (step < 0) return stop - 1; // -1 at the text's start
  return stop === text.length ? -1 : stop;
}

/** The bracket that closes the one opening at `open` (strings skipped), if near. */
function closingOf(text: string, open: number): number | undefined {
  let depth = 0;
  const stop = Math.min(text.length, open + REACH);
  for (let i = open; i < stop; i++) {
    const c = text.charAt(i);
    if (c === '"' || c === "'" || c === '`') {
      const end = quoteOnLine(text, i, 1, stop);
      if (end === -1) continue;
      i = end;
    } else if (c === '(' || c === '[' || c === '{') depth++;
    else if (c === ')' || c === ']' || c === '}') {
      depth--;
      if (depth === 0) return i;
    }
  }
  return undefined;
}

/**
 * A dictionary's keys tested with `in` (`"stage" not in payload.keys()`, `'projects' in varset["data"]["relationships"]`):
 * the quoted word before is a key. A bare variable after `in` may be a list of values (`"passed" in statuses`): no key.
 */
const KEY_MEMBERSHIP =
  /^[ \t]+(?:not[ \t]+)?in[ \t]+[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*(?:\.keys\(\s*\)|(?:\[\s*(['"])[\w-]+\1\s*\])+)/;

/** Whether the literal closing just before `after` is a key tested for membership (see KEY_MEMBERSHIP). */
export function isKeyMembership(text: string, after: number): boolean {
  return text.charCodeAt(after) === 32 && KEY_MEMBERSHIP.test(text.slice(after, after + 160));
}

/** A key whose value lists keys: `Columns: []string{…}`, `"properties": [`, `displayColumns: [`. */
const KEY_LIST =
  /(?:^|[^\w-])["']?(\w*(?:columns|properties))["']?\s*(?::=|[:=])\s*(?:\[\]string\s*|\w+(?:\[\])?\s*=\s*)?$/i;
/** How far back a key list's opening bracket is looked for. */
const KEY_LIST_REACH = 600;

/**
 * Whether the literal opening at `open` is an item of a list that names keys (`Columns: []string{"name", "kind"}`,
 * `properties=["name"]`; not `fields`, often a program's own list): its words are keys, so the generic ones count
 * where their resource is in context (a `Type: "projects"` in the same block) as keys do.
 */
export function inKeyList(text: string, open: number): boolean {
  const stop = Math.max(0, open - KEY_LIST_REACH);
  // Read by character codes (a regular expression tried on each character cost a tenth of a provider file's scan).
  for (let i = open - 1; i >= stop; i--) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 39) {
      const start = quoteOnLine(text, i, -1, stop);
      if (start === -1 || start === stop - 1) return false;
      i = start;
    } else if (c === 123 || c === 91) return keyListOpens(text, i);
    else if (c !== 44 && !isRegexSpace(c)) return false;
  }
  return false;
}

/**
 * Whether the bracket at `bracket` opens a key list (KEY_LIST on the 80 characters before it). What KEY_LIST ends with
 * is first looked at by hand: its last character other than a blank is `:` or `=` (of `:`, `=`, `:=`, `x =`) or the
 * `g` of `[]string`; most brackets (`map[string]*schema.Schema{`, `[]string{`) end otherwise and try no pattern.
 */
function keyListOpens(text: string, bracket: number): boolean {
  const from = Math.max(0, bracket - 80);
  let j = bracket - 1;
  while (j >= from && isRegexSpace(text.charCodeAt(j))) j--;
  const last = j >= from ? text.charCodeAt(j) : -1;
  if (last !== 58 && last !== 61 && last !== 103) return false;
  return KEY_LIST.test(text.slice(from, bracket));
}

/** A block's own type: `Type: "projects"`, `"type": "projects"`, `type = "projects"`. */
const BLOCK_TYPE = /(?:^|[\s{,])["']?[Tt]ype["']?\s*[:=]\s*["']([\w-]+)["']/;

/**
 * The keys of a key list (`inKeyList`) are of the type its block names (`{ Type: "run-tasks", PathGet:
 * "/tasks/{id}", Columns: []string{"enabled"} }`: the run tasks' `enabled`, not the path's), a type the
 * history does not know included if spelled as its types are (then no resource's): a model context for each.
 */
function listTypes(text: string, lexicon: Lexicon, hits: Hits): void {
  for (let k = 0; k < hits.names.length; k++) {
    const hit = hits.names[k]!;
    if (!hit.isKey || hit.model !== undefined || !inKeyList(text, hit.start - 1)) continue;
    const list = enclosingOpen(text, hit.start - 1);
    const block = list === undefined ? undefined : enclosingOpen(text, list);
    if (block === undefined || text.charAt(block) !== '{') continue;
    const close = closingOf(text, block);
    if (close === undefined) continue;
    const type = BLOCK_TYPE.exec(text.slice(block, close))?.[1];
    // A type the history knows, or one spelled as its types are (`run-tasks`); not `success` or `object`.
    if (type === undefined || (lexicon.words.get(type)?.resourceType !== true && !/^[a-z]+(?:-[a-z]+)+s$/.test(type)))
      continue;
    hits.names[k] = { ...hit, model: { resources: [type], guessed: false } };
  }
}
