import { MAX_LITERAL, matchingClose } from './brackets.ts';
import { modelKeys, type Hits, type UrlHit } from './hits.ts';
import type { Lexicon } from './lexicon.ts';
import type { Lines } from './lines.ts';
import { wordMatches } from './line-start-defs.ts';
import { assignedKey, callArguments } from './query-objects.ts';
import { enclosingBrace } from './response-flow.ts';
import { indexBy, isWordChar } from './source-text.ts';

/** How many lines above a member assignment the payload's declaration, and below it its request, are looked for. */
const PAYLOAD_LINES = 60;

/**
 * Attributes set one by one on a JSON:API payload built earlier: `requestBody.data.attributes.description = …`,
 * `payload.data.attributes["auto-destroy-activity-duration"] = …`, `body["data"]["attributes"]["name"] = …`.
 * The payload's resource is the `type` in the object literal it was declared with
 * (`const requestBody = { data: { type: "projects", … } }`), else the resource the path of the request
 * that sends it names last (`request(config, \`/varsets/${id}\`, { body: payload })`); two that disagree,
 * or none, leave the key alone. A key found is a key of that resource only (a model context, as a
 * client's model gives), so `description` is the projects attribute there and
 * `auto-destroy-activity-duration` no workspace's.
 */
export function payloadMemberHits(
  text: string,
  lines: Lines,
  lexicon: Lexicon,
  hits: Hits,
  place: (offset: number) => { readonly inComment: boolean; readonly stringStart: number },
  apart: boolean,
): void {
  // A payload's resource comes from a `type` value or a request's path: without either there is none to find.
  if (hits.urls.length === 0 && !hits.evidence.some((e) => e.kind === 'type')) return;
  const keys = modelKeys(hits.names);
  const resources = new Map<string, readonly string[] | undefined>();
  // By `butes` (a native search for the whole word stops at every `a` of the text).
  for (let at = indexBy(text, 'attributes', 5, 0); at !== -1; at = indexBy(text, 'attributes', 5, at + 10)) {
    const member = attributesMember(text, at);
    if (!member) continue;
    const key = assignedKey(text, member.after);
    if (!key) continue;
    const info = lexicon.words.get(key.word);
    if (!info || info.candidates.length === 0) continue;
    const p = place(member.rootStart);
    if (p.inComment || p.stringStart !== -1) continue;
    const line = lines.lineOf(at);
    const cacheKey = `${member.root} ${line}`;
    let found = resources.get(cacheKey);
    if (!resources.has(cacheKey)) {
      found = payloadResources({ text, lines, hits, root: member.root, at: member.rootStart, line });
      resources.set(cacheKey, found);
    }
    if (!found) continue;
    keys.mark(key.start, key.start + key.word.length, line, info, { resources: found, guessed: false });
  }
  // (Python's are read by the function's data flow: `response-flow.ts`' `takenBy`.)
  if (apart) attributesObjects(text, lines, lexicon, hits, place, keys);
}

