import { matchingClose } from './brackets.ts';
import { NEARBY, neighbours, urlStart } from './context.ts';
import type { HttpMethod } from './data-types.ts';
import type { LinedMethod, UrlHit } from './hits.ts';
import type { LanguageProfile } from './language-profile.ts';
import { memoKey, type Lines } from './lines.ts';
import { firstAtOrAfter } from './ordered.ts';
import { isCassette, writesApiRoot } from './other-api.ts';
import { WHOLE_CLIENT_NAME } from './receivers.ts';
import { servesThisApi } from './server-routes.ts';
import { hereDocumentEnd } from './shell-commands.ts';
import { LinePlaces } from './source-text.ts';
import { offsetsOf } from './text-markers.ts';
import { ownsUrl } from './verb-owners.ts';

/**
 * Method spellings: `GET`…`DELETE` as a word (`-X DELETE`, `"PATCH"`, `HttpMethod.POST`),
 * Go's `MethodPost`, Rust's `Method::Post` (surf; reqwest's `Method::POST` is the word), .NET's
 * `HttpMethod.Delete` and RestSharp's `Method.Patch` (the word after the dot), a client call
 * `.delete(` (also PHP's `->delete(`, Rust's `surf::post(`, a wrapper's `._post(`),
 * .NET's `PostAsync(` / `PatchAsJsonAsync(` / `GetStringAsync(` / `GetFromJsonAsync<T>(` (typed: `GetAsync<WorkspacesResponse>(`), a typed client's `this.get<Workspace>(`, and `method: 'delete'`
 * (PowerShell's splatted `Method = 'Patch'` too), Ruby's request classes `Net::HTTP::Patch.new(uri)` (the word after `::`);
 * in tests, a mocked client's verb whose call is asserted (Python's `session.patch.assert_called_once_with(url, …)`, Jest's
 * `expect(axios.delete).toHaveBeenCalledWith(url)`) and WireMock's stubs and checks (`stubFor(patch(urlEqualTo(…)))`,
 * `verify(deleteRequestedFor(urlPathEqualTo(…)))`); a declarative client's mapping (`@GetMapping("/organizations/{o}/projects")`
 * on a `@FeignClient` interface of this API: a server's own routes are no URLs, `server-routes.ts`); a YAML key's plain
 * lower-case value at its line's start (a recorded request of Ruby's VCR cassettes: `method: get` above `uri: https://…`).
 */
