import type { NameHit, UrlHit } from './hits.ts';
import { memoKey } from './lines.ts';
import type { Lines } from './lines.ts';
import { makeMatch } from './make-match.ts';
import type { Match } from './match-types.ts';
import { namedResource } from './model-names.ts';
import type { HistoryIndex } from './types.ts';
import { escapeRegExp } from './scan-pattern.ts';

/**
 * Terraform's `http` data sources: the resource whose response each one decodes, by the source's name. A
 * `data "http" "projects" { url = "https://${var.host}/api/v2/organizations/${var.org}/projects?page[size]=100" }`
 * holds the projects (the last resource type among the URL's literal segments); a `url = local.x` is read through
 * the `x =` its file's locals assign. The sources of a module's other files come in as the project's facts
 * (`project-facts.ts`): a module often has them in a file of their own (`data.tf`).
 */
export function httpDataSources(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  urls: readonly UrlHit[],
): Map<string, string> {
  const out = new Map<string, string>();
  if (!lines.markers.has('"http"')) return out;
  for (const m of text.matchAll(HTTP_SOURCE)) {
    const open = m.index + m[0].length - 1;
    const close = closing(text, open);
    if (close === undefined) continue;
    const body = text.slice(open, close);
    const url = /\burl[ \t]*=[ \t]*/.exec(body);
    if (!url) continue;
    const from = open + url.index + url[0].length;
    let resource = urlResource(index, urls, from, text.indexOf('\n', from) === -1 ? close : text.indexOf('\n', from));
    if (resource === undefined) {
      const local = /^local\.([A-Za-z_][\w-]*)/.exec(text.slice(from, from + 120));
      const at = local?.[1] === undefined ? undefined : localValue(text, lines, local[1]);
      if (at !== undefined) resource = urlResource(index, urls, at.start, at.end);
    }
    if (resource !== undefined && out.size < MAX_SOURCES) out.set(m[1] ?? '', resource);
  }
  return out;
}

