import type { HttpMethod } from './data-types.ts';
import { HTTP_METHODS } from './data-types.ts';
import type { PathSegment } from './path-trie.ts';
import { otherProductPrefix } from './other-api.ts';
import { holdsPlaceholder, opensPlaceholder, placeholderEnd } from './placeholders.ts';

/** One `key=value` pair of a URL's query; offsets are indexes into the normalised text. */
interface UrlQueryPair {
  /** Key with `%5B`/`%5D` decoded (`filter[names]`). */
  readonly key: string;
  readonly keyStart: number;
  readonly keyEnd: number;
  readonly value: string;
  readonly valueStart: number;
  readonly valueEnd: number;
}

/** A URL or path reduced to what the API path templates are written in. */
export interface NormalizedUrl {
  /** Segments after host and `/api/v2`; placeholders (`${id}`, `%s`, `{x}`, `:x`, `<x>`, `$X`) flagged. */
  readonly segments: readonly PathSegment[];
  /** Where the URL starts (after a `METHOD ` prefix). */
  readonly urlStart: number;
  /** The span of the kept path: from the `/` before the first kept segment to the end of the last one. */
  readonly pathStart: number;
  readonly pathEnd: number;
  readonly query: readonly UrlQueryPair[];
  /**
   * The leading placeholder dropped as the path's base (`{globals.BASE_URL}` of `{globals.BASE_URL}/runs`),
   * when no `/api/v2` or host says where the path starts: what that base holds is not known here.
   */
  readonly base?: string;
  /** A method written before the path in the same text (`"DELETE /workspaces/…"`). */
  readonly method?: { readonly method: HttpMethod; readonly start: number; readonly end: number };
}

/**
 * Normalises a URL-ish text: strips scheme and host, finds `/api/v2` (or keeps `/api/registry`),
 * drops a leading base placeholder (`${base}/workspaces`), splits segments and the query.
 * Returns undefined for text that cannot be a platform API path: a full URL without `/api/v2`,
 * or a relative path like `projects/x` with fewer than three segments and no placeholder, unless a
 * query follows it (`team-workspaces?filter[workspace][id]=…`) or `sent` says the text is what a request call sends (`NewRequest("GET", "team-projects", …)`).
 * Concatenated literals arrive with `{}` where the expression was, so it is a placeholder too.
 */
export function normalizeUrl(text: string, sent = false): NormalizedUrl | undefined {
  let i = 0;
  let method: NormalizedUrl['method'];
  // A method is upper-case: most texts start otherwise, and no method's name is tried on them.
  const lead = text.charCodeAt(0);
  if (lead >= 65 && lead <= 90)
    for (const name of HTTP_METHODS) {
      if (text.startsWith(name) && text.charCodeAt(name.length) === 32) {
        method = { method: name, start: 0, end: name.length };
        i = name.length + 1;
        while (text.charCodeAt(i) === 32) i++;
        break;
      }
    }
  const urlStart = i;
  const hasHost = text.startsWith('http://', i) || text.startsWith('https://', i);
  if (hasHost) {
    i = text.indexOf('/', text.indexOf('//', i) + 2);
    if (i === -1) return undefined;
  }
  const pathEnd = endOfPath(text, i);
  const raw = splitSegments(text, i, pathEnd);
  // Where the query starts: after `?`, or after a `?` escaped for a shell (`'…/organizations\?page\[size\]\=100'`).
  const queryAt =
    text.charCodeAt(pathEnd) === 63
      ? pathEnd + 1
      : text.charCodeAt(pathEnd) === 92 && text.charCodeAt(pathEnd + 1) === 63
        ? pathEnd + 2
        : -1;
  // A query (`team-workspaces?filter[workspace][id]=…`) makes even one segment a URL's path.
  const queried = queryAt !== -1 && /^(?:[\w%[\]-]|\\[[\]])+\\?=/.test(text.slice(queryAt, queryAt + 80));
  const dropped = dropPrefix(raw, hasHost, sent || queried || text.charCodeAt(i) === 47);
  const kept = dropped?.kept;
  const first = kept?.[0];
  if (!dropped || !kept || !first) return undefined;
  // A host named for another product (`https://{{ awx_host }}/api/v2/organizations/{{ id }}/projects/`, an Ansible task
  // against AWX, whose API is rooted at `/api/v2/` too; `${TOWER_URL}/api/v2/…`, `https://awx.example.com/api/v2/…`):
  // that product's path.
  if (dropped.base === undefined && first.start > urlStart && otherProductPrefix(text.slice(urlStart, first.start)))
    return undefined;
  const last = kept[kept.length - 1] ?? first;
  const segments: PathSegment[] = [];
  for (const s of kept) segments.push({ text: s.text, placeholder: isPlaceholder(s.text) });
  const pathStart = text.charCodeAt(first.start - 1) === 47 ? first.start - 1 : first.start;
  const query = queryAt !== -1 ? parseQuery(text, queryAt, queryAt !== pathEnd + 1) : [];
  // Optional fields assigned, not spread in: a spread of `{}` copies through a slow generic path, once per URL.
  const out: { -readonly [K in keyof NormalizedUrl]: NormalizedUrl[K] } = {
    segments,
    urlStart,
    pathStart,
    pathEnd: last.start + last.text.length,
    query,
  };
  if (dropped.base !== undefined) out.base = dropped.base;
  if (method) out.method = method;
  return out;
}