/** `attributes: attrs`, `"attributes": attrs`, or the shorthand `attributes,` / `attributes }`: group 1 the name given. */
const ATTRIBUTES_GIVEN =
  /(?<![\w$.])["']?attributes["']?[ \t]*(?::[ \t]*([a-z_$][\w$]*)(?![\w$.([<])|(?=[ \t]*[,}\r\n]))/g;

/**
 * An object of attributes built apart, key by key (`let attributes = { name }`, `attributes['kind'] = payload.kind`),
 * then put in a document whose `type` is beside it (`data: { type: 'policy-sets', attributes }`, `attributes:
 * attrs`): each key set on it since its assignment above, within PAYLOAD_LINES, is a key of that type only. The
 * JS family's and other brace languages' counterpart of Python's data flow (`response-flow.ts` `takenBy`).
 */
function attributesObjects(
  text: string,
  lines: Lines,
  lexicon: Lexicon,
  hits: Hits,
  place: (offset: number) => { readonly inComment: boolean; readonly stringStart: number },
  keys: ReturnType<typeof modelKeys>,
): void {
  const types = hits.evidence.filter((e) => e.kind === 'type');
  if (types.length === 0) return;
  ATTRIBUTES_GIVEN.lastIndex = 0;
  for (let m = ATTRIBUTES_GIVEN.exec(text); m !== null; m = ATTRIBUTES_GIVEN.exec(text)) {
    const name = m[1] ?? 'attributes';
    if (name === 'attributes' && m[1] === undefined && text.charCodeAt(m.index) !== 97) continue;
    const p = place(m.index);
    if (p.inComment || (p.stringStart !== -1 && m[0].charCodeAt(0) !== 34 && m[0].charCodeAt(0) !== 39)) continue;
    const resources = documentType(text, types, m.index);
    if (!resources) continue;
    const line = lines.lineOf(m.index);
    const escaped = name.replace(/\$/g, '\\$');
    // From the object's own assignment (`let attributes: Record<string, any> = {`, `attrs = {}`) above the use.
    // (Both searches read the name's places up to the use only: a global search ran on to the text's end once per use,
    // 5.1 s for 800 KB of documents sending one attributes object.)
    const assign = new RegExp(`(?<![\\w$.])${escaped}[ \\t]*(?::[^=\\n;]{1,80})?=(?!=)`, 'y');
    const above = lines.startOf(Math.max(0, line - PAYLOAD_LINES));
    const last = wordMatches(text, name, assign, above, m.index).at(-1);
    if (last === undefined) continue;
    const from = last.index + last[0].length;
    const member = new RegExp(`(?<![\\w$.])${escaped}(?=\\[["']|\\.[A-Za-z_])`, 'y');
    for (const a of wordMatches(text, name, member, from, m.index)) {
      const key = assignedKey(text, a.index + name.length);
      if (!key || place(a.index).inComment) continue;
      const info = lexicon.words.get(key.word);
      if (!info || info.candidates.length === 0) continue;
      keys.mark(key.start, key.start + key.word.length, lines.lineOf(key.start), info, { resources, guessed: false });
    }
  }
}

/** How far after its `{` a document's object is read. */
const DOCUMENT_CHARS = 2_000;

/** The `type` value at the top level of the object holding the key at `at` (`{ type: 'policy-sets', attributes }`). */
function documentType(
  text: string,
  types: readonly { readonly offset: number; readonly resources: readonly string[] }[],
  at: number,
): readonly string[] | undefined {
  const open = enclosingBrace(text, at);
  if (open === undefined) return undefined;
  const close = matchingClose(text, open, DOCUMENT_CHARS);
  if (close === -1) return undefined;
  for (const e of types) {
    if (e.offset <= open || e.offset >= close) continue;
    let level = 0;
    for (let i = open + 1; i < e.offset; i++) {
      const c = text.charCodeAt(i);
      if (c === 123) level++;
      else if (c === 125) level--;
    }
    if (level === 0) return e.resources;
  }
  return undefined;
}

/**
 * `root.data.attributes` or `root["data"]["attributes"]` with `attributes` at `at`: the root expression
 * (`requestBody`, `self.payload`), where it starts, and where the member after `attributes` starts.
 */
function attributesMember(text: string, at: number): { root: string; rootStart: number; after: number } | undefined {
  const end = at + 10;
  let after: number;
  let dataEnd: number;
  if (text.charCodeAt(at - 1) === 46) {
    after = end;
    dataEnd = at - 1;
  } else {
    const q = text.charCodeAt(at - 1);
    if ((q !== 34 && q !== 39) || text.charCodeAt(at - 2) !== 91 || text.charCodeAt(end) !== q) return undefined;
    if (text.charCodeAt(end + 1) !== 93) return undefined;
    after = end + 2;
    dataEnd = at - 2;
  }
  // The segment before: `.data` or `["data"]`.
  let rootEnd: number;
  if (text.startsWith('.data', dataEnd - 5)) rootEnd = dataEnd - 5;
  else if (/^\[["']data["']\]$/.test(text.slice(dataEnd - 8, dataEnd))) rootEnd = dataEnd - 8;
  else return undefined;
  let start = rootEnd;
  while (start > 0 && (isWordChar(text.charCodeAt(start - 1)) || text.charCodeAt(start - 1) === 46)) start--;
  const root = text.slice(start, rootEnd);
  if (!/^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(root)) return undefined;
  return { root, rootStart: start, after };
}

/** A payload's name (`requestBody`, `self.payload`) where one of its attributes is set, with what is read around it. */
interface PayloadUse {
  readonly text: string;
  readonly lines: Lines;
  readonly hits: Hits;
  readonly root: string;
  readonly at: number;
  readonly line: number;
}

/** The payload's resources: its declaration's `type`, else its request's path; undefined when unknown or in conflict. */
function payloadResources(use: PayloadUse): readonly string[] | undefined {
  const declared = declaredType(use);
  const sent = sentTo(use.text, use.hits.urls, use.root, use.at, use.line);
  if (declared && sent && !sent.some((r) => declared.includes(r))) return undefined;
  return declared ?? sent;
}

/** The first `type` value inside the object literal last assigned to `root` above `at` (`root = {`, `const root: T = {`). */
function declaredType({ text, lines, hits, root, at, line }: PayloadUse): readonly string[] | undefined {
  const from = lines.startOf(Math.max(0, line - PAYLOAD_LINES));
  const escaped = root.replace(/[.$]/g, (c) => `\\${c}`);
  const assign = new RegExp(`(?<![\\w$.])${escaped}[ \\t]*(?::[^=\\n;]{1,80})?=[ \\t]*\\{`, 'y');
  const last = wordMatches(text, root, assign, from, at).at(-1);
  if (last === undefined) return undefined;
  const open = last.index + last[0].length - 1;
  const close = matchingClose(text, open, MAX_LITERAL);
  if (close === -1 || close > at) return undefined;
  for (const e of hits.evidence) {
    if (e.offset <= open) continue;
    if (e.offset >= close) break;
    if (e.kind === 'type') return e.resources;
  }
  return undefined;
}

/** The resource named by the last literal segment of the path of the first URL below whose call passes `root`. */
function sentTo(
  text: string,
  urls: readonly UrlHit[],
  root: string,
  at: number,
  line: number,
): readonly string[] | undefined {
  if (root.includes('.')) return undefined;
  for (const url of urls) {
    if (url.start <= at) continue;
    if (url.line - line > PAYLOAD_LINES) return undefined;
    if (!callArguments(text, url.end).names.includes(root)) continue;
    const best = url.candidates[0];
    const last = best?.template
      .split('/')
      .filter((s) => s !== '' && !s.startsWith(':'))
      .pop();
    return last !== undefined && best?.resources.includes(last) === true ? [last] : undefined;
  }
  return undefined;
}
