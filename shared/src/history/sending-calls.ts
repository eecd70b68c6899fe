import type { HttpMethod } from './data-types.ts';
import { HELPER } from './base-urls.ts';
import { callArguments, fetchCallMethod } from './client-operations.ts';
import { helperSending, type SentAt } from './helper-sends.ts';
import { methodDecided, type UrlHit } from './hits.ts';
import type { MethodToken } from './match-types.ts';
import type { LanguageProfile } from './language-profile.ts';
import { MAX_LITERAL, matchingClose } from './brackets.ts';
import { GO_DASHED_TAG, namesOwnBase, writesApiRoot } from './other-api.ts';
import { namesThisApi } from './server-routes.ts';
import { memoKey, type Lines } from './lines.ts';
import { HERE_LINES, commandMethod, embeddedCurlMethod, hereDocumentEnd, variableUse } from './shell-commands.ts';
import { jsonApiLink } from './url-data.ts';
import { includesBy, isWordChar, lastIndexWithin } from './source-text.ts';
import { variablePatterns } from './variable-patterns.ts';
import { shellFlow } from './shell-flow.ts';
import { assignmentAt, valueFlow } from './value-flow.ts';
import { workflowStepMethod } from './workflow-steps.ts';

/**
 * A helper call the literal is the first argument of, up to the literal's quote: `self._patch(f"`,
 * `_get(\n  f"` (a private helper without a receiver), `api.get_list(path="` (an HTTP verb and a word),
 * `this.get<Workspace>(\``, Spring's `client.getForObject<T>("/organizations")`. Group 1: the helper's verb; group 2:
 * the word after an HTTP verb.
 */