interface RawSegment {
  readonly text: string;
  readonly start: number;
}

/**
 * Where the path ends: at `?`, `#` or whitespace outside a placeholder's braces (Ruby's `#{org}`,
 * a workflow's `${{ needs.plan.outputs.id }}` are one segment each) or a shell's command substitution
 * (`$(_jq '.id')`).
 */
function endOfPath(text: string, from: number): number {
  let depth = 0;
  // Where a template literal's `${` placeholder opened at depth 1: its expression may run over lines
  // (`${querystring.escape(⏎ id⏎ )}`), the path goes on after it (-1: none open).
  let template = -1;
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // A placeholder in any template syntax (`<< parameters.ws >>`, `<%= @org %>`, `[[ .ws ]]`, `$[ variables.x ]`,
    // `{{ x }}`) is one value, spaces and all, when it closes on its line: the path goes on after it.
    if (depth === 0 && opensPlaceholder(c)) {
      const end = placeholderEnd(text, i);
      if (end !== -1) {
        i = end - 1;
        continue;
      }
    }
    if (c === 123 || (c === 40 && (depth > 0 || text.charCodeAt(i - 1) === 36))) {
      if (depth === 0) template = c === 123 && text.charCodeAt(i - 1) === 36 ? i : -1;
      depth++;
    } else if ((c === 125 || c === 41) && depth > 0) depth--;
    else if (c === 10 && !(depth > 0 && template !== -1 && i - template < 200)) return i;
    // An escaped quote closes a URL quoted inside a string (`"\"https://…/relationships/vars\""`).
    // So does a `?` escaped for a shell (`\?page\[size\]\=100`): the query starts after it.
    else if (
      depth === 0 &&
      i > from &&
      c === 92 &&
      (text.charCodeAt(i + 1) === 34 || text.charCodeAt(i + 1) === 39 || text.charCodeAt(i + 1) === 63)
    )
      return i;
    else if (depth === 0 && (c === 63 || c === 32 || c === 9 || (c === 35 && text.charCodeAt(i + 1) !== 123))) return i; // ? whitespace #
  }
  return text.length;
}