const METHOD =
  /(?<![\w-])(GET|POST|PUT|PATCH|DELETE)(?![\w-])|Method(?:::|\.)?(Get|Post|Put|Patch|Delete)(?![\w-])|(?:\.|->|::)_?(get|post|put|patch|delete)!?(?:<[^<>()\n]*>)?\(|[Mm]ethod["']?[ \t]*[:=][ \t]*["']([Gg]et|[Pp]ost|[Pp]ut|[Pp]atch|[Dd]elete)["']|(?<![\w-])(Get|Post|Put|Patch|Delete)(?:Async|AsJsonAsync|StringAsync|StreamAsync|ByteArrayAsync|FromJsonAsync)(?:<[^<>()\n]*>)?\(|::(Get|Post|Put|Patch|Delete)\.new\b|[Mm]ethod["']?[ \t]*(?:=>|[:=])[ \t]*[:.](get|post|put|patch|delete)(?![\w-])|(?:\(|:method[ \t,]+):(get|post|put|patch|delete)(?![\w-])[ \t]*[,)}\n]|\.(Post|Put|Patch|Delete)\(|CURLOPT_(POST|PUT)[ \t]*,[ \t]*(?:true|1)\b|\.(get|post|put|patch|delete)(?:\.assert_(?:called_once_with|called_with|any_call)\(|\)[ \t]*\.(?:toHaveBeenCalledWith|toHaveBeenLastCalledWith|toHaveBeenNthCalledWith|toBeCalledWith|lastCalledWith)\()|(?<![\w$.])(get|post|put|patch|delete)(?:RequestedFor)?\((?=[ \t]*(?:WireMock\.)?url(?:Path)?(?:EqualTo|Matching)\()|@(Get|Post|Put|Patch|Delete)Mapping\b|(?<![\w-])method:[ \t]+(get|post|put|patch|delete)(?=[ \t]*(?:\r?\n|$))/g;

/** What may stand before a YAML key on its line: blanks, a list item's `- `. */
const YAML_KEY_LEAD = /^[ \t]*(?:-[ \t]+)?$/;

/** A `@FeignClient` interface read once: its body's closing brace (-1: not found within MAX_INTERFACE) and whether it is ours. */
interface FeignClient {
  readonly end: number;
  readonly ours: boolean;
}

const FEIGN_CLIENTS = memoKey<Map<number, FeignClient | null>>('Feign clients of this API, by their annotation');
/** The offsets of a text's `@FeignClient`s, in order. */
const FEIGN_ANNOTATIONS = memoKey<readonly number[]>('Feign client annotations');

/**
 * Whether the `@FeignClient` interface whose body holds `at` (the nearest annotation before it) is a client of this
 * API, by its annotation and name: a `url` on HCP Terraform's host, a name of this API's client (`name = "tfe"`, an
 * interface `TfcClient`: a whole value or name, not `tfe-reports`), or this API's root (`path = "/api/v2"`) with
 * JSON:API's media type in its mappings. Another service's client (`@FeignClient(name = "catalog", url =
 * "${catalog.url}")`) says nothing: its paths (`/projects/{id}`) are that service's. The interface is read once per
 * annotation; whether `at` lies in its body is asked of each place (a mapping after the body is not the client's).
 */
function feignShowsThisApi(text: string, lines: Lines, at: number): boolean {
  // The last annotation at or before `at`, from the text's annotations found once (a search back from each place read
  // to the one annotation at the top of a large interface: 3.4 s for 800 KB of mappings).
  const annotations = lines.memo(FEIGN_ANNOTATIONS, () => offsetsOf(text, '@FeignClient') ?? []);
  const before = firstAtOrAfter(annotations, at + 1);
  if (before === 0) return false;
  const annotation = annotations[before - 1]!;
  const client = lines.memoAt(FEIGN_CLIENTS, annotation, () => feignClient(text, annotation));
  return client !== null && client.ours && (client.end === -1 || at <= client.end);
}

function feignClient(text: string, annotation: number): FeignClient | null {
  const open = text.indexOf('(', annotation);
  const close = open === -1 || open > annotation + 14 ? -1 : matchingClose(text, open, MAX_ANNOTATION);
  const args = close === -1 ? '' : text.slice(open + 1, close);
  const from = Math.max(close, annotation);
  const head = /^[\s\S]{0,300}?\binterface[ \t]+([A-Za-z_]\w*)[^{;]*\{/.exec(text.slice(from, from + MAX_HEAD));
  if (!head) return null;
  const brace = from + head[0].length - 1;
  const end = matchingClose(text, brace, MAX_INTERFACE, 'braces');
  if (args.includes('terraform.io')) return { end, ours: true };
  const values = [...args.matchAll(/"([^"\n]*)"/g)].map((v) => v[1] ?? '');
  if ([head[1] ?? '', ...values].some((v) => WHOLE_CLIENT_NAME.test(v))) return { end, ours: true };
  const ours =
    writesApiRoot(args) && text.slice(brace, end === -1 ? undefined : end).includes('application/vnd.api+json');
  return { end, ours };
}

/** How far after its annotation an interface's head may end (300 characters before `interface`, then its head). */
const MAX_HEAD = 1_000;

/** How long a Feign interface's body may be. */
const MAX_INTERFACE = 100_000;

/** How long a `@FeignClient(…)` annotation's arguments may be. */
const MAX_ANNOTATION = 1_000;

/**
 * Method tokens within METHOD_LINES of some URL hit, outside comments. Only those windows are
 * read, each once, so the cost follows the number of URLs, not the size of the document.
 */
export function findMethods(
  text: string,
  profile: LanguageProfile,
  lines: Lines,
  urls: readonly UrlHit[],
): LinedMethod[] {
  const found: LinedMethod[] = [];
  const places = new LinePlaces(text, profile, lines);
  // A shell text's here-documents whose bodies are data (`cat > notes.md <<EOF` … `EOF`, `hereDocumentEnd`): a word
  // there sends nothing, and a URL there is sent by nothing near it (its "no method" decides, at distance 0).
  const data = profile.commands && lines.markers.has('<<');
  let scanned = 0;
  // Whether the text shows it is about this API (`servesThisApi`: its names outside comments, a path only it has),
  // asked at the first stub or fake that needs it.
  let ours: boolean | undefined;
  const shows = (): boolean => (ours ??= showsThisApi(text, urls, places));
  // Whether the text is a recorded cassette (`isCassette`), asked at the first YAML `method: get`.
  let cassette: boolean | undefined;
  // Whether the text writes `fetch(` anywhere (`bareFetch`'s call), asked at the first URL.
  let fetches: boolean | undefined;
  for (const url of urls) {
    if (data && hereDocumentEnd(text, lines, url.start) !== -1) url.methodDistance = 0;
    const from = Math.max(scanned, lines.startOf(url.line - NEARBY.METHOD_LINES));
    const to = lines.endOf(url.line + NEARBY.METHOD_LINES);
    if (from >= to) continue;
    const window = text.slice(from, to);
    METHOD.lastIndex = 0;
    for (let m = METHOD.exec(window); m !== null; m = METHOD.exec(window)) {
      // `Method::Post`: the token is `Post` (a quick fix writes `Delete` there).
      // `Method.Patch` (RestSharp), `HttpMethod.Delete` (.NET): the token is the word after the dot.
      const rust = m[2] !== undefined && (m[0].charCodeAt(6) === 58 || m[0].charCodeAt(6) === 46);
      const later = m[7] ?? m[8] ?? m[9] ?? m[10] ?? m[11] ?? m[12] ?? m[13] ?? m[14];
      const word = m[1] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? later ?? (rust ? (m[2] ?? '') : `Method${m[2] ?? ''}`);
      const start =
        from +
        m.index +
        (later !== undefined
          ? m[0].lastIndexOf(later)
          : m[6] !== undefined
            ? 2
            : m[3] !== undefined
              ? m[0].indexOf(m[3], 1)
              : m[4] !== undefined
                ? m[0].length - word.length - 1
                : rust
                  ? m[0].length - word.length
                  : 0);
      if (places.at(start).inComment) continue;
      // YAML's `method: get` counts only as a key at its line's start (blanks and a list item's `- ` before it).
      // And only in a recorded cassette (`http_interactions:`, a `- request:` item): elsewhere a plain `get` is no method.
      if (
        m[14] !== undefined &&
        (!YAML_KEY_LEAD.test(window.slice(window.lastIndexOf('\n', m.index) + 1, m.index)) ||
          !(cassette ??= isCassette(text)))
      )
        continue;
      if (data && hereDocumentEnd(text, lines, start) !== -1) continue;
      // `os.environ.get("API", "https://…")`: an environment lookup's default, no request.
      if (m[3] === 'get' && window.startsWith('environ', m.index - 7)) continue;
      // `f"/workspaces/{new_workspace.get('id')}"`: a call inside a URL's own placeholders sends nothing.
      if (m[3] !== undefined && insideUrl(urls, start)) continue;
      // A verb of another receiver or call (`cache.delete(key)` beside the URL's assignment, `curl -X DELETE "$CACHE"`
      // under it) is no URL's: the word must be in a URL's line or statement, or name its value (`verb-owners.ts`).
      // (YAML's and HCL's keys are siblings in a block: an Ansible task's `method:` and `url:`, an `http` data source's.
      // A `.get(` call is left as it was: `params.get('id')` above a lookup's URL is mostly its GET, held4's two.)
      if (!profile.bareValues && !profile.blockKeys && m[3] !== 'get' && !owned(text, lines, urls, start)) continue;
      // A test's stub or fake (a mocked verb asserted, WireMock's, nock's, `responses`') stands in for some API: the
      // method is this API's only where the text shows it is this API's, as a fake server's routes must.
      if ((m[11] !== undefined || m[12] !== undefined) && !shows()) continue;
      // A declarative client's mapping sends its method only on a client of this API (`feignShowsThisApi`).
      if (m[13] !== undefined && !feignShowsThisApi(text, lines, start)) continue;
      found.push({
        method: (m[1] ?? (m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? later ?? '').toUpperCase()) as HttpMethod,
        start,
        end: start + word.length,
        text: word,
        line: lines.lineOf(start),
      });
    }
    scanned = to;
    // A text that never writes `fetch(` has no bare fetch (asked once a text, not a slice and a pattern a URL).
    fetches ??= lines.markers.has('fetch(');
    const bare = fetches ? bareFetch(text, url) : undefined;
    if (bare !== undefined && !places.at(bare).inComment)
      found.push({ method: 'GET', start: bare, end: bare + 5, text: 'fetch', line: lines.lineOf(bare) });
    // A query says less: another API's URL in the same playbook (`{{ aap_host }}/api/v2/organizations/?name=x`) is spelled alike.
    const uri = profile.bareValues && url.url.query.length === 0 ? ansibleUriGet(text, lines, url.line) : undefined;
    if (uri !== undefined)
      found.push({ method: 'GET', start: uri, end: uri + 3, text: 'uri', line: lines.lineOf(uri) });
  }
  return found;
}

/**
 * A fake library's stub registration, on the word's line or the two above it (a chain or a `with … as m:` block):
 * nock, Python's `responses`, requests-mock, respx, HTTPretty, aioresponses, pytest-httpserver, WebMock's
 * `stub_request`, fetch-mock.
 */
const FAKE_STUB =
  /\bnock\(|(?<![\w.])responses\.(?:add|get|post|put|patch|delete|upsert|replace)\b|\brequests_mock\b|\brespx\.|\bhttpretty\.|\baioresponses\b|\.expect_(?:oneshot_|ordered_)?request\(|\bstub_request\(|\bfetchMock\./;

function fakeStub(text: string, lines: Lines, at: number): boolean {
  // Read once a line (a line of many URLs asked it of each: time growing with their count squared).
  const line = lines.lineOf(at);
  return lines.memoAt(STUB_LINES, line, () =>
    FAKE_STUB.test(text.slice(lines.startOf(Math.max(0, line - 2)), lines.endOf(line))),
  );
}

/** Each line's `fakeStub`, by its index. */
const STUB_LINES = memoKey<Map<number, boolean>>('fake stubs by line');

/** Whether the text shows it is about this API, as a server of it must (`servesThisApi`: its names outside comments, a path only it has). */
function showsThisApi(text: string, urls: readonly UrlHit[], places: LinePlaces): boolean {
  return servesThisApi(
    text,
    urls.map((u) => u.candidates[0]?.template ?? ''),
    (offset) => {
      const place = places.at(offset);
      return place.inComment ? 'comment' : place.stringStart !== -1 ? 'string' : 'code';
    },
  );
}

/**
 * A fake library's stub (nock, `responses`, requests-mock, respx, …: FAKE_STUB) stands in for some API: the method any
 * reader gave its URL is this API's only where the text shows it is this API's, as a fake server's routes must. Without
 * that, the URL is left with no method (decided: none), so only a path only this API has is read.
 */
export function foreignFakes(text: string, profile: LanguageProfile, lines: Lines, urls: readonly UrlHit[]): void {
  // No gate on the text's markers: a stub's words are read on the lines of each URL with a method alone (a few lines
  // each), which costs less than the nine whole-text searches a gate asked of every text (about 2% of the scan).
  let ours: boolean | undefined;
  for (const url of urls) {
    if (!url.method || !fakeStub(text, lines, url.start)) continue;
    if ((ours ??= showsThisApi(text, urls, new LinePlaces(text, profile, lines)))) return;
    delete url.method;
    delete url.sends;
    url.methodDistance = -1;
  }
}

/** Whether a URL within METHOD_LINES of the word at `at` owns it (`ownsUrl`). */
function owned(text: string, lines: Lines, urls: readonly UrlHit[], at: number): boolean {
  const line = lines.lineOf(at);
  return ownsUrl(text, lines, at, line, neighbours(urls, urlStart, at, line, NEARBY.METHOD_LINES));
}

/** Whether `at` lies within some URL hit's text (URLs sorted by offset). */
function insideUrl(urls: readonly UrlHit[], at: number): boolean {
  let lo = 0;
  let hi = urls.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const url = urls[mid]!;
    if (at < url.start) hi = mid - 1;
    else if (at >= url.end) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * `fetch(url)` with no second argument: the Fetch standard's default method, GET, is not a guess.
 * Returns the offset of `fetch` when one string or template literal holding the URL is the call's
 * only argument (the URL hit covers the path inside the literal).
 */
function bareFetch(text: string, url: UrlHit): number | undefined {
  const from = Math.max(0, url.start - 200);
  const before = /\bfetch\(\s*[`'"][^`'"\n]*$/.exec(text.slice(from, url.start));
  if (!before || !/^[^`'"\n]*[`'"]\s*\)/.test(text.slice(url.end, url.end + 200))) return undefined;
  return from + before.index;
}

/** An Ansible module line (`ansible.builtin.uri:`, `- uri:`), its indentation in group 1. */
const URI_MODULE = /^([ \t]*)(?:-[ \t]+)?(?:ansible\.(?:builtin|legacy)\.)?uri:[ \t]*$/;

/**
 * An Ansible `uri` task's `url:` with no `method:` beside it: the module's documented default method, GET, is
 * not a guess. Returns the offset of `uri` in the module's line when the URL's line is a `url:` key directly
 * under it and no sibling key of the module is `method:`; undefined otherwise (any other YAML).
 */
function ansibleUriGet(text: string, lines: Lines, line: number): number | undefined {
  const own = /^([ \t]+)url:[ \t]/.exec(text.slice(lines.startOf(line), lines.endOf(line)));
  if (!own) return undefined;
  const indent = own[1]!.length;
  // The module's line: the nearest line above with less indentation (a task has few keys: 40 lines at most).
  let module = -1;
  for (let l = line - 1; l >= 0 && l >= line - 40; l--) {
    const row = text.slice(lines.startOf(l), lines.endOf(l));
    if (row.trim() === '' || /^[ \t]*#/.test(row)) continue;
    const lead = /^[ \t]*/.exec(row)![0].length;
    if (lead >= indent) continue;
    if (URI_MODULE.test(row)) module = l;
    break;
  }
  if (module === -1) return undefined;
  // The module's keys: the lines after it indented at least as the URL's, up to the first line indented less.
  for (let l = module + 1; l <= module + 80; l++) {
    const start = lines.startOf(l);
    if (start >= text.length) break;
    const row = text.slice(start, lines.endOf(l));
    if (row.trim() === '' || /^[ \t]*#/.test(row)) continue;
    const lead = /^[ \t]*/.exec(row)![0].length;
    if (lead < indent) break;
    if (lead === indent && /^[ \t]*method[ \t]*:/.test(row)) return undefined;
  }
  const moduleRow = text.slice(lines.startOf(module), lines.endOf(module));
  return lines.startOf(module) + moduleRow.lastIndexOf('uri:');
}
