import { matchingClose } from './brackets.ts';
import type { Evidence, NameHit } from './hits.ts';
import type { LanguageProfile } from './language-profile.ts';
import type { Lexicon } from './lexicon.ts';
import { memoKey, type Lines } from './lines.ts';
import { isWordChar, LinePlaces } from './source-text.ts';

/**
 * Lines around evidence where unquoted keys are read: around a `type` value (the payload that
 * holds it), after an API path (the request body that follows it), and around a run task token
 * (the handler or model that reads the request).
 */
const OBJECT_KEY_LINES = { beforeType: 4, afterType: 8, afterPath: 6, beforeToken: 10, afterToken: 12 } as const;

/**
 * Unquoted keys: JS/TS object keys (`{ type: "varsets", attributes: { priority: true } }`,
 * destructuring `const { stage, configuration_version_id: id } = body`) and Python model fields
 * (`stage: str` at the start of a line); around a run task token also shorthand keys. Such words are everywhere in ordinary code, so they are
 * read only around evidence, where a payload or a handler sits (see OBJECT_KEY_LINES). Each `:`
 * there is found with `indexOf` and the word before it looked up; a word counts when it opens its
 * line or (JS) follows `{` or `,` — so `cond ? a : b` and Python's `def f(stage: str)` do not.
 */
export function objectKeyHits(
  text: string,
  profile: LanguageProfile,
  lexicon: Lexicon,
  lines: Lines,
  evidence: readonly Evidence[],
): NameHit[] {
  const hits: NameHit[] = [];
  const places = new LinePlaces(text, profile, lines);
  const lineStartOnly = profile.tripleQuotes; // Python: model fields only
  let scanned = 0;
  for (const item of evidence) {
    const [before, after] =
      item.kind === 'type'
        ? [OBJECT_KEY_LINES.beforeType, OBJECT_KEY_LINES.afterType]
        : item.kind === 'path'
          ? [0, OBJECT_KEY_LINES.afterPath]
          : [OBJECT_KEY_LINES.beforeToken, OBJECT_KEY_LINES.afterToken];
    const from = Math.max(scanned, lines.startOf(Math.max(0, item.line - before)));
    const to = lines.endOf(item.line + after);
    if (from >= to) continue;
    for (let colon = text.indexOf(':', from); colon !== -1 && colon < to; colon = text.indexOf(':', colon + 1)) {
      const hit = keyBeforeColon(text, places, lexicon, lines, colon, lineStartOnly);
      if (hit) hits.push(hit);
    }
    if (!lineStartOnly && item.kind === 'token')
      for (const hit of shorthandKeys(text, places, lexicon, lines, from, to)) hits.push(hit);
    scanned = Math.max(scanned, to);
  }
  // A payload's attributes written in shorthand (`attributes: { name, description }`, `const attributes = { name }`)
  // around a type value (the payload's), each object once.
  if (!lineStartOnly && text.includes('attributes')) {
    const read = new Set<number>();
    for (const item of evidence) {
      if (item.kind !== 'type') continue;
      const from = lines.startOf(Math.max(0, item.line - OBJECT_KEY_LINES.beforeType));
      for (const span of shorthandAttributes(text, from, lines.endOf(item.line + OBJECT_KEY_LINES.afterType))) {
        if (read.has(span.open)) continue;
        read.add(span.open);
        for (const hit of shorthandKeys(text, places, lexicon, lines, span.open, span.close)) hits.push(hit);
      }
    }
  }
  return hits;
}

function keyBeforeColon(
  text: string,
  places: LinePlaces,
  lexicon: Lexicon,
  lines: Lines,
  colon: number,
  lineStartOnly: boolean,
): NameHit | undefined {
  const next = text.charCodeAt(colon + 1);
  if (next === 58 || next === 61 || text.charCodeAt(colon - 1) === 58) return undefined; // `::`, `:=`
  let end = colon;
  while (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9) end--;
  let start = end;
  while (start > 0 && isWordChar(text.charCodeAt(start - 1))) start--;
  // Quoted keys were found by the main pass; a `.x:` or `?.x:` is no key.
  if (end - start === 0 || end - start > lexicon.maxLength || text.charCodeAt(start - 1) === 46) return undefined;
  if (!opensKey(text, start, lineStartOnly)) return undefined;
  return known(text, places, lexicon, lines, start, end);
}