function splitSegments(text: string, from: number, to: number): RawSegment[] {
  const out: RawSegment[] = [];
  let start = from;
  let depth = 0;
  for (let i = from; i <= to; i++) {
    const c = text.charCodeAt(i);
    // A placeholder closed on its line is one segment's piece, whatever it holds (`$(dirname $x/y)`, `<%= a/b %>`).
    if (depth === 0 && i < to && c !== 123 && opensPlaceholder(c)) {
      const end = placeholderEnd(text, i);
      if (end !== -1 && end <= to) {
        i = end - 1;
        continue;
      }
    }
    if (c === 123) depth++;
    else if (c === 125 && depth > 0) depth--;
    if (i === to || (c === 47 && depth === 0)) {
      if (i > start) out.push({ text: text.slice(start, i), start });
      start = i + 1;
    }
  }
  return out;
}

/** Drops what precedes the API path: host-side segments up to `api/v2`, or a base placeholder. */
function dropPrefix(
  raw: RawSegment[],
  hasHost: boolean,
  leadingSlash: boolean,
): { kept: RawSegment[]; base?: string } | undefined {
  for (let k = 0; k < Math.min(raw.length - 1, 4); k++) {
    if (raw[k]?.text !== 'api') continue;
    const next = raw[k + 1]?.text;
    if (next === 'v2') return { kept: raw.slice(k + 2) };
    // Registry protocol paths (`/api/registry/...`) are absolute in the data, so keep `api`.
    if (next === 'registry') return { kept: raw.slice(k) };
    // Another version of an API root (`/api/v2.0/projects`, Harbor's; `/api/v1/…`, `/api/v3/…`): another API's path.
    if (next !== undefined && /^v\d/.test(next)) return undefined;
  }
  if (hasHost) return undefined;
  // A path joined to a base that ends with `/api/` (`default_base_url = "https://app.terraform.io/api/"` then
  // `self.get(path=f"v2/organizations/{org}/workspaces/{ws}")`, `path="v2/runs"`): the API path starts after `v2`.
  if (!leadingSlash && raw.length > 1 && raw[0]?.text === 'v2' && !isPlaceholder(raw[1]?.text ?? ''))
    return { kept: raw.slice(1) };
  let skip = 0;
  let tail: RawSegment | undefined;
  // One base placeholder at most: in `{REGISTRY}/{organization}/registry-modules` the second is a path
  // parameter under a base not known here (`…/organizations`), so the path is not read from the API root.
  if (raw.length > 1 && isPlaceholder(raw[0]?.text ?? '')) {
    // A base glued to the path's first word (`$($org.ServerUri)workspaces`, `${base}runs`): the word is kept.
    tail = placeholderTail(raw[0]);
    skip = 1;
    // A base that holds the host and `/api` (`$TF_API_BASE/v2/organizations/…`, `{{ .Values.api }}/v2/runs`):
    // the path starts after `v2`.
    if (!tail && raw[1]?.text === 'v2' && raw.length > 2) skip = 2;
  }
  // No copy when nothing is dropped (the common case: `raw` is not used again by the caller).
  const kept = tail ? [tail, ...raw.slice(skip)] : skip === 0 ? raw : raw.slice(skip);
  // A relative path such as "projects/x" is too often a file path; go-tfe style paths have placeholders.
  if (skip === 0 && !leadingSlash && kept.length < 3 && !kept.some((s) => isPlaceholder(s.text))) return undefined;
  if (skip === 0) return { kept };
  // The base's segments joined by `/` (written out: one or two segments, no arrays made per URL).
  const glued = tail ? (raw[skip - 1]?.text ?? '').slice(0, -tail.text.length) : undefined;
  let base = '';
  const whole = tail ? skip - 1 : skip;
  for (let k = 0; k < whole; k++) base += k === 0 ? (raw[k]?.text ?? '') : `/${raw[k]?.text ?? ''}`;
  if (glued) base += whole > 0 ? `/${glued}` : glued;
  return { kept, base };
}

/** The characters that close a placeholder opened by each opening bracket. */
const CLOSERS: Readonly<Record<string, string>> = { '(': ')', '{': '}' };

/**
 * The word written right after a leading placeholder in the same segment: `workspaces` of
 * `$($Global:Org.ServerUri)workspaces` (PowerShell's subexpression), `${base}workspaces`, `{}runs`,
 * `#{base}runs`; undefined when the segment is the placeholder alone or what follows is no path word.
 */
