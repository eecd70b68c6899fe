import { MAX_LITERAL, matchingClose, readBrackets } from './brackets.ts';
import type { Lines } from './lines.ts';
import { fileBaseName } from './language-profile.ts';
import { opensPlaceholder, placeholderEnd } from './placeholders.ts';
import { includesBy, indexBy, isNameChar, isRegexWordChar, lineEnd } from './source-text.ts';

/**
 * A string that is the base path of another HTTP API than this one (`"/api/iacp/v3/"`, Scalr's;
 * `'/api/v1'`): `/api/` and a name that is not `v2` (this API) nor `registry` (its registry protocol).
 */
const OTHER_BASE = /(["'`])(?:https?:\/\/[^"'`\s/]*)?\/?api\/(?!v2\b|registry\b)[A-Za-z]\w*(?:[./-]\w+)*\/?\1/y;
/** A class header: Python's `class ScalrClient(APIClient):`, or a brace language's `class X … {`. */
const PY_CLASS = /^([ \t]*)class[ \t]+\w+[^\n]*:[ \t]*(?:#[^\n]*)?$/gm;
const BRACE_CLASS = /\bclass[ \t]+\w+[^{;\n]*\{/g;

/**
 * Spans (start, end offsets) of the classes whose body names another API's base path: a file holding
 * two APIs' clients (`class ScalrClient(APIClient)` passing `"/api/iacp/v3/"` to its base) sends that
 * API's paths and pages through the other class, and they are not this API's uses, even where the
 * paths and keys are spelled alike. Nothing when no string names another API. In Go, the methods of a type whose
 * declaration names another API's base URL too (`otherGoReceivers`).
 */
export function otherApiSpans(text: string, lines: Lines, languageId: string | undefined): [number, number][] {
  const classes = otherClassSpans(text, lines, languageId);
  return languageId === 'go' ? [...otherGoReceivers(text), ...classes] : classes;
}

/** The spans of the classes whose body names another API's base path (`otherApiSpans`). */
function otherClassSpans(text: string, lines: Lines, languageId: string | undefined): [number, number][] {
  const bases = otherBases(text, lines.markers.slashes.api);
  if (bases.length === 0) return [];
  const classes = languageId === 'python' ? pythonClasses(text, lines) : braceClasses(text);
  const out: [number, number][] = [];
  for (const [start, end] of classes) {
    const inside = bases.filter((b) => b >= start && b < end);
    if (inside.length === 0) continue;
    // A class that names another API's base (`/api/terrarun/v1/…`, not a sibling version of one API: `/api/v1`) and
    // writes this API's `/api/v2/…` too is a client of both (terrarun's UI service): the calls that write `/api/v2`
    // themselves (the call's arguments: its payload too) are this API's; the rest of the class stays the other's.
    let from = start;
    if (inside.some((b) => namedBase(text, b)))
      for (const [s, e] of ownBaseCalls(text, start, end)) {
        if (s > from) out.push([from, s]);
        from = Math.max(from, e);
      }
    if (from < end) out.push([from, end]);
  }
  return out;
}

/**
 * Whether the base path whose string opens at `quote` names its API and that API's version (`/api/iacp/v3`,
 * `/api/terrarun/v1`) or its service by a host of its own: not only a version (`/api/v1`), nor an in-house route
 * beside one (`/api/auth`, `/api/users`).
 */
function namedBase(text: string, quote: number): boolean {
  const api = text.indexOf('api/', quote);
  if (api === -1) return false;
  if (NAMED_BASE.test(text.slice(api + 4, api + 84))) return true;
  // A URL of its own host (`'https://onesignal.com/api/v1/notifications'`) names its service by the host, unless
  // the text writes this API's root on that host too (`https://awx.example.com/api/v2/…`: a sibling version).
  const host = HOST_BEFORE_API.exec(text.slice(quote + 1, api))?.[1];
  return host !== undefined && !text.includes(`${host}/api/v2`);
}
/** The literal host a URL opens with, up to its `/api/` (no placeholder in it). */
const HOST_BEFORE_API = /^https?:\/\/([A-Za-z0-9.-]+\.[A-Za-z]{2,}(?::\d+)?)\/$/;
/** After `api/`: a name that is not a version, then a version segment (`iacp/v3`, `terrarun/v1/`). */
const NAMED_BASE = /^(?!v\d+(?!\w))[A-Za-z][\w.-]*\/v\d+(?![\w.-])/;

/**
 * The spans of the calls between `start` and `end` that write this API's base path (`this.http.patch(`/api/v2/…`,
 * body)`, `self.session.get(f"{host}/api/v2/…")`): from the `(` before the path to its `)`; a path in no call (a
 * variable's value), its line.
 */
function ownBaseCalls(text: string, start: number, end: number): [number, number][] {
  const out: [number, number][] = [];
  for (let at = text.indexOf('api/v2', start); at !== -1 && at < end; at = text.indexOf('api/v2', at + 6)) {
    if (isRegexWordChar(text.charCodeAt(at + 6)) || text.charCodeAt(at - 1) !== 47) continue;
    const open = openParenBefore(text, at, Math.max(start, at - 400));
    const close = open === -1 ? -1 : matchingClose(text, open, Math.min(end - open, MAX_LITERAL));
    if (close !== -1) out.push([open, close + 1]);
    else out.push([text.lastIndexOf('\n', at) + 1, lineEnd(text, at)]);
    at = Math.max(at, out[out.length - 1]![1] - 6);
  }
  return out;
}

/**
 * The `(` not closed before `at`, looking back no further than `stop`, or -1: a `;` or an unclosed `{` first ends the
 * statement (a placeholder's `{…}` before the path, `f"{self.host}/api/v2"`, is passed over).
 */
function openParenBefore(text: string, at: number, stop: number): number {
  let parens = 0;
  let braces = 0;
  for (let i = at - 1; i >= stop; i--) {
    const c = text.charCodeAt(i);
    if (c === 41) parens++;
    else if (c === 40 && parens-- === 0) return i;
    else if (c === 125) braces++;
    else if (c === 59 || (c === 123 && braces-- === 0)) return -1;
  }
  return -1;
}

/**
 * Where OTHER_BASE finds a base path, as its global search over the text would, but tried only at the quote before
 * each `api/` that goes on with a name that is not `v2` nor `registry` (what OTHER_BASE needs): most clients write
 * only `/api/v2/`, and the pattern, which stops at every quote, then runs nowhere. A match holds no quote between
 * its quotes, so the quote it opens with is the nearest one before its `api/`.
 */
function otherBases(text: string, slashes: readonly number[]): number[] {
  const bases: number[] = [];
  /** Where the last match ended (a global search goes on from there) and the last quote tried. */
  let end = 0;
  let tried = -1;
  /** The last back-scan: where it started and what it found, so a later one stops where that one started. */
  const last = { from: -1, quote: -1 };
  // Each `/` after `api` and before a letter (`TextMarkers.slashes`: one walk over the text's `/`s that path helpers share;
  // a native search of `pi/` stops at every `p` of the text, which is commoner than `/` in code).
  for (const slash of slashes) {
    const at = slash - 2;
    // Not `v2` nor `registry` ending a word (`\b`: no `\w` after it).
    const known = text.startsWith('v2', at + 3) ? at + 5 : text.startsWith('registry', at + 3) ? at + 11 : -1;
    if (known !== -1 && !isRegexWordChar(text.charCodeAt(known))) continue;
    const quote = quoteBefore(text, at - 2, last);
    if (quote < end || quote === tried) continue;
    tried = quote;
    OTHER_BASE.lastIndex = quote;
    if (OTHER_BASE.exec(text) === null) continue;
    bases.push(quote);
    end = OTHER_BASE.lastIndex;
  }
  return bases;
}

/**
 * The nearest quote at or before `from` with no blank between (where a base path holding `from + 1` may open), or -1.
 * Asked with rising `from`s: a scan that reaches where the `last` one started has that one's answer (no quote or blank
 * lies between), so a text without quotes or blanks (`api/api/api/…`) is read once, not once per `api/`.
 */
function quoteBefore(text: string, from: number, last: { from: number; quote: number }): number {
  let quote = -1;
  for (let i = from; i >= 0; i--) {
    if (i === last.from) {
      quote = last.quote;
      break;
    }
    const c = text.charCodeAt(i);
    if (c === 34 || c === 39 || c === 96) {
      quote = i;
      break;
    }
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 11 || c === 12) break;
  }
  last.from = from;
  last.quote = quote;
  return quote;
}

/**
 * Spans of the methods of the Go types whose own declaration (its doc comment, its struct's body) names another API's
 * base URL (`// sentryClient talks to Sentry's web API (https://sentry.io/api/0).`, `otherApiUrl`): a package holding
 * two services' clients (`sentry.go` beside a go-tfe program's files) sends that API's paths through the type's
 * methods (`s.client.Delete("/projects/" + id)`), and the package-mate naming this API says nothing of them. Not a type
 * that shows this API itself, in its declaration or its methods (`/api/v2`, a go-tfe type `tfe.…`): a mention of
 * another service there is an aside. Go has no classes; gofmt closes a top-level body with `}` at a line's start.
 */
function otherGoReceivers(text: string): [number, number][] {
  if (!text.includes('://')) return [];
  const out: [number, number][] = [];
  const ends = topLevelEnds(text);
  let methods: Map<string, [number, number][]> | undefined;
  /** Type names whose methods were given, or that have none or whose methods show this API (`own` below). */
  const settled = new Set<string>();
  let url = -2;
  for (let at = goDeclarationAt(text, 'type ', 0); at !== -1; at = goDeclarationAt(text, 'type ', at + 5)) {
    const head = GO_STRUCT.exec(text.slice(at, lineEnd(text, at)));
    if (head === null) continue;
    const start = goDocStart(text, at);
    const end = Math.min(ends(at), at + MAX_GO_DECLARATION);
    // The next `://` from the declaration's start (declarations come in order): none in it, no URL to read.
    if (url < start) url = text.indexOf('://', start);
    if (url === -1) break;
    if (url >= end) continue;
    // A type's methods are all its declarations' (the name's): once given, or refused by the methods themselves,
    // another declaration of the name adds nothing (read for each, a text declaring one type many times read all of
    // its methods for each declaration: time growing with the text squared; session 38).
    const name = head[1]!;
    if (settled.has(name)) continue;
    const decl = text.slice(start, end);
    if (!otherApiUrl(decl)) continue;
    const own = (methods ??= goMethods(text, ends)).get(name) ?? [];
    if (own.length > 0 && showsOwnApi(decl)) continue;
    settled.add(name);
    if (own.length === 0) continue;
    if (own.some(([s, e]) => showsOwnApi(text.slice(s, Math.min(e, s + MAX_GO_DECLARATION))))) continue;
    out.push(...own);
  }
  return out;
}
/**
 * Where `word` (`type `, `func`) next opens a line at or after `from`, or -1: found by a native search of the line
 * break before it, which stops far less often than one of the word itself (a Go text's `t`s and `f`s, or its `type`
 * fields' and comments' words, are everywhere; a line starting with the word is rare).
 */
function goDeclarationAt(text: string, word: string, from: number): number {
  if (from === 0 && text.startsWith(word)) return 0;
  const at = text.indexOf(`\n${word}`, Math.max(0, from - 1));
  return at === -1 ? -1 : at + 1;
}

/**
 * How much of a Go declaration (a type with its doc comment, a method) is read for another API's base or this API's
 * signs: far more than a struct or a method holds; an unclosed one (no `}` opening a later line) runs to the text's end,
 * and read whole for each of many, took time growing with their count squared.
 */
const MAX_GO_DECLARATION = 20_000;
/** A Go struct type's header at a line's start (`type sentryClient struct {`): group 1 its name. */
const GO_STRUCT = /^type[ \t]+([A-Za-z_]\w*)(?:\[[^\]\n]*\])?[ \t]+struct[ \t]*\{/;
/** go-tfe's package named in Go code (`*tfe.Client`, `tfe.WorkspaceListOptions`). */
const GO_TFE_USE = /\btfe\.[A-Z]/;

/** Whether Go code shows this API: its root `/api/v2` or a go-tfe type. */
const showsOwnApi = (code: string): boolean => writesApiRoot(code) || GO_TFE_USE.test(code);

/** Where the `//` lines right above the line at `at` (a declaration's doc comment) begin; `at` without any. */
function goDocStart(text: string, at: number): number {
  let start = at;
  while (start > 0) {
    const prev = text.lastIndexOf('\n', start - 2) + 1;
    if (!/^[ \t]*\/\//.test(text.slice(prev, start))) break;
    start = prev;
  }
  return start;
}

/**
 * The end of the top-level declaration at an offset (asked in the text's order): after the `}` that opens a line
 * (gofmt's close), or its own line's end. The next close is searched for only past the last one found (searched from
 * each declaration, a text of many unclosed ones took time growing with their count squared).
 */
function topLevelEnds(text: string): (at: number) => number {
  let close = -2;
  return (at) => {
    const line = lineEnd(text, at);
    if (text.charCodeAt(line - 1) !== 123) return line;
    if (close !== -1 && close < line - 1) close = text.indexOf('\n}', line - 1);
    return close === -1 ? text.length : close + 2;
  };
}

/** The spans of the Go methods, by their receiver's type (`func (s *sentryClient) dropProject(…) … {…}`): one pass. */
function goMethods(text: string, ends: (at: number) => number): Map<string, [number, number][]> {
  const out = new Map<string, [number, number][]>();
  for (let at = goDeclarationAt(text, 'func', 0); at !== -1; at = goDeclarationAt(text, 'func', at + 4)) {
    const type = RECEIVER.exec(text.slice(at, lineEnd(text, at)))?.[1];
    if (type === undefined) continue;
    const spans = out.get(type);
    const span: [number, number] = [at, ends(at)];
    if (spans === undefined) out.set(type, [span]);
    else spans.push(span);
  }
  return out;
}
/** A method's header at a line's start: group 1 its receiver's type (`func (s *sentryClient)`, `func (T)`). */
const RECEIVER = /^func[ \t]*\([ \t]*(?:[A-Za-z_]\w*[ \t]+)?\*?[ \t]*([A-Za-z_]\w*)(?![\w.])/;

/**
 * A literal URL's host and path (`https://sentry.io/api/0`): group 1 the host, 2 the path from its `/api` on or any
 * path. No placeholder in the host.
 */
const LITERAL_URL = /https?:\/\/([A-Za-z0-9.-]+\.[A-Za-z]{2,})(?::\d+)?(\/[^\s"'`()<>]*)?/g;
/** A path rooted at another API's base: `/api/` and a segment that is not this API's `v2` nor `registry`. */
const OTHER_API_PATH = /^\/api\/(?!(?:v2|registry)(?![\w-]|\.\d))[\w.-]+/;

/**
 * Whether a declaration's text names another API's base by a literal URL: an API root of another version or name on
 * a host that is not this API's (`https://sentry.io/api/0`, `https://gitlab.com/api/v4`, `https://onesignal.com/api/v1`),
 * or another product's API host (`https://api.github.com`, `https://awx.example.com/api/v2`). A link to a page
 * (`https://github.com/hashicorp/go-tfe`, docs) is not a base.
 */
function otherApiUrl(decl: string): boolean {
  LITERAL_URL.lastIndex = 0;
  for (let m = LITERAL_URL.exec(decl); m !== null; m = LITERAL_URL.exec(decl)) {
    const host = m[1]!.toLowerCase();
    if (ownOrNamedHost(host)) continue;
    const path = m[2] ?? '';
    if (OTHER_API_PATH.test(path)) return true;
    if ((path.startsWith('/api') || host.startsWith('api.')) && productHost(host)) return true;
  }
  return false;
}

/** Whether a host's label is another product's name (`sentry.io`, `api.github.com`, `awx.example.com`). */
const productHost = (host: string): boolean => host.split('.').some((label) => OTHER_PRODUCT_HOSTS.has(label));

/** Python classes end at the first later code line indented no deeper than the header: one pass over the lines. */
function pythonClasses(text: string, lines: Lines): [number, number][] {
  const headers = new Map<number, number>();
  PY_CLASS.lastIndex = 0;
  for (let m = PY_CLASS.exec(text); m !== null; m = PY_CLASS.exec(text))
    headers.set(lines.lineOf(m.index), (m[1] ?? '').length);
  if (headers.size === 0) return [];
  const out: [number, number][] = [];
  const open: { start: number; indent: number }[] = [];
  const last = lines.lineOf(text.length);
  for (let line = lines.lineOf(0); line <= last; line++) {
    const from = lines.startOf(line);
    const body = text.slice(from, lines.endOf(line));
    const code = body.trimStart();
    if (code.trim() === '' || code.startsWith('#')) continue;
    const own = body.length - code.length;
    while (open.length > 0 && open[open.length - 1]!.indent >= own) out.push([open.pop()!.start, from]);
    const indent = headers.get(line);
    if (indent !== undefined) open.push({ start: from, indent });
  }
  for (const cls of open) out.push([cls.start, text.length]);
  return out;
}

/** Brace classes end at the brace closing theirs: one pass with a stack of open braces. */
function braceClasses(text: string): [number, number][] {
  const starts = new Map<number, number>();
  BRACE_CLASS.lastIndex = 0;
  for (let m = BRACE_CLASS.exec(text); m !== null; m = BRACE_CLASS.exec(text))
    starts.set(m.index + m[0].length - 1, m.index);
  if (starts.size === 0) return [];
  const out: [number, number][] = [];
  const unclosed = readBrackets(text, 0, text.length, 'braces', (open, close) => {
    const start = starts.get(open);
    if (start !== undefined) out.push([start, close + 1]);
  });
  for (const brace of unclosed) {
    const start = starts.get(brace);
    if (start !== undefined) out.push([start, text.length]);
  }
  return out;
}

/**
 * This API's path prefixes: the API's and its registry protocol's; not another version written with a dot
 * (`/api/v2.0`, Harbor's root).
 */
const OWN_PATH = /\/api\/(?:v2|registry)(?![\w-]|\.\d)/;

/** Whether the text writes this API's root, `/api/v2` (not `/api/v2.0`, `/api/v2beta`, `/api/v2-…`). */
export function writesApiRoot(text: string): boolean {
  // By its `2` (`indexBy`): a native search for `/api/v2`, seven characters, is a slower kind, and `2` is rare in code.
  for (let at = indexBy(text, '/api/v2', 6, 0); at !== -1; at = indexBy(text, '/api/v2', 6, at + 7)) {
    const c = text.charCodeAt(at + 7);
    if (isRegexWordChar(c) || c === 45 || (c === 46 && isDigit(text.charCodeAt(at + 8)))) continue;
    return true;
  }
  return false;
}

/** A Go struct's field tagged with a dashed wire name (`json:"created-at"`), as this API's
 * documents spell their attributes; not another JSON:API service's `created`, `created_at`. */
export const GO_DASHED_TAG = /\bjson:"[a-z][a-z0-9]*(?:-[a-z0-9]+)+[",]/;

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
/** HCP Terraform's hosts (`app.terraform.io`, `app.eu.terraform.io`). */
const OWN_HOST = /(?:^|\.)terraform\.io$/;
/** A URL's host, after its scheme. */
const URL_HOST = /^[a-z][\w+.-]*:\/\/([^/?#\s:{}<>]+)/i;
/**
 * A host the text names with this API's path (`https://tfe.acme.internal/api/v2/…`): a self-hosted edition's. Sticky:
 * tried only at the scheme before each `://` (`ownHosts`).
 */
const HOST_WITH_API = /https?:\/\/([^/\s"'`{}<>:]+)(?::\d+)?\/api\/v2(?![\w-]|\.\d)/iy;

/** The hosts the text writes with `/api/v2` after them. */
export function ownHosts(text: string): Set<string> {
  const out = new Set<string>();
  // By its `2`, as `writesApiRoot` searches.
  if (!includesBy(text, '/api/v2', 6)) return out;
  // HOST_WITH_API's matches as its global search finds them: each opens with its scheme right before a `://` (found by
  // native search; a search of the pattern stops at every `h` of the text), and none holds another `://` (no `:` nor
  // `/` in its host), so the matches tried at each `://` in turn are those, in order.
  for (let at = text.indexOf('://', 4); at !== -1; at = text.indexOf('://', at + 3)) {
    const start = schemeStart(text, at);
    if (start === -1) continue;
    HOST_WITH_API.lastIndex = start;
    const m = HOST_WITH_API.exec(text);
    if (m !== null) out.add(m[1]!.toLowerCase());
  }
  return out;
}

/** Where `https` or `http` (any case) ends right before the `://` at `at` begins, or -1. */
function schemeStart(text: string, at: number): number {
  if (at >= 5 && (text.charCodeAt(at - 1) | 32) === 115 && isHttpAt(text, at - 5)) return at - 5;
  return isHttpAt(text, at - 4) ? at - 4 : -1;
}

/** Whether `http` (any case) is at `at`. */
function isHttpAt(text: string, at: number): boolean {
  return (
    at >= 0 &&
    (text.charCodeAt(at) | 32) === 104 &&
    (text.charCodeAt(at + 1) | 32) === 116 &&
    (text.charCodeAt(at + 2) | 32) === 116 &&
    (text.charCodeAt(at + 3) | 32) === 112
  );
}

/**
 * What a URL's text says of its API: `own` when it holds `/api/v2` (or the registry protocol's `/api/registry`) or
 * its host is HCP Terraform's or one of `hosts` (those the file names with `/api/v2`); `other` when it opens with
 * another host (`https://api.github.com/…`, `https://api.bitbucket.org/2.0/…`); `unknown` without a host.
 */
export function apiAddress(url: string, hosts: ReadonlySet<string>): 'own' | 'other' | 'unknown' {
  // This API's root on another product's host (`https://{awx_host}/api/v2`, `https://awx.example.com/api/v2`): AWX's.
  const own = OWN_PATH.exec(url);
  if (own !== null) return otherProductPrefix(url.slice(0, own.index)) ? 'other' : 'own';
  const host = URL_HOST.exec(url.trim())?.[1]?.toLowerCase();
  if (host === undefined) return 'unknown';
  return OWN_HOST.test(host) || hosts.has(host) ? 'own' : 'other';
}

/** A recorded HTTP cassette (Ruby's VCR): its interactions' list, or a request item. */
export function isCassette(text: string): boolean {
  // By `_inter` and `quest:` (`includesBy`): a native search for a needle of seven characters or more is a slower kind.
  return includesBy(text, 'http_interactions:', 4, 6) || includesBy(text, '- request:', 4);
}

/** HCP Terraform's host, or one named for this API (`tfe.acme.io`). */
const ownOrNamedHost = (host: string): boolean => OWN_HOST.test(host) || OWN_NAME.test(host);

/** A cassette's `uri:` key before a URL, on its line. */
const CASSETTE_URI = /(?:^|\n)[ \t]*(?:-[ \t]+)?uri:[ \t]*["']?$/;

/**
 * Whether the URL at `at` (its text `url`) is a cassette's recorded `uri:` on another service's host: a cassette
 * records the host it was sent to, so a host that is neither HCP Terraform's nor named for this API (`tfe.acme.io`)
 * is another API's, however alike its root (AWX's `https://awx.example.com/api/v2/projects/7/`).
 */
export function foreignCassetteUri(text: string, at: number, url: string): boolean {
  const host = URL_HOST.exec(url)?.[1]?.toLowerCase();
  if (host === undefined || ownOrNamedHost(host)) return false;
  return CASSETTE_URI.test(text.slice(Math.max(0, at - 40), at));
}

/** A base that ends with `/api/` (or `/api`) and its closing quote: `"https://app.terraform.io/api/"`. Group 1: its host. */
const API_BASE = /https?:\/\/([^/\s"'`{}<>:]+)(?::\d+)?\/api\/?["'`]/gi;
/** Any URL's host. */
const ANY_HOST = /https?:\/\/([^/\s"'`{}<>:]+)/gi;

/**
 * Whether a path written from the API version on (`v2/organizations/…`, no leading slash) is read from this API's
 * root in `text`: the text writes this API's base ending with `/api/` (HCP Terraform's host or one named for this
 * API) and no other service's host (DigitalOcean's godo writes `v2/projects/…` under `https://api.digitalocean.com/`).
 */
export function versionRootBase(text: string): boolean {
  if (!text.includes('/api')) return false;
  let own = false;
  for (const m of text.matchAll(API_BASE)) {
    const host = m[1]!.toLowerCase();
    if (ownOrNamedHost(host)) own = true;
  }
  if (!own) return false;
  for (const m of text.matchAll(ANY_HOST)) {
    const host = m[1]!.toLowerCase();
    if (!ownOrNamedHost(host) && !host.endsWith('hashicorp.com')) return false;
  }
  return true;
}

/** What a project's configuration says a base name holds: this API's base or another API's. */
export type ConfigBase = 'own' | 'other';

/**
 * A file that sets configuration by name: a dotenv file (`.env`, `.env.test`, `prod.env`), a settings or config
 * module (`settings.py`, `appsettings.Production.json`, `config.ts`, `env.mjs`); YAML, JSON, TOML, INI and
 * properties files are configuration by their language.
 */
const CONFIG_FILE =
  /^(?:\.env(?:\.[\w.-]+)?|[\w.-]+\.env|(?:app)?settings[\w.-]*\.(?:py|json)|(?:config|conf|settings|env)(?:[._-][\w.-]*)?\.(?:py|[cm]?[jt]s))$/i;
const CONFIG_LANGUAGES = new Set(['yaml', 'json', 'jsonc', 'toml', 'ini', 'properties']);
/**
 * A name set to a URL on its line: `NAME=https://…` (dotenv, `export`, a Dockerfile's `ENV`), `apiBase: https://…`
 * (YAML, a list item's `- NAME=…`), `"ApiBaseUrl": "https://…"`, `API_URL: str = "https://…"`, an env schema's
 * `NAME: z.string().url().default('https://…')`. Group 1: the name (a nested YAML key's own); 2: the URL.
 */
const CONFIG_URL =
  /^[ \t]*(?:-[ \t]+)?(?:export[ \t]+|ENV[ \t]+)?["']?([A-Za-z_][\w-]{0,80})["']?[ \t]*[:=][^\n]{0,80}?\b(https?:\/\/[^\s"'`,;)}\]]+)/gm;
/** A name that says it holds a base (`MURAL_API_BASE_URL`, `apiBase`, `GithubEndpoint`), of more than that one word. */
const BASE_NAME = /url|uri|base|host|endpoint|api|server|addr/i;
const ONE_WORD = /^(?:url|uri|base|host|hostname|endpoint|server|address|addr|api|href|link)$/i;
/** Names of this API's own settings (`TFE_ADDRESS`, `tfc_host`, `TERRAFORM_API_URL`): never another API's base. */
const OWN_NAME = /tfe|tfc|tf_?cloud|tf_?enterprise|terraform|hcp|atlas/i;

/** Another product a client of it may be mistaken for this API's (OTHER_PRODUCT_TABLE). */
interface OtherProduct {
  /** Its name, for the reader. */
  readonly name: string;
  /** The words of a setting's name that name it, lower case (`awx` of `awx_host`, `AWX_URL`, `awxHost`). */
  readonly words: readonly string[];
  /** The labels of its hosts' names (`datadoghq` of `api.datadoghq.com`); its words when not given. */
  readonly hosts?: readonly string[];
  /**
   * Its API is rooted at `/api/v2/` too, with collections named like this API's: what names it in a text
   * (`namesOtherRootApi`), patterns of whole words (`AWX_[A-Z][A-Z_]*`, `zendesk\.com`) and of any part of a word
   * (`[Ff]oreman` of `TheForeman`).
   */
  readonly v2Root?: { readonly names: readonly string[]; readonly inWords?: readonly string[] };
  /** A code host: a base's name holding its word anywhere is another API's (`GITHUB_API_URL`, `gitlabUrl`). */
  readonly codeHost?: true;
  /**
   * Read by the file's rule alone (`namesOtherRootApi`), not URL by URL (`namesOtherProduct`, `otherProductPrefix`,
   * a Go type's product host): Coder, since a file that names this API too keeps `${CODER_URL}/api/v2/workspaces/…`
   * (shared-api-paths.test).
   */
  readonly fileRuleOnly?: true;
}

/**
 * The other products, in one place: those whose servers a client's settings are named for (`awx_host`, `TOWER_URL`,
 * `{{ .Values.aapHost }}`, `${JENKINS_URL}`) and whose hosts a URL names. The ones whose API is rooted at `/api/v2/`
 * too (`v2Root`): Coder (`/api/v2/workspaces`, `/organizations`, `/users`), AWX, Ansible Tower and the Automation
 * Platform (`/organizations/`, `/projects/`, `/teams/`), Foreman and Katello (`/organizations`), Zendesk and Auth0
 * (`/users`, `/organizations` on their hosts), Freshservice and Freshdesk (`/projects`, `/workspaces`), Datadog
 * (`/users`, `/teams`), CircleCI; then the code hosts, CI servers and other services a playbook or script talks to.
 * Not the editions of this API nor the services that implement it (Scalr, OTF, Terrakube: a `scalr_host` may serve
 * `/api/v2`).
 */
const OTHER_PRODUCT_TABLE: readonly OtherProduct[] = [
  {
    name: 'Coder',
    words: ['coder'],
    v2Root: { names: ['[Cc]oder-[Ss]ession-[Tt]oken', 'codersdk', 'CODER_[A-Z][A-Z_]*'] },
    fileRuleOnly: true,
  },
  { name: 'Ansible AWX', words: ['awx'], v2Root: { names: ['AWX_[A-Z][A-Z_]*'] } },
  { name: 'Ansible Tower', words: ['tower'], v2Root: { names: ['TOWER_[A-Z][A-Z_]*', '[Tt]ower_host'] } },
  { name: 'Ansible Automation Platform', words: ['aap'], v2Root: { names: [] } },
  { name: 'Foreman', words: ['foreman'], v2Root: { names: [], inWords: ['[Ff]oreman', 'FOREMAN'] } },
  { name: 'Katello', words: ['katello'], v2Root: { names: [], inWords: ['[Kk]atello'] } },
  { name: 'Zendesk', words: ['zendesk'], v2Root: { names: ['zendesk\\.com'] } },
  {
    name: 'Freshservice',
    words: ['freshservice'],
    v2Root: { names: ['FRESHSERVICE_[A-Z][A-Z_]*', 'freshservice\\.com'] },
  },
  { name: 'Freshdesk', words: ['freshdesk'], v2Root: { names: ['FRESHDESK_[A-Z][A-Z_]*', 'freshdesk\\.com'] } },
  { name: 'Auth0', words: ['auth0'], v2Root: { names: ['AUTH0_[A-Z][A-Z_]*', 'auth0\\.com'] } },
  { name: 'Datadog', words: ['datadog'], hosts: ['datadoghq'], v2Root: { names: ['datadoghq', 'DD-API-KEY'] } },
  { name: 'CircleCI', words: ['circleci'], v2Root: { names: [] } },
  { name: 'GitHub', words: ['github'], codeHost: true },
  { name: 'GitLab', words: ['gitlab'], codeHost: true },
  { name: 'Gitea', words: ['gitea'] },
  { name: 'Bitbucket', words: ['bitbucket'], codeHost: true },
  ...[
    'jenkins',
    'sentry',
    'buildkite',
    'opsgenie',
    'pagerduty',
    'harbor',
    'rancher',
    'grafana',
    'jira',
    'confluence',
    'okta',
    'keycloak',
    'artifactory',
    'sonarqube',
    'netbox',
    'rundeck',
    'mattermost',
    'portainer',
  ].map((word) => ({ name: word, words: [word] })),
];

/** The products read URL by URL (all but `fileRuleOnly`). */
const PER_URL_PRODUCTS = OTHER_PRODUCT_TABLE.filter((p) => p.fileRuleOnly !== true);
/** Their words (`namesOtherProduct`). */
const OTHER_PRODUCTS = new Set(PER_URL_PRODUCTS.flatMap((p) => p.words));
/** Their hosts' labels (a Go type's product host: `productHost`). */
const OTHER_PRODUCT_HOSTS = new Set(PER_URL_PRODUCTS.flatMap((p) => p.hosts ?? p.words));
/** The hosts' labels of those whose API is rooted at `/api/v2/` (`otherProductPrefix`). */
const V2_ROOT_HOSTS = new Set(
  PER_URL_PRODUCTS.filter((p) => p.v2Root !== undefined).flatMap((p) => p.hosts ?? p.words),
);

/**
 * A base's name that spells another API: a version other than this API's v2 (`CI_API_V4_URL`, GitLab's predefined
 * base; `apiV1Url`, `BASE_V3`) or a code host (`GITHUB_API_URL`, `GITLAB_URL`, `BITBUCKET_API`).
 */
const OTHER_BASE_NAME = new RegExp(
  String.raw`(?:^|[_.-])[Vv](?:[013-9]|[1-9]\d+)(?![a-z\d])|[a-z]V(?:[013-9]|[1-9]\d+)(?![a-z\d])|` +
    OTHER_PRODUCT_TABLE.filter((p) => p.codeHost === true)
      .flatMap((p) => p.words)
      .join('|'),
  'i',
);

/**
 * Whether a URL's leading base placeholder is named for another API (`${CI_API_V4_URL}`, `{settings.GITHUB_API}`) or
 * another product (`{{ awx_api }}/workspaces/{{ id }}`, `{{ tower_base_url }}/organizations/…`: `namesOtherProduct`).
 */
export function namesOtherBase(base: string): boolean {
  const name = baseName(base);
  return (name !== undefined && OTHER_BASE_NAME.test(name) && !OWN_NAME.test(name)) || namesOtherProduct(base);
}

/** A name in a template's expression (`awx_host`, `.Values.awxHost`'s `Values` and `awxHost`). */
const TEMPLATE_NAME = /[A-Za-z_]\w*/g;
/** The words of a name: `awx`, `host` of `awx_host`, `AWX_HOST`, `awxHost`, `AWXHost` (a digit stays: `auth0`). */
const NAME_WORD = /[A-Z]+\d*(?![a-z])|[A-Z]?[a-z]+\d*/g;

/**
 * Whether a templated host (the text before a URL's `/api/v2`: `https://{{ awx_host }}`, `{{ tower_url }}`,
 * `${AWX_HOST}`, `{{ .Values.awxHost }}`) or a base placeholder is named for another product: a word of a name in it,
 * whole (`awx` of `awx_host`, not of `awxtest_host`), is that product's (OTHER_PRODUCTS), and nothing in it names this
 * API (`{{ tfe_awx_host }}` stays this API's). A name that only qualifies another (`github` of Actions'
 * `${{ github.event.inputs.hostname }}`, a host's label `awx.` of `awx.{{ domain }}`) is not the setting's name. AWX
 * and Tower root their API at `/api/v2/` with collections named like this API's: such a host's paths are theirs.
 */
function namesOtherProduct(host: string): boolean {
  if (!PRODUCT_WORD_WITHIN.test(host) || OWN_NAME.test(host)) return false;
  // Searched with the patterns' own `exec` (`matchAll` copies its pattern at each call: most of this function's time).
  TEMPLATE_NAME.lastIndex = 0;
  for (let name = TEMPLATE_NAME.exec(host); name !== null; name = TEMPLATE_NAME.exec(host)) {
    const text = name[0];
    const after = name.index + text.length;
    if (host.charCodeAt(after) === 46 && isRegexWordChar(host.charCodeAt(after + 1))) continue;
    NAME_WORD.lastIndex = 0;
    for (let word = NAME_WORD.exec(text); word !== null; word = NAME_WORD.exec(text))
      if (OTHER_PRODUCTS.has(word[0].toLowerCase())) return true;
  }
  return false;
}

/**
 * Whether a product's word (OTHER_PRODUCTS) is in a text anywhere, any case: a word of a name equal to one is in it, so
 * a text without any (most bases and hosts: `{self._api_v2_base_url}`, `${address}`) names none, its names unread.
 */
const PRODUCT_WORD_WITHIN = new RegExp([...OTHER_PRODUCTS].join('|'), 'i');

/**
 * Whether the scheme and host before a URL's API path name another product whose API is rooted at `/api/v2/` too: a
 * templated host named for it (`https://{{ awx_host }}`, `${TOWER_URL}`: `namesOtherProduct`), or a literal host with
 * a label of its (`https://awx.example.com`, `https://tower.corp.example.com`, `https://acme.zendesk.com`: AWX and
 * Tower write `/api/v2/projects/`, `/organizations/{id}/teams/` like this API). Not a host named for this API too
 * (`tfe-awx.acme.io`).
 */
export function otherProductPrefix(prefix: string): boolean {
  for (let i = 0; i < prefix.length; i++)
    if (opensPlaceholder(prefix.charCodeAt(i)) && placeholderEnd(prefix, i) !== -1) return namesOtherProduct(prefix);
  const host = URL_HOST.exec(prefix)?.[1];
  return host !== undefined && !OWN_NAME.test(host) && v2RootHost(host.toLowerCase());
}

/** Whether a literal host has a label (or a dashed part of one) that is a product with an `/api/v2` root's. */
function v2RootHost(host: string): boolean {
  for (const label of host.split(/[.-]/)) if (V2_ROOT_HOSTS.has(label)) return true;
  return false;
}
/** Whether a base's name or text says it is this API's (`$TF_API_BASE`, `${{ vars.TFC_HOST }}`, `{tfe_url}`). */
export function namesOwnBase(base: string): boolean {
  return OWN_NAME.test(base);
}
/**
 * Hosts that say nothing of which API: a developer's machine, a container's, documentation's examples, and a
 * self-hosted edition's names (`tfe.acme.internal`, `terraform.corp`).
 */
const NO_API_HOST =
  /^(?:localhost|127\.\d+\.\d+\.\d+|0\.0\.0\.0|host\.docker\.internal|\[::1\])$|(?:^|\.)(?:example\.(?:com|org|net)|test|local|invalid)$|tfe|terraform/i;

/**
 * The base names a configuration file sets to a URL (CONFIG_FILE, CONFIG_LANGUAGES), each `own` when the URL is this
 * API's (`apiAddress`: `/api/v2`, HCP Terraform's host) and `other` when another host's (`https://api.github.com`,
 * `https://app.asana.com/api/1.0`); a name the file sets both ways is `own`. Nothing for another file.
 */
export function configBases(
  text: string,
  fileName: string | undefined,
  languageId: string | undefined,
): Map<string, ConfigBase> {
  const out = new Map<string, ConfigBase>();
  if (
    !(languageId !== undefined && CONFIG_LANGUAGES.has(languageId)) &&
    !CONFIG_FILE.test(fileBaseName(fileName ?? ''))
  )
    return out;
  if (!text.includes('://')) return out;
  CONFIG_URL.lastIndex = 0;
  for (let m = CONFIG_URL.exec(text); m !== null; m = CONFIG_URL.exec(text)) {
    const name = m[1] ?? '';
    if (!BASE_NAME.test(name) || ONE_WORD.test(name) || OWN_NAME.test(name)) continue;
    const url = m[2] ?? '';
    const host = URL_HOST.exec(url)?.[1]?.toLowerCase() ?? '';
    const said = apiAddress(url, NO_HOSTS);
    if (said === 'unknown' || (said === 'other' && NO_API_HOST.test(host))) continue;
    if (out.get(name) !== 'own') out.set(name, said);
    if (out.size >= 200) break;
  }
  return out;
}

const NO_HOSTS: ReadonlySet<string> = new Set();

/**
 * The name a URL's base placeholder reads last (`${env.MURAL_API_BASE_URL}`, `{settings.GITHUB_API}`,
 * `{{ .Values.api.boardBase }}`, `$BOARD_API`): the configuration's name for it.
 */
export function baseName(base: string): string | undefined {
  return /([A-Za-z_]\w*)[^\w]*$/.exec(base)?.[1];
}

/**
 * A code host's own API command (`gh api …`, `glab api …`, `hub api …`): GitHub's and GitLab's REST paths
 * (`/projects/{id}`, `/orgs/{org}/teams`) are spelled like this API's, and a workflow calls them everywhere.
 */
const HOST_CLI = /(?<![\w./-])(?:gh|glab|hub)[ \t]+api(?![\w-])/g;
/**
 * A route-string request of GitHub's client (`octokit.request('PATCH /projects/{project_id}', …)`,
 * `github.paginate("GET /orgs/{org}/repos")`, github-script's `github.request(…)`): the part from the call's `(` on,
 * tried at one place (`routeCalls`); group 1 the string's quote.
 */
const ROUTE_STRING = /\([ \t\n]*(["'`])(?:GET|POST|PUT|PATCH|DELETE|HEAD)[ \t]+\//y;

/**
 * The route-string requests, in order, as `/([\w$.]*)\.(?:request|paginate)\(/` and ROUTE_STRING's rest would find
 * them: each `.request(` or `.paginate(` found by a native search, its receiver read back over `[\w$.]` by hand (a
 * try of that pattern anywhere inside the run ends at the same `(`, so a find starts at the run's start) and the route
 * string tried at its `(`. That pattern searched for starts a try at every character of every word and reads the word
 * to its end each time: a 2 MB TypeScript file with one `client.request(` spent a quarter of its scan there.
 */
export function routeCalls(text: string): { index: number; receiver: string; quote: string; end: number }[] {
  const out: { index: number; receiver: string; quote: string; end: number }[] = [];
  let from = 0;
  let request = text.indexOf('.request(');
  let paginate = text.indexOf('.paginate(');
  while (request !== -1 || paginate !== -1) {
    const dot = paginate === -1 || (request !== -1 && request < paginate) ? request : paginate;
    const open = dot + (dot === request ? 8 : 9);
    if (dot === request) request = text.indexOf('.request(', dot + 1);
    else paginate = text.indexOf('.paginate(', dot + 1);
    if (dot < from) continue;
    // The receiver: the run of `[\w$.]` before the dot (a find resumes after the last one's `/`, never inside a run).
    let start = dot;
    while (start > from && (isNameChar(text.charCodeAt(start - 1)) || text.charCodeAt(start - 1) === 46)) start--;
    ROUTE_STRING.lastIndex = open;
    const m = ROUTE_STRING.exec(text);
    if (m === null) continue;
    out.push({ index: start, receiver: text.slice(start, dot), quote: m[1]!, end: ROUTE_STRING.lastIndex });
    from = ROUTE_STRING.lastIndex;
  }
  return out;
}

/** A receiver or a file of GitHub's client: `octokit`, `github` (github-script's), an import of `@octokit/…`. */
const OCTOKIT = /octokit|github/i;

/**
 * Spans of the text that send another API's requests by their sender, whatever the path: a code host CLI's `api`
 * command (to the end of its command line, `\` continuations included) and a route-string request of GitHub's
 * client (to the route string's close), on a receiver named for it or in a file that imports it or runs in
 * github-script. The paths inside are that API's: no endpoint, no payload.
 */
export function otherSenderSpans(text: string, lines: Lines): [number, number][] {
  const out: [number, number][] = [];
  if (lines.markers.has(' api')) {
    HOST_CLI.lastIndex = 0;
    for (let m = HOST_CLI.exec(text); m !== null; m = HOST_CLI.exec(text)) {
      let end = lineEnd(text, m.index);
      while (end < text.length && /\\[ \t]*$/.test(text.slice(Math.max(m.index, end - 8), end)))
        end = lineEnd(text, end + 1);
      out.push([m.index, end]);
      HOST_CLI.lastIndex = end;
    }
  }
  if (lines.markers.has('.request(') || lines.markers.has('.paginate(')) {
    let octokitFile: boolean | undefined;
    for (const call of routeCalls(text)) {
      if (
        !OCTOKIT.test(call.receiver) &&
        !(octokitFile ??= lines.markers.has('@octokit/') || lines.markers.has('github-script'))
      )
        continue;
      const close = text.indexOf(call.quote, call.end);
      out.push([call.index, close === -1 ? lineEnd(text, call.index) : close + 1]);
    }
  }
  return out;
}

/**
 * What names another product whose API is rooted at `/api/v2/` too (OTHER_PRODUCT_TABLE's `v2Root`): Coder's
 * `Coder-Session-Token` header, Go SDK and `CODER_URL` settings, `TOWER_HOST`, `AWX_…`, Zendesk's and Auth0's hosts,
 * Datadog's `DD-API-KEY` header, a whole word each; Foreman and Katello inside a name too (`TheForeman`).
 */
const OTHER_ROOT_API = new RegExp(
  String.raw`\b(?:${OTHER_PRODUCT_TABLE.flatMap((p) => p.v2Root?.names ?? []).join('|')})\b|` +
    OTHER_PRODUCT_TABLE.flatMap((p) => p.v2Root?.inWords ?? []).join('|'),
  'g',
);

/**
 * Whether a text names another product with an `/api/v2` root (OTHER_ROOT_API) outside comments: its `/api/v2` paths
 * are that product's unless the text names this API too.
 */
export function namesOtherRootApi(text: string, inComment: (offset: number) => boolean): boolean {
  OTHER_ROOT_API.lastIndex = 0;
  for (let m = OTHER_ROOT_API.exec(text); m !== null; m = OTHER_ROOT_API.exec(text))
    if (!inComment(m.index)) return true;
  return false;
}
