import { parseTree, type Node } from 'jsonc-parser';
import { isHttpMethod, type HttpMethod } from './data-types.ts';
import type { UrlHit, UrlPart } from './hits.ts';
import type { Lines } from './lines.ts';
import { apiAddress, ownHosts } from './other-api.ts';

/**
 * Request collections: the files API clients keep their requests in, recognised by their structure.
 *
 * - Postman v2.0/v2.1 (`"info": {"schema": "…getpostman.com/json/collection…"}`): each `request` (in nested
 *   `item` folders) and each saved example's `originalRequest` has a `method` and a `url`, a string or an object
 *   (`raw`, else its `path` segments and `query` pairs).
 * - Insomnia v4 exports (`"__export_format"`): `resources[]` of `_type: "request"` with `method` and `url`.
 * - Hoppscotch collections (`requests[]` with `method` and `endpoint`).
 * - Bruno `.bru` files: a `get {` / `post {` … block whose `url:` line is the request's URL.
 *
 * (`.http`/`.rest` files are a language of their own: the request line holds the method and the URL.)
 */
export interface CollectionRequest {
  readonly method: HttpMethod;
  /** The method's text in the source (`"PATCH"`'s letters, Bruno's block name) and where it starts. */
  readonly methodStart: number;
  readonly methodText: string;
  /** The source span of the text that holds the URL (the `raw`, `url` or `endpoint` string, Bruno's `url:` value). */
  readonly url?: readonly [number, number];
  /** A URL written only as its segments (Postman's `url.path`, no `raw`): the joined path and where each piece is. */
  readonly segments?: { readonly text: string; readonly parts: readonly UrlPart[] };
  /** Where the request's body starts (the JSON string of `body.raw`/`body.text`/`body.body`, Bruno's `body:json {`). */
  readonly body?: number;
  /**
   * The URL is none of this API's (`ownUrl`): another API's host, or a base the collection does not resolve and no
   * `/api/v2`. Its path and its body say nothing (a Bitbucket collection's `PATCH {{baseUrl}}/projects/{{id}}`).
   */
  readonly foreign?: true;
}

/** A collection's requests, and the saved answers' bodies (their text's source spans). */
export interface Collection {
  readonly requests: readonly CollectionRequest[];
  readonly answers: readonly (readonly [number, number])[];
  /**
   * A JSON collection: its own keys (`name`, `description`, `headers`' `name`) are the tool's, not the API's; the
   * API's names are in its strings (a body's or a saved answer's JSON, a URL's query).
   */
  readonly json: boolean;
}