function placeholderTail(segment: RawSegment | undefined): RawSegment | undefined {
  if (!segment) return undefined;
  const text = segment.text;
  const open = /^(?:\$|#)?([({])/.exec(text);
  const opener = open?.[1];
  if (!open || opener === undefined) return undefined;
  const closer = CLOSERS[opener];
  let depth = 0;
  for (let i = open[0].length - 1; i < text.length; i++) {
    const c = text.charAt(i);
    if (c === opener) depth++;
    else if (c === closer && --depth === 0) {
      const word = text.slice(i + 1);
      return /^[a-z][a-z0-9_-]*$/.test(word) ? { text: word, start: segment.start + i + 1 } : undefined;
    }
  }
  return undefined;
}

/**
 * `:x`, `$X`, `<x>`, `{` anywhere, or any placeholder placeholders.ts reads anywhere in the segment (`ws-$ID`,
 * `<%= @ws %>`, `%(org)s`, `%s`): its value is not known, so it fills a `:param`, never a literal.
 */
function isPlaceholder(segment: string): boolean {
  const c = segment.charCodeAt(0);
  if ((c === 58 || c === 36) && segment.length > 1) return true;
  if (c === 60 && segment.endsWith('>')) return true;
  if (segment.includes('{')) return true;
  for (let i = segment.indexOf('%'); i !== -1; i = segment.indexOf('%', i + 1)) {
    const next = segment.charCodeAt(i + 1) | 0x20;
    if (next >= 97 && next <= 122) return true;
  }
  return holdsPlaceholder(segment);
}

/**
 * The `key=value` pairs of a query from `from`. `shell`: the query was written escaped for a shell
 * (`page\[size\]\=100\&include\=x`): a backslash before `[`, `]`, `=` or `&` is dropped from keys and values.
 */
function parseQuery(text: string, from: number, shell = false): UrlQueryPair[] {
  let end = from;
  while (end < text.length && !' \t\n#'.includes(text.charAt(end))) end++;
  const pairs: UrlQueryPair[] = [];
  let start = from;
  for (let i = from; i <= end; i++) {
    // `&`, or `&` written escaped where the URL sits in JSON (`\u0026`) or HTML (`&amp;`): the pair ends before it
    const escaped = i === end ? 0 : text.startsWith('\\u0026', i) ? 6 : 0;
    if (i !== end && escaped === 0 && text.charCodeAt(i) !== 38) continue; // &
    const eq = text.indexOf('=', start);
    const keyEnd = eq === -1 || eq > i ? i : eq;
    const rawKey = shell ? text.slice(start, keyEnd).replace(/\\$/, '') : text.slice(start, keyEnd);
    if (rawKey !== '') {
      const valueStart = keyEnd === i ? i : keyEnd + 1;
      const value = text.slice(valueStart, i);
      pairs.push({
        key: decodeBrackets(shell ? rawKey.replace(/\\(?=[[\]])/g, '') : rawKey),
        keyStart: start,
        keyEnd: start + rawKey.length,
        value: shell ? value.replace(/\\$/, '') : value,
        valueStart,
        valueEnd: shell && value.endsWith('\\') ? i - 1 : i,
      });
    }
    start = escaped !== 0 ? i + escaped : text.startsWith('&amp;', i) ? i + 5 : i + 1;
    i = start - 1;
  }
  return pairs;
}

/**
 * Decodes only `%5B` / `%5D` (any case): enough for `filter[...]`, `search[...]`, `page[...]`; a format string's
 * `%%5B` (Go's `fmt.Sprintf("…?page%%5Bsize%%5D=50")`, C's printf) is the same `%5B` once formatted.
 */
function decodeBrackets(key: string): string {
  if (!key.includes('%')) return key;
  return key.replace(/%%?5[bB]/g, '[').replace(/%%?5[dD]/g, ']');
}