const DIRECT =
  /(?:(?:\.|->)_?|(?<![\w.$])_)(get|post|put|patch|delete|create|update|destroy|show|list|list_all)((?:_[a-z]+|For(?:Object|Entity|Location))?)(?:<[^<>()\n]*>)?\(\s*(?:(?:path|url|uri|endpoint)\s*=\s*)?f?["'`]$/;
const HTTP_VERB = /^(?:get|post|put|patch|delete)$/;

/**
 * Go's exported verb of an HTTP client the literal is the first argument of, up to its quote, maybe through the format
 * call that builds it: `client.Get("/organizations/"+org+"/projects", &doc)`, `c.api.Get(fmt.Sprintf("/projects/%s",
 * id), &p)`, net/http's `http.Get("https://…")`, after a context (`c.client.Get(ctx, "/api/v2/…", nil)`) or a base
 * (`c.client.Get(c.baseURL+"/api/v2/…", nil)`), resty's request (`c.api.R().Get("/api/v2/…")`). Group 1: the
 * receiver's last name (an HTTP client's: `HTTP_RECEIVER`; `r.Header.Get(`, `q.Get(` are a map's); group 2: `()` of a
 * call (resty's `R()`); group 3: the verb.
 */
const EXPORTED_DIRECT =
  /([\w$]+)(\(\))?\.(Get|Post|Put|Patch|Delete)\(\s*(?:(?:ctx|context\.\w+\(\))\s*,\s*)?(?:fmt\.Sprintf\(\s*)?(?:[\w.]+\s*\+\s*)?["`]$/;
/**
 * A route's registration rather than a send (Fiber's, chi's `api.Get("/projects/:id", getProject)`): the literal
 * closes and the call's second and last argument is a bare name, a handler (a send's is `&doc`, `nil` or a body),
 * unless the function declares that name as a value (`sentValue`). Group 1: the name.
 */
const ROUTE_HANDLER = /^\s*,\s*(?!nil\b)([A-Za-z_]\w*)\s*\)/;
/** A route's placeholder segment in the literal (`/projects/:id`, chi's `/{id}`): a sent path has its values. */
const ROUTE_PLACEHOLDER = /\/(?::\w|\{\w+\})/;
/** How far back from the call a function's start (`func` at a line's start) is looked for (`sentValue`). */
const FUNCTION_BEFORE = 4000;
/** A type that holds a function, a handler's (`http.HandlerFunc`, `fiber.Handler`, `func(c *fiber.Ctx) error`). */
const HANDLER_TYPE = /^\*?(?:func\b|[\w.]*Handler)/;

/** How many lines after a URL's assignment its sending call may be (within the assignment's block). */
const SEND_LINES = 40;
/**
 * How many characters of those lines are read: 40 lines of code are a few KB; a text of long lines of URLs read up to
 * 40 long lines after each URL (360 KB for each of a line's hundred URLs, session 36's sweep).
 */
const SEND_READ = 16_000;
/** How many lines after a URL's assignment a shell command may send it (a PowerShell function's: SEND_LINES, a body between). */
const SHELL_SEND_LINES = 15;
/** How far a call that takes the variable may open before it (`build_request(\n  Method::Patch,\n  url,`) and close after it. */
const CALL_BEFORE = 300;
const CALL_AFTER = 600;

/**
 * A method in a call that takes the URL variable: `NewRequest("PATCH", u,`, `http.MethodDelete, u`,
 * Rust's `Method::Patch` / `Method::PATCH` (surf, reqwest), `self._patch(url`, `requests.delete(url`,
 * `surf::post(url)`, a typed client's `this.post<Workspace, WorkspaceRequest>(path, request)`, Go's exported
 * verbs (`c.http.Get(u)`), a method keyword's verb of any case (`method="post"`, `method: 'delete'`).
 */
const CALL_METHOD =
  /(?<![\w-])"(GET|POST|PUT|PATCH|DELETE)"|(?<![\w-])(?:Http)?Method(?:::|\.)?(Get|Post|Put|Patch|Delete|GET|POST|PUT|PATCH|DELETE)(?![\w-])|(?:\.|->|::)_?(get|post|put|patch|delete|create|update|destroy|show|list|list_all)(?:<[^<>()\n]*>)?\(|\.(Get|Post|Put|Patch|Delete)\(|(?<![\w-])method\s*[=:]\s*["'](get|post|put|patch|delete|Get|Post|Put|Patch|Delete|GET|POST|PUT|PATCH|DELETE)["']/;

/**
 * The method of the call that sends a URL built into a variable: `u := fmt.Sprintf("workspaces/%s", id)`
 * (the literal on its own line inside a multi-line format call too), then, within SEND_LINES, the
 * first line that passes `u` to a call with a method (`s.client.NewRequest("PATCH", u, &options)`,
 * `self._patch(url)`, `requests.delete(url)`). The variable must not be assigned again in between.
 * Sets the URL's method with distance 0: it decides, like a method on the URL's own line.
 */
export function sendingCalls(
  text: string,
  lines: Lines,
  urls: readonly UrlHit[],
  profile: LanguageProfile,
  go = false,
): void {
  // Looked for once a text, not once a URL (a search of the whole text each: 0.4 s on the bench's long source), and
  // only when a URL gets that far (most URLs have their method by then; a search of the whole text cost a reader's worth).
  let curlText: boolean | undefined;
  let fetchText: boolean | undefined;
  const commands = profile.commands;
  // Asked once a text: whether it holds a `links` object at all (the members other than `self`/`related` need one).
  let links: boolean | undefined;
  // Asked once a Go text, at its first literal given to a client's exported verb (`goShowsApi`).
  let goShows: boolean | undefined;
  for (const url of urls) {
    // A JSON:API link in a document (a recorded response, a mock's body) is the server's address, no request.
    if (jsonApiLink(text, url.start, () => (links ??= lines.markers.has('links')))) {
      url.link = true;
      continue;
    }
    if (profile.commands && !(url.method && (url.methodDistance ?? Infinity) < 0)) {
      const sent = commandSending(text, lines, url, profile.hashBlockComments ? SEND_LINES : SHELL_SEND_LINES);
      // Every command that sends the variable the URL is assigned to, however far (`shell-flow.ts`): the methods after the first.
      const all = flowSends(text, lines, url, profile);
      const first = sent ?? all[0];
      if (first) {
        url.method = first;
        url.methodDistance = 0;
        const more = all.filter((m) => m.method !== first.method);
        if (more.length > 0) url.sends = more;
        continue;
      }
    }
    if (methodDecided(url)) continue;
    // A curl command line built in a string of another language (`$cmd = "curl $headers $url"`, Perl, Ruby), or
    // written whole around the URL (a Jenkinsfile's `sh """` script, a Robot Framework `cmd=… && curl …`).
    const curl =
      !commands && (curlText ??= lines.markers.has('curl'))
        ? (piecedCurlMethod(text, lines, url) ??
          embeddedCurlMethod(text, lines, url.start) ??
          curlStringSending(text, lines, url))
        : undefined;
    if (curl) {
      url.method = curl;
      url.methodDistance = 0;
      continue;
    }
    // A workflow step's script builds the URL, a later step sends it: that step's `method:` (`workflow-steps.ts`).
    const step = profile.bareValues ? workflowStepMethod(text, lines, url) : undefined;
    if (step) {
      url.method = step;
      url.methodDistance = 0;
      continue;
    }
    const read = readOnly(text, lines, url);
    if (read) {
      url.method = { method: 'GET', start: read, end: read, text: '' };
      url.methodDistance = 0;
      continue;
    }
    // The literal is the first argument of a helper: `self._update(f"{self._projects_url}/{id}", payload)`,
    // `_get(\n  f"organizations/{org}"`, `self._api.get_list(path=f"…")`, `this.get<Workspace>(\`…\`)`.
    const before = text.slice(Math.max(lines.startOf(url.line - 1), url.start - 120), url.start);
    const direct = DIRECT.exec(before);
    const helper =
      direct && (direct[2] === '' || HTTP_VERB.test(direct[1] ?? '')) ? HELPER[direct[1] ?? ''] : undefined;
    if (direct && helper) {
      const start = url.start - direct[0].length + direct[0].search(/[a-z]/);
      url.method = { method: helper, start, end: start + (direct[1] ?? '').length, text: direct[1] ?? '' };
      url.methodDistance = 0;
      continue;
    }
    // Go's client verb called with the literal (`client.Get("/projects/"+id, &doc)`), maybe through `fmt.Sprintf(`:
    // this API's when the literal is rooted at it (`/api/v2/…`, a URL whose host is read later) or the file shows the
    // API (`goShowsApi`), not only because another file of the package names it (a GitLab or Sentry client beside go-tfe).
    const exported = go ? EXPORTED_DIRECT.exec(before) : null;
    if (
      exported?.[3] !== undefined &&
      (HTTP_RECEIVER.test(exported[1] ?? '') || (exported[1] === 'R' && exported[2] !== undefined)) &&
      (writesApiRoot(text.slice(url.start, url.start + 8)) ||
        /^[a-z]+:\/\//.test(text.slice(url.start, url.start + 10)) ||
        (goShows ??= goShowsApi(text))) &&
      (exported[0].includes('Sprintf(') || !routeRegistration(text, url.start, before.charAt(before.length - 1)))
    ) {
      const start = url.start - exported[0].length + exported[0].indexOf('.', (exported[1] ?? '').length) + 1;
      const word = exported[3];
      url.method = { method: word.toUpperCase() as HttpMethod, start, end: start + word.length, text: word };
      url.methodDistance = 0;
      continue;
    }
    // The literal is the first argument of fetch or of a helper named for it (`fetchWithAuth<T>(\`…\`, TOKEN)`): GET, fetch's default.
    // (A bare `fetch(\`…\`)` keeps its own token, `findMethods`' `fetch`.)
    const fetched =
      !commands &&
      url.method?.text !== 'fetch' &&
      (fetchText ??= lines.markers.has('fetch') || lines.markers.has('Fetch'))
        ? fetchCall(text, lines, url.start)
        : undefined;
    if (fetched) {
      url.method = fetched;
      url.methodDistance = 0;
      continue;
    }
    // The literal is an argument of a function of the text that sends it (`callTFE(quiet, f"…/workspaces")`, `helper-sends.ts`).
    const helped = commands ? undefined : literalHelperSending(text, lines, url);
    if (helped) {
      url.method = helped;
      url.methodDistance = 0;
      continue;
    }
    const name = assignedVariable(text, lines, url);
    const more: MethodToken[] = [];
    const sent = name ? sendingMethod(text, lines, url, name, url.line, 1, more) : undefined;
    // Extended before it is sent (`url += f"/{org}/workspaces"`): the literal is the prefix of a longer URL.
    if (sent === EXTENDED) url.extended = true;
    else if (typeof sent === 'object' && 'reassigned' in sent) {
      // A verb after the variable was given another value sends that value, not this literal's: no method.
      if (url.method === undefined || url.method.start >= sent.reassigned) {
        delete url.method;
        delete url.sends;
        url.methodDistance = -1;
      }
    } else if (sent) {
      if (more.length > 0) url.sends = more;
      url.method = sent;
      url.methodDistance = 0;
    } else if (!url.method && !commands) flowSending(text, lines, url);
  }
}

/**
 * Whether a Go file itself shows this API (not only its package): it names it (go-tfe, `TFE_`, app.terraform.io:
 * `namesThisApi`), writes its root `/api/v2`, or tags a field with a dashed wire name as this API's documents have.
 */
function goShowsApi(text: string): boolean {
  return namesThisApi(text) || writesApiRoot(text) || GO_DASHED_TAG.test(text);
}

/**
 * Whether the literal opened at `start` closes with `quote` and is followed by a handler as the last argument
 * (`ROUTE_HANDLER`): not when the literal has no route placeholder and the name is a value the function declares
 * (`sentValue`: `var out Workspace` then `c.client.Get("/api/v2/organizations", out)`, a body parameter).
 */
function routeRegistration(text: string, start: number, quote: string): boolean {
  const close = text.indexOf(quote, start);
  if (close === -1 || close - start >= MAX_LITERAL) return false;
  const handler = ROUTE_HANDLER.exec(text.slice(close + 1, close + 80));
  if (!handler) return false;
  return ROUTE_PLACEHOLDER.test(text.slice(start, close)) || !sentValue(text, start, handler[1] ?? '');
}

/**
 * Whether the function the call at `at` is in (from the last `func` at a line's start, within FUNCTION_BEFORE)
 * declares `name` as a value before it, which a send decodes into or sends and a route never takes as its handler:
 * `var out Workspace` (a zero value of a type), `out := Workspace{}` / `&Workspace{…}` / `new(Workspace)` (a composite
 * value), or a parameter `body *RunBody`. A type that holds a function (`HANDLER_TYPE`) and a value a call returns
 * (`h := newHandler(db)`, maybe a handler) say nothing.
 */
function sentValue(text: string, at: number, name: string): boolean {
  const open = lastIndexWithin(text, '\nfunc ', at - FUNCTION_BEFORE, at);
  if (open === -1) return false;
  const body = text.slice(open + 1, at);
  const declared = new RegExp(
    `(?:\\bvar[ \\t]+${name}[ \\t]+([^=\\r\\n]+?)[ \\t]*\\r?\\n|(?<![\\w.])${name}[ \\t]*:=[ \\t]*(?:&?[\\w.]+(?:\\[[^\\]\\n]*\\])?\\{|new\\()|[(,]\\s*${name}[ \\t]+([*\\w.\\[\\]]+)[ \\t]*[,)])`,
  ).exec(body);
  if (!declared) return false;
  const type = declared[1] ?? declared[2];
  return type === undefined || !HANDLER_TYPE.test(type);
}

/**
 * A URL held by a class attribute or a module constant (`self._runs_url = f"…/runs"`, `RUNS = "…"`), sent anywhere in
 * its class or text (`value-flow.ts`): the method every send says, or the first send's with the others as `sends`.
 */
function flowSending(text: string, lines: Lines, url: UrlHit): void {
  const { answer, sends } = valueFlow(text, lines).sentWith(url.start, (t, at) => readUse(t, lines, at));
  if (answer.kind === 'unknown' && answer.reason !== 'conflict') return;
  const first = sends[0];
  if (!first) return;
  url.method = first;
  url.methodDistance = 0;
  const more = sends.filter((t, i) => t.method !== first.method && sends.findIndex((u) => u.method === t.method) === i);
  if (more.length > 0) url.sends = more;
}

/**
 * How the value-flow layer reads a use of a URL holder (`SendReader`): the method of the call it is an argument of
 * (CALL_METHOD, a helper of the text, fetch's default), `null` for a call that says none, nothing for a print or no call.
 */
function readUse(text: string, lines: Lines, at: number): MethodToken | null | undefined {
  const call = enclosingCall(text, at);
  if (!call) return undefined;
  const callee = text.slice(call.start, call.open);
  if (PRINTS.test(callee)) return undefined;
  // Wrapped into a URL object (`URI.create(x)`, `new URL(x)`): sent by what takes that, not read here.
  if (URL_WRAPPER.test(callee)) return null;
  const named = namedVerb(call, callee);
  if (named) return named;
  const { token } = callMethod(text, call);
  if (token) return token;
  return helperSending(text, lines, call, at, sentAt) ?? fetchCallMethod(text, lines, call, at) ?? null;
}

/** The last name of a call's receiver (`requests` of `requests.get(`, `inflight` of `this.inflight.delete(`). */
function receiverOf(before: string): string {
  return /([\w$]+)(?:\(\))?\s*$/.exec(before)?.[1] ?? '';
}

/** Receivers whose verb methods send a request: HTTP client libraries and objects named for one, and a class's own helpers. */
const HTTP_RECEIVER =
  /^(?:requests|httpx|aiohttp|urllib3?|session|sess|s|client|http|https|api|conn|connection|rest|agent|axios|got|ky|superagent|request|req|faraday|httparty|RestClient|HTTParty|Faraday|HTTPoison|Req|Tesla|surf|reqwest|ureq|self|this|cls|super|[\w$]*(?:[Cc]lient|[Ss]ession|[Aa]pi|API|[Hh]ttp|HTTP|[Cc]onn|[Rr]est|[Rr]equest(?:er|or)?|[Tt]fe|TFE|[Tt]fc|TFC))$/;

/**
 * The method of the first call after the URL's assignment that takes its variable (`u`, `u.String()`,
 * `&url`), read in the whole call, whose arguments may span lines (`build_request(\n  Method::Patch,\n
 * url,`). Looks SEND_LINES lines ahead, within the function the variable was assigned in (a less
 * indented line at the margin, or one that defines another function, ends it), and stops where the
 * variable is assigned again or first passed to a call with no method.
 */
function sendingMethod(
  text: string,
  lines: Lines,
  url: UrlHit,
  name: string,
  fromLine = url.line,
  hops = 1,
  more?: MethodToken[],
): MethodToken | typeof EXTENDED | Reassigned | undefined {
  const { uses, assigns, extends: grows } = variablePatterns(name);
  const indent = indentOf(text, lines.startOf(fromLine === url.line ? assignmentLine(text, lines, url) : fromLine));
  // Inside another branch of the same if/elif/else (or switch), an assignment is an alternative, not a
  // new value: `if a: url = …{0} elif b: url = …{1}` then `self._show(url)` sends either.
  let branch: number | undefined;
  // The indentation of a block inside the variable's where it was given another value: its lines are passed over.
  let nested: number | undefined;
  // With `more`, the sends after the first are read too (`requests.post(url, …)`, then `requests.get(url, …)`).
  let first: MethodToken | undefined;
  for (
    let line = fromLine + 1;
    line <= fromLine + SEND_LINES && lines.startOf(line) > lines.startOf(line - 1);
    line++
  ) {
    const from = lines.startOf(line);
    if (from - lines.startOf(fromLine + 1) > SEND_READ) break;
    // A CRLF text's line without its `\r` (a blank line is blank, not a line at the margin that ends the function).
    const to = lines.endOf(line);
    const body = text.slice(from, text.charCodeAt(to - 1) === 13 ? to - 1 : to);
    const own = indentOf(text, from);
    if (own < indent && own < body.length && (own === 0 ? !/^[)\]]/.test(body) : DEFINITION.test(body))) break;
    // Later sends only inside the block the URL was assigned in (`}` or a less indented line ends it).
    if (first !== undefined && own < indent && own < body.length) break;
    if (own < body.length && branch !== undefined && own <= branch && !ALTERNATIVE.test(body)) branch = undefined;
    if (own < indent && ALTERNATIVE.test(body)) branch = own;
    // Both patterns hold the name: a line without it is passed over unmatched (most lines, and a quick search).
    if (nested !== undefined) {
      if (own >= nested || own === body.length) continue;
      nested = undefined;
    }
    if (!body.includes(name)) continue;
    const grown = body.startsWith(name, own) ? grows.exec(body) : null;
    // A query added (`url += "?page[size]=100"`) keeps the path; a path added on every way to the send makes
    // another URL, unknown here; one added in a branch (`if name: url += f"/{name}"`) leaves the literal sent too.
    if (grown) {
      if (grown[1] ?? grown[2] ?? grown[3] ?? (own > indent || branch !== undefined)) continue;
      return first ?? EXTENDED;
    }
    if (branch === undefined && assigns.test(body)) {
      // Given another value in a block inside the variable's (`if name.startswith("gh:"):` then `url = f"{GH}/…"`):
      // the sends in that block are the other value's; the variable's own value is sent after the block.
      if (own > indent) {
        nested = own;
        continue;
      }
      // Given another value before any send (`url = "https://api.github.com/projects/" + id` under the literal's
      // line, then `requests.delete(url)`): the literal's value is never sent, and a verb below is the other value's.
      // (`url = url.rstrip("/")`, a value built from its own, is the same URL: the search ends with nothing said.)
      // (A keyword argument of a call, `path=f"/varsets/{id}",` in one call then another, is no variable: not read.)
      if (first === undefined && !namesItself(body, name) && !/,\s*$/.test(body) && !inCall(text, lines, url, indent))
        return { reassigned: from };
      break;
    }
    // Put at the end of another variable (`path = api_endpoint + create_path`, `url = f"{root}{path}"`): that
    // one is the URL sent, and the path is its tail.
    const alias = first === undefined && hops > 0 ? tailAlias(body, name) : undefined;
    if (alias !== undefined) return sendingMethod(text, lines, url, alias, line, hops - 1, more);
    const use = uses.exec(body);
    if (!use) continue;
    const at = from + use.index + use[0].indexOf(name);
    // A later send counts where the variable is a whole argument (not `requests.get(url + "/" + id)`).
    if (first !== undefined && !wholeArgument(text, at + name.length)) continue;
    const call = enclosingCall(text, at);
    // `print(url)`, `logger.debug("%s", url)`: shown, not sent; the send is further down.
    if (call && PRINTS.test(text.slice(call.start, call.open))) continue;
    // Wrapped into a URL object (`URI.create(u)`: no POST): what sends that is not read here.
    if (call && URL_WRAPPER.test(text.slice(call.start, call.open))) {
      if (first !== undefined) continue;
      return undefined;
    }
    const { m, token } = call ? callMethod(text, call) : { m: null, token: undefined };
    if (!call || !m || !token) {
      if (first !== undefined) continue;
      // `run_request(token, url, payload, "post")`: a function of the text that sends its parameter (`helper-sends.ts`);
      // `fetchWithAuth<Module[]>(url, token)`: a fetch-like call given no method sends fetch's default.
      if (call && !m)
        return (
          namedVerb(call, text.slice(call.start, call.open)) ??
          helperSending(text, lines, call, at, sentAt) ??
          fetchCallMethod(text, lines, call, at)
        );
      return undefined;
    }
    if (more === undefined) return token;
    if (first === undefined) first = token;
    else if (token.method !== first.method && !more.some((t) => t.method === token.method)) more.push(token);
  }
  return first;
}

/**
 * CALL_METHOD's match in a call and the method token it gives. A verb method sends only on an HTTP client
 * (`requests.get(u)`, `self._post(u)`, `this.http.delete(u)`), not on a cache, a map or a set (`cache.get(URL)`,
 * `this.inflight.delete(this.url)`): called on another receiver it gives no token.
 */
function callMethod(
  text: string,
  call: { readonly start: number; readonly end: number },
): { m: RegExpExecArray | null; token: MethodToken | undefined } {
  const m = CALL_METHOD.exec(text.slice(call.start, call.end));
  if (!m) return { m, token: undefined };
  if (m[3] !== undefined && !HTTP_RECEIVER.test(receiverOf(text.slice(call.start, call.start + m.index))))
    return { m, token: undefined };
  return { m, token: callToken(call, m) };
}

/** The method token of a call CALL_METHOD matched (`m`, on the call's text): undefined when its word is no method. */
function callToken(call: { readonly start: number }, m: RegExpExecArray): MethodToken | undefined {
  // Go's exported verbs (`r.client.Get(endpoint)`, net/http's `client.Post(u, …)`, resty's `.Delete(u)`): the word is the method.
  const method = m[1] ?? (m[2] ? m[2].toUpperCase() : m[4] !== undefined ? m[4].toUpperCase() : HELPER[m[3] ?? '']);
  // A method keyword with a verb of any case (`_make_rest_call(endpoint, result, method="post")`): the verb's word.
  if (m[5] !== undefined) {
    const at = call.start + m.index + m[0].length - 1 - m[5].length;
    return { method: m[5].toUpperCase() as HttpMethod, start: at, end: at + m[5].length, text: m[5] };
  }
  if (!method) return undefined;
  // The token is the word itself (`PATCH`, `MethodDelete`, `Post` of `Method::Post`, `patch`), as `findMethods` gives it.
  const rust = m[2] !== undefined && (m[0].includes('::') || m[0].includes('.'));
  const word = m[4] ?? m[1] ?? (m[2] !== undefined ? (rust ? m[2] : `Method${m[2]}`) : (m[3] ?? ''));
  const start =
    call.start +
    m.index +
    (m[1] !== undefined || m[4] !== undefined
      ? 1
      : rust
        ? m[0].length - word.length
        : m[3] !== undefined
          ? m[0].indexOf(m[3], 1)
          : 0);
  return { method: method as HttpMethod, start, end: start + word.length, text: word };
}

/** The method of a helper of the text whose call has the URL's literal for an argument (`helperSending`). */
function literalHelperSending(text: string, lines: Lines, url: UrlHit): MethodToken | undefined {
  let quote = url.start;
  for (let i = url.start - 1; i >= Math.max(0, url.start - 200); i--) {
    const c = text.charCodeAt(i);
    if (c === 10) return undefined;
    if (c === 39 || c === 34 || c === 96) {
      quote = text.charCodeAt(i - 1) === 102 ? i - 1 : i; // f'
      break;
    }
  }
  const call = enclosingCall(text, quote);
  return call ? helperSending(text, lines, call, quote, sentAt) : undefined;
}

/** The call whose arguments hold `at` (see `enclosingCall`) and the method it names, if any (`requests.get(url, …)`). */
function sentAt(text: string, at: number): SentAt | undefined {
  const call = enclosingCall(text, at);
  if (!call) return undefined;
  return { call, token: callMethod(text, call).token };
}

/** Whether what follows a variable's name at `after` ends the argument: `, …` or `)`, maybe on the next line. */
function wholeArgument(text: string, after: number): boolean {
  let i = after;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  const c = text.charCodeAt(i);
  return c === 44 || c === 41 || c === 10 || c === 13;
}

/**
 * A callee whose name starts with the verb it sends: Spring's `restTemplate.postForObject(`, `getForEntity(`, .NET's
 * `client.DeleteAsync(`, `PostAsJsonAsync(`, `GetFromJsonAsync(`. Its token is the verb.
 */
function namedVerb(call: { readonly start: number }, callee: string): MethodToken | undefined {
  const named =
    /(?:^|[.>])(get|post|put|patch|delete|Get|Post|Put|Patch|Delete)(?:For(?:Object|Entity|Location)|Async|AsJsonAsync|FromJsonAsync)$/.exec(
      callee,
    );
  if (named?.[1] === undefined) return undefined;
  const start = call.start + named.index + named[0].indexOf(named[1]);
  return { method: named[1].toUpperCase() as HttpMethod, start, end: start + named[1].length, text: named[1] };
}

/** A callee that wraps a URL into an object (`URI.create(`, `new URL(`, `Uri.parse(`, `urlparse(`): no send. */
const URL_WRAPPER = /(?:^|[.\s])(?:URI|Uri|URL|Url|urlparse|urlsplit)(?:\.\w+)?$/;

/** What `sendingMethod` says of a URL variable extended before it is sent. */
const EXTENDED = 'extended';

/** What `sendingMethod` says of a URL variable given another value before it is sent: the offset of that line. */
interface Reassigned {
  readonly reassigned: number;
}

/** Whether the URL's assignment (its line's first word, at `indent`) is inside a call's arguments: a keyword argument. */
function inCall(text: string, lines: Lines, url: UrlHit, indent: number): boolean {
  return enclosingCall(text, lines.startOf(assignmentLine(text, lines, url)) + indent) !== undefined;
}

/** Whether an assignment's value names the variable it assigns (`url = url.rstrip("/")`, `u = strings.TrimSuffix(u, "/")`). */
function namesItself(body: string, name: string): boolean {
  const eq = body.indexOf('=');
  return new RegExp(`(?<![\\w.$])${name}(?!\\w)`).test(body.slice(eq + 1));
}

/**
 * The variable a line assigns a value ending with `name` (`path = api_endpoint + create_path`,
 * `url = urljoin(root, path)`, `url = f"{root}{path}"`), so the URL held in `name` is that value's tail.
 */
function tailAlias(body: string, name: string): string | undefined {
  // Each form below ends with the name (`+ path`, `join(root, path)`, `f"{root}/{path}"`): a line that does not is
  // passed over before its patterns (each asked of every line after every URL, a long line of URLs read each line
  // after it again per URL).
  const tail = body.trimEnd();
  if (
    !tail.endsWith(name) &&
    !tail.endsWith(`${name})`) &&
    !tail.endsWith(`{${name}}"`) &&
    !tail.endsWith(`{${name}}'`)
  )
    return undefined;
  const m = /^\s*([A-Za-z_]\w*)\s*=(?!=)\s*(.*?)\s*$/.exec(body);
  if (!m || m[1] === name) return undefined;
  const value = m[2] ?? '';
  const escaped = name.replace(/[.$]/g, '\\$&');
  const joined = new RegExp(
    `^[\\w.]+\\s*\\+\\s*${escaped}$|^(?:urljoin|url_join|join_url|os\\.path\\.join|posixpath\\.join)\\([\\w.]+,\\s*${escaped}\\)$`,
  );
  const formatted = new RegExp(`^f["']\\{[\\w.]+\\}/?\\{${escaped}\\}["']$`);
  return joined.test(value) || formatted.test(value) ? m[1] : undefined;
}

/**
 * A callee that prints or logs its arguments, in every language: `print`, `pprint`, `puts`, `console.log`,
 * `logger.debug`, `self.log.info`, `@logger.warn`, `Rails.logger.info`, `structlog`'s `log.info`, `LOG.error`,
 * `_logger.LogInformation`, `click.echo`, `core.info` (GitHub Actions), `System.out.println`,
 * `Console.WriteLine`, Rust's `println!` and `info!`, `fmt.Println`, `log.Printf`.
 */
const PRINTS =
  /^(?:print|pprint|println!?|eprintln!?|puts|(?:log::)?(?:info|debug|warn|error|trace)!|console\.(?:log|debug|info|warn|error|trace)|(?:click|typer)\.s?echo|core\.(?:info|debug|notice|warning|error)|System\.(?:out|err)\.print(?:ln|f)?|Console\.Write(?:Line)?|(?:@|(?:self|this|Rails)\.)?(?:logger|logging|log|LOG|LOGGER|Log|_log|_logger|structlog)\.(?:debug|info|warning|warn|error|trace|critical|exception|fatal|notice|verbose|Printf|Println|Print|Log[A-Z]\w*)|fmt\.(?:Print|Println|Printf))$/;

/**
 * Whether a text names anything that may print or log (`log`, `print`, `puts`, `console`, `echo`, `core.`,
 * `info!(`): the gate before `inPrintCall`, native searches that stop at the first found.
 */
export function mayPrint(text: string): boolean {
  return PRINT_MARKS.some((word) => text.includes(word));
}
const PRINT_MARKS = ['log', 'print', 'Log', 'LOG', 'puts', 'console', 'Console', 'echo', 'core.', '!('];

/** How far before a literal the call around it is looked for. */
const PRINT_BACK = 600;

/**
 * Whether the literal opening at `open` is written in the arguments of a call that prints or logs (`PRINTS`),
 * directly or in an object or list given to it (`logger.info("…", extra={"auto-destroy-at": …})`,
 * `console.log({ "locked-by": … })`, `logger.info("locked-by" => …)`): what a program writes to its log.
 * The innermost call decides (`print(requests.post(url, json={…}))` is a send); a block (`) {`, `=> {`,
 * `do {`) ends the search.
 */
export function inPrintCall(text: string, open: number): boolean {
  let depth = 0;
  for (let i = open - 1; i >= Math.max(0, open - PRINT_BACK); i--) {
    const c = text.charCodeAt(i);
    if (c === 41 || c === 93 || c === 125) depth++;
    else if (c === 91) {
      if (depth > 0) depth--;
    } else if (c === 123) {
      if (depth > 0) depth--;
      else if (opensBlock(text, i)) return false;
    } else if (c === 40) {
      if (depth > 0) depth--;
      else return PRINTS.test(calleeBefore(text, i));
    } else if (c === 59 && depth === 0) return false;
  }
  return false;
}

/** A `{` after `)`, `=>`, `->` or a word (`else {`, `each {`): a block, not an object. */
function opensBlock(text: string, brace: number): boolean {
  let i = brace - 1;
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  const c = text.charCodeAt(i);
  return c === 41 || c === 62 || isWordChar(c);
}

/** The callee written right before a call's `(`: `self.logger.info`, `@logger.warn`, `println!`. */
function calleeBefore(text: string, paren: number): string {
  let start = paren;
  while (start > 0 && start > paren - 80) {
    const c = text.charCodeAt(start - 1);
    if (isWordChar(c) || c === 46 || c === 58 || c === 64 || c === 33) start--;
    else break;
  }
  return text.slice(start, paren);
}

/** A line opening another branch of the same choice: `elif x:`, `else:`, `} else if (x) {`, `case 2:`. */
const ALTERNATIVE = /^\s*(?:elif\b|else\b|\}\s*else\b|case\b|default\s*:)/;

/** A line that starts another function (or its decorator): the variable's block has ended. */
const DEFINITION =
  /^\s*(?:@|(?:(?:pub(?:\([^)]*\))?|async|static|private|public|protected|export)\s+)*(?:def|func|fn|function)\b)/;

/** Columns of leading blanks of the line starting at `from`. */
function indentOf(text: string, from: number): number {
  let i = from;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  return i - from;
}

/** The line the URL's variable is assigned on: the URL's own, or the one before when the literal stands alone inside a call. */
function assignmentLine(text: string, lines: Lines, url: UrlHit): number {
  const before = text.slice(lines.startOf(url.line), url.start);
  return STANDS_ALONE.test(before) ? url.line - 1 : url.line;
}

/**
 * The call whose argument list holds `at`: from the start of its callee (`s.client.NewRequest`,
 * `surf::post`, `self._patch`) to its closing parenthesis, and its `(`; undefined when none opens within
 * CALL_BEFORE characters or closes within CALL_AFTER. With `throughIndex`, an unmatched `[` before `at`
 * is an index into an argument (`requests.patch(payload['url']`), not the end of the search; `after`
 * bounds the search for its close (a call with long arguments).
 */
export function enclosingCall(
  text: string,
  at: number,
  throughIndex = false,
  after = CALL_AFTER,
): { start: number; open: number; end: number } | undefined {
  let depth = 0;
  let open = -1;
  for (let i = at - 1; i >= Math.max(0, at - CALL_BEFORE); i--) {
    const c = text.charCodeAt(i);
    if (c === 41 || c === 93) depth++;
    else if (c === 40 || c === 91) {
      if (depth === 0) {
        if (c === 91 && throughIndex) continue;
        if (c === 40) open = i;
        break;
      }
      depth--;
    } else if (c === 59 || c === 123 || c === 125) break; // ; { }: a statement or block boundary
  }
  if (open === -1) return undefined;
  let close = -1;
  depth = 0;
  for (let i = open + 1; i < Math.min(text.length, open + after); i++) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) {
      if (depth === 0) {
        close = i;
        break;
      }
      depth--;
    }
  }
  if (close === -1) return undefined;
  let start = generics(text, open);
  while (start > 0 && start > open - 80) {
    const c = text.charCodeAt(start - 1);
    if (isWordChar(c) || c === 46 || c === 58 || c === 62 || c === 45) start--;
    else break;
  }
  return { start, open, end: close + 1 };
}

/** The method of a fetch-like call (`fetchCallMethod`) whose first argument holds `at`. */
function fetchCall(text: string, lines: Lines, at: number): MethodToken | undefined {
  // Most URLs of a text that says fetch somewhere are not fetch's: a callee named for it opens shortly before.
  const near = text.slice(Math.max(0, at - CALL_BEFORE), at);
  if (!near.includes('etch')) return undefined;
  const call = enclosingCall(text, at);
  return call ? fetchCallMethod(text, lines, call, at) : undefined;
}

/** Where a call's type arguments start (`this.post<Workspace, Request>(`), else `open` itself. */
function generics(text: string, open: number): number {
  if (text.charCodeAt(open - 1) !== 62) return open; // >
  for (let i = open - 2; i >= Math.max(0, open - 80); i--) {
    const c = text.charCodeAt(i);
    if (c === 60) return i; // <
    if (c === 40 || c === 41 || c === 10 || c === 62 || c === 61) return open; // ( ) newline > =
  }
  return open;
}

/** Keyword arguments that carry the URL or path a call sends: `call(uri='organizations')`. */
const URL_KEYWORDS = new Set(['uri', 'url', 'path', 'endpoint', 'route']);

/**
 * Whether the literal from `open` to `close` (its quotes) is an argument a request call sends as its
 * path: the value of a `uri=` / `url=` / `path=` keyword argument (`call(method='post', uri='runs')`),
 * or the whole first argument of a call named for a request (`api_request("runs", method="POST")`,
 * `self._request('organizations')`), of a .NET method call (`GetAsync<T>($"organizations")`) or of a Retrofit
 * method annotation (`@POST("runs")`). Such a literal may be a single segment.
 */
export function sentArgument(text: string, lines: Lines, open: number, close: number): boolean {
  let after = close + 1;
  while (text.charCodeAt(after) === 32 || text.charCodeAt(after) === 9) after++;
  const next = text.charCodeAt(after);
  if (next !== 44 && next !== 41 && next !== 10 && next !== 13) return false; // , ) or the line's end
  let i = open - 1;
  if (text.charCodeAt(i) === 36) i--; // C#'s $"…"
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  const c = text.charCodeAt(i);
  if (c === 61 && text.charCodeAt(i - 1) !== 61) {
    let e = i - 1;
    while (text.charCodeAt(e) === 32 || text.charCodeAt(e) === 9) e--;
    let s = e;
    while (s >= 0 && isWordChar(text.charCodeAt(s))) s--;
    if (!URL_KEYWORDS.has(text.slice(s + 1, e + 1))) return false;
    while (s >= 0 && (text.charCodeAt(s) === 32 || text.charCodeAt(s) === 9 || text.charCodeAt(s) === 10)) s--;
    return text.charCodeAt(s) === 40 || text.charCodeAt(s) === 44;
  }
  if (c !== 40) return false;
  let e = i;
  // A typed call's type arguments: `GetAsync<OrganizationsResponse>(`.
  if (text.charCodeAt(e - 1) === 62) {
    const lt = lastIndexWithin(text, '<', e - MAX_TYPE_ARGUMENTS, e - 1);
    if (lt === -1 || /[()\n]/.test(text.slice(lt, e))) return false;
    e = lt;
  }
  let s = e - 1;
  while (s >= 0 && isWordChar(text.charCodeAt(s))) s--;
  const name = text.slice(s + 1, e);
  if (/request$/i.test(name) || METHOD_CALL.test(name) || (text.charCodeAt(s) === 64 && METHOD_WORD.test(name)))
    return true;
  // An HTTP client instance made on the API root (`this.http = axios.create({ baseURL: `…/api/v2/` })`) sends its
  // method's first argument relative to that root: `this.http.post("runs", body)`.
  if (text.charCodeAt(s) !== 46 || !HTTP_VERB.test(name)) return false;
  const instances = rootInstances(text, lines);
  if (instances.size === 0) return false;
  let r = s - 1;
  while (r >= 0 && (isWordChar(text.charCodeAt(r)) || text.charCodeAt(r) === 46 || text.charCodeAt(r) === 36)) r--;
  return instances.has(text.slice(r + 1, s).replace(/^this\./, ''));
}

/**
 * A client instance created on the API root: `this._client = axios.create({ baseURL: `https://${host}/api/v2/`,`,
 * `const api = axios.create({ timeout: 5000, baseURL: "https://app.terraform.io/api/v2" })`. Group 1: the name.
 */
const ROOT_INSTANCE =
  /(?<![\w$])(?:this\.)?([A-Za-z_$][\w$]*)[ \t]*=[ \t]*(?:await[ \t]+)?axios\.create\(\s*\{[^{}]{0,400}?\bbaseURL[ \t]*:[ \t]*(["'`])[^"'`\n]{0,200}\/api\/v2\/?\2/g;
const ROOT_INSTANCES = memoKey<Set<string>>('client instances on the API root');

/** The names of the text's client instances made on the API root (see ROOT_INSTANCE), read once per scan. */
function rootInstances(text: string, lines: Lines): Set<string> {
  return lines.memo(ROOT_INSTANCES, () => readRootInstances(text));
}

function readRootInstances(text: string): Set<string> {
  const names = new Set<string>();
  if (includesBy(text, 'axios.create(', 1)) {
    ROOT_INSTANCE.lastIndex = 0;
    for (let m = ROOT_INSTANCE.exec(text); m !== null; m = ROOT_INSTANCE.exec(text)) names.add(m[1] ?? '');
  }
  return names;
}

/** How long a call's type arguments may be. */
const MAX_TYPE_ARGUMENTS = 120;
/** .NET's method calls (`GetAsync(`, `PostAsJsonAsync<T>(`). */
const METHOD_CALL =
  /^(?:Get|Post|Put|Patch|Delete)(?:Async|AsJsonAsync|StringAsync|StreamAsync|ByteArrayAsync|FromJsonAsync)$/;
/** Retrofit's method annotations (`@GET("organizations")`), after their `@`. */
const METHOD_WORD = /^(?:GET|POST|PUT|PATCH|DELETE)$/;

/** Commands that only show a URL (PowerShell's `Write-Verbose "GET at $url"` too). */
const SHOWS = /^(?:echo\w*|printf|log\w*|:|Write-\w+)$/i;

/**
 * The method of the shell command that sends a URL (see `commandMethod`): the command the URL is written
 * in, else the first command within SEND_LINES that uses the variable it is assigned to
 * (`url="$address/api/v2/…"` then `tfh_api_call -X DELETE "$url"`), `echo` and the like passed over.
 */
function commandSending(text: string, lines: Lines, url: UrlHit, within: number): MethodToken | undefined {
  const here = commandMethod(text, lines, url.start);
  if (here) return here;
  const name = assignedVariable(text, lines, url);
  return name ? variableSending(text, lines, url.line, name, within, 2) : undefined;
}

/**
 * The methods of every command that sends the variable a URL is assigned whole to (`url="https://…/workspaces"`,
 * `$uri = "$base/api/v2/…"`), as the text's value flow reads them (`ShellFlow.sends`): none when the URL is written in a
 * command itself, is a part of the value, or the variable is assigned more than once.
 */
function flowSends(text: string, lines: Lines, url: UrlHit, profile: LanguageProfile): MethodToken[] {
  const before = text.slice(Math.max(lines.startOf(url.line), url.start - 200), url.start);
  // `url="`, `$uri = "`, a Makefile's `URL := ` / `URL ?= `, a CI file's `URL: "` key.
  const whole =
    /(?:^|[^\w.$:])\$?(?:(?:script|global|local|private|env):)?([A-Za-z_]\w*)[ \t]*(?::=|\?=|=)[ \t]*["']?$|^[ \t]+([A-Z_][A-Z0-9_]*):[ \t]*["']?$/.exec(
      before,
    );
  const name = whole?.[1] ?? whole?.[2];
  if (!name || commandMethod(text, lines, url.start)) return [];
  // A CI file (YAML: bare values in lists) runs each step's or job's shell apart.
  const yaml = profile.bareValues && profile.listValues;
  return shellFlow(text, lines, profile.hashBlockComments === true, yaml).sends(name, url.line);
}

/** `echo "lookup_url=${_lookup_url}" >> $GITHUB_OUTPUT`: a GitHub Actions step output set from a variable. Group 1: the output. */
const STEP_OUTPUT = /^\s*echo\s+["']?([\w-]+)=["']?\$\{?\w+\}?["']?\s*>>\s*["']?\$\{?GITHUB_OUTPUT\b/;
/** How far above its `run:` line a step's `id:` may be, and how far below a step may read another's output. */
const STEP_ID_LINES = 30;
const STEP_OUTPUT_LINES = 400;

/**
 * The method of the first command within `within` lines after `line` that uses the variable `name`,
 * `echo` and the like passed over, a here-document's body not counted. Followed (at most `hops` times)
 * through a variable assigned it whole (`_register_url="${_base_url}"`) and through a GitHub Actions step
 * output set from it (`echo "register_url=${_register_url}" >> $GITHUB_OUTPUT` in the step `id: setup`,
 * then a command sending `${{ steps.setup.outputs.register_url }}` in a later step).
 */
function variableSending(
  text: string,
  lines: Lines,
  from: number,
  name: string,
  within: number,
  hops: number,
): MethodToken | undefined {
  const assigns = variablePatterns(name).shellAssigns;
  let limit = from + within;
  for (let line = from + 1; line <= limit && lines.startOf(line) > lines.startOf(line - 1); line++) {
    // A here-document's body (`BODY=$(cat <<EOF` … `EOF`, a payload) is data, not commands: it does not count
    // (`hereDocumentEnd`, the shell readers' one answer), nor, when at most HERE_LINES long, as lines passed.
    const body = hereDocumentEnd(text, lines, lines.startOf(line));
    if (body !== -1) {
      const last = lines.lineOf(body - 1);
      if (last - line < HERE_LINES) limit += last - line + 1;
      line = last;
      continue;
    }
    const content = text.slice(lines.startOf(line), lines.endOf(line));
    if (assigns.test(content)) return undefined;
    const use = variableUse(text, lines, line, name);
    if (use === -1) continue;
    // `"$url/versions"`, `${url}/versions/$v`: the variable extended is another URL (`shell-flow.ts`), not a send of this one.
    if (extendsAt(text, use, name)) continue;
    if (hops > 0) {
      const alias = /^\s*(\w+)=["']?\$\{?(\w+)\}?["']?\s*$/.exec(content);
      if (alias?.[1] && alias[2] === name) {
        const sent = variableSending(text, lines, line, alias[1], within, hops - 1);
        if (sent) return sent;
        continue;
      }
      const output = STEP_OUTPUT.exec(content)?.[1];
      if (output) {
        const sent = stepOutputSending(text, lines, line, output);
        if (sent) return sent;
        continue;
      }
    }
    const program =
      /^\s*(?:(?:if|elif|while|until)\s+)?!?\s*(?:\w+=\S*\s+)*([\w-]+|\[\[?)/.exec(
        text.slice(lines.startOf(line), use),
      )?.[1] ?? '';
    // A test of the variable (`while [ -n "$NEXT_URL" ]; do`, `[[ -z "$url" ]]`) sends nothing: the request is below.
    if (SHOWS.test(program) || program === '[' || program === '[[' || program === 'test') continue;
    return commandMethod(text, lines, use);
  }
  return undefined;
}

/** Whether the reference to `name` at `use` (`$url`, `${url}`) goes on with a path or a name: `$url/versions`, `${url}s`. */
function extendsAt(text: string, use: number, name: string): boolean {
  let after = use + 1 + name.length;
  if (text.charCodeAt(use + 1) === 123) after += 2;
  const c = text.charCodeAt(after);
  return c === 47 || isWordChar(c);
}

/** The method of the command that sends `${{ steps.<id>.outputs.<output> }}`, the id that of the step whose `run:` sets it on `line`. */
function stepOutputSending(text: string, lines: Lines, line: number, output: string): MethodToken | undefined {
  let id: string | undefined;
  for (let l = line - 1; l >= 0 && l >= line - STEP_ID_LINES; l--) {
    const content = text.slice(lines.startOf(l), lines.endOf(l));
    id = /^\s*(?:-\s+)?id:\s*["']?([\w-]+)["']?\s*$/.exec(content)?.[1];
    if (id) break;
    // The step's first line (`- name: …`) passed without an id: the step has none.
    if (/^\s*-\s+[\w-]+:/.test(content)) break;
  }
  if (!id) return undefined;
  const from = lines.startOf(line + 1);
  const to = lines.endOf(line + STEP_OUTPUT_LINES);
  const reference = new RegExp(`\\$\\{\\{\\s*steps\\.${id}\\.outputs\\.${output}\\s*\\}\\}`, 'g');
  const body = text.slice(from, to);
  for (let m = reference.exec(body); m; m = reference.exec(body)) {
    const at = from + m.index;
    const program = /^\s*(\S+)/.exec(text.slice(lines.startOf(lines.lineOf(at)), at))?.[1] ?? '';
    if (SHOWS.test(program)) continue;
    const sent = commandMethod(text, lines, at);
    if (sent) return sent;
  }
  return undefined;
}

/**
 * What precedes a literal standing alone on its line inside a call (`fmt.Sprintf(\n  "…"` or
 * `baseURL+"…"`, `&format!(\n  "{}/…"`): the call and its assignment are on the line before.
 */
const STANDS_ALONE = /^\s*(?:[A-Za-z_][\w.]*\s*\+\s*)?f?["'`]?$/;

/** `u := …"literal"`, `url = f"…"`, `u = fmt.Sprintf(` / `let url = Url::parse(&format!(` on the line before a literal standing alone. */
function assignedVariable(text: string, lines: Lines, url: UrlHit): string | undefined {
  let before = text.slice(Math.max(lines.startOf(url.line), url.start - 200), url.start);
  if (STANDS_ALONE.test(before)) {
    const previous = text.slice(lines.startOf(url.line - 1), lines.endOf(url.line - 1));
    if (!/\(\s*$/.test(previous)) return undefined;
    before = previous;
  }
  // The last assignment of the line (`u := `, `url = f"`, `path += `), no `;` after it, no other object's member.
  const eq = before.lastIndexOf('=');
  if (eq === -1 || before.indexOf(';', eq) !== -1) return undefined;
  return assignmentAt(before, eq, { receiver: 'none', extend: true })?.name;
}

/**
 * URLs that are read by what they are: a Jenkins `httpRequest(url: …)` with no `httpMode:`, or an OkHttp
 * `Request.Builder().url(…)…build()` with no method call on its line (the builder's default is GET). Returns the
 * offset of that evidence, or 0. (A JSON:API link is no request at all: `jsonApiLink`.)
 */
function readOnly(text: string, lines: Lines, url: UrlHit): number {
  // Jenkins' HTTP Request step sends GET unless told otherwise (`httpRequest(url: "…")`, no `httpMode:`).
  const jenkins = jenkinsGet(text, url);
  if (jenkins !== 0) return jenkins;
  // The line's builder read once a line (a line of many URLs asked it of each: time growing with their count squared).
  return lines.memoAt(BUILDER_LINES, url.line, () => defaultGetBuilder(text, lines, url.line));
}

/** Each line's `defaultGetBuilder`, by its index. */
const BUILDER_LINES = memoKey<Map<number, number>>('OkHttp builders sending GET, by line');

/** The offset of an OkHttp `Request.Builder()` on a line that calls `.url(…)` and `.build()` and no method, or 0. */
function defaultGetBuilder(text: string, lines: Lines, index: number): number {
  const from = lines.startOf(index);
  const line = text.slice(from, lines.endOf(index));
  const builder = line.indexOf('Request.Builder()');
  if (
    builder !== -1 &&
    /\.url\(/.test(line) &&
    /\.build\(\)/.test(line) &&
    !/\.(?:post|put|patch|delete|method)\(/.test(line)
  )
    return from + builder;
  return 0;
}

/** How far a Jenkins `httpRequest(` may open before its `url:` argument and close after it. */
const JENKINS_CALL = 1_200;

/**
 * A URL that is the `url:` argument of a Jenkins `httpRequest(…)` step with no `httpMode:` (the step's default
 * is GET: not a guess): the offset of `httpRequest`, else 0.
 */
function jenkinsGet(text: string, url: UrlHit): number {
  const before = text.slice(Math.max(0, url.start - 40), url.start);
  if (!/(?:^|[\s,(])url\s*:\s*["']$/.test(before)) return 0;
  const call = enclosingCall(text, url.start, false, JENKINS_CALL);
  if (!call || !/(?:^|[^\w.])httpRequest$/.test(text.slice(call.start, call.open))) return 0;
  if (/(?:^|[\s,(])httpMode\s*:/.test(text.slice(call.open, call.end))) return 0;
  return call.start + text.slice(call.start, call.open).lastIndexOf('httpRequest');
}

/** A string that is a curl command line, to its end: `"curl $curl_headers --output x.json $curl_query"`. Group 1: its body. */
const CURL_STRING = /["'`]\s*curl\s([^"'`\n]{0,400})["'`]/g;
/** curl's method flag inside such a string, and its data flags (whose default method is POST, or PUT for -T); a piece's quote may open them. */
const CURL_METHOD = /(?:^|[\s"'])(?:-X\s*|--request[\s=]+)["']?(GET|POST|PUT|PATCH|DELETE)\b/;
const CURL_DATA = /(?:^|[\s"'])(?:-d|-F|-T|--data[\w-]*|--form|--json|--upload-file)(?:\s|=|$)/;

/**
 * The method of a curl command line written in a string (Perl's `$curl_cmd = "curl $curl_headers $curl_query"`,
 * Ruby's `"curl #{url}"`) that takes the variable the URL is assigned to, within SEND_LINES below it: its `-X` / `--request`,
 * else GET when it has no data flag. Nothing when another variable of the command may hold curl flags (a string
 * assigned to it in the text has a method or data flag), or the URL's variable is assigned again first.
 */
function curlStringSending(text: string, lines: Lines, url: UrlHit): MethodToken | undefined {
  const name = assignedVariable(text, lines, url);
  if (!name) return undefined;
  const use = new RegExp(`(?:\\$\\{?|#\\{|\\{)${name}\\b`);
  const again = new RegExp(`^\\s*(?:my\\s+)?\\$?${name}\\s*=(?!=)`);
  const last = Math.min(url.line + SEND_LINES, lines.lineOf(text.length));
  for (let line = url.line + 1; line <= last; line++) {
    const content = text.slice(lines.startOf(line), lines.endOf(line));
    if (again.test(content)) return undefined;
    CURL_STRING.lastIndex = 0;
    for (let m = CURL_STRING.exec(content); m !== null; m = CURL_STRING.exec(content)) {
      const body = m[1] ?? '';
      if (!use.test(body)) continue;
      const explicit = CURL_METHOD.exec(body);
      const word = lines.startOf(line) + m.index + m[0].indexOf('curl');
      if (explicit?.[1]) {
        const start = lines.startOf(line) + m.index + m[0].indexOf(explicit[1], m[0].indexOf('curl'));
        return { method: explicit[1] as HttpMethod, start, end: start + explicit[1].length, text: explicit[1] };
      }
      if (CURL_DATA.test(body) || flagsElsewhere(text, body, name)) return undefined;
      return { method: 'GET', start: word, end: word + 4, text: 'curl' };
    }
    // A curl command spread over lines of a multi-line string (`"""` … `curl \` … `-X POST \` … `'${url}'`).
    const at = use.exec(content);
    const sent = at ? embeddedCurlMethod(text, lines, lines.startOf(line) + at.index) : undefined;
    if (sent) return sent;
  }
  return undefined;
}

/** How many lines above its URL a curl command held in string pieces may open. */
const PIECE_LINES = 12;
/** A line of string pieces only, the expression going on after it: literals joined by `+` (or side by side in Python's parentheses). */
// (Each blank has one reading: an optional `+` between two runs of blanks made a line of many pieces that fails at its
// end, `"a "   "b "   … # note`, backtrack exponentially.)
const PIECES_LINE =
  /^[ \t]*(?:\+[ \t]*)?(?:[fFrRbB]?(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'|`[^`\n]*`)[ \t]*(?:\+[ \t]*)?)+$/;
/** A line going on with a piece (`+ ' -X DELETE'`, `"--request PATCH"`, `f'…'`). */
const PIECE_START = /^[ \t]*(?:\+[ \t]*)?[fFrRbB]?["'`]/;
/** A value that is no literal joined after the URL (`+ flags`, `+ opts()`). */
const OPERAND_AFTER = /\+[ \t]*[A-Za-z_$(]/;
/** The line opening such a string: an assignment's head (`SAFE_CURL = (`, `const CMD =`) and the first piece opening with curl. */
const PIECES_OPEN =
  /^[ \t]*(?:(?:export[ \t]+)?(?:const|let|var)[ \t]+)?[\w$.]+[ \t]*(?::[^=\n]*)?=[ \t]*(?:\([ \t]*)?$/;

/**
 * The method of a curl command held in a string built of pieces (an operator's copy-paste command a tool prints:
 * `"curl -sS -X POST " + '-H "…" ' + … + '"https://…/api/v2/runs"'`, Python's literals side by side in parentheses):
 * its `-X`/`--request` flag, in the pieces before the URL or after it; a body flag without one sends POST, none curl's
 * GET, unless a value joined after the URL may hold flags (then unknown). Only lines that are string pieces lead up to
 * the piece opening with curl; anything else between says nothing.
 */
function piecedCurlMethod(text: string, lines: Lines, url: UrlHit): MethodToken | undefined {
  for (let line = url.line; line >= Math.max(0, url.line - PIECE_LINES); line--) {
    const from = lines.startOf(line);
    const row = text.slice(from, lines.endOf(line));
    const curl = /(["'`])[ \t]*curl[ \t]/.exec(row);
    if (curl !== null && (line === url.line || PIECES_LINE.test(row.slice(curl.index)))) {
      if (line === url.line) return undefined; // one literal: read by the other readers
      // The command's pieces from curl's to the last: the URL's line on, and the lines after it that go on with pieces
      // (`f'"https://…/{pid}" -X DELETE'`, `+ ' --request PATCH'`).
      let end = lines.endOf(url.line);
      for (let next = url.line + 1; next <= url.line + PIECE_LINES; next++) {
        const after = text.slice(lines.startOf(next), lines.endOf(next));
        if (!PIECE_START.test(after)) break;
        end = lines.endOf(next);
      }
      const start = from + curl.index;
      const pieces = text.slice(start, end);
      const explicit = CURL_METHOD.exec(pieces);
      if (explicit?.[1]) {
        const word = start + explicit.index + explicit[0].lastIndexOf(explicit[1]);
        return { method: explicit[1] as HttpMethod, start: word, end: word + explicit[1].length, text: explicit[1] };
      }
      // A value joined after the URL (`+ flags`) may hold the method: curl's default is not known then.
      const rest = text.slice(url.end, end);
      if (OPERAND_AFTER.test(rest) || /\+[ \t]*$/.test(rest)) return undefined;
      const at = start + curl[0].indexOf('curl');
      return { method: CURL_DATA.test(pieces) ? 'POST' : 'GET', start: at, end: at, text: '' };
    }
    if (line === url.line) continue;
    if (!PIECES_LINE.test(row) && !PIECES_OPEN.test(row)) return undefined;
  }
  return undefined;
}

/** Whether a variable of a curl string other than the URL's is assigned a string holding a method or data flag. */
function flagsElsewhere(text: string, body: string, url: string): boolean {
  for (const m of body.matchAll(/\$\{?(\w+)/g)) {
    const name = m[1] ?? '';
    if (name === url) continue;
    const assigned = new RegExp(`\\$${name}\\s*\\.?=\\s*["']([^"'\\n]*)`, 'g');
    for (const a of text.matchAll(assigned)) {
      const value = a[1] ?? '';
      if (CURL_METHOD.test(value) || CURL_DATA.test(value)) return true;
    }
  }
  return false;
}

/** A call that sends a payload: a verb of an HTTP client (`requests.post(`, `axios.patch(`, `HTTParty.put(`), its receiver read before it. */
const PAYLOAD_CALL = /(?:\.|->|::)(?:post|put|patch)\(/g;
/** How many lines above a call the variable it sends (its URL, its payload) may be assigned. */
const ASSIGN_LINES = 60;
/** A placeholder of a literal (`{JIRA}`, `${base}`, `#{host}`, `%s`), taken out before the literal's own path is read. */
const PLACEHOLDER = /[$#]?\{[^{}]*\}|%[sdv]/g;

/**
 * Spans of payloads sent to a URL that is not this API's (v7's item 14; v6's item 5): a sending call (PAYLOAD_CALL) whose
 * URL, written in the call or assigned to the variable it passes, is a whole URL none of this API's templates fits
 * (`otherLiteral`: `requests.post(f"{JIRA}/rest/api/2/issue", json=body)`, `url = f"{GH}/projects/{pid}"` then
 * `requests.patch(url, json={"name": n})`, `requests.post(f"{TFE}/api/v2/teams/{id}/organization-memberships", json=…)`).
 * The call's other arguments and the object literals assigned to the variables they pass (`body = {"fields":
 * {"project": …}}`) are that URL's: their keys say nothing of this API, whatever else the text calls. A URL the text
 * does not show (a parameter, an expression) decides nothing.
 */
export function otherPayloadSpans(text: string, lines: Lines, urls: readonly UrlHit[]): [number, number][] {
  const out: [number, number][] = [];
  if (!lines.markers.any(['.post(', '.put(', '.patch('])) return out;
  PAYLOAD_CALL.lastIndex = 0;
  for (let m = PAYLOAD_CALL.exec(text); m !== null; m = PAYLOAD_CALL.exec(text)) {
    if (!HTTP_RECEIVER.test(receiverOf(text.slice(Math.max(0, m.index - 80), m.index)))) continue;
    const open = m.index + m[0].length - 1;
    // The call's arguments and its close, read once by the one reader of a call's arguments; none sends no URL.
    const call = callArguments(text, open, MAX_LITERAL);
    const head = call?.args[0];
    if (call === undefined || head === undefined) continue;
    const { close } = call;
    const first = head.end;
    const raw = text.slice(head.start, first);
    const argument = raw.trim();
    if (argument === '') continue;
    const line = lines.lineOf(open);
    let literal: [number, number] | undefined;
    if (/^(?:[fFrRbB]{0,2})["'`]/.test(argument)) {
      const from = head.start + raw.length - raw.trimStart().length;
      literal = [from, from + argument.length];
    } else if (/^[A-Za-z_]\w*$/.test(argument)) literal = assignedLiteral(text, lines, argument, line);
    if (literal === undefined || !otherLiteral(text, urls, literal[0], literal[1])) continue;
    out.push([first, close]);
    // The payload's variables among the other arguments (`json=body`, `data=json.dumps(body)`, `body`): their object literals.
    for (const word of text.slice(first, close).matchAll(/(?<![\w.$'"])([A-Za-z_]\w*)\b(?![\w.([=])/g)) {
      const span = assignedObject(text, lines, word[1] ?? '', line);
      if (span !== undefined) out.push(span);
    }
  }
  return out;
}

/** The line that last assigns `name` above `line` (within ASSIGN_LINES, not past a definition at the margin), and its value's offset. */
function lastAssignment(text: string, lines: Lines, name: string, line: number): number | undefined {
  const assigns = new RegExp(
    `^[ \\t]*(?:(?:const|let|var|val)[ \\t]+)?${name}(?:[ \\t]*:[^=\\n]+)?[ \\t]*=(?!=)[ \\t]*`,
  );
  for (let l = line; l >= 0 && l >= line - ASSIGN_LINES; l--) {
    const from = lines.startOf(l);
    const row = text.slice(from, lines.endOf(l));
    const m = assigns.exec(row);
    if (m) return from + m[0].length;
    if (l < line && indentOf(text, from) === 0 && DEFINITION.test(row)) return undefined;
  }
  return undefined;
}

/** The string literal `name` was last assigned above `line` (`url = f"{GH}/projects/{pid}"`), as a span. */
function assignedLiteral(text: string, lines: Lines, name: string, line: number): [number, number] | undefined {
  const at = lastAssignment(text, lines, name, line);
  if (at === undefined) return undefined;
  const m = /^(?:[fFrRbB]{0,2})(["'`])(?:\\.|(?!\1)[^\\\n])*\1[ \t]*[;,]?[ \t]*(?:#.*|\/\/.*)?$/.exec(
    text.slice(at, lines.endOf(lines.lineOf(at))),
  );
  return m ? [at, at + m[0].trimEnd().length] : undefined;
}

/** The object literal `name` was last assigned above `line` (`body = {` … `}`), as a span. */
function assignedObject(text: string, lines: Lines, name: string, line: number): [number, number] | undefined {
  const at = lastAssignment(text, lines, name, line);
  if (at === undefined || text.charCodeAt(at) !== 123) return undefined;
  const close = matchingClose(text, at, MAX_LITERAL);
  return close === -1 ? undefined : [at, close + 1];
}

/**
 * Whether a literal is a whole URL none of this API's templates fits, so a payload sent to it says nothing of this API:
 * it opens with a host or a base placeholder, its own text has a path, it holds none of this API's URL hits, and it is
 * either another API's (`f"{JIRA}/rest/api/2/issue"`, `"https://hooks.slack.com/…"`: its base not named for this API,
 * no `/api/v2`) or a path from this API's root that fits none of its templates (`f"{host}/api/v2/teams/"`, v6's item 5).
 * Not `'/notification-configurations'` (a path on a client's base), nor `f"{TFE}/…"` without the root.
 */
function otherLiteral(text: string, urls: readonly UrlHit[], from: number, to: number): boolean {
  const body = text.slice(from, to).replace(/^[fFrRbB]{0,2}["'`]/, '');
  const base = /^(?:https?:\/\/([^/"'`]*)|[$#]?\{([^{}]*)\})/.exec(body);
  if (!base) return false;
  const own = body.replace(PLACEHOLDER, '');
  if (!/\/[A-Za-z]/.test(own)) return false;
  const rooted = /\/api\/v2\/[A-Za-z]/.test(own);
  if (!rooted && (namesOwnBase(base[1] ?? base[2] ?? '') || /\/api\/v2(?![\w-])/.test(own))) return false;
  for (const url of urls) if (url.start < to && url.end > from) return false;
  return true;
}