/** The longest collection read (larger JSON files are data, not a team's requests). */
const MAX_COLLECTION = 5_000_000;
/** A Bruno request block's opening line and the `url:` line in it. */
const BRUNO_BLOCK = /^(get|post|put|patch|delete|head|options)[ \t]*\{[ \t]*\r?$/gm;
const BRUNO_URL = /^[ \t]+url:[ \t]*(\S[^\r\n]*?)[ \t]*\r?$/m;
/** A Bruno file's variable blocks and their `name: value` lines. */
const BRUNO_VARS = /^vars(?::pre-request)?[ \t]*\{[ \t]*\r?$/gm;
const BRUNO_PAIR = /^[ \t]+([\w.-]+):[ \t]*(\S[^\r\n]*?)[ \t]*\r?$/gm;
/** A Bruno file's JSON body block. */
const BRUNO_BODY = /^body:json[ \t]*\{/m;

/**
 * The requests of a collection, or undefined when the text is none (a JSON text is one by a format's own marker,
 * so other texts cost a few comparisons; a Bruno file by its name).
 */
export function collectionRequests(text: string, bruno: boolean): Collection | undefined {
  if (text.length > MAX_COLLECTION) return undefined;
  if (bruno) return { requests: brunoRequests(text), answers: [], json: false };
  let i = 0;
  while (i < text.length && (text.charCodeAt(i) <= 32 || text.charCodeAt(i) === 0xfeff)) i++;
  const first = text.charCodeAt(i);
  return first === 123 || first === 91 ? jsonCollection(text) : undefined;
}

/**
 * Gives each URL hit of a collection the method of the request whose URL text holds it (before any token near
 * it is read), and each other URL hit of the collection no method: a description's example, a script's string
 * sends nothing by being there. (A saved answer's links are not read at all: `inAnswer`.)
 */
export function collectionMethods(requests: readonly CollectionRequest[], urls: readonly UrlHit[]): void {
  for (const hit of urls) {
    if (hit.method) continue;
    const request = requests.find((r) => r.url !== undefined && hit.start >= r.url[0] && hit.start < r.url[1]);
    if (request === undefined) {
      hit.methodDistance = 0;
      continue;
    }
    const { method, methodStart, methodText } = request;
    hit.method = { method, start: methodStart, end: methodStart + methodText.length, text: methodText };
    hit.methodDistance = 0;
  }
}

function jsonCollection(text: string): Collection | undefined {
  // A format's marker first: most JSON files are none, and are not parsed.
  const postman = text.includes('getpostman.com/json/collection');
  const insomnia = !postman && text.includes('"__export_format"');
  const hoppscotch = !postman && !insomnia && text.includes('"endpoint"') && text.includes('"requests"');
  if (!postman && !insomnia && !hoppscotch) return undefined;
  let root: Node | undefined;
  try {
    root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  } catch {
    // The parser recurses: JSON nested thousands deep overflows the stack. Such a text is data, not a collection.
    return undefined;
  }
  if (root === undefined) return undefined;
  const found: { request: CollectionRequest; address: string }[] = [];
  const answers: [number, number][] = [];
  const variables = new Map<string, string>();
  // Depth first, in the text's order, on a stack of its own (no recursion however deep the text nests).
  const stack: Node[] = [root];
  for (let node = stack.pop(); node !== undefined; node = stack.pop()) {
    if (node.type === 'object') {
      const request = jsonRequest(text, node, hoppscotch ? 'endpoint' : 'url');
      if (request !== undefined) found.push(request);
      collectionVariables(node, variables);
      // Saved answers: Postman's `response` examples, Hoppscotch's `responses` by name; each `body` a string.
      for (const saved of [member(node, 'response'), member(node, 'responses')])
        for (const answer of saved?.type === 'array' || saved?.type === 'object' ? (saved.children ?? []) : []) {
          const value = answer.type === 'property' ? answer.children?.[1] : answer;
          const body = value?.type === 'object' ? member(value, 'body') : undefined;
          if (body?.type === 'string') answers.push([body.offset, body.offset + body.length]);
        }
    }
    const children = node.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  // A format's marker written in a text that holds no request (a recorded document's `"endpoint"` and `"requests"`
  // keys, a tool's settings) is no collection: its keys are read as any JSON's.
  if (found.length === 0 && answers.length === 0) return undefined;
  const hosts = ownHosts(text);
  const requests = found.map(({ request, address }) =>
    ownUrl(address, variables, hosts) ? request : { ...request, foreign: true as const },
  );
  return { requests, answers, json: true };
}

/**
 * The variables a collection sets for its URLs: Postman's `variable: [{"key", "value"}]` (the collection's, a
 * folder's), an Insomnia export's environments (`_type: "environment"`, their `data`).
 */
function collectionVariables(node: Node, into: Map<string, string>): void {
  const list = member(node, 'variable');
  if (list?.type === 'array')
    for (const item of list.children ?? []) {
      const key = item.type === 'object' ? member(item, 'key') : undefined;
      const value = item.type === 'object' ? member(item, 'value') : undefined;
      if (typeof key?.value === 'string' && typeof value?.value === 'string') into.set(key.value, value.value);
    }
  const data = member(node, '_type')?.value === 'environment' ? member(node, 'data') : undefined;
  if (data?.type === 'object')
    for (const property of data.children ?? []) {
      const [name, value] = property.children ?? [];
      if (typeof name?.value === 'string' && typeof value?.value === 'string') into.set(name.value, value.value);
    }
}

/** An object's member value by key. */
function member(node: Node, key: string): Node | undefined {
  for (const property of node.children ?? []) {
    const [name, value] = property.children ?? [];
    if (name?.value === key) return value;
  }
  return undefined;
}

/** An object with a string `method` that is an HTTP method and a URL member: a request. */
function jsonRequest(
  text: string,
  node: Node,
  urlKey: 'url' | 'endpoint',
): { request: CollectionRequest; address: string } | undefined {
  const methodNode = member(node, 'method');
  if (methodNode?.type !== 'string' || typeof methodNode.value !== 'string') return undefined;
  const upper = methodNode.value.toUpperCase();
  if (!isHttpMethod(upper)) return undefined;
  const url = member(node, urlKey);
  if (url === undefined) return undefined;
  const bodyNode = member(node, 'body');
  const bodyText =
    bodyNode?.type === 'object'
      ? ['raw', 'text', 'body'].map((k) => member(bodyNode, k)).find((v) => v?.type === 'string')
      : undefined;
  const head = {
    method: upper,
    methodStart: methodNode.offset + 1,
    methodText: methodNode.value,
    ...(bodyText === undefined ? {} : { body: bodyText.offset + 1 }),
  };
  if (url.type === 'string')
    return { request: { ...head, url: [url.offset, url.offset + url.length] }, address: String(url.value) };
  if (url.type !== 'object') return undefined;
  const raw = member(url, 'raw');
  if (raw?.type === 'string')
    return { request: { ...head, url: [raw.offset, raw.offset + raw.length] }, address: String(raw.value) };
  const segments = joinedPath(text, url);
  if (segments === undefined) return undefined;
  // The URL's host as Postman splits it (`"host": ["{{baseUrl}}"]`, `["app", "terraform", "io"]`), then its path.
  const host = member(url, 'host');
  const hostText =
    host?.type === 'array'
      ? (host.children ?? []).map((h) => String(h.value)).join('.')
      : typeof host?.value === 'string'
        ? host.value
        : '';
  const protocol: unknown = member(url, 'protocol')?.value;
  const scheme = typeof protocol === 'string' && hostText !== '' && !hostText.startsWith('{{') ? `${protocol}://` : '';
  return { request: { ...head, segments }, address: `${scheme}${hostText}${segments.text}` };
}

/** Postman's `url.path` segments (and `url.query` keys) as one path: `/api/v2/organizations/:org/workspaces?include=…`. */
function joinedPath(text: string, url: Node): CollectionRequest['segments'] {
  const path = member(url, 'path');
  const items = path?.type === 'array' ? (path.children ?? []) : [];
  if (items.length === 0 || !items.every((s) => s.type === 'string')) return undefined;
  let joined = '';
  const parts: UrlPart[] = [];
  for (const item of items) {
    joined += '/';
    // The segment's own text, as the file writes it (escapes are rare in a path and kept as written).
    parts.push({ virtual: joined.length, source: item.offset + 1 });
    joined += text.slice(item.offset + 1, item.offset + item.length - 1);
  }
  const query = member(url, 'query');
  let separator = '?';
  for (const pair of query?.type === 'array' ? (query.children ?? []) : []) {
    const key = pair.type === 'object' ? member(pair, 'key') : undefined;
    if (key?.type !== 'string' || member(pair, 'disabled')?.value === true) continue;
    joined += separator;
    separator = '&';
    parts.push({ virtual: joined.length, source: key.offset + 1 });
    joined += `${text.slice(key.offset + 1, key.offset + key.length - 1)}=`;
  }
  return { text: joined, parts };
}

/** Bruno: each method block's `url:` value, with the block's name as its method. */
function brunoRequests(text: string): CollectionRequest[] {
  const out: CollectionRequest[] = [];
  const variables = brunoVariables(text);
  const hosts = ownHosts(text);
  BRUNO_BLOCK.lastIndex = 0;
  for (let m = BRUNO_BLOCK.exec(text); m !== null; m = BRUNO_BLOCK.exec(text)) {
    const open = m.index + m[0].length;
    const close = text.indexOf('\n}', open);
    const block = text.slice(open, close === -1 ? text.length : close);
    const url = BRUNO_URL.exec(block);
    const word = m[1]!;
    const method = word.toUpperCase();
    if (url === null || !isHttpMethod(method)) continue;
    const start = open + url.index + url[0].indexOf(url[1]!);
    const json = BRUNO_BODY.exec(text);
    out.push({
      method,
      methodStart: m.index,
      methodText: word,
      url: [start, start + url[1]!.length],
      ...(json === null ? {} : { body: json.index }),
      ...(ownUrl(url[1]!, variables, hosts) ? {} : { foreign: true as const }),
    });
  }
  return out;
}

/** A Bruno file's own variables: the `name: value` lines of its `vars {` / `vars:pre-request {` blocks. */
function brunoVariables(text: string): Map<string, string> {
  const out = new Map<string, string>();
  BRUNO_VARS.lastIndex = 0;
  for (let m = BRUNO_VARS.exec(text); m !== null; m = BRUNO_VARS.exec(text)) {
    const close = text.indexOf('\n}', m.index);
    const block = text.slice(m.index + m[0].length, close === -1 ? text.length : close);
    for (const pair of block.matchAll(BRUNO_PAIR)) out.set(pair[1]!, pair[2]!);
  }
  return out;
}

/** A `{{name}}` (Postman, Bruno, REST Client), `{{ _.name }}` (Insomnia) or `<<name>>` (Hoppscotch) variable. */
const URL_VARIABLE = /\{\{\s*(?:_\.)?([\w.-]+)\s*\}\}|<<([\w.-]+)>>/g;
/**
 * Whether a request's URL, as a collection or request file writes it, may be this API's: with its variables put in
 * place, it is not another API's (`apiAddress`: it opens with a host other than HCP Terraform's and the file's own
 * `/api/v2` hosts, and holds no `/api/v2`). A base the file does not resolve (an environment file's) says nothing
 * against the request; a variable resolved to another host does (a Bitbucket or GitHub collection's `{{baseUrl}}`).
 */
function ownUrl(address: string, variables: ReadonlyMap<string, string>, hosts: ReadonlySet<string>): boolean {
  let url = address;
  // A few rounds: a variable may be written with another (`baseUrl` = `{{host}}/api/v2`).
  for (let round = 0; round < 3 && (url.includes('{{') || url.includes('<<')); round++) {
    let changed = false;
    url = url.replace(URL_VARIABLE, (all, curly: string | undefined, angled: string | undefined) => {
      const value = variables.get(curly ?? angled ?? '');
      if (value === undefined) return all;
      changed = true;
      return value;
    });
    if (!changed) break;
  }
  return apiAddress(url, hosts) !== 'other';
}

/** A REST Client file's `@name = value` declarations, and its request lines (`PATCH {{host}}/projects/1`, a URL alone). */
const HTTP_VARIABLE = /^@([\w.-]+)[ \t]*=[ \t]*([^\r\n]*?)[ \t]*\r?$/gm;
const HTTP_REQUEST =
  /^(?:(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)[ \t]+(\S+)|((?:https?:\/\/|\{\{)[^\s]*\/[^\s]*))(?:[ \t]+HTTP\/[\d.]+)?[ \t]*\r?$/gm;

/**
 * `.http`/`.rest` files: the spans (start, end offsets) of the request lines whose URL is not this API's (`ownUrl`,
 * with the file's `@name = value` declarations): `@host = https://api.github.com` then `PATCH {{host}}/projects/1`.
 */
export function foreignRequestLines(text: string): [number, number][] {
  const variables = new Map<string, string>();
  HTTP_VARIABLE.lastIndex = 0;
  for (let m = HTTP_VARIABLE.exec(text); m !== null; m = HTTP_VARIABLE.exec(text)) variables.set(m[1]!, m[2]!);
  const hosts = ownHosts(text);
  const out: [number, number][] = [];
  HTTP_REQUEST.lastIndex = 0;
  for (let m = HTTP_REQUEST.exec(text); m !== null; m = HTTP_REQUEST.exec(text))
    if (!ownUrl(m[1] ?? m[2]!, variables, hosts)) out.push([m.index, m.index + m[0].length]);
  return out;
}

/** Whether `at` is inside a saved answer's body (its links and pages are the server's, no request's). */
export function inAnswer(collection: Collection | undefined, at: number): boolean {
  return collection !== undefined && collection.answers.some(([start, end]) => at >= start && at < end);
}

/** A REST Client request's query continued under its request line: `    ?search[tags]=prod`, `    &page[size]=50`. */
const QUERY_LINE = /^[ \t]+[?&]/;
const QUERY_PAIR = /[?&]([^=&\s#]+)/g;

/**
 * `.http`/`.rest` files: the query keys written on the indented `?`/`&` lines under a request line's URL (the REST
 * Client's way of splitting a long query), each with the URL it belongs to.
 */
export function continuedQueryKeys(
  text: string,
  lines: Lines,
  urls: readonly UrlHit[],
): { readonly url: UrlHit; readonly key: string; readonly start: number; readonly end: number }[] {
  const out: { url: UrlHit; key: string; start: number; end: number }[] = [];
  for (const url of urls) {
    // Only the URL that ends its line (the request line's, an `HTTP/1.1` after it aside).
    const end = lines.endOf(url.line);
    if (!/^[^\s]*(?:[ \t]+HTTP\/[\d.]+)?[ \t]*\r?$/.test(text.slice(url.end, end))) continue;
    for (let line = url.line + 1; ; line++) {
      const from = lines.startOf(line);
      if (from <= lines.startOf(line - 1)) break;
      const body = text.slice(from, lines.endOf(line));
      if (!QUERY_LINE.test(body)) break;
      for (const m of body.matchAll(QUERY_PAIR)) {
        const start = from + m.index + 1;
        out.push({ url, key: m[1]!, start, end: start + m[1]!.length });
      }
    }
  }
  return out;
}