/** `attributes: {` or `attributes = {` (a JS object literal's opening brace at the end). */
const ATTRIBUTES_OPEN = /(?<![\w$.])attributes[ \t]*[:=][ \t]*\{/g;
/** How far an attributes object is read for its closing brace. */
const MAX_ATTRIBUTES = 1_000;

/**
 * The object literals between `from` and `to` given to an `attributes` key or variable (`attributes: { name,
 * description }`, `const attributes = { name, description };` then `{ type: 'projects', attributes }`): the spans
 * whose shorthand keys are keys of a payload's attributes.
 */
function shorthandAttributes(text: string, from: number, to: number): { open: number; close: number }[] {
  const out: { open: number; close: number }[] = [];
  const window = text.slice(from, to);
  if (!window.includes('attributes')) return out;
  ATTRIBUTES_OPEN.lastIndex = 0;
  for (let m = ATTRIBUTES_OPEN.exec(window); m !== null; m = ATTRIBUTES_OPEN.exec(window)) {
    const open = from + m.index + m[0].length - 1;
    const close = matchingClose(text, open, MAX_ATTRIBUTES, 'braces');
    if (close !== -1) out.push({ open, close });
  }
  return out;
}

/**
 * JS shorthand keys between `from` and `to`: around a run task token (`const { stage, configuration_version_id: id } =
 * body`), in a payload's attributes (`shorthandAttributes`).
 */
function shorthandKeys(
  text: string,
  places: LinePlaces,
  lexicon: Lexicon,
  lines: Lines,
  from: number,
  to: number,
): NameHit[] {
  const out: NameHit[] = [];
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c !== 123 && c !== 44 && c !== 10) continue; // { , or a line start
    let start = i + 1;
    while (start < to && isBlank(text.charCodeAt(start))) start++;
    let end = start;
    while (end < to && isWordChar(text.charCodeAt(end))) end++;
    if (end === start || end - start > lexicon.maxLength) continue;
    let k = end;
    while (k < to && (text.charCodeAt(k) === 32 || text.charCodeAt(k) === 9)) k++;
    const after = text.charCodeAt(k);
    // `= default` only right after `{` or `,`: at a line start `stage = x` is an assignment.
    const isDefault = c !== 10 && after === 61 && text.charCodeAt(k + 1) !== 61 && text.charCodeAt(k + 1) !== 62;
    const isShorthand = after === 44 || after === 125 || isDefault;
    if (!isShorthand) continue;
    // `{` then a line break: the word was found from the `{` already.
    if (out.length > 0 && out[out.length - 1]?.start === start) continue;
    const hit = known(text, places, lexicon, lines, start, end);
    if (hit) out.push(hit);
  }
  return out;
}

function known(
  text: string,
  places: LinePlaces,
  lexicon: Lexicon,
  lines: Lines,
  start: number,
  end: number,
): NameHit | undefined {
  const info = lexicon.words.get(text.slice(start, end));
  if (!info || info.candidates.length === 0) return undefined;
  const place = places.at(start);
  if (place.inComment || place.stringStart !== -1) return undefined;
  return { start, end, line: lines.lineOf(start), info, isKey: true, keyOf: '', via: 'name' };
}

