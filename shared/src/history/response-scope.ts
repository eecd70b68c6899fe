import { attributesHolder, documentResource, fromResponse, holderNames } from './document-flow.ts';
import { matchingClose } from './brackets.ts';
import { isNameChar } from './source-text.ts';
import { enclosingFunction } from './function-verbs.ts';
import type { NameHit, UrlHit } from './hits.ts';
import { urlResource } from './jq-reads.ts';
import type { Lines } from './lines.ts';
import { makeMatch } from './make-match.ts';
import type { Match } from './match-types.ts';
import type { HistoryIndex } from './types.ts';

/**
 * Whose keys a JSON:API response's subscripts read, by the function they are read in, in any language whose
 * responses no data flow of its own follows (Python's is `response-flow.ts`, Terraform's `hcl-http-data.ts`):
 * a key read from a resource object's `attributes` or `relationships` by quoted subscripts (Rust's
 * `val["attributes"]["name"]`, PHP's `$ws['relationships']['project']`, Go's `m["attributes"].(map[string]any)["name"]`,
 * Ruby's `ws.dig("attributes", "name")`) inside a function whose API URLs all end with one resource
 * (`format!("/api/v2/organizations/{}/projects", org)`: projects) is that resource's key, as a declaring model's
 * would be: a generic name (`name`) is the resource's own, a distinct name of another resource is not matched.
 * A function with no URL, URLs of two resources, a URL whose path ends with no resource, or that reads
 * `included` says nothing (the other rules decide).
 */
export function scopeResources(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  urls: readonly UrlHit[],
  names: NameHit[],
  languageId: string | undefined,
): void {
  if (urls.length === 0 || (languageId !== undefined && OWN_FLOW.has(languageId))) return;
  const quoted = lines.markers.any(QUOTED_INSIDE);
  // A holder assigned by member (`const attrs = ws.attributes`): the languages that read members so.
  if (!quoted && (languageId === undefined || !MEMBER_HOLDERS.has(languageId) || !lines.markers.any(MEMBER_INSIDE)))
    return;
  // The names a line assigns from a resource object's attributes (none: no key is read through a holder), found when
  // a key is first read from a name.
  const holders = (): ReadonlySet<string> => holderNames(text, lines);
  if (!quoted && holders().size === 0) return;
  let resources: Map<number, string | null> | undefined;
  let urlLines: ReadonlySet<number> | undefined;
  for (const [k, hit] of names.entries()) {
    if (hit.model !== undefined) continue;
    const read = readInside(text, lines, hit, holders);
    if (read === undefined) continue;
    const fn = enclosingFunction(text, lines, hit.line);
    if (fn === undefined) continue;
    let root = read.root;
    if (read.holder !== undefined) {
      const held = attributesHolder(text, fn.start, hit.start, read.holder);
      if (held === undefined) continue;
      root = held.root;
    }
    resources ??= functionResources(text, lines, urls);
    const own = resources.get(fn.start);
    const from = root;
    const resource =
      from === undefined
        ? own
        : documentResource(index, from, own, () =>
            read.holder === undefined
              ? true
              : fromResponse(text, fn.start, hit.start, from, (urlLines ??= lineSet(urls)), lines, languageId === 'go'),
          );
    if (resource == null || text.slice(fn.start, hit.start).includes('included')) continue;
    names[k] = { ...hit, isKey: true, model: { resources: [resource], guessed: false } };
  }
}

/** Languages whose responses another reader follows. */
const OWN_FLOW = new Set(['python', 'terraform', 'hcl']);
/** The gate: a quoted `attributes` or `relationships` key somewhere. */
const QUOTED_INSIDE = ['"attributes"', "'attributes'", '"relationships"', "'relationships'"];
/** Or one read by member, which a holder may be assigned (`const attrs = ws.attributes`), in these languages. */
const MEMBER_HOLDERS = new Set(['javascript', 'typescript', 'javascriptreact', 'typescriptreact', 'ruby', 'php']);
const MEMBER_INSIDE = ['.attributes', '.relationships'];
/**
 * What is right before a quoted key read inside a resource object: `["attributes"][`, `['relationships'][`, with a Go
 * type assertion between (`["attributes"].(map[string]interface{})[`), the member read so (`ws.attributes['updated-at']`,
 * JavaScript's optional `ws.attributes?.['updated-at']`), or a `dig("attributes", ` call.
 */
