import { MAX_LITERAL, matchingClose } from './brackets.ts';
import type { HttpMethod } from './data-types.ts';
import type { MethodToken } from './match-types.ts';
import type { Lines } from './lines.ts';
import { firstAtOrAfterBy } from './ordered.ts';
import { lineEnd, NextMatch } from './source-text.ts';
import { TextMarkers } from './text-markers.ts';
import { assignmentOf } from './value-flow.ts';

/**
 * Route declarations of servers. Another server's route (a portal's `@router.get("/organizations")`, a run task
 * server's `http.HandleFunc("/runs/")`) is no request of this API; a route whose full path is `/api/v2/…` (the
 * router's prefix, set where the router is made or mounted, then the literal) is one of a server implementing this
 * API, and it is the endpoint with the method its registration names.
 */

/** A route literal read: another server's own route, or a route of this API's (the prefix before the literal). */
export type RouteReading = { readonly own: true } | ServedRoute;

export interface ServedRoute {
  readonly own?: undefined;
  /** What the router puts before the literal (`/api/v2`, `/api/v2/workspaces/` of a controller's route). */
  readonly prefix: string;
  /** The method the registration names; none when it serves any (`.Any(`, `HandleFunc` without `.Methods`). */
  readonly method?: MethodToken;
  /** The registration's other methods (`methods=["GET", "POST"]`). */
  readonly more?: readonly MethodToken[];
}

/**
 * The opening of a Spring route annotation up to a literal: `@GetMapping("`, `@RequestMapping(value = {"`,
 * `@PostMapping(path = "`. Group 1: its verb (none for `RequestMapping`).
 */