/** The word at `start` opens its line, or (unless `lineStartOnly`) follows `{` or `,`. */
function opensKey(text: string, start: number, lineStartOnly: boolean): boolean {
  let i = start - 1;
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  const c = text.charCodeAt(i);
  return i < 0 || c === 10 || c === 13 || (!lineStartOnly && (c === 123 || c === 44));
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

const fieldWords = new WeakMap<
  Lexicon,
  ReadonlyMap<string, { readonly word: string; readonly resources: readonly string[]; readonly order: number }>
>();

/**
 * JS/TS reads of a run task request's fields by their names, unquoted: `body.task_result_callback_url`,
 * `const { plan_json_api_url, task_result_callback_url } = req.body`. Quoted, such a name is evidence
 * already (the main pass); unquoted it is one when the file reads two or more of the request's distinctive
 * fields (the lexicon's evidence words with an `_`), so the handler around is read as one (its shorthand keys:
 * `configuration_version_download_url` beside them).
 */
export function runTaskFieldEvidence(
  text: string,
  profile: LanguageProfile,
  lexicon: Lexicon,
  lines: Lines,
): Evidence[] {
  if (!profile.objectKeys || profile.tripleQuotes) return [];
  let words = fieldWords.get(lexicon);
  if (!words) {
    const list = [...lexicon.words.entries()]
      .filter(([word, info]) => word.includes('_') && info.evidence !== undefined && info.evidence.length > 0)
      .map(([word, info], order) => ({ word, resources: info.evidence ?? [], order }));
    words = new Map(list.map((w) => [w.word, w]));
    fieldWords.set(lexicon, words);
  }
  if (words.size < 2) return [];
  // Every field word holds an `_` and is found as a whole word (no word character either side): the words of
  // the text around each `_` (one native search for a character rarer than any word's first) are looked up,
  // where a search of the whole text a field word cost more than all the rest of a long file's scan.
  const places = new LinePlaces(text, profile, lines);
  const found: (Evidence & { order: number })[] = [];
  const names = new Set<string>();
  for (let u = text.indexOf('_'); u !== -1;) {
    let start = u;
    while (start > 0 && isWordChar(text.charCodeAt(start - 1))) start--;
    let end = u + 1;
    while (isWordChar(text.charCodeAt(end))) end++;
    u = text.indexOf('_', end);
    const field = words.get(text.slice(start, end));
    if (field === undefined) continue;
    const place = places.at(start);
    if (place.inComment || place.stringStart !== -1) continue;
    found.push({
      offset: start,
      line: lines.lineOf(start),
      resources: field.resources,
      kind: 'token',
      order: field.order,
    });
    names.add(field.word);
  }
  if (names.size < 2) return [];
  // In the words' order, then the text's, as a search word by word gave them.
  return found
    .sort((a, b) => a.order - b.order || a.offset - b.offset)
    .map(({ offset, line, resources, kind }) => ({ offset, line, resources, kind }));
}

/** How far back a subscript chain (`workspaces[key][`) is walked to its variable. */
const MAX_CHAIN = 200;

/**
 * The quoted key at `start..end` is read by subscript from a dictionary of the program's own: its variable
 * (`workspaces` of `workspaces[key]["resource-count"]`) is only ever assigned an empty dictionary (`workspaces = {}`,
 * `const seen = {}`, `dict()`), and the key is written as a literal key of an object in the file (`'resource-count':
 * f'{ws["attributes"]["resource-count"]}'`). The response's fields copied under their own names are the program's
 * data there, not a read of the response (the copy's source is read where it is written).
 */
export function ownDictionaryRead(text: string, lines: Lines, start: number, end: number): boolean {
  const quote = text[start - 1];
  if ((quote !== '"' && quote !== "'") || text[end] !== quote) return false;
  let i = start - 2;
  while (i >= 0 && (text[i] === ' ' || text[i] === '\t')) i--;
  if (text[i] !== '[') return false;
  // Back over `[key]` groups to the variable.
  const floor = Math.max(0, start - MAX_CHAIN);
  let j = i - 1;
  while (j >= floor && text[j] === ']') {
    let depth = 0;
    for (; j >= floor; j--) {
      if (text[j] === ']') depth++;
      else if (text[j] === '[' && --depth === 0) break;
    }
    if (j < floor) return false;
    j--;
  }
  const nameEnd = j + 1;
  while (j >= floor && isWordChar(text.charCodeAt(j))) j--;
  const name = text.slice(j + 1, nameEnd);
  if (name === '' || text[j] === '.' || !/^[A-Za-z_]\w*$/.test(name)) return false;
  if (!onlyEmptyDictionary(text, lines, name)) return false;
  // The key is written as a literal key somewhere (`'resource-count': …`).
  const word = text.slice(start, end);
  return literalKey(text, `"${word}"`) || literalKey(text, `'${word}'`);
}

/** Per text, each variable's answer of `onlyEmptyDictionary` (a chain of subscripts reads one variable many times). */
const EMPTY_DICTIONARIES = memoKey<Map<string, boolean>>('variables only assigned an empty dictionary');

/**
 * Every assignment of the variable is an empty dictionary, and there is one: a pattern over the whole text, run once
 * per variable and text (`Lines.memo`), not once per key read from it.
 */
function onlyEmptyDictionary(text: string, lines: Lines, name: string): boolean {
  const known = lines.memo(EMPTY_DICTIONARIES, () => new Map<string, boolean>());
  let answer = known.get(name);
  if (answer === undefined) {
    answer = assignedEmptyOnly(text, name);
    known.set(name, answer);
  }
  return answer;
}

function assignedEmptyOnly(text: string, name: string): boolean {
  const assigned = new RegExp(`^[ \\t]*(?:(?:const|let|var)\\s+)?${name}\\s*(?::[^=\\n]*)?=(?!=)([^\\n]*)`, 'gm');
  let empty = false;
  for (let m = assigned.exec(text); m !== null; m = assigned.exec(text)) {
    if (!/^\s*(?:\{\s*\}|dict\(\s*\))\s*;?\s*(?:#.*)?$/.test(m[1] ?? '')) return false;
    empty = true;
  }
  return empty;
}

/** `key` (quoted) is followed by `:` somewhere in `text`. */
function literalKey(text: string, key: string): boolean {
  for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + 1)) {
    if (/^\s*:/.test(text.slice(at + key.length, at + key.length + 8))) return true;
  }
  return false;
}