const INSIDE_BEFORE =
  /(?:(?:\[\s*(["'])(?:attributes|relationships)\1\s*\](?:\s*\.\(\s*map\[string\](?:interface\{\}|any)\s*\))?|(?:\?\.|\.|->)(?:attributes|relationships))\s*(?:\?\.\s*)?\[\s*|\bdig\(\s*(["'])(?:attributes|relationships)\2\s*,\s*)$/;
/** The chain's root right before such a read, when a plain name (`p` of `p["attributes"][`, `$p`, `&item`). */
const ROOT_BEFORE = /(?<![\w$.])(?:\$|&)?([A-Za-z_]\w*)\.?$/;
/**
 * A quoted key read from a name (`attrs["name"]`, `attrs?.["name"]`, `$attrs['name']`, `attrs.get("name")`, `attrs.dig("name")`):
 * group 1, the name, whose assignment `attributesHolder` reads.
 */
const HOLDER_BEFORE =
  /(?<![\w$.])(?:\$)?([A-Za-z_]\w*)(?:\s*(?:\?\.\s*)?\[\s*|(?:\.|->)(?:get|dig|fetch|path|getString|optString)\(\s*)$/;
/** How far before a key its subscripts are read. */
const BEFORE_CHARS = 60;

/**
 * A quoted name read as a key of a resource object's `attributes` or `relationships`, not written to: inside
 * (`root` the chain's root when a plain name), or from one of `holders` (`holder`).
 */
function readInside(
  text: string,
  lines: Lines,
  hit: NameHit,
  holders: () => ReadonlySet<string>,
): { root?: string; holder?: string } | undefined {
  const quote = text.charAt(hit.start - 1);
  if ((quote !== '"' && quote !== "'") || text.charAt(hit.end) !== quote) return undefined;
  // Only a subscript's or a call's first argument: `[` or `(` (or dig's `,`) before the quote.
  let b = hit.start - 2;
  while (b > 0 && (text.charCodeAt(b) === 32 || text.charCodeAt(b) === 9)) b--;
  const opener = text.charAt(b);
  if (opener !== '[' && opener !== '(' && opener !== ',') return undefined;
  const from = Math.max(lines.startOf(hit.line), hit.start - 1 - BEFORE_CHARS);
  const head = text.slice(from, hit.start - 1);
  let read: { root?: string; holder?: string } | undefined;
  const inside = INSIDE_BEFORE.exec(head);
  if (inside !== null) {
    const root = ROOT_BEFORE.exec(head.slice(0, inside.index))?.[1];
    read = root === undefined ? {} : { root };
  } else {
    const holder = HOLDER_BEFORE.exec(head)?.[1];
    if (holder !== undefined && holders().has(holder)) read = { holder };
  }
  // A subscript assigned to is written (`attributes["name"] = …`), a payload's.
  if (read === undefined || /^\s*\]\s*=(?!=)/.test(text.slice(hit.end + 1, hit.end + 40))) return undefined;
  return read;
}

/**
 * Each function's one resource: the resource all API URLs of its first run of URLs end with, or null when they end
 * with several (keyed by the function's start). URLs are in text order: one of another function ends a run. Each
 * URL's function is looked up once (looking them up again for every function made a file of many functions and
 * URLs quadratic).
 */
function functionResources(text: string, lines: Lines, urls: readonly UrlHit[]): Map<number, string | null> {
  const out = new Map<number, string | null>();
  const closed = new Set<number>();
  let current: number | undefined;
  for (const url of urls) {
    const start = enclosingFunction(text, lines, url.line)?.start;
    if (current !== undefined && start !== current) {
      closed.add(current);
      current = undefined;
    }
    if (start === undefined || url.start < start || closed.has(start)) continue;
    current = start;
    const found = out.get(start);
    if (found === null) continue;
    const own = urlResource(url);
    out.set(start, own?.length !== 1 || (found !== undefined && found !== own[0]) ? null : (own[0] ?? null));
  }
  return out;
}

/** The lines API URLs are on. */
function lineSet(urls: readonly UrlHit[]): ReadonlySet<number> {
  return new Set(urls.map((u) => u.line));
}

/** Whose document a root read at `at` (on `line`) holds; `included` the word whose read before it says nothing. */
export type RootScope = (root: string, at: number, line: number, included: string) => string | undefined;

/**
 * The function-scope decision `scopeMembers` and `member-reads.ts` share: the root's resource by the function it is
 * read in (`documentResource`: the one resource of the function's first run of API URLs when the root holds their
 * response, by `fromResponse`; in a function with no URL, the resource the root's name spells, unless `responseOnly`),
 * undefined when that is unknown, outside a function, or after a read of `included` in the function. `responseOnly`:
 * member reads of untyped objects (`project.attributes.name` of a CMS's JSON:API in a file that also calls this API)
 * are this API's only as its response, never by a name.
 */
export function rootScope(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  urls: readonly UrlHit[],
  languageId: string | undefined,
  responseOnly = false,
): RootScope {
  let resources: Map<number, string | null> | undefined;
  let urlLines: ReadonlySet<number> | undefined;
  return (root, at, line, included) => {
    const fn = enclosingFunction(text, lines, line);
    if (fn === undefined) return undefined;
    resources ??= functionResources(text, lines, urls);
    const own = resources.get(fn.start);
    if (own === undefined && responseOnly) return undefined;
    const resource = documentResource(index, root, own, () =>
      fromResponse(text, fn.start, at, root, (urlLines ??= lineSet(urls)), lines, languageId === 'go'),
    );
    return resource === undefined || text.slice(fn.start, at).includes(included) ? undefined : resource;
  };
}

/** A line's first `//` and its first character other than a blank (-1: none), as `commentedBefore` reads them. */
interface LineComment {
  readonly slashes: number;
  readonly lead: number;
}

/**
 * Whether the line's text before `at` holds a comment (`/\/\/|^\s*\*|^\s*#/` on it): a `//` ending before `at`, or a
 * `*` or `#` first after the line's blanks. Each line is read once (`comments`, by line): the pattern tried on the
 * line from its start at each member took time growing with the square of a long line's members.
 */
function commentedBefore(
  text: string,
  lines: Lines,
  line: number,
  at: number,
  comments: Map<number, LineComment>,
): boolean {
  let found = comments.get(line);
  if (found === undefined) {
    const start = lines.startOf(line);
    const end = lines.endOf(line);
    const slashes = text.slice(start, end).indexOf('//');
    let lead = start;
    while (lead < end && /\s/.test(text.charAt(lead))) lead++;
    found = { slashes: slashes === -1 ? -1 : start + slashes, lead: lead < end ? lead : -1 };
    comments.set(line, found);
  }
  if (found.slashes !== -1 && found.slashes + 2 <= at) return true;
  const c = text.charAt(found.lead);
  return found.lead !== -1 && found.lead < at && (c === '*' || c === '#');
}

/** Languages whose typed documents' members `scopeMembers` reads (an exported field, a property, a getter). */
const TYPED = new Set(['go', 'csharp', 'java', 'kotlin', 'scala', 'groovy', 'swift', 'rust']);
/**
 * A member of a typed resource object's attributes or relationships: `item.Attributes.Name` (Go, C#),
 * `resp.Data.Attributes.EnforcementLevel`, `p.getAttributes().getName()` (Java), `ws.attributes.autoApply`
 * (Kotlin, Swift, Rust). Group 1: the chain's root; 2: the member, 3: a getter's.
 */
const TYPED_MEMBER_ROOT =
  /(?<![\w$.])([A-Za-z_]\w*)(?:\??\.[A-Za-z_]\w*(?:\([^()\n]{0,20}\))?|\[[^\][\n]{0,20}\])*?\??$/;
/** The member after the marker: a field (not called, not assigned), or a getter. Group 1: the field; 2: a getter's. */
const TYPED_MEMBER_NAME = /^(?:([A-Za-z_]\w*)\b(?![ \t]*(?:\(|=(?!=)))|get([A-Z]\w*)\(\))/;
/** How far before a marker its chain's root may be. */
const ROOT_CHARS = 80;

/**
 * Typed languages: a member of a JSON:API resource object's attributes or relationships read from a typed document
 * (a struct or class the response was decoded into) is the attribute of the document's resource, as
 * `document-flow.ts` answers it for the chain's root (`for _, item := range response.Data` in a function of one API
 * resource; a parameter named for its resource): the member's name read as the wire name (`EnforcementLevel`,
 * `enforcementLevel`, `enforcement_level` → `enforcement-level`), reported only when that resource has that attribute.
 * Unknown (URLs of several resources, a root spelling another resource) says nothing.
 */
export function scopeMembers(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  urls: readonly UrlHit[],
  languageId: string | undefined,
): Match[] {
  if (urls.length === 0 || languageId === undefined || !TYPED.has(languageId)) return [];
  // The document's type names its wire keys (`json:"attributes"`, `@JsonProperty("attributes")`): the gate
  // `scopeResources` asked already, then the members.
  if (!lines.markers.any(QUOTED_INSIDE) || !lines.markers.any(MEMBER_GATE)) return [];
  let scope: RootScope | undefined;
  const out: Match[] = [];
  const comments = new Map<number, LineComment>();
  for (const marker of MEMBER_GATE)
    for (let word = lines.markers.first(marker); word !== -1; word = text.indexOf(marker, word + marker.length)) {
      MEMBER_AT.lastIndex = word;
      const found = MEMBER_AT.exec(text);
      if (found === null) continue;
      // From the chain's `.` before the member (`.Attributes.`), or the getter (`getAttributes().`).
      const at = word - (found[1] === undefined ? 2 : 4);
      const after = word + found[0].length;
      const m = TYPED_MEMBER_NAME.exec(text.slice(after, after + 60));
      const member = m?.[1] ?? m?.[2];
      if (m === null || member === undefined) continue;
      const line = lines.lineOf(at);
      const lineStart = lines.startOf(line);
      // A getter's marker (`getAttributes().`) comes after the chain's `.`.
      const head = text.slice(Math.max(lineStart, at - ROOT_CHARS), found[1] === undefined ? at : at - 1);
      const root = TYPED_MEMBER_ROOT.exec(head)?.[1];
      if (root === undefined || commentedBefore(text, lines, line, at, comments)) continue;
      // Written, not read: `ws.Relationships.Project.Data.Name = id` sets the program's own struct.
      const end = after + m[0].length;
      if (WRITTEN_AFTER.test(text.slice(end, end + 80))) continue;
      const resource = (scope ??= rootScope(text, lines, index, urls, languageId))(root, at, line, 'Included');
      if (resource === undefined) continue;
      const subject = (index.byName.get(wireName(member)) ?? []).find(
        (s) => s.type === 'attribute' && s.resource === resource,
      );
      if (subject === undefined) continue;
      const start = after + (m[2] === undefined ? 0 : 3);
      out.push(
        makeMatch(text, lines, { start, end: start + member.length, subject, confidence: 'context', via: 'name' }),
      );
    }
  if (out.length > 1) out.sort((a, b) => a.start - b.start);
  return out;
}

/** The rest of a member chain, then an assignment. */
const WRITTEN_AFTER = /^(?:\??\.[A-Za-z_]\w*)*[ \t]*=(?!=)/;
/** The gate of `scopeMembers`. */
const MEMBER_GATE = ['ttributes', 'elationships'];
/** What a marker's occurrence must be to read a member: `.Attributes.`, `.attributes?.`, `getAttributes().` (group 1: the getter's `get`). */
const MEMBER_AT = /(?<=\.(get)?[AaRr])(?:ttributes|elationships)(?:\(\))?\??\./y;

/** A member's wire name: `EnforcementLevel`, `enforcementLevel`, `enforcement_level` → `enforcement-level`, `VCSRepo` → `vcs-repo`. */
function wireName(member: string): string {
  return member
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();
}

/** Languages whose typed documents `typedWrites` reads: Go's keyed literals (`Type: …`), C#'s initializers (`Type = …`). */
const WRITTEN_TYPED = new Set(['go', 'csharp']);
/** A keyed field whose value is a literal of its own: `Attributes: &lib.Attrs{`, `Attributes = new Attrs {` (group: `{`). */
const ATTRIBUTES_LITERAL =
  /Attributes[ \t]*(?::(?!=)|=(?![=>]))[ \t]*(?:&?[A-Za-z_][\w.]*|new[ \t]+[A-Za-z_][\w.<>]*(?:\(\))?)?[ \t]*\{/y;
/** After a chain's `.Attributes`, a member assigned: `.Status = s` (group 1 the member). */
const ATTRIBUTES_WRITE = /\.([A-Z]\w*)[ \t]*=(?![=>])/y;
/** The chain before `.Attributes` (`response.Data`), at the end of the text before it. */
const CHAIN_BEFORE = /(?<![\w$.])[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;
/** A keyed field at a literal's line start or after `{`/`,`: `Status: status,`, `Status = "passed"` (group 1). */
const KEYED_FIELD = /(?:^|[{,])[ \t]*([A-Z]\w*)[ \t]*(?::(?!=)|=(?![=>]))/gm;
/** A document type's value: a string or a constant's name (`"task-results"`, `TaskResults`, `api.TypeTaskResults`). */
const TYPE_VALUE = /^[ \t]*(?:"([\w-]+)"|([A-Za-z_][\w.]*))[ \t]*(?:[,;\n}]|$)/;
/** How far back the literal holding an `Attributes` field may open, and how long a literal is read. */
const LITERAL_BACK = 2_000;
const MAX_LITERAL = 8_000;

/**
 * Go and C#: a resource object the program writes as a typed document, its type said beside its attributes: the
 * keyed fields of the literal its `Attributes` field holds (`Data: &lib.Data{ Type: "task-results", Attributes:
 * &lib.Attrs{ Status: status } }`, C#'s `new Data { Type = "runs", Attributes = new RunAttrs { Message = m } }`), or
 * the members assigned on the attributes of a chain whose `Type` the same function assigns (`response.Data.Type =
 * TaskResults` then `response.Data.Attributes.Status = status`), are that type's attributes: each member's name read
 * as the wire name (`Status` → `status`), reported only when the resource has that attribute. The type is a string,
 * or a constant the file declares with one (`const TypeTaskResults = "task-results"`); anything else (a variable, a
 * constant of another file, a string that is no resource type) says nothing.
 */
export function typedWrites(text: string, lines: Lines, index: HistoryIndex, languageId: string | undefined): Match[] {
  if (
    languageId === undefined ||
    !WRITTEN_TYPED.has(languageId) ||
    !lines.markers.has('Attributes') ||
    !lines.markers.has('Type')
  )
    return [];
  const out: Match[] = [];
  const constants = new DeclaredConstants(text);
  const member = (resource: string, name: string, start: number): void => {
    const subject = (index.byName.get(wireName(name)) ?? []).find(
      (s) => s.type === 'attribute' && s.resource === resource,
    );
    if (subject !== undefined)
      out.push(
        makeMatch(text, lines, { start, end: start + name.length, subject, confidence: 'context', via: 'name' }),
      );
  };
  const written = (at: number): void => {
    ATTRIBUTES_WRITE.lastIndex = at + 10;
    const m = ATTRIBUTES_WRITE.exec(text);
    if (m === null) return;
    const chain = CHAIN_BEFORE.exec(text.slice(Math.max(0, at - 1 - ROOT_CHARS), at - 1))?.[0];
    if (chain === undefined) return;
    const fn = enclosingFunction(text, lines, lines.lineOf(at));
    if (fn === undefined) return;
    const escaped = chain.replace(/\./g, '\\.');
    const body = text.slice(fn.start, at);
    // The last `chain.Type =` before the write decides; none when two say different types, or when the chain (or
    // a root of it) is assigned again after it (`doc.Data = Data{}`).
    const typedAt = new RegExp(`(?<![\\w$.])${escaped}\\.Type[ \\t]*=(?![=>])`, 'g');
    let resource: string | undefined;
    let last = -1;
    for (let typed = typedAt.exec(body); typed !== null; typed = typedAt.exec(body)) {
      const from = fn.start + typed.index + typed[0].length;
      const value = typeValue(text, index, text.slice(from, lines.endOf(lines.lineOf(from))), constants);
      if (value === undefined || (resource !== undefined && value !== resource)) return;
      resource = value;
      last = typed.index + typed[0].length;
    }
    if (resource === undefined) return;
    const roots = chain.split('.').map((_, k, parts) => parts.slice(0, k + 1).join('\\.'));
    if (new RegExp(`(?<![\\w$.])(?:${roots.join('|')})[ \\t]*(?::=|=(?![=>]))`).test(body.slice(last))) return;
    member(resource, m[1]!, at + 11);
  };
  for (let word = lines.markers.first('Attributes'); word !== -1; word = text.indexOf('Attributes', word + 10)) {
    const before = word > 0 ? text.charCodeAt(word - 1) : 32;
    // `….Attributes.Member =`: a member assigned on a chain's attributes.
    if (before === 46) written(word);
    if (before === 46 || isNameChar(before)) continue;
    ATTRIBUTES_LITERAL.lastIndex = word;
    const m = ATTRIBUTES_LITERAL.exec(text);
    if (m === null) continue;
    const open = word + m[0].length;
    const outer = openingBrace(text, word);
    if (outer === -1) continue;
    const outerClose = matchingClose(text, outer, MAX_LITERAL, 'braces');
    if (outerClose === -1) continue;
    const resource = literalType(text, index, outer + 1, outerClose, constants);
    if (resource === undefined) continue;
    const close = matchingClose(text, open - 1, MAX_LITERAL, 'braces');
    if (close === -1) continue;
    const body = text.slice(open, close);
    KEYED_FIELD.lastIndex = 0;
    for (let f = KEYED_FIELD.exec(body); f !== null; f = KEYED_FIELD.exec(body)) {
      const name = f[1]!;
      const at = f.index + f[0].indexOf(name);
      if (depthAt(body, at) === 0) member(resource, name, open + at);
    }
  }
  return out;
}

/** The `{` of the literal holding `at`, read back at most `LITERAL_BACK` characters, or -1. */
function openingBrace(text: string, at: number): number {
  let depth = 0;
  for (let i = at - 1; i >= Math.max(0, at - LITERAL_BACK); i--) {
    const c = text.charCodeAt(i);
    if (c === 125) depth++;
    else if (c === 123 && depth-- === 0) return i;
  }
  return -1;
}

/** Brace depth of `at` in `body` (0: the literal's own level). */
function depthAt(body: string, at: number): number {
  let depth = 0;
  for (let i = 0; i < at; i++) {
    const c = body.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125) depth--;
  }
  return depth;
}

/** The resource a literal's own `Type` field names (at its level), or undefined. */
function literalType(
  text: string,
  index: HistoryIndex,
  open: number,
  close: number,
  constants: DeclaredConstants,
): string | undefined {
  const body = text.slice(open, close);
  KEYED_FIELD.lastIndex = 0;
  for (let f = KEYED_FIELD.exec(body); f !== null; f = KEYED_FIELD.exec(body)) {
    if (f[1] !== 'Type' || depthAt(body, f.index) !== 0) continue;
    const end = body.indexOf('\n', f.index + f[0].length);
    return typeValue(text, index, body.slice(f.index + f[0].length, end === -1 ? body.length : end), constants);
  }
  return undefined;
}

/** The resource type a value names: a string, or a constant the file declares with a string (`TaskResults = "task-results"`). */
function typeValue(text: string, index: HistoryIndex, value: string, constants: DeclaredConstants): string | undefined {
  const m = TYPE_VALUE.exec(value);
  if (m === null) return undefined;
  const type = m[1] ?? constants.value(m[2]!.slice(m[2]!.lastIndexOf('.') + 1));
  return type !== undefined && index.resourceTypes.has(type) ? type : undefined;
}

/** After `const`: a Go block's `(`, or one constant (`X = "…"`, `X string = "…"`, C#'s `string X = "…"`). */
const CONST_ONE = /[ \t]+(?:string[ \t]+)?([A-Za-z_]\w*)[ \t]*(?:[\w.]+[ \t]*)?=[ \t]*"([\w-]*)"/y;
const CONST_BLOCK = /[ \t]*\(/y;
/** A row of a Go `const (` block: `TypeResults = "task-results"`, `TypeResults ResourceType = "task-results"`. */
const CONST_ROW = /^[ \t]*([A-Za-z_]\w*)[ \t]*(?:[\w.]+[ \t]*)?=[ \t]*"([\w-]*)"/;
/** How many rows of a `const (` block are read. */
const MAX_BLOCK_ROWS = 400;

/**
 * The string constants a text declares (`const X = "…"`, `const X string = "…"`, a row of a Go `const (` block,
 * C#'s `const string X = "…"`), read once per text in one pass, when first asked. A variable (`var x = "…"`, `x :=
 * "…"`, a parameter) is none; a name declared with two different values has none.
 */
class DeclaredConstants {
  readonly #text: string;
  #values: Map<string, string | null> | undefined;

  constructor(text: string) {
    this.#text = text;
  }

  value(name: string): string | undefined {
    return (this.#values ??= this.#read()).get(name) ?? undefined;
  }

  #read(): Map<string, string | null> {
    const text = this.#text;
    const out = new Map<string, string | null>();
    const add = (name: string, value: string): void => {
      const had = out.get(name);
      out.set(name, had === undefined || had === value ? value : null);
    };
    for (let at = text.indexOf('const'); at !== -1; at = text.indexOf('const', at + 5)) {
      if ((at > 0 && isNameChar(text.charCodeAt(at - 1))) || isNameChar(text.charCodeAt(at + 5))) continue;
      CONST_BLOCK.lastIndex = at + 5;
      if (CONST_BLOCK.test(text)) {
        let row = text.indexOf('\n', at) + 1;
        for (let n = 0; row > 0 && n < MAX_BLOCK_ROWS; n++) {
          const end = text.indexOf('\n', row);
          const line = text.slice(row, end === -1 ? text.length : end);
          if (/^[ \t]*\)/.test(line)) break;
          const m = CONST_ROW.exec(line);
          if (m !== null) add(m[1]!, m[2]!);
          row = end + 1;
        }
        continue;
      }
      CONST_ONE.lastIndex = at + 5;
      const m = CONST_ONE.exec(text);
      if (m !== null) add(m[1]!, m[2]!);
    }
    return out;
  }
}