const ROUTE_ANNOTATION =
  /@(Get|Post|Put|Patch|Delete|Request)Mapping[ \t]*\([ \t]*(?:(?:value|path)[ \t]*=[ \t]*)?\{?[ \t]*$/;

/**
 * C#'s route attributes (`[HttpGet("`, `[Route("`) and JAX-RS's `@Path("`. Group 1: C#'s verb; group 2: `Route`;
 * group 3: `@Path`.
 */
const ATTRIBUTE_ROUTE = /\[(?:Http(Get|Post|Put|Patch|Delete)|(Route))[ \t]*\([ \t]*$|^[ \t]*(@Path)\([ \t]*$/;

/**
 * A router's registration up to the literal, group 2 its receiver and group 3 its word: gin, echo and fiber's
 * `v2.GET("`, chi's `r.Get("`, gorilla's `s.HandleFunc("` / `s.Path("`, `api.Group("`, ASP.NET's `app.MapGet("`,
 * Express's `router.get('`; a Python route decorator's `@router.get("` / `@bp.route(path="` (group 1: the `@`); Flask's
 * `app.add_url_rule("`.
 */
const REGISTRATION =
  /(?:^[ \t]*(@))?([A-Za-z_$][\w$]*)\s*\.[ \t]*(add_url_rule|GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|Any|Group|HandleFunc|Handle|Path|PathPrefix|Route|Mount|Get|Post|Put|Patch|Delete|Map(?:Get|Post|Put|Patch|Delete|Group|Methods)?|get|post|put|patch|delete|head|options|all|route|api_route|websocket|use)[ \t]*\([ \t]*(?:path[ \t]*=[ \t]*)?$/;

/**
 * A registration on a router derived in the same expression (asked only when REGISTRATION fails after a `).`): chi's
 * `r.With(mw).Post("`, `r.Group("/api/v2", auth).GET("`, gorilla's `r.PathPrefix("/api/v2").Subrouter().HandleFunc("`,
 * Express's `router.use(auth).get('`, ASP.NET's `app.MapGroup("/api/v2").RequireAuthorization().MapDelete("`.
 * Group 1 the receiver, 2 the derivations (`PREFIX_CALL`s), 3 the word.
 */
const DERIVED_REGISTRATION =
  /([A-Za-z_$][\w$]*)((?:\.(?:With|Group|Use|use|PathPrefix|Subrouter|MapGroup|RequireAuthorization|AllowAnonymous|WithTags|WithName|WithOpenApi|AddEndpointFilter|RequireCors|RequireRateLimiting)\((?:[^()\n]|\([^()\n]*\))*\))+)\s*\.[ \t]*(GET|POST|PUT|PATCH|DELETE|Any|HandleFunc|Handle|Get|Post|Put|Patch|Delete|Map(?:Get|Post|Put|Patch|Delete)|get|post|put|patch|delete|all|route)[ \t]*\([ \t]*$/;

/** Words of REGISTRATION that set a prefix, not a route (`r.Group("/api")`, `s.PathPrefix("/v2")`, `app.use('/api', r)`). */
const PREFIX_WORDS = new Set(['Group', 'PathPrefix', 'Route', 'Mount', 'MapGroup', 'use']);
/** Words of REGISTRATION that are Go's or C#'s only: the receiver need not be read to know a route. */
const GO_ROUTE_WORDS = new Set([
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'HEAD',
  'OPTIONS',
  'Any',
  'Group',
  'HandleFunc',
  'Handle',
  'MapGet',
  'MapPost',
  'MapPut',
  'MapPatch',
  'MapDelete',
  'MapGroup',
]);

/** A handler that follows a JS route's literal: Express, Koa or Hono's `app.get('/x', (req, res) =>`, `async (ctx) =>`. */
const HANDLER_AFTER = /^[ \t]*,[ \t]*(?:async[ \t]+)?(?:function[ \t]*\w*[ \t]*)?\((?:req|request|ctx|c)\b/;

const VERBS: Record<string, HttpMethod> = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' };
const verbOf = (word: string): HttpMethod | undefined => VERBS[word.toLowerCase()];

/**
 * How the literal from `open` to `close` (its quotes) is read when it is a route declaration (see the forms above):
 * undefined when it is none (or a route holding `/api/v2` itself, read as any literal: a test's stand-in server of this
 * API answers its paths). A declarative client (`@FeignClient`, whose interface methods are annotated alike) sends
 * what it maps, so there it is none.
 */
export function routeReading(
  text: string,
  open: number,
  close: number,
  project: ProjectRoutes | undefined,
  lines: Lines,
): RouteReading | undefined {
  const c = text.charCodeAt(open - 1);
  if (c !== 40 && c !== 123 && c !== 32 && c !== 61) return undefined;
  // The line's start from the text's line table (searched back for each literal, a long line of many took time growing
  // with their count squared).
  const line = lines.lineOf(open);
  const lineStart = lines.startOf(line);
  // A chain written over lines (`projects⏎  .route('/x')`): the receiver ends the line before.
  let first = lineStart;
  while (text.charCodeAt(first) === 32 || text.charCodeAt(first) === 9) first++;
  const from = first < open && text.charCodeAt(first) === 46 && line > 0 ? lines.startOf(line - 1) : lineStart;
  const headStart = Math.max(from, open - 120);
  const head = text.slice(headStart, open);
  const literal = text.slice(open + 1, close);
  const spring = ROUTE_ANNOTATION.exec(head);
  if (spring) {
    const known = memoFor(text, project);
    if ((known.feign ??= text.includes('@FeignClient'))) return undefined;
    if (classLevel(text, close)) return OWN;
    const prefix = classRoute(text, open, CLASS_MAPPING) ?? '';
    if (API_ROUTE.test(prefix)) return OWN; // read with its class (`controllerRoutes`)
    const verb = spring[1] === 'Request' ? requestMethod(text, close) : word(headStart + spring.index + 1, spring[1]!);
    return served(prefix, literal, verb, true);
  }
  const attribute = ATTRIBUTE_ROUTE.exec(head);
  if (attribute) {
    if (classLevel(text, close)) return OWN;
    const jaxrs = attribute[3] !== undefined;
    const absolute = /^~?\//.test(literal) && !jaxrs;
    const prefix = absolute ? '' : (classRoute(text, open, jaxrs ? CLASS_PATH : CLASS_ROUTE) ?? '');
    if (API_ROUTE.test(prefix)) return OWN; // read with its class (`controllerRoutes`)
    const verb = attribute[1]
      ? word(headStart + attribute.index + 5, attribute[1])
      : attributeVerb(text, lineStart, jaxrs);
    return served(prefix, absolute ? literal.slice(literal.indexOf('/')) : literal, verb);
  }
  const reg = registrationIn(head);
  if (!reg) {
    const php = phpRoute(text, head, headStart, close);
    return php === undefined ? undefined : served('', literal, php);
  }
  const { at, receiver, name, derived } = reg;
  const python = at !== undefined;
  if (python && !decorates(text, close)) return undefined;
  const goRoute = GO_ROUTE_WORDS.has(name);
  // A prefix's literal (`v2 := r.Group("/api/v2")`, `s.PathPrefix("/v2")`) is no route; `app.use('/x', …)` is read as any.
  if (PREFIX_WORDS.has(name)) return name === 'use' ? undefined : ownUnless(literal);
  memoFor(text, project);
  // A router derived in the registration's own chain (chi's `r.With(mw).Post(`, `r.Group("/api/v2", auth).GET(`).
  const prefix =
    derived === ''
      ? routerPrefix(text, receiver, open)
      : valuePrefix(text, receiver + derived, headStart + reg.index, PREFIX_HOPS);
  // Routes no method of the API is sent to (`HEAD`, `OPTIONS`, a websocket's).
  if (prefix !== undefined && /^(?:HEAD|OPTIONS|head|options|websocket)$/.test(name)) return OWN;
  const verb = registrationVerb(text, name, headStart + reg.wordAt, close, python);
  // A Go fake's route holding `/api/v2` (`mux.HandleFunc("/api/v2/…", func(w …, r *http.Request) {`, on a mux made here
  // or elsewhere) is a served route with the methods its handler answers, or none: it counts, and its path says whose
  // names its answer holds, only with the evidence a server of this API shows (a fake of another product's /api/v2
  // gives no resource to the JSON it answers).
  const fake = (name === 'HandleFunc' || name === 'Handle') && API_PATH.test(literal);
  if (prefix !== undefined) return served(prefix, literal, verb, false, fake);
  if (fake) return served('', literal, verb, false, true);
  // A router not made in this text: a route all the same when its word or handler says so (its prefix unknown).
  if (goRoute || python) return ownUnless(literal);
  if (/^[a-z]+$/.test(name) && HANDLER_AFTER.test(text.slice(close + 1, Math.min(lineEnd(text, close), close + 80))))
    return ownUnless(literal);
  return undefined;
}

const OWN: RouteReading = { own: true };

/**
 * PHP's routes: Laravel's `Route::get('/projects/{project}', …)` (its facade: a route whatever follows; inside a
 * `Route::prefix('api/v2')->group(…)` too, whose prefix is not read), and Slim's or Lumen's `$app->delete('/x', function
 * ($request, $response, $args) {`, `$router->patch('/x', 'TaskController@update')`, `[TaskController::class, 'update']`:
 * a verb on any receiver is a route only with a handler after the literal (Guzzle's `$client->get('/x', [...])` sends).
 * Group 1: `Route::`; group 2: the verb.
 */
const PHP_REGISTRATION = /(?:(\bRoute::)|\$[A-Za-z_]\w*->)(get|post|put|patch|delete|any|match|options)[ \t]*\([ \t]*$/;
const PHP_HANDLER =
  /^[ \t]*,[ \t]*(?:(?:static[ \t]+)?(?:function|fn)[ \t]*\(|["'][A-Za-z_\\][\w\\]*@\w+["']|\[[ \t]*[A-Za-z_\\][\w\\]*::class[ \t]*,|[A-Za-z_\\][\w\\]*::class\b)/;

/**
 * The methods of a PHP route (PHP_REGISTRATION) whose literal's head is `head` (from `headStart`) and whose closing
 * quote is at `close`: its verb's, none for `any`/`match`/`options`; undefined when the literal is no PHP route.
 */
function phpRoute(text: string, head: string, headStart: number, close: number): MethodToken[] | undefined {
  if (!head.includes('::') && !head.includes('->')) return undefined;
  const m = PHP_REGISTRATION.exec(head);
  if (!m) return undefined;
  if (m[1] === undefined && !PHP_HANDLER.test(text.slice(close + 1, Math.min(lineEnd(text, close), close + 120))))
    return undefined;
  const verb = m[2]!;
  return word(headStart + m.index + m[0].lastIndexOf(verb), verb);
}

/** A registration read in a literal's head: REGISTRATION's, else DERIVED_REGISTRATION's (offsets in the head). */
function registrationIn(
  head: string,
):
  | { at: string | undefined; receiver: string; name: string; derived: string; index: number; wordAt: number }
  | undefined {
  const m = REGISTRATION.exec(head);
  if (m) {
    const name = m[3]!;
    return { at: m[1], receiver: m[2]!, name, derived: '', index: m.index, wordAt: m.index + m[0].lastIndexOf(name) };
  }
  const d = head.includes(').') ? DERIVED_REGISTRATION.exec(head) : null;
  if (!d) return undefined;
  const name = d[3]!;
  const wordAt = d.index + d[0].lastIndexOf(name);
  return { at: undefined, receiver: d[1]!, name, derived: d[2]!, index: d.index, wordAt };
}

/**
 * The opening quotes of literals that go on from a router's `/api` with the private registry's root
 * (`"/registry/{registry}/v2/gpg-keys"`): no first segment of the API's paths opens them, so the scan pattern does not
 * find them (`routeReading` decides whether each is a route of this API's).
 */
export function rootTailLiterals(text: string): number[] {
  const out: number[] = [];
  const markers = markersOf(text);
  if (!mayServe(markers)) return out;
  for (let at = markers.first('/registry/'); at !== -1; at = text.indexOf('/registry/', at + 10)) {
    const c = text.charCodeAt(at - 1);
    if (c === 34 || c === 39 || c === 96) out.push(at - 1);
  }
  return out;
}

/**
 * A route of this API's from the root: `/api/v2/…` (a class's `api/v2/…` too), or the other root the history has
 * subjects under, the private registry's `/api/registry/…` (`/api/registry/:registry_name/v2/gpg-keys`; `normalizeUrl`
 * keeps it whole).
 */
const API_ROUTE = /^\/?api\/(?:v2|registry)(?:\/|$)/;
/** A literal that holds a path of this API's from its root (`API_ROUTE`) itself. */
const API_PATH = /\/api\/(?:v2|registry)(?![\w-])/;

/** Another server's own route, unless its literal holds this API's root (then it is read as any literal). */
const ownUnless = (literal: string): RouteReading | undefined => (API_PATH.test(literal) ? undefined : OWN);

/** A method token for a verb word at `at` (`Get` of `GetMapping`, `patch` of `@router.patch(`). */
function word(at: number, verb: string): MethodToken[] {
  const method = verbOf(verb);
  return method ? [{ method, start: at, end: at + verb.length, text: verb }] : [];
}

/**
 * The route read with its prefix: this API's when the full path is `/api/v2/…`, another server's otherwise. A literal
 * holding `/api/v2` itself with no method named is read as any literal (a test's stand-in server: `mux.HandleFunc(
 * "/api/v2/runs", …)` then `testMethod(t, r, "POST")`), unless `annotated` (a Spring mapping, never a request).
 */
function served(
  prefix: string,
  literal: string,
  verbs: readonly MethodToken[] | undefined,
  annotated = false,
  fake = false,
): RouteReading | undefined {
  const joined = joinPath(prefix, literal);
  if (!API_ROUTE.test(joined)) return OWN;
  if (!annotated && !fake && !verbs?.length && API_PATH.test(literal)) return undefined;
  const lead = joined.slice(0, joined.length - literal.replace(/^\/+/, '').length);
  const [method, ...more] = verbs ?? [];
  const route: { -readonly [K in keyof ServedRoute]: ServedRoute[K] } = { prefix: lead };
  if (method) route.method = method;
  if (more.length > 0) route.more = more;
  return route;
}

/** A prefix and a route joined by one `/` (`/api/v2` + `workspaces/{id}`, `api/v2/` + `/runs`), from the root. */
function joinPath(prefix: string, literal: string): string {
  const head = prefix.replace(/^\/?/, '/').replace(/\/+$/, '');
  if (literal === '') return head;
  return `${head}/${literal.replace(/^\/+/, '')}`;
}

/**
 * The methods a registration names: its word (`v2.PATCH(`, `r.Delete(`, `@router.get(`, `app.MapPost(`), gorilla's
 * `.Methods("GET")` after the literal, a Python route's `methods=[…]` (Flask and FastAPI's `route`/`api_route` serve GET
 * without one: their documented default). Undefined when it serves any method or says none.
 */
function registrationVerb(
  text: string,
  name: string,
  at: number,
  close: number,
  python: boolean,
): MethodToken[] | undefined {
  const verb = /^(?:Map)?(\w+)$/.exec(name)?.[1] ?? '';
  if (verbOf(verb)) return word(at + name.length - verb.length, verb);
  const rest = text.slice(close + 1, Math.min(lineEnd(text, close), close + 300));
  if (name === 'HandleFunc' || name === 'Handle' || name === 'Path') {
    const methods = /\.Methods\(([^)]*)\)/.exec(rest);
    if (!methods) return name === 'Path' ? undefined : handlerVerbs(text, close);
    return verbsIn(methods[1]!, close + 1 + methods.index + 9);
  }
  // Express's `router.route('/x').get(show).patch(update)`: the verbs chained after a `)`, to the statement's end.
  if (!python && name === 'route') {
    const end = text.indexOf(';', close);
    const chain = text.slice(close + 1, end === -1 ? close + 600 : Math.min(end, close + 600));
    const found: MethodToken[] = [];
    for (const m of chain.matchAll(/\)\s*\.\s*(get|post|put|patch|delete|all)\(/g)) {
      if (m[1] === 'all') return undefined;
      found.push(...word(close + 1 + m.index + m[0].lastIndexOf(m[1]!), m[1]!));
    }
    return found.length > 0 ? found : undefined;
  }
  // Flask's `app.add_url_rule("/x", view_func=…, methods=[…])` as its `@app.route`, but a class's view
  // (`Workspaces.as_view("ws")`) serves the methods its class defines: none said.
  if ((python && (name === 'route' || name === 'api_route')) || name === 'add_url_rule') {
    const call = text.slice(close + 1, Math.min(text.length, close + 300));
    const methods = /^[^)]*?\bmethods[ \t]*=[ \t]*[[(]([^\])]*)[\])]/.exec(call);
    if (!methods && name === 'add_url_rule' && !functionView(text, call)) return undefined;
    if (!methods) return [{ method: 'GET', start: at, end: at, text: '' }];
    return verbsIn(methods[1]!, close + 1 + methods.index + methods[0].indexOf(methods[1]!));
  }
  return undefined;
}

/**
 * Whether an `add_url_rule(…)`'s view (`view_func=name`, or its third argument) is a function the text defines
 * (`def name(`): one serves GET by default; a class's view (`Workspaces.as_view("ws")`, or a name holding one) serves
 * what its class defines.
 */
function functionView(text: string, call: string): boolean {
  const view =
    /^[^)]*?\bview_func[ \t]*=[ \t]*([A-Za-z_]\w*)[ \t]*[,)]/.exec(call)?.[1] ??
    /^[ \t]*,[ \t]*["'][^"'\n]*["'][ \t]*,[ \t]*([A-Za-z_]\w*)[ \t]*[,)]/.exec(call)?.[1];
  if (view === undefined) return false;
  // Once a name a text: searched per registration, a text of many registrations ran the pattern over the whole text
  // for each (Flask urls.py shapes repeated to 400 KB: 110 to 160 ms; session 38).
  const known = memoFor(text, memo?.project).views;
  let defined = known.get(view);
  if (defined === undefined)
    known.set(view, (defined = new RegExp(`^[ \\t]*(?:async[ \\t]+)?def[ \\t]+${view}[ \\t]*\\(`, 'm').test(text)));
  return defined;
}

/** A Go handler written in the registration: `, func(w http.ResponseWriter, r *http.Request) {` (group 1: the request's name). */
const GO_HANDLER =
  /^[ \t]*,[ \t]*(?:http\.HandlerFunc\([ \t]*)?func[ \t]*\([ \t]*\w+[ \t]+http\.ResponseWriter[ \t]*,[ \t]*(\w+)[ \t]+\*http\.Request[ \t]*\)[ \t]*\{/;
/** A method word of the API's: `"PATCH"`, `http.MethodPatch`. */
const VERB_WORD = String.raw`(?:"(?:GET|POST|PUT|PATCH|DELETE)"|http\.Method(?:Get|Post|Put|Patch|Delete)\b)`;

/**
 * The methods a handler written in its registration answers (a test's fake: `mux.HandleFunc("/api/v2/runs", func(w
 * http.ResponseWriter, r *http.Request) {` …): the ones it checks its request's method for, in its body (`switch
 * r.Method {` with its `case http.MethodPost:` lines, `if r.Method != "DELETE" {`, `assert.Equal(t, "PATCH",
 * r.Method)`, go-tfe's and go-github's `testMethod(t, r, "PATCH")`). Undefined when it checks none (or another
 * method only, `"HEAD"`): the path alone then, as before.
 */
function handlerVerbs(text: string, close: number): MethodToken[] | undefined {
  const handler = GO_HANDLER.exec(text.slice(close + 1, close + 200));
  if (!handler) return undefined;
  const open = close + handler[0].length;
  const end = matchingClose(text, open, MAX_LITERAL, 'braces');
  if (end === -1) return undefined;
  const body = text.slice(open, end);
  const request = handler[1]!;
  const found = new Map<HttpMethod, MethodToken>();
  const add = (within: string, from: number): void => {
    for (const token of verbsIn(within, from) ?? []) if (!found.has(token.method)) found.set(token.method, token);
  };
  // The lines that read the request's method (`if r.Method != …`, `assert.Equal(t, …, r.Method)`, `testMethod(t, r, …)`).
  const field = new RegExp(String.raw`\b${request}\.Method\b`);
  const handed = new RegExp(String.raw`[Mm]ethod\w*\([^()\n]*\b${request}\b`);
  const verb = new RegExp(VERB_WORD);
  for (let from = 0; from < body.length;) {
    const newline = body.indexOf('\n', from);
    const to = newline === -1 ? body.length : newline;
    const row = body.slice(from, to);
    if (verb.test(row) && !/^[ \t]*switch\b/.test(row) && (field.test(row) || handed.test(row))) {
      // A method the handler refuses (`if r.Method == http.MethodDelete {` then `t.Fatalf(…)`, `assert.NotEqual`) is
      // not one it answers; `!=` guards the one it does.
      const refused = /NotEqual/.test(row) || (!row.includes('!=') && refuses(body, to));
      if (!refused) add(row, open + from);
    }
    from = to + 1;
  }
  // `switch r.Method {`: its cases (not one that refuses: `case "DELETE":` then `http.Error(w, …, 405)`).
  const head = new RegExp(String.raw`\bswitch[ \t]+${request}\.Method[ \t]*\{`).exec(body);
  if (head) {
    const from = open + head.index + head[0].length - 1;
    const to = matchingClose(text, from, MAX_LITERAL, 'braces');
    const cases = text.slice(from, to === -1 ? end : to);
    for (const c of cases.matchAll(new RegExp(String.raw`^[ \t]*case[ \t]+([^:\n]*):`, 'gm')))
      if (!refuses(cases, c.index + c[0].length)) add(c[1]!, from + c.index + c[0].indexOf(c[1]!));
  }
  return found.size > 0 ? [...found.values()] : undefined;
}

/** A statement that refuses a request: a test's failure, an HTTP error, 405. */
const REFUSAL =
  /^[ \t]*(?:t\.(?:Fatal|Fatalf|Error|Errorf|Fail|FailNow)\b|http\.Error\(|panic\(|w\.WriteHeader\([^)\n]*(?:MethodNotAllowed|405))/;

/** Whether the first statement after `at` (the end of a condition's or a case's line) refuses the request. */
function refuses(text: string, at: number): boolean {
  const next = text.indexOf('\n', at + 1);
  const line = text.slice(at + 1, next === -1 ? text.length : next);
  return REFUSAL.test(line);
}

/** The methods listed in a text at `from` (`"GET", "POST"`, `http.MethodPatch`, `['PATCH']`). */
function verbsIn(list: string, from: number): MethodToken[] | undefined {
  const found: MethodToken[] = [];
  for (const m of list.matchAll(
    /["'](GET|POST|PUT|PATCH|DELETE|get|post|put|patch|delete)["']|Method(Get|Post|Put|Patch|Delete)\b/g,
  )) {
    const verb = m[1] ?? m[2]!;
    const start = from + m.index + (m[1] !== undefined ? 1 : 0);
    const text = m[1] ?? `Method${verb}`;
    found.push({ method: verbOf(verb)!, start, end: start + text.length, text });
  }
  // Any method not one of the API's (`"HEAD"`) makes the list say less: only the API's verbs are read.
  return found.length > 0 ? found : undefined;
}

/** A Spring `@RequestMapping(…, method = RequestMethod.PATCH)`: its method, read in the annotation's arguments. */
function requestMethod(text: string, close: number): MethodToken[] | undefined {
  const args = text.slice(close + 1, Math.min(text.length, close + 200));
  const end = args.indexOf(')');
  const m = /RequestMethod\.(GET|POST|PUT|PATCH|DELETE)\b/.exec(end === -1 ? args : args.slice(0, end));
  if (!m) return undefined;
  const start = close + 1 + m.index + 14;
  return [{ method: m[1] as HttpMethod, start, end: start + m[1]!.length, text: m[1]! }];
}

/** The verb attribute beside an action's `[Route("…")]` (`[HttpGet]`), or a JAX-RS method's `@GET` beside its `@Path`. */
function attributeVerb(text: string, lineStart: number, jaxrs: boolean): MethodToken[] | undefined {
  const from = Math.max(0, lineStart - 200);
  const to = Math.min(text.length, lineEnd(text, lineStart) + 200);
  const near = text.slice(from, to);
  const m = jaxrs
    ? /^[ \t]*@(GET|POST|PUT|PATCH|DELETE)\b/m.exec(near)
    : /\[Http(Get|Post|Put|Patch|Delete)\b[^\]]*\]/.exec(near);
  if (!m) return undefined;
  const start = from + m.index + m[0].indexOf(m[1]!);
  return [{ method: verbOf(m[1]!)!, start, end: start + m[1]!.length, text: m[1]! }];
}

/** After an annotation's literal: its arguments, more annotations or attributes, then a class's declaration. */
const DECLARES_CLASS =
  /^[^)\n]*\)\]?\s*(?:(?:@[\w.]+(?:\([^)]*\))?|\[[^\]]*\])\s*)*(?:(?:public|private|protected|internal|abstract|final|open|sealed|static|partial|data)\s+)*(?:class|interface|record|object)\b/;

/** Whether the annotation whose literal closes at `close` is the class's (its routes' prefix), not a method's. */
function classLevel(text: string, close: number): boolean {
  return DECLARES_CLASS.test(text.slice(close + 1, close + 400));
}

/** A class's route annotation, group 1 its literal: Spring's `@RequestMapping("…")`, C#'s `[Route("…")]`, JAX-RS's `@Path("…")`. */
const CLASS_MAPPING = /@RequestMapping[ \t]*\([ \t]*(?:(?:value|path)[ \t]*=[ \t]*)?\{?[ \t]*"([^"\n]*)"/g;
const CLASS_ROUTE = /\[Route[ \t]*\([ \t]*"([^"\n]*)"/g;
const CLASS_PATH = /@Path[ \t]*\([ \t]*"([^"\n]*)"/g;

/** The route of the class around `open`: the last class-level route annotation before it, `[controller]` read. */
function classRoute(text: string, open: number, pattern: RegExp): string | undefined {
  let found: string | undefined;
  for (const c of classRoutes(text, pattern)) if (c.at < open) found = c.route;
  return found;
}

/**
 * What every match of each class-level route pattern opens with: a text without it has none, found by one native search
 * (a marker, shared) instead of the pattern's walk over the text.
 */
const CLASS_MARKERS = new Map<RegExp, string>([
  [CLASS_MAPPING, '@RequestMapping'],
  [CLASS_ROUTE, '[Route'],
  [CLASS_PATH, '@Path'],
]);

/** A text's class-level routes of one kind (`CLASS_MAPPING`, `CLASS_ROUTE`, `CLASS_PATH`), read once a text. */
function classRoutes(text: string, pattern: RegExp): readonly { at: number; route: string | undefined }[] {
  const known = memoFor(text, memo?.project);
  let list = known.classes.get(pattern);
  if (list === undefined) {
    const found: { at: number; route: string | undefined }[] = [];
    const marker = CLASS_MARKERS.get(pattern);
    if (marker === undefined || markersOf(text).has(marker))
      for (const m of text.matchAll(pattern)) {
        const close = m.index + m[0].length - 1;
        if (classLevel(text, close)) found.push({ at: close, route: controllerName(text, close, m[1]!) });
      }
    known.classes.set(pattern, (list = found));
  }
  return list;
}

/** Whether a function's definition follows the line of `at`, after at most three more decorator lines. */
function decorates(text: string, at: number): boolean {
  let eol = text.indexOf('\n', at);
  for (let k = 0; k < 4 && eol !== -1; k++) {
    const next = text.indexOf('\n', eol + 1);
    const line = text.slice(eol + 1, next === -1 ? text.length : next).trimStart();
    if (/^(?:async[ \t]+)?def[ \t]/.test(line)) return true;
    if (!line.startsWith('@')) return false;
    eol = next;
  }
  return false;
}

/** How many routers a prefix may be read through (`v2 := api.Group("/v2")`, `api := r.Group("/api")`, …). */
const PREFIX_HOPS = 4;

/**
 * Calls that make a router, as a value's start: Go's `gin.Default()`, `echo.New()`, `fiber.New()`, `mux.NewRouter()`,
 * `chi.NewRouter()`; Express's `express()` / `express.Router()` / `Router()`, koa-router's `new Router({ prefix })`,
 * Hono's `new Hono()`; FastAPI's `FastAPI()` / `APIRouter(prefix=…)`, Flask's `Flask(…)` / `Blueprint(…, url_prefix=…)`;
 * ASP.NET's `builder.Build()`. Their prefix option, if any, is read in their arguments.
 */
const ROUTER_MAKER =
  /^(?:&?(?:gin\.(?:Default|New)|echo\.New|fiber\.New|mux\.NewRouter|chi\.New(?:Router|Mux)|http\.NewServeMux|express(?:\.Router)?|require\([ \t]*["']express["'][ \t]*\)\.Router|Router|FastAPI|APIRouter|Flask|Blueprint|\w+\.Build)\(|new[ \t]+(?:Router|Hono|KoaRouter)\()/;

/**
 * The chain of prefix calls after a router (`.Group("/v2")`, `.PathPrefix("/api").Subrouter()`, `.basePath('/api')`),
 * and of derivations that add middleware, no prefix (`.Use(auth)`, chi's `.With(mw)`).
 */
const PREFIX_CALL =
  /^\.(Group|PathPrefix|MapGroup|basePath|Subrouter|Use|use|With|RequireAuthorization|AllowAnonymous|WithTags|WithName|WithOpenApi|AddEndpointFilter|RequireCors|RequireRateLimiting)\([ \t]*(?:(["'`])([^"'`\n]*)\2|([A-Za-z_$][\w$.]*)(?=[ \t]*[,)]))?/;

/** Words a text that makes a router holds (ROUTER_MAKER, PREFIX_CALL, chi's `.Route(`): without one, no prefix is read. */
const ROUTER_MARKS = [
  'Group(',
  'PathPrefix(',
  'Router(',
  'Flask',
  'Blueprint(',
  'express(',
  'gin.Default',
  'gin.New',
  'gin.Engine',
  'echo.New',
  'echo.Echo',
  'fiber.New',
  'fiber.App',
  'FastAPI',
  'Express',
  'WebApplication',
  'NewServeMux',
  'Hono(',
  '.Route(',
  '.Build()',
];

/** What a text's routers are, read once a text: the assignments of each name, the routers' prefixes. */
interface RouterMemo {
  readonly text: string;
  readonly project: ProjectRoutes | undefined;
  /** Whether the text makes a router or the project hands it one (`ROUTER_MARKS`), asked when a prefix is read. */
  routers?: boolean;
  readonly assigns: Map<string, readonly { readonly text: string; readonly at: number }[]>;
  readonly prefixes: Map<string, string | null>;
  /** Each router name's first mounting call (`mountOf`), or null for none. */
  readonly mounts: Map<string, RegExpExecArray | null>;
  /** Whether the text defines each view function (`functionView`). */
  readonly views: Map<string, boolean>;
  readonly classes: Map<RegExp, readonly { at: number; route: string | undefined }[]>;
  /** chi's `r.Route("/api", func(r chi.Router) {` blocks: their router, prefix, parameter and body's span. */
  chi?: readonly { outer: string; prefix: string; param: string; at: number; open: number; close: number }[];
  /** Function definitions with their parameters (`FUNCTION_DEF`). */
  defs?: readonly { at: number; name: string; params: readonly string[] }[];
  feign?: boolean;
}
let memo: RouterMemo | undefined;
/** The markers of the text a scan reads (`forgetRouters`): its gates are asked of them, searched once a text. */
let scanned: { readonly text: string; readonly markers: TextMarkers } | undefined;

/**
 * A scan starts: what an earlier scan read of its text is not kept (per-text data lives with one scan); the scan's
 * markers of its text (`Lines.markers`) answer this module's gates.
 */
export function forgetRouters(text?: string, markers?: TextMarkers): void {
  memo = undefined;
  scanned = text !== undefined && markers !== undefined ? { text, markers } : undefined;
}

function markersOf(text: string): TextMarkers {
  if (scanned?.text !== text) scanned = { text, markers: new TextMarkers(text) };
  return scanned.markers;
}

/**
 * The module's gate: a text that names no root of this API's paths (`/api`, `api/`) has no route of a server of this
 * API's, unless the project's routers reach it (`routesConcern`, read apart): nothing more is read of it.
 */
const mayServe = (markers: TextMarkers): boolean => markers.any(API_ROOTS);
const API_ROOTS = ['/api', 'api/'];

function memoFor(text: string, project?: ProjectRoutes): RouterMemo {
  if (memo?.text !== text || memo.project !== project)
    memo = {
      text,
      project,
      assigns: new Map(),
      prefixes: new Map(),
      mounts: new Map(),
      views: new Map(),
      classes: new Map(),
    };
  return memo;
}

/**
 * The prefix of the router `name` as the text makes it at `at`: its value (a router maker with its prefix option,
 * another router's prefix call), inside a chi `r.Route("/api", func(r chi.Router) {`, then mounted by a call of the
 * text (`app.use('/api/v2', router)`, `r.Mount("/v2", sub)`, `app.include_router(router, prefix="/api/v2")`,
 * `app.register_blueprint(bp, url_prefix="/api/v2")`, whose prefix replaces the blueprint's). Undefined when the text
 * does not make it (a parameter: `func routes(api *mux.Router)`).
 */
function routerPrefix(text: string, name: string, at: number, hops = PREFIX_HOPS): string | undefined {
  const known = memoFor(text, memo?.project);
  if (hops === 0) return undefined;
  known.routers ??= known.project !== undefined || markersOf(text).any(ROUTER_MARKS);
  if (!known.routers) return undefined;
  const route = chiRoute(text, name, at, hops);
  if (route !== undefined) return route;
  const value = assignedValue(known, name, at);
  if (value === undefined) {
    const key = `${name}@parameter`;
    let root = known.prefixes.get(key);
    if (root === undefined) known.prefixes.set(key, (root = rootParameter(text, name) ? '' : null));
    return root ?? handedPrefix(known, name, at);
  }
  const key = `${name}@${value.at}`;
  const done = known.prefixes.get(key);
  if (done !== undefined) return done ?? undefined;
  known.prefixes.set(key, null);
  const own = valuePrefix(text, value.text, value.at, hops);
  const result = own === undefined ? undefined : mounted(text, name, own, hops);
  known.prefixes.set(key, result ?? null);
  return result;
}

/** A server's root router types: gin's `*gin.Engine`, echo's `*echo.Echo`, fiber's `*fiber.App`, Express's, FastAPI's, Flask's. */
const ROOT_TYPE =
  /^(?:\*?(?:gin\.Engine|echo\.Echo|fiber\.App)|(?:express\.)?(?:Express|Application)|FastAPI|Flask|WebApplication)\b/;

/** Whether `name` is a parameter of a root router's type (`func routes(r *gin.Engine)`, `def mount(app: FastAPI)`): no prefix. */
function rootParameter(text: string, name: string): boolean {
  const escaped = name.replace(/\$/g, '\\$');
  const typed = new RegExp(`[(,][ \\t]*${escaped}(?:[ \\t]*:)?[ \\t]+`, 'g');
  for (let m = typed.exec(text); m !== null; m = typed.exec(text))
    if (ROOT_TYPE.test(text.slice(m.index + m[0].length, m.index + m[0].length + 30))) return true;
  return false;
}

/** The nearest assignment of `name` before `at`: its value's text (300 characters) and offset. */
function assignedValue(known: RouterMemo, name: string, at: number): { text: string; at: number } | undefined {
  let all = known.assigns.get(name);
  if (all === undefined) {
    const { text } = known;
    const assign = new RegExp(`${assignmentOf(name.replace(/\$/g, '\\$'))}[ \\t]*`, 'g');
    const found: { text: string; at: number }[] = [];
    for (let m = assign.exec(text); m !== null; m = assign.exec(text)) {
      const from = m.index + m[0].length;
      found.push({ text: text.slice(from, Math.min(text.length, from + 300)), at: from });
    }
    known.assigns.set(name, (all = found));
  }
  // The last assignment before `at` (they are in the text's order).
  return all[firstAtOrAfterBy(all, at, (a) => a.at) - 1];
}

/** The prefix a router's value gives it: a maker's option, or another router's prefix plus its prefix calls. */
function valuePrefix(text: string, value: string, at: number, hops: number): string | undefined {
  let prefix: string | undefined;
  let rest: string;
  const maker = ROUTER_MAKER.exec(value);
  if (maker) {
    const args = value.slice(maker[0].length, closingParen(value, maker[0].length));
    prefix = /\b(?:url_)?prefix[ \t]*[:=][ \t]*["'`]([^"'`\n]*)["'`]/.exec(args)?.[1] ?? '';
    rest = value.slice(maker[0].length + args.length + 1);
  } else {
    const base = /^&?([A-Za-z_$][\w$]*)(?=\.)/.exec(value);
    if (!base) return undefined;
    rest = value.slice(base[0].length);
    if (!PREFIX_CALL.test(rest)) return undefined;
    prefix = routerPrefix(text, base[1]!, at, hops - 1);
  }
  // A router whose own prefix is this API's root (`api := r.PathPrefix("/api/v2").Subrouter()`) on a router the text
  // does not make (a struct's, a parameter's): the API's root is where its routes start.
  const unknownBase = prefix === undefined;
  let own = prefix ?? '';
  for (let call = PREFIX_CALL.exec(rest); call !== null; call = PREFIX_CALL.exec(rest)) {
    if (!MIDDLEWARE_CALLS.has(call[1]!)) {
      const piece = call[3] ?? (call[4] === undefined ? undefined : constantValue(text, call[4], at));
      if (piece !== undefined) own = joinPath(own, piece);
    }
    // On after the call's `)` (its arguments may hold calls: `.Group("/v2", auth.Required())`).
    rest = rest.slice(closingParen(rest, call[0].indexOf('(') + 1) + 1);
  }
  return unknownBase && !API_ROUTE.test(own) && !own.includes(CONSTANT) ? undefined : own;
}

/** PREFIX_CALL's words that derive a router with more middleware and no prefix of its own. */
const MIDDLEWARE_CALLS = new Set([
  'Use',
  'use',
  'With',
  'Subrouter',
  'RequireAuthorization',
  'AllowAnonymous',
  'WithTags',
  'WithName',
  'WithOpenApi',
  'AddEndpointFilter',
  'RequireCors',
  'RequireRateLimiting',
]);

/** Marks a constant of another file in a prefix (`§APIVersionPath§`), read when the project's facts meet. */
const CONSTANT = '§';

/**
 * The string a prefix call's constant argument holds (`constants.APIVersionPath`, `API_PREFIX`): a string the text
 * assigns it, else the project's constant of that name (`ProjectRoutes.consts`), else the name marked as one
 * (`CONSTANT`) for the project's facts to read.
 */
function constantValue(text: string, expression: string, at: number): string {
  const name = expression.slice(expression.lastIndexOf('.') + 1);
  const known = memoFor(text, memo?.project);
  const assigned = /^["'`]([^"'`\n]*)["'`]/.exec(assignedValue(known, name, at)?.text ?? '')?.[1];
  return assigned ?? known.project?.consts.get(name) ?? `${CONSTANT}${name}${CONSTANT}`;
}

/** How far a call's arguments are read for their `)` (a router's options, a prefix call's middleware). */
const CALL_LIMIT = 300;

/** The offset of the `)` that closes the call whose arguments start at `from` (or the text's length). */
function closingParen(text: string, from: number): number {
  const close = matchingClose(text, from - 1, CALL_LIMIT);
  return close === -1 ? text.length : close;
}

/**
 * The router `name` mounted by a call of the text: the mount's prefix (and its router's) before `own`; Flask's
 * `register_blueprint(bp, url_prefix=…)` replaces the blueprint's own.
 */
function mounted(text: string, name: string, own: string, hops: number): string {
  const m = mountOf(memoFor(text, memo?.project), name);
  if (!m) return mountedElsewhere(text, name, own);
  const outer = m[1] ?? m[4]!;
  const base = outer === name ? '' : (routerPrefix(text, outer, m.index, hops - 1) ?? '');
  if (m[3] !== undefined) return joinPath(joinPath(base, m[3]), own);
  return m[5] === 'register_blueprint' ? joinPath(base, m[7]!) : joinPath(joinPath(base, m[7]!), own);
}

/**
 * The text's first call mounting the router `name` (`app.use('/api/v2', name)`, `include_router(name, prefix=…)`), kept
 * per name a text: searched per assignment of the name, a text assigning one name many times (a router per handler
 * file, pasted together) ran the pattern over the whole text for each (Express, FastAPI, gin, chi and ASP.NET shapes
 * of 100 KB took 1 to 2.7 s; session 37).
 */
function mountOf(known: RouterMemo, name: string): RegExpExecArray | null {
  const kept = known.mounts.get(name);
  if (kept !== undefined) return kept;
  const { text } = known;
  const escaped = name.replace(/\$/g, '\\$');
  const mount = new RegExp(
    `([A-Za-z_$][\\w$]*)\\.(?:use|route|Mount)\\([ \\t]*(["'\`])([^"'\`\\n]*)\\2[ \\t]*,(?:[^;\\n]*?,)?[ \\t]*${escaped}[ \\t]*[,)]|([A-Za-z_$][\\w$]*)\\.(include_router|register_blueprint)\\([ \\t]*${escaped}[ \\t]*,[^)]*?\\b(?:url_)?prefix[ \\t]*=[ \\t]*(["'])([^"'\\n]*)\\6`,
  );
  const found = mount.exec(text);
  known.mounts.set(name, found);
  return found;
}

/**
 * chi's `r.Route("/api", func(r chi.Router) {`, and its `r.Group(func(r chi.Router) {` (no prefix of its own), either
 * after middleware (`r.With(mw).Group(func(r chi.Router) {`): group 1 the router, 2 the prefix, 3 the parameter.
 */
const CHI_ROUTE =
  /([A-Za-z_]\w*)(?:\.With\((?:[^()\n]|\([^()\n]*\))*\))?\.(?:Route\([ \t]*"([^"\n]*)"[ \t]*,|Group\()[ \t]*func[ \t]*\([ \t]*([A-Za-z_]\w*)\b[^)]*\)[ \t]*\{/g;

const CHI_MARKS = ['.Route(', '.Group(func'];

/** chi's `r.Route("/api/v2", func(r chi.Router) {` (or `Group`) whose body holds `at`, `name` its parameter: that prefix. */
function chiRoute(text: string, name: string, at: number, hops: number): string | undefined {
  const known = memoFor(text, memo?.project);
  known.chi ??= markersOf(text).any(CHI_MARKS)
    ? [...text.matchAll(CHI_ROUTE)].map((m) => {
        const open = m.index + m[0].length - 1;
        const close = matchingClose(text, open, text.length - open, 'braces');
        return {
          outer: m[1]!,
          prefix: m[2] ?? '',
          param: m[3]!,
          at: m.index,
          open,
          close: close === -1 ? text.length : close,
        };
      })
    : [];
  let found: string | undefined;
  for (const block of known.chi)
    if (block.param === name && block.open < at && at < block.close)
      found = joinPath(routerPrefix(text, block.outer, block.at, hops - 1) ?? '', block.prefix);
  return found;
}

/** A route of a controller class whose route is this API's: the span its path is read at and the route. */
export interface ControllerRoute {
  /** The action's literal (its text, without quotes), or the empty span at its verb (`[HttpGet]`, `@GetMapping`). */
  readonly from: number;
  readonly to: number;
  readonly route: ServedRoute;
}

/** A member's route annotations: Spring's `@GetMapping("…")` / `@RequestMapping(…)`, C#'s `[HttpGet("…")]`, JAX-RS's `@GET`. */
const MEMBER_ROUTE =
  /@(Get|Post|Put|Patch|Delete|Request)Mapping\b(?:[ \t]*\(([^)]*)\))?|\[Http(Get|Post|Put|Patch|Delete)\b(?:[ \t]*\(([^)\]]*)\))?[^\]\n]*\]|^[ \t]*@(GET|POST|PUT|PATCH|DELETE)\b/gm;
/** A member's own route beside its verb: C#'s `[Route("…")]`, JAX-RS's `@Path("…")`. */
const MEMBER_PATH = /\[Route[ \t]*\([ \t]*"([^"\n]*)"|@Path[ \t]*\([ \t]*"([^"\n]*)"/g;

/**
 * The actions of controller classes whose own route makes `/api/v2/…` (Spring's `@RequestMapping("/api/v2")`, C#'s
 * `[Route("api/v2/[controller]")]`, JAX-RS's `@Path("/api/v2")`), each with its verb and its own template: read here
 * whole, as the template alone may hold no path (`[HttpGet("{id}")]`, a bare `@GetMapping`). `routeReading` leaves
 * such a class's members to this.
 */
export function controllerRoutes(text: string): ControllerRoute[] {
  const out: ControllerRoute[] = [];
  if (!markersOf(text).has('api/v2')) return out;
  const classes: { at: number; route: string }[] = [];
  for (const pattern of [CLASS_MAPPING, CLASS_ROUTE, CLASS_PATH])
    for (const { at, route } of classRoutes(text, pattern)) if (route !== undefined) classes.push({ at, route });
  classes.sort((a, b) => a.at - b.at);
  // Each class's members and each verb's own route are asked of the text in rising order: a search is kept until an ask
  // passes its find (`NextMatch`), so classes with no member or verbs with no `[Route]` read the text once, not once each.
  const members = new NextMatch(text, MEMBER_ROUTE);
  const paths = new NextMatch(text, MEMBER_PATH);
  classes.forEach(({ at, route }, k) => {
    if (!API_ROUTE.test(route)) return;
    const end = classes[k + 1]?.at ?? text.length;
    for (let m = members.at(at); m !== null && m.index < end; m = members.at(m.index + m[0].length)) {
      const verb = m[1] ?? m[3] ?? m[5] ?? '';
      const args = m[2] ?? m[4];
      const verbAt = m.index + m[0].indexOf(verb);
      const methods = verb === 'Request' ? requestMethod(text, m.index + m[0].indexOf('(')) : word(verbAt, verb);
      let literal = args === undefined ? undefined : /"([^"\n]*)"/.exec(args);
      let from = literal ? m.index + m[0].indexOf(args!) + literal.index + 1 : verbAt;
      // C#'s `[HttpGet]` with a `[Route("…")]` beside it, JAX-RS's `@GET` with its `@Path("…")`: that one's template.
      if (!literal && m[1] === undefined) {
        const near = memberPath(text, paths, m.index);
        if (near) ({ literal, from } = near);
      }
      const template = literal?.[1] ?? '';
      // C#'s template from the root (`[HttpGet("/runs")]`, `~/runs`) is not under the controller's route.
      if (m[5] === undefined && m[1] === undefined && /^~?\//.test(template)) continue;
      const read = served(route, template, methods, true);
      if (read && !read.own) out.push({ from, to: from + template.length, route: read });
    }
  });
  return out;
}

/** A class's route with `[controller]` read as the controller's name (`ProjectsController` serves `projects`). */
function controllerName(text: string, close: number, route: string): string | undefined {
  if (!route.includes('[controller]')) return route;
  const name = /\bclass\s+(\w+?)Controller\b/.exec(text.slice(close, close + 400))?.[1];
  return name ? route.replace('[controller]', name.toLowerCase()) : undefined;
}

/** The member route beside a verb attribute at `at` (the attribute lines around it, up to the member's declaration). */
function memberPath(
  text: string,
  paths: NextMatch,
  at: number,
): { literal: RegExpExecArray; from: number } | undefined {
  const lineStart = text.lastIndexOf('\n', at) + 1;
  const from = Math.max(0, lineStart - 200);
  for (let m = paths.at(from); m !== null && m.index < at + 200; m = paths.at(m.index + m[0].length)) {
    const close = m.index + m[0].length - 1;
    if (classLevel(text, close)) continue;
    // Only the attribute block of this member: no declaration between it and the verb.
    const between = m.index < at ? text.slice(m.index + m[0].length, at) : text.slice(at, m.index);
    if (/[;{}]/.test(between)) continue;
    const literal = /"([^"\n]*)"/.exec(m[0])!;
    return { literal, from: m.index + literal.index + 1 };
  }
  return undefined;
}

/**
 * What the project's files say of its routers (`project-facts.ts`): the prefix of the router another file hands a
 * function (`r.registerProjectRoutes(api)`, `api` made on `/api/v2`), by `function#argument`, and the constants that
 * hold a path of this API (`APIVersionPath = "/api/v2"`), by name.
 */
export interface ProjectRoutes {
  readonly handed: ReadonlyMap<string, string>;
  readonly consts: ReadonlyMap<string, string>;
  /** Routers of a module mounted by another file on this API's prefix, by `module#export` (`RouterFacts.mounts`). */
  readonly mounts?: ReadonlyMap<string, string>;
  /** The mounts of the file scanned (`routesFor`): its routers' `export` → `+prefix` (before theirs) or `=prefix` (instead). */
  readonly mounted?: ReadonlyMap<string, string>;
}

/** A function's definition and its parameters: Go's `func (r *Router) name(`, Python's `def name(`, JS's `function name(`. */
const FUNCTION_DEF =
  /(?:\bfunc[ \t]+(?:\([^)]*\)[ \t]*)?|\bdef[ \t]+|\bfunction[ \t]+)([A-Za-z_$][\w$]*)[ \t]*\(([^)]*)\)/g;

/** The prefix of the router the project hands the function around `at` as its parameter `name` (`ProjectRoutes.handed`). */
function handedPrefix(known: RouterMemo, name: string, at: number): string | undefined {
  const handed = known.project?.handed;
  if (handed === undefined || handed.size === 0) return undefined;
  known.defs ??= [...known.text.matchAll(FUNCTION_DEF)].map((m) => {
    const params = m[2]!.split(',').map((p) => /^\s*\*?([A-Za-z_$][\w$]*)/.exec(p)?.[1] ?? '');
    if (params[0] === 'self' || params[0] === 'cls') params.shift();
    return { at: m.index, name: m[1]!, params };
  });
  let def: { name: string; params: readonly string[] } | undefined;
  for (const d of known.defs) if (d.at < at) def = d;
  const k = def?.params.indexOf(name) ?? -1;
  return k === -1 ? undefined : handed.get(`${def!.name}#${k}`);
}

/** What a file tells the project of its routers (`ProjectRoutes`, before the project's constants are read). */
export interface RouterFacts {
  readonly handed?: ReadonlyMap<string, string>;
  readonly consts?: ReadonlyMap<string, string>;
  /**
   * Routers of other modules the file mounts on this API's prefix: `module#export` (the module's path from the project's
   * root, resolved from the file's, without extension; `export` the router's name there, `default` for a module's
   * export) → `+prefix` put before the router's own, or `=prefix` instead of it (Flask's `url_prefix`).
   */
  readonly mounts?: ReadonlyMap<string, string>;
}

/**
 * A constant assigned a path of this API: `APIVersionPath = "/api/v2"`, `const API_PREFIX = '/api/v2'`, Go's `const
 * APIRoot string = "/api/v2"`, C#'s `public const string ApiRoot = "/api/v2";` — a statement of its own line (after
 * declaration words), not a call's keyword argument (`include_router(r, prefix="/api/v2")`, `prefix="/api/v2",` on a
 * line of its own). Groups: 1 and 2 the words before `=` (`APIRoot string`, `string ApiRoot`: `constantName`), 3 the path.
 */
const API_CONSTANT =
  /(?<=^[ \t]*(?:(?:export|const|let|var|val|final|static|public|private|protected|internal|readonly)[ \t]+)*)(?!(?:export|const|let|var|val|final|static|public|private|protected|internal|readonly)\b)([A-Za-z_$][\w$]*)(?:[ \t]*:[ \t]*[\w.]+|[ \t]+([A-Za-z_][\w.]*))?[ \t]*:?=[ \t]*["'`](\/?api\/v2(?:\/[^"'`\n]*)?)["'`](?![ \t]*,)/g;

/** API_CONSTANT's name: of `A B =`, Go's name before its type (`APIRoot string`), else the name after a type (`string ApiRoot`). */
const constantName = (m: RegExpMatchArray): string => (m[2] === undefined || m[2] === 'string' ? m[1]! : m[2]);

/** An assignment of a router made by a prefix call or a maker (`api := r.PathPrefix(…).Subrouter()`, `v2 = APIRouter(`). */
const ROUTER_ASSIGN =
  /(?<![\w$.])([A-Za-z_$][\w$]*)[ \t]*(?::=|=(?![=>]))[ \t]*[^\n;]*?(?:\.(?:Group|PathPrefix|MapGroup|basePath)\(|\b(?:APIRouter|Blueprint|Router)\()/g;
/** A call with its arguments on one line: group 1 the callee's last name, group 2 the arguments. */
const CALL_ARGS = /([A-Za-z_$][\w$]*)[ \t]*\(([^()\n]*)\)/g;

/**
 * The routers the text hands to functions with their prefixes (`r.registerProjectRoutes(api)`: `registerProjectRoutes#0`
 * → `/api/v2`, or a constant of another file marked), and its constants holding a path of this API.
 */
export function routerFacts(text: string, fileName?: string): RouterFacts {
  const markers = markersOf(text);
  let consts: Map<string, string> | undefined;
  // Only the lines that hold `api/v2` can hold such a constant (API_CONSTANT is one line): read those, not the text.
  for (let at = markers.first('api/v2'); at !== -1;) {
    const lineStart = text.lastIndexOf('\n', at) + 1;
    const newline = text.indexOf('\n', at);
    const lineEnd = newline === -1 ? text.length : newline;
    for (const m of text.slice(lineStart, lineEnd).matchAll(API_CONSTANT))
      consts = keptRouterFact(consts, constantName(m), m[3]!);
    at = newline === -1 ? -1 : text.indexOf('api/v2', newline + 1);
  }
  let handed: Map<string, string> | undefined;
  if (markers.any(HANDS_ROUTERS)) {
    const routers = new Set<string>();
    for (const m of text.matchAll(ROUTER_ASSIGN)) routers.add(m[1]!);
    if (routers.size > 0)
      for (const call of text.matchAll(CALL_ARGS)) {
        const args = call[2]!.split(',').map((a) => a.trim().replace(/^&/, ''));
        args.forEach((arg, k) => {
          if (!routers.has(arg) || PREFIX_WORDS.has(call[1]!)) return;
          memoFor(text);
          const prefix = routerPrefix(text, arg, call.index);
          if (prefix !== undefined && (API_ROUTE.test(prefix) || prefix.includes(CONSTANT)))
            handed = keptRouterFact(handed, `${call[1]}#${k}`, prefix);
        });
      }
  }
  const mounts = fileName === undefined ? undefined : mountFacts(text, markers, fileName);
  return { ...(handed ? { handed } : {}), ...(consts ? { consts } : {}), ...(mounts ? { mounts } : {}) };
}

/**
 * The bounds of what a file says of its routers (`RouterFacts`), each of its maps: 200 entries (a server's file hands a
 * few routers on and declares a constant or two of this API's root; a file of a client's constants, one per path,
 * holds some dozens), each name (a function's `name#k`, a constant's, a mount's `module#export`: a module's path from
 * the project's root) of at most 300 characters and each prefix or path of at most 500 (this API's paths are under
 * 150). The wire's reader accepts these and no more (`project-facts.ts`'s FACT_BOUNDS).
 */
export const ROUTERS_BOUND = { entries: 200, name: 300, value: 500 } as const;

/**
 * `map` (made when undefined) with `name` → `value`, when both are within ROUTERS_BOUND and the map has room or holds
 * the name already; else `map` as it was (an entry past the bounds is left out, not cut: a cut name is another name).
 */
function keptRouterFact(
  map: Map<string, string> | undefined,
  name: string,
  value: string,
): Map<string, string> | undefined {
  if (name === '' || name.length > ROUTERS_BOUND.name || value.length > ROUTERS_BOUND.value) return map;
  const out = map ?? new Map<string, string>();
  if (out.size < ROUTERS_BOUND.entries || out.has(name)) out.set(name, value);
  return out;
}

/** Gates of the routers' reading (`MapGroup(` is found by its `Group(`: one whole-text search fewer for every text). */
const HANDS_ROUTERS = ['Group(', 'PathPrefix(', 'Router(', 'Blueprint('];

/**
 * A call mounting a router on a prefix (groups: 1 the mounting router): Express's `app.use('/api/v2', [mw, …] x)` (2 the
 * prefix, or 3 a constant holding it: `app.use(config.API_PREFIX, x)`; 4 `x`: a `require('…')` or a name), FastAPI's
 * `app.include_router(x, prefix="/api/v2")` and Flask's `app.register_blueprint(x, url_prefix="/api/v2")` (5 the call,
 * 6 `x`, 7 the prefix or 8 a constant: `prefix=settings.API_V2_STR`).
 */
const MOUNT_CALL =
  /([A-Za-z_$][\w$]*)\.(?:use\([ \t]*(?:["'`]([^"'`\n]*)["'`]|([A-Za-z_$][\w$.]*))[ \t]*,(?:[^;\n]*?,)?[ \t]*(require\([ \t]*["'][^"'\n]+["'][ \t]*\)|[A-Za-z_$][\w$.]*)[ \t]*\)|(include_router|register_blueprint)\([ \t]*([A-Za-z_][\w.]*)[ \t]*,[^)\n]*?\b(?:url_)?prefix[ \t]*=[ \t]*(?:["']([^"'\n]*)["']|([A-Za-z_][\w.]*)))/g;
const MOUNT_MARKS = ['.use(', 'include_router(', 'register_blueprint('];

/** The routers of other modules a text mounts on this API's prefix (`RouterFacts.mounts`). */
function mountFacts(text: string, markers: TextMarkers, fileName: string): Map<string, string> | undefined {
  if (!markers.any(MOUNT_MARKS)) return undefined;
  let out: Map<string, string> | undefined;
  for (const m of text.matchAll(MOUNT_CALL)) {
    const target = m[4] ?? m[6]!;
    // A router the text makes is read with the text (`mounted`); one it requires is another module's.
    const value =
      target.includes('(') || target.includes('.') ? undefined : assignedValue(memoFor(text), target, m.index);
    if (value !== undefined && !value.text.startsWith('require(')) continue;
    const origin = importedRouter(text, target, fileName, m[5] === undefined);
    if (origin === undefined) continue;
    memoFor(text);
    const base = routerPrefix(text, m[1]!, m.index) ?? '';
    const named = m[3] ?? m[8];
    const prefix = joinPath(base, m[2] ?? m[7] ?? constantValue(text, named!, m.index));
    // Every mount is told, this API's prefix or not: two files mounting one module on two prefixes say nothing.
    out = keptRouterFact(out, origin, `${m[5] === 'register_blueprint' ? '=' : '+'}${prefix}`);
  }
  return out;
}

/**
 * Where a mounted router comes from, `module#export`: `require('./routes/ws')` (its module's export), a name imported
 * (`import ws from './routes/ws'`, `const ws = require('./routes/ws')`, `import { router as ws } from …`; Python's
 * `from app.routers.ws import router`), or a name of a module imported (`ws.router` after `from app.routers import ws`,
 * `import * as ws from './routes/ws'`). Undefined for a package's (`require('express')`) or a name not imported.
 */
function importedRouter(text: string, target: string, fileName: string, js: boolean): string | undefined {
  const required = /^require\([ \t]*["']([^"'\n]+)["']/.exec(target);
  if (required) return moduleKey(required[1]!, fileName, js, 'default');
  const dot = target.indexOf('.');
  const name = dot === -1 ? target : target.slice(0, dot);
  const member = dot === -1 ? undefined : target.slice(dot + 1);
  const escaped = name.replace(/\$/g, '\\$');
  if (js) {
    const from = `[ \\t]*from[ \\t]*["']([^"'\\n]+)["']`;
    const forms: [RegExp, string | undefined][] = [
      [new RegExp(`\\bimport[ \\t]+${escaped}${from}`), 'default'],
      [new RegExp(`\\bimport[ \\t]*\\*[ \\t]*as[ \\t]+${escaped}${from}`), undefined],
      [new RegExp(`\\bimport[ \\t]*\\{[^}]*?\\b(\\w+)[ \\t]+as[ \\t]+${escaped}\\b[^}]*\\}${from}`), ''],
      [new RegExp(`\\bimport[ \\t]*\\{[^}]*?\\b(${escaped})\\b[^}]*\\}${from}`), ''],
      [
        new RegExp(
          `\\b(?:const|let|var)[ \\t]+${escaped}[ \\t]*=[ \\t]*require\\([ \\t]*["']([^"'\\n]+)["'][ \\t]*\\)(?:\\.(\\w+))?`,
        ),
        'require',
      ],
    ];
    for (const [form, kind] of forms) {
      const m = form.exec(text);
      if (!m) continue;
      if (kind === '') return member === undefined ? moduleKey(m[2]!, fileName, true, m[1]!) : undefined;
      if (kind === 'require') {
        const exported = m[2] ?? member ?? 'default';
        return m[2] !== undefined && member !== undefined ? undefined : moduleKey(m[1]!, fileName, true, exported);
      }
      // A default import's member (`import ws from …` then `ws.router`) is some object's: not followed.
      if (kind === 'default' && member !== undefined) return undefined;
      return moduleKey(m[1]!, fileName, true, kind ?? member ?? '');
    }
    return undefined;
  }
  // Python: `from P import a as name` / `from P import name` (name a module when a member of it is mounted).
  const from = new RegExp(
    `^[ \\t]*from[ \\t]+([.\\w]+)[ \\t]+import[ \\t]+\\(?[ \\t]*(?:[^\\n#]*?,[ \\t]*)?(?:(\\w+)[ \\t]+as[ \\t]+)?${escaped}\\b(?![ \\t]+as\\b)`,
    'm',
  ).exec(text);
  if (from) {
    const imported = from[2] ?? name;
    if (member === undefined) return moduleKey(from[1]!, fileName, false, imported);
    return moduleKey(`${from[1]!}${from[1]!.endsWith('.') ? '' : '.'}${imported}`, fileName, false, member);
  }
  const plain = new RegExp(`^[ \\t]*import[ \\t]+([.\\w]+)[ \\t]+as[ \\t]+${escaped}\\b`, 'm').exec(text);
  return plain && member !== undefined ? moduleKey(plain[1]!, fileName, false, member) : undefined;
}

/** A file's name as a module's path (`/`s, no extension, no `index`/`__init__`). */
function modulePath(fileName: string): string {
  return fileName
    .replace(/\\/g, '/')
    .replace(/\.(?:[cm]?[jt]sx?|py)$/, '')
    .replace(/(?:^|\/)(?:index|__init__)$/, '');
}

/**
 * `module#export` for a module named in a file's import, its path from the project's root as the files' names are
 * (`./routes/ws` of `src/app.js` is `src/routes/ws`; Python's `.routers.ws` of `svc/app/main.py` is `svc/app/routers/ws`,
 * and `app.routers.ws` there too: an absolute import is read from the folder holding the mounting file's own top
 * package, `svc`, or from the mounting file's folder when it is in none); undefined for a package's (a JS name
 * without `.`).
 */
function moduleKey(spec: string, fileName: string, js: boolean, exported: string): string | undefined {
  if (exported === '') return undefined;
  // The mounting file's folder (a package's `__init__.py`, a folder's `index.js`: that folder).
  const dir = fileName.replace(/\\/g, '/').split('/').slice(0, -1);
  let parts: string[];
  if (js) {
    if (!spec.startsWith('.')) return undefined;
    parts = [...dir];
    for (const piece of spec.split('/'))
      if (piece === '..') {
        if (parts.length === 0) return undefined;
        parts.pop();
      } else if (piece !== '.' && piece !== '') parts.push(piece);
  } else {
    const dots = /^\.*/.exec(spec)![0].length;
    const top = spec.slice(dots).split('.')[0]!;
    // An absolute import's root: the folder above the nearest folder of the mounting file named as its top package.
    const root = dir.lastIndexOf(top);
    parts = dots === 0 ? dir.slice(0, root === -1 ? dir.length : root) : dir.slice(0, dir.length - (dots - 1));
    parts.push(
      ...spec
        .slice(dots)
        .split('.')
        .filter((p) => p !== ''),
    );
  }
  const path = modulePath(parts.join('/'));
  return path === '' ? undefined : `${path}#${exported}`;
}

/** The mounts of the file `fileName` among the project's (`ProjectRoutes.mounts`): its routers' names → their prefix. */
function mountsOf(routes: ProjectRoutes | undefined, fileName: string | undefined): Map<string, string> | undefined {
  if (routes?.mounts === undefined || fileName === undefined) return undefined;
  const path = modulePath(fileName);
  let out: Map<string, string> | undefined;
  for (const [key, prefix] of routes.mounts) {
    const hash = key.lastIndexOf('#');
    const module = key.slice(0, hash);
    if (path === module) (out ??= new Map()).set(key.slice(hash + 1), prefix);
  }
  return out;
}

/** The project's routes as the file `fileName` reads them: with the mounts of its own routers (`ProjectRoutes.mounted`). */
export function routesFor(routes: ProjectRoutes | undefined, fileName: string | undefined): ProjectRoutes | undefined {
  const mounted = mountsOf(routes, fileName);
  return mounted === undefined ? routes : { ...routes!, mounted };
}

/** A module's default export, the name it is: `module.exports = router`, `export default router`. */
const DEFAULT_EXPORT = /^[ \t]*(?:module\.exports|export[ \t]+default)[ \t]*=?[ \t]*([A-Za-z_$][\w$]*)[ \t]*;?[ \t]*$/m;

/** The router `name` of the text mounted by another file of the project (`ProjectRoutes.mounted`): its prefix, or `own`. */
function mountedElsewhere(text: string, name: string, own: string): string {
  const mounted = memo?.project?.mounted;
  if (mounted === undefined) return own;
  let mount = mounted.get(name);
  if (mount === undefined && mounted.has('default') && DEFAULT_EXPORT.exec(text)?.[1] === name)
    mount = mounted.get('default');
  if (mount === undefined) return own;
  return mount.startsWith('=') ? mount.slice(1) : joinPath(mount.slice(1), own);
}

/** A prefix with the project's constants read in (`§APIVersionPath§` → `/api/v2`); undefined if one is unknown. */
export function resolvedPrefix(prefix: string, consts: ReadonlyMap<string, string>): string | undefined {
  let unknown = false;
  const read = prefix.replace(/§([\w$]+)§/g, (_, name: string) => {
    const value = consts.get(name);
    if (value === undefined) unknown = true;
    return (value ?? '').replace(/^\/+|\/+$/g, '');
  });
  const path = read.replace(/\/{2,}/g, '/');
  return unknown || !API_ROUTE.test(path) ? undefined : path;
}

/**
 * Whether the project's routers concern a text (asked of its markers): it defines a function the project hands a
 * router (`registerProjectRoutes(`), its prefix call names one of the project's constants
 * (`PathPrefix(constants.APIVersionPath)`), or it is a module another file mounts a router of (`fileName`,
 * `ProjectRoutes.mounts`).
 */
export function routesConcern(routes: ProjectRoutes | undefined, markers: TextMarkers, fileName?: string): boolean {
  if (routes === undefined) return false;
  if (mountsOf(routes, fileName) !== undefined) return true;
  for (const key of routes.handed.keys()) if (markers.has(`${key.slice(0, key.indexOf('#'))}(`)) return true;
  // The text's first scan asked these already (`routerFacts`): its markers answer without a search (`scanProject`).
  if (routes.consts.size === 0 || !markers.any(HANDS_ROUTERS)) return false;
  for (const name of routes.consts.keys()) if (markers.has(name)) return true;
  return false;
}

/**
 * What says a server implements this API and not another one on the commonest version prefix: its text outside comments
 * names this API (NAMES_THIS_API), or one of its routes under the prefix is a path no other API shares
 * (`decisiveTemplate`).
 */
/**
 * Names of this API: go-tfe, HCP Terraform's host, its client's names (`tfe.Client`, `tfcToken`,
 * `TFE_TOKEN`, `TerraformCloud`, `HCPTerraform`, a module path's `tfe-service`) and its token's and address's older
 * names (`ATLAS_TOKEN`, `TF_VAR_ATLAS_ADDRESS`, from Terraform Enterprise's Atlas days), in code or strings. Not the
 * word terraform alone: it names the CLI (`exec.Command("terraform", "plan")`, an import path's
 * `provisioner/terraform`), which any infrastructure tool runs. A Go package named for its client (`package
 * tfeclient`, `package tfcapi`) names it. Nor JSON:API's media type (`application/vnd.api+json`) or a JSON:API
 * library's struct tags (`jsonapi:"attr,name"`): every JSON:API client and server writes them (Ember Data, Rails'
 * jsonapi-resources, Drupal's JSON:API module, a Go service on google/jsonapi).
 */
const NAMES_THIS_API =
  /(?:^|\n)package[ \t]+t(?:fe|fc)[a-z0-9_]*\b|go-tfe|terraform\.io|(?<![A-Za-z])ATLAS_(?:TOKEN|ADDRESS)\b|(?<![A-Za-z])(?:tfe|TFE|tfc|TFC|Tf[ce]|[Tt]erraform_?(?:[Cc]loud|[Ee]nterprise)|TERRAFORM_?(?:CLOUD|ENTERPRISE)|[Hh][Cc][Pp]_?[Tt]erraform|HCP_?TERRAFORM)(?![a-z])/g;

/** Whether a text (a file's name, a line) names this API (`NAMES_THIS_API`). */
export function namesThisApi(text: string): boolean {
  NAMES_THIS_API.lastIndex = 0;
  const found = NAMES_THIS_API.test(text);
  // A found name leaves the global expression's lastIndex after it, where `matchAll` (which copies it) would start.
  NAMES_THIS_API.lastIndex = 0;
  return found;
}

/** Every name of this API in a text (`NAMES_THIS_API`), in order. */
export function namesOfThisApi(text: string): IterableIterator<RegExpExecArray> {
  return text.matchAll(NAMES_THIS_API);
}

/** Where an offset of a text is: its code, a string or a comment. */
export type PlaceKind = 'code' | 'string' | 'comment';

/**
 * Whether a server's routes (their templates) and text show it implements this API: a decisive template, or this API's
 * names anywhere but in comments (`NAMES_THIS_API`). A comment naming Terraform (`// like Terraform's registry`) shows
 * nothing, nor a string naming its CLI.
 */
export function servesThisApi(
  text: string,
  templates: readonly string[],
  placeOf: (offset: number) => PlaceKind,
): boolean {
  if (templates.some(decisiveTemplate)) return true;
  for (const m of namesOfThisApi(text)) if (placeOf(m.index) !== 'comment') return true;
  return false;
}

/**
 * A path no other API shares: a literal segment of more than one word (`registry-modules`, `data-retention-policy`,
 * `tag-bindings`) or this API's own noun `varsets`; not the words other APIs have too (`projects`, `teams`,
 * `organizations`, `runs`, `users`, `workspaces`: Coder's, Bitbucket's, Postman's `/api/v2/workspaces`).
 */
export function decisiveTemplate(template: string): boolean {
  return template.split('/').some((s) => s !== '' && !s.startsWith(':') && ownWord(s));
}

/** A word of a path or a JSON:API type only this API has: more than one word (`task-results`) or its noun `varsets`. */
export function ownWord(word: string): boolean {
  return word.includes('-') || word === 'varsets';
}