/** `data "http" "name" {` at a line start (group 1: the name). */
export const HTTP_SOURCE = /^[ \t]*data[ \t]+"http"[ \t]+"([A-Za-z_][\w-]*)"[ \t]*\{/gm;
/** Bounds: sources kept per file, how far a block or a value is read, how deep locals and loops are followed. */
const MAX_SOURCES = 200;
const SPAN = 6_000;
const MAX_DEPTH = 8;

/**
 * What a value holds: a resource's document, object or list (`inside` false), or its attributes or relationships;
 * `items`: a map or list a `for` expression made of such values (`{ for k, ws in data.http.ws : k =>
 * jsondecode(ws.response_body).data.attributes }`), whose item is that value.
 */
interface State {
  readonly resource: string;
  readonly inside: boolean;
  readonly items?: true;
}

/** An index (`[0]`, `[*]`, `.*`, `[k]`): a list's item is of the list's resource. */
const INDEX = '[]';

/**
 * One accessor of a chain: `["attributes"]` (group 1), `.data` (group 2), `[0]`, `[*]`, `.*`, `[each.key]` (an index).
 * HCL names may hold dashes (`.vcs-repo`).
 */
const ACCESSOR = /\[[ \t]*"([\w-]+)"[ \t]*\]|\.([A-Za-z_][\w-]*)|\[[ \t]*(?:\d+|\*|[A-Za-z_][\w.-]*)[ \t]*\]|\.\*/y;
/**
 * A chain read from a decoded response, a local or a loop's variable: its base (group 1: `jsondecode(data.http.x.
 * response_body)`; group 2: `local.name` or a variable) and at least one accessor.
 */
const CHAIN =
  /(?<![\w.-])(?:jsondecode\([ \t]*data\.http\.([A-Za-z_][\w-]*)\.(?:response_body|body)[ \t]*\)|((?:local\.)?[A-Za-z_][\w-]*))(?=\[|\.)/g;

/**
 * Terraform: the keys of a JSON:API response an `http` data source decodes, read in HCL: `jsondecode(data.http.
 * ws.response_body).data[*].attributes.name`, `project["attributes"]["name"]` in `[for project in
 * local.projects : …]` where `projects = jsondecode(data.http.projects.response_body)["data"]`. A chain's base is
 * the decoded body (the source's resource: `httpDataSources`, this file's and the module's other files'), a local
 * the file's `locals` assign (followed), or a `for` expression's variable (the list it walks; when that list is
 * not known, as from another file or a data source of another kind, the resource its name spells: `for workspace
 * in …` → workspaces). Only a key read inside `attributes` or `relationships` counts. A quoted key
 * (`["name"]`) has its hit given the resource (as a declaring model's would be: `resolve-names.ts` decides); a dotted
 * member (`.name`, `.vcs-repo`) is matched here, only as that resource's attribute of that name. Nothing known says
 * nothing.
 */
export function hclResponseReads(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  names: NameHit[],
  sources: ReadonlyMap<string, string>,
  languageId: string | undefined,
): Match[] {
  if (languageId !== 'terraform' && languageId !== 'hcl') return [];
  if (!lines.markers.has('attributes') && !lines.markers.has('relationships')) return [];
  if (!lines.markers.has('jsondecode') && !/\bfor[ \t]/.test(text)) return [];
  const reader = new Reader(text, lines, index, sources);
  const out: Match[] = [];
  let byStart: Map<number, number> | undefined;
  for (const m of text.matchAll(CHAIN)) {
    let state = m[1] !== undefined ? reader.source(m[1]) : reader.base(m[2] ?? '', m.index, 0);
    if (state === undefined) continue;
    // A commented line says nothing.
    const lineStart = lines.startOf(lines.lineOf(m.index));
    if (/#|\/\//.test(text.slice(lineStart, m.index))) continue;
    ACCESSOR.lastIndex = m.index + m[0].length;
    for (let a = ACCESSOR.exec(text); a; a = ACCESSOR.exec(text)) {
      const key = a[1] ?? a[2];
      if (state.inside && state.items !== true && key !== undefined) {
        const start = a.index + a[0].indexOf(key);
        if (a[1] !== undefined) {
          byStart ??= new Map(names.map((h, k) => [h.start, k]));
          const k = byStart.get(start);
          const hit = k === undefined ? undefined : names[k];
          if (hit !== undefined && k !== undefined)
            names[k] = { ...hit, isKey: true, model: { resources: [state.resource], guessed: false } };
        } else {
          const subject = (index.byName.get(key) ?? []).find(
            (s) => s.type === 'attribute' && s.resource === state?.resource,
          );
          if (subject !== undefined)
            out.push(
              makeMatch(text, lines, { start, end: start + key.length, subject, confidence: 'context', via: 'name' }),
            );
        }
        break;
      }
      const next = step(state, key ?? INDEX);
      if (next === undefined) break;
      state = next;
      ACCESSOR.lastIndex = a.index + a[0].length;
    }
  }
  return out;
}

/** Reading `key` from a value: `data` and an index keep the resource, `attributes`/`relationships` go inside it. */
function step(state: State, key: string): State | undefined {
  // Any key of a map a `for` expression made is one of its items (`local.attrs["prod"]`, `local.attrs[k]`).
  if (state.items === true) return { resource: state.resource, inside: state.inside };
  if (state.inside) return undefined;
  if (key === 'data' || key === INDEX) return state;
  if (key === 'attributes' || key === 'relationships') return { resource: state.resource, inside: true };
  return undefined;
}

/** The keys of an accessor chain's text (`["data"][*].attributes` → data, [], attributes), or undefined if it is not one. */
function keysOf(chain: string): string[] | undefined {
  const keys: string[] = [];
  ACCESSOR.lastIndex = 0;
  let at = 0;
  while (at < chain.length) {
    ACCESSOR.lastIndex = at;
    const a = ACCESSOR.exec(chain);
    if (!a) return undefined;
    keys.push(a[1] ?? a[2] ?? INDEX);
    at = a.index + a[0].length;
  }
  return keys;
}

class Reader {
  constructor(
    private readonly text: string,
    private readonly lines: Lines,
    private readonly index: HistoryIndex,
    private readonly sources: ReadonlyMap<string, string>,
  ) {}

  source(name: string): State | undefined {
    const resource = this.sources.get(name);
    return resource === undefined ? undefined : { resource, inside: false };
  }

  /** A chain's base at `offset`: a local (`local.name`) or a `for` expression's variable. */
  base(name: string, offset: number, depth: number): State | undefined {
    if (depth > MAX_DEPTH) return undefined;
    if (name.startsWith('local.')) {
      const at = localValue(this.text, this.lines, name.slice(6));
      return at === undefined ? undefined : this.expression(this.text.slice(at.start, at.end), depth + 1);
    }
    if (RESERVED.has(name)) return undefined;
    const loop = this.loopOf(name, offset);
    if (loop === undefined) return undefined;
    const list = this.expression(loop, depth + 1);
    if (list !== undefined) return step(list, INDEX);
    // A list not known here (another file's local, another data source's result): the variable's name.
    const resource = namedResource(this.index, name).resource;
    return resource === undefined ? undefined : { resource, inside: false };
  }

  /** The state of an expression: a decoded body or a local read through accessors, a filter of a list, a conversion. */
  private expression(raw: string, depth: number): State | undefined {
    if (depth > MAX_DEPTH) return undefined;
    const expr = raw.trim();
    const decoded = /^jsondecode\([ \t]*data\.http\.([A-Za-z_][\w-]*)\.(?:response_body|body)[ \t]*\)/.exec(expr);
    const local = decoded ? null : /^local\.([A-Za-z_][\w-]*)/.exec(expr);
    if (decoded || local) {
      const head = (decoded ?? local)!;
      let state = decoded ? this.source(head[1] ?? '') : this.base(`local.${head[1] ?? ''}`, 0, depth + 1);
      const keys = keysOf(expr.slice(head[0].length));
      if (state === undefined || keys === undefined) return undefined;
      for (const key of keys) {
        const next = step(state, key);
        if (next === undefined) return undefined;
        state = next;
      }
      return state;
    }
    // A list's items kept whole (`[for w in local.ws : w if …]`), a conversion or a fallback (`tolist(…)`, `try(…, [])`).
    const filter =
      /^\[[ \t\n]*for[ \t]+([A-Za-z_][\w-]*)[ \t]+in[ \t]+([^:]+):[ \t\n]*([A-Za-z_][\w-]*)[ \t\n]*(?:\]|if\b)/.exec(
        expr,
      );
    if (filter && filter[1] === filter[3]) return this.expression(filter[2] ?? '', depth + 1);
    // A map a `for` expression makes (`{ for k, ws in LIST : k => VALUE if … }`): its items are VALUE, read from
    // an item of LIST (a `data.http` source with `for_each`: each instance's `response_body`); VALUE the item
    // itself keeps LIST (a filter).
    const map = MAP_FOR.exec(expr);
    if (map) {
      const [, item = '', list = '', value = ''] = map;
      if (value === item) return this.expression(list, depth + 1);
      const instances = /^data\.http\.([A-Za-z_][\w-]*)$/.exec(list.trim());
      const decoded = new RegExp(`^jsondecode\\([ \\t]*${escapeRegExp(item)}\\.(?:response_body|body)[ \\t]*\\)`).exec(
        value,
      );
      let state: State | undefined;
      let rest: string;
      if (instances && decoded) {
        state = this.source(instances[1] ?? '');
        rest = value.slice(decoded[0].length);
      } else {
        const items = this.expression(list, depth + 1);
        state = items === undefined || !value.startsWith(item) ? undefined : step(items, INDEX);
        rest = value.slice(item.length);
      }
      const keys = keysOf(rest);
      if (state === undefined || keys === undefined) return undefined;
      for (const key of keys) {
        const next = step(state, key);
        if (next === undefined) return undefined;
        state = next;
      }
      return { resource: state.resource, inside: state.inside, items: true };
    }
    const call = /^(?:tolist|toset|flatten|try)\(([^(),]+)(?:,|\)$)/.exec(expr);
    if (call) return this.expression(call[1] ?? '', depth + 1);
    return undefined;
  }

  /** The list a `for` expression holding `offset` walks with `name` (`for name in list :`, `for k, name in map :`). */
  private loopOf(name: string, offset: number): string | undefined {
    const from = Math.max(0, offset - SPAN);
    const head = this.text.slice(from, offset);
    const re = new RegExp(
      `\\bfor[ \\t]+(?:[A-Za-z_][\\w-]*[ \\t]*,[ \\t]*)?${escapeRegExp(name)}[ \\t]+in[ \\t]+`,
      'g',
    );
    let found: string | undefined;
    for (const m of head.matchAll(re)) {
      const at = from + m.index;
      // The bracket that opens the `for` expression must still be open at `offset`.
      const open = /[[{][ \t\n]*$/.exec(this.text.slice(Math.max(0, at - 40), at));
      if (!open) continue;
      const bracket = Math.max(0, at - 40) + open.index;
      const end = closing(this.text, bracket);
      if (end === undefined || end < offset) continue;
      const listStart = at + m[0].length;
      const colon = this.text.indexOf(':', listStart);
      if (colon === -1 || colon > offset) continue;
      found = this.text.slice(listStart, colon);
    }
    return found;
  }
}

/** `{ for k, item in LIST : k => VALUE }` (an `if …` after it): group 1 the item, 2 the list, 3 the value. */
const MAP_FOR =
  /^\{[ \t\n]*for[ \t]+[A-Za-z_][\w-]*[ \t]*,[ \t]*([A-Za-z_][\w-]*)[ \t]+in[ \t]+([^:]+):[ \t\n]*[A-Za-z_][\w.-]*[ \t]*=>[ \t]*([^\s]+?)[ \t]*(?:\n[ \t]*#[^\n]*)*(?:\s+if\b[\s\S]*)?\s*\}$/;

/** Names a chain may start with that are no `for` variable. */
const RESERVED = new Set(['var', 'data', 'module', 'each', 'count', 'path', 'terraform', 'self', 'local']);

/** `locals {` at a line start. */
const LOCALS_BLOCK = /^[ \t]*locals[ \t]*\{/gm;
/** A line assigning a name (`name = …`, no `==`): group 1 the name. */
const ASSIGNED_LINE = /^[ \t]*([A-Za-z_][\w-]*)[ \t]*=(?!=)[ \t]*/gm;
const LOCAL_ASSIGNMENTS = memoKey<Map<string, { start: number; end: number }>>('hcl locals assigned');

/**
 * Where the value a file's `locals` assign `name` is written (`name = …` at a line start in a `locals {` block: the
 * first block assigning it, its first such line). Every name's place is read in one pass over the blocks, kept a scan:
 * searched per name (each block's pattern running on past its block), a file of many sources and blocks took time
 * growing with its length cubed (session 37: 1,000 of each, 64 KB, 12.5 s).
 */
function localValue(text: string, lines: Lines, name: string): { start: number; end: number } | undefined {
  return lines.memo(LOCAL_ASSIGNMENTS, () => localAssignments(text)).get(name);
}

function localAssignments(text: string): Map<string, { start: number; end: number }> {
  const out = new Map<string, { start: number; end: number }>();
  for (const block of text.matchAll(LOCALS_BLOCK)) {
    const open = block.index + block[0].length - 1;
    const close = closing(text, open);
    if (close === undefined) continue;
    // The block's lines alone (an assignment holds no `}`, so one starting before `close` ends before it).
    const body = text.slice(open, close + 1);
    for (const m of body.matchAll(ASSIGNED_LINE)) {
      const name = m[1]!;
      if (out.has(name)) continue;
      const start = open + m.index + m[0].length;
      const newline = text.indexOf('\n', start);
      let end = newline === -1 ? close : newline;
      // A value that opens a bracket on its line goes on to its closing one.
      const c = text.charAt(end - 1);
      if (c === '[' || c === '{' || c === '(') end = (closing(text, end - 1) ?? end - 1) + 1;
      out.set(name, { start, end });
    }
  }
  return out;
}

/** The offset of the bracket closing the one at `open` (strings skipped), within `SPAN`. */
export function closing(text: string, open: number): number | undefined {
  let depth = 0;
  const limit = Math.min(text.length, open + SPAN);
  for (let i = open; i < limit; i++) {
    const c = text.charAt(i);
    if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') {
      depth--;
      if (depth === 0) return i;
    } else if (c === '"') {
      // `${…}` inside a string may hold quotes of its own: a string ends at an unescaped quote outside them.
      let inner = 0;
      let j = i + 1;
      for (; j < limit; j++) {
        const d = text.charAt(j);
        if (d === '\\') j++;
        else if (d === '$' && text.charAt(j + 1) === '{') {
          inner++;
          j++;
        } else if (d === '}' && inner > 0) inner--;
        else if (d === '"' && inner === 0) break;
        else if (d === '\n' && inner === 0) break;
      }
      i = j;
    }
  }
  return undefined;
}

/** The resource of the API path literal between two offsets: the last type among its template's literal segments. */
function urlResource(index: HistoryIndex, urls: readonly UrlHit[], from: number, to: number): string | undefined {
  for (const url of urls) {
    if (url.start < from || url.start >= to) continue;
    const template = url.candidates[0]?.template;
    if (template === undefined) continue;
    const segments = template.split('/').filter((s) => s !== '' && !s.startsWith(':'));
    for (let i = segments.length - 1; i >= 0; i--) {
      const s = segments[i] ?? '';
      if (index.resourceTypes.has(s)) return s;
    }
  }
  return undefined;
}
