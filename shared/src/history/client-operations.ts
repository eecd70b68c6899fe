import type { LanguageProfile } from './language-profile.ts';
import { memoKey, type Lines } from './lines.ts';
import { makeMatch } from './make-match.ts';
import type { Match, MethodToken } from './match-types.ts';
import { namedResource } from './model-names.ts';
import { definitionCount, enclosingFunction } from './function-verbs.ts';
import { lineStartDefsIn, stickyDefs } from './line-start-defs.ts';
import { dotCalls, isRegexSpace, lastIndexWithin, LinePlaces, pythonBodyEnd } from './source-text.ts';
import type { HistoryIndex } from './types.ts';

/**
 * A JS/TS client defined in the project itself, by operation: a zodios API's endpoint (`{ method: 'get', path:
 * '/organizations/:organization_name/workspaces', alias: 'listWorkspaces' }`) or a generated service's method
 * (`public showWorkspaceByName(…) { return this.httpRequest.request({ method: 'GET', url: '/organizations/{…}/workspaces/{…}' …`).
 * The file defining it tells the project each operation's endpoint (the one endpoint matched in its object or method);
 * a call of the operation in another file (`apiClient.listWorkspaces({ … })`,
 * `client.workspaces.showWorkspaceByName(org, name)`) is a use of that endpoint.
 */

/** Bounds: operations a file tells, how far back an operation's name is looked for. */
const LIMITS = { perFile: 200, back: 2_000, forward: 600, defLines: 40, defBack: 200, body: 20_000 } as const;

/** A name of two words or more (`listWorkspaces`, `getConfigurationVersion`): `list`, `get`, `request` are anyone's. */
const OPERATION = /^[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$/;
const ALIAS = /\balias[ \t]*:[ \t]*['"]([A-Za-z_$][\w$]*)['"]/g;
/** A method definition at a line start: `  public showWorkspace(`, `  async listRuns(`. */
const METHOD_DEF = /^[ \t]+(?:(?:public|private|protected|static|async)[ \t]+)*([a-z][\w$]*)[ \t]*\(/;
/**
 * Go: a function or method of two words or more, exported or the package's own (`CreateProviderVersion`, `GetWorkspace`,
 * `listWorkspaces` called by the package's tests; not `Get`, `Do`, `list`).
 */
const GO_OPERATION = /^[A-Za-z][a-z0-9]*[A-Z][A-Za-z0-9]*$/;
/** Go: a function or method definition at a line start: `func (c *Client) GetWorkspace(`. */
const GO_FUNC_DEF = /^func[ \t]+(?:\([^)]*\)[ \t]*)?([A-Za-z_]\w*)[ \t]*[[(]/;
const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'function', 'constructor', 'super']);
/** Sentinel: a function of two words or more (`get_module_versions`; not `get`), defined at a line start as `name = func(`. */
const SENTINEL_OPERATION = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
const SENTINEL_FUNC_DEF = /^([A-Za-z_]\w*)[ \t]*=[ \t]*func[ \t]*\(/;
/**
 * Python and Ruby: a method or function of two words or more (`get_workspace_id`, `trigger_run`; not `get`, `orgs`),
 * defined once in its text (`def name(` read by `enclosingFunction`).
 */
const SNAKE_OPERATION = /^_?[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
/**
 * Python's and Ruby's `def name` at a line's start (not Ruby's `def self.name`). Group 1: the name. Sticky, found by
 * `lineStartDefsIn` (a search for `def`, the pattern tried at that line's start only: under the m flag a pattern that
 * opens with `^` is tried at every position, about 1.2% of the scan of history-real when two readers did so).
 */
const INDENTED_DEF = stickyDefs(/^[ \t]*(?:async[ \t]+)?def[ \t]+([a-z_]\w*)(?=[ \t]*[(:\n;]|[ \t]*$)/gm);
/** Python's mock of a method asserted called (`client.trigger_run.assert_called_once_with(…)`): a call of that method. */
const MOCK_ASSERT = /^assert_(?:called|awaited|any_call|any_await|has_calls|has_awaits)/;

function isJsLike(languageId: string | undefined): boolean {
  return (
    languageId === 'typescript' ||
    languageId === 'javascript' ||
    languageId === 'typescriptreact' ||
    languageId === 'javascriptreact'
  );
}

/** Python and Ruby: a function's body is its indented lines (`def name(…)` … `end`). */
export function isIndented(languageId: string | undefined): boolean {
  return languageId === 'python' || languageId === 'ruby';
}

/**
 * The operations a JS/TS, Go, Sentinel, Python or Ruby file defines, by name → endpoint subject id; a name given two
 * endpoints is left out. Go: a program's own HTTP layer, a function whose body sends one endpoint (`func (c *Client)
 * GetWorkspace(ctx, org, name string) … { u := fmt.Sprintf("/organizations/%s/workspaces/%s", …); req, _ :=
 * http.NewRequestWithContext(ctx, http.MethodGet, …`), called elsewhere as `c.api.GetWorkspace(ctx, org, name)`.
 * Python, Ruby: a class's method whose body sends one endpoint and writes no other path (`def trigger_run(self, ws):
 * … return self._request("POST", "/runs", body)`), called as `self.tfe_client.trigger_run(ws)`.
 */
export function definedOperations(
  text: string,
  lines: Lines,
  matches: readonly Match[],
  languageId: string | undefined,
): Map<string, string> {
  const out = new Map<string, string | undefined>();
  const go = languageId === 'go';
  const sentinel = languageId === 'sentinel';
  const indented = isIndented(languageId);
  if (!isJsLike(languageId) && !go && !sentinel && !indented) return new Map();
  const zodios = !go && !sentinel && !indented && text.includes('alias');
  // Python, Ruby: each operation's definition and the lines of its body its endpoint was matched on.
  let defs: Map<string, { start: number; lines: Set<number> }> | undefined;
  for (const m of matches) {
    if (m.subject.type !== 'endpoint' || m.via !== 'path' || out.size >= LIMITS.perFile) continue;
    // Go, Python, Ruby: a path the body spells (a sender handed its URL, `SendPatch(url, …)`, is anyone's).
    if ((go || indented) && m.confidence !== 'exact') continue;
    const line = m.line - 1;
    const def = indented
      ? lines.memoAt(INDENTED_AROUND, line, () => indentedFunctionAround(text, lines, line))
      : undefined;
    const name = go
      ? lines.memoAt(GO_AROUND, line, () => goFunctionAround(text, lines, line))
      : sentinel
        ? sentinelFunctionAround(text, lines, m.line - 1)?.name
        : indented
          ? def?.name
          : ((zodios ? aliasAround(text, m.start) : undefined) ?? methodAround(text, lines, m.line - 1));
    const shape = go ? GO_OPERATION : sentinel ? SENTINEL_OPERATION : indented ? SNAKE_OPERATION : OPERATION;
    if (name === undefined || !shape.test(name)) continue;
    out.set(name, out.has(name) && out.get(name) !== m.subject.id ? undefined : m.subject.id);
    if (def !== undefined) {
      defs ??= new Map<string, { start: number; lines: Set<number> }>();
      const said = defs.get(name) ?? { start: def.start, lines: new Set<number>() };
      said.lines.add(m.line - 1);
      defs.set(name, said);
    }
  }
  const known = new Map<string, string>();
  for (const [name, id] of out)
    if (id !== undefined && (defs === undefined || onlyPaths(text, lines, defs.get(name)!))) known.set(name, id);
  // Python, Ruby: the text's other methods of two words or more are its own and send none of this API's endpoints
  // (`class ProjectStore: def delete_project(self, id): self.conn.execute(…)`): '' there, so that another file's
  // definition of the name that sends one is no longer the project's one (`projectFacts` leaves it out), and a call
  // in this text is of its own method. A method handing on to another's of its name (`def list_workspaces(): return
  // eng.list_workspaces()`) is no other definition.
  if (indented && lines.markers.has('def ')) {
    // Whether each definition's body calls its name, read once per text (this is asked twice a scan).
    for (const def of lineStartDefsIn(text, lines, INDENTED_DEF)) {
      const name = def[1]!;
      if (known.has(name) || !SNAKE_OPERATION.test(name) || known.size >= LIMITS.perFile) continue;
      const calls = lines.memoAt(HANDS_ON, def.index, () => {
        const from = def.index;
        const indent = def[0].length - def[0].trimStart().length;
        const body = text.slice(from + def[0].length, pythonBodyEnd(text, from, indent, LIMITS.body));
        return body.includes(`.${name}(`);
      });
      if (!calls) known.set(name, '');
    }
  }
  if (sentinel && known.size > 0) sentinelWrappers(text, lines, known);
  return known;
}

/**
 * The function around each line a path was matched on, by line, kept per text: `definedOperations` is asked twice a
 * scan (the file's own operations before the project's calls, then its facts for the project) over the same paths, and
 * several paths of one function share a line or a function; each line's function is read once.
 */
const INDENTED_AROUND = memoKey<Map<number, { name: string; start: number } | undefined>>(
  'client operations: indented function around a line',
);
const GO_AROUND = memoKey<Map<number, string | undefined>>('client operations: Go function around a line');
/** Python, Ruby: whether the body of the `def` at an offset calls a method of its name (`.name(`), by the offset. */
const HANDS_ON = memoKey<Map<number, boolean>>('client operations: a definition handing on to its name');

/**
 * Python and Ruby: the `def` whose body holds line `line` (0-based), by indentation (`enclosingFunction`), when its
 * name is an operation's (SNAKE_OPERATION) defined once in the text (two classes' methods of one name leave a call's
 * class unknown). The name's shape is asked first: a one-word name (`list`, `show`, `__init__`) is no operation, and
 * counting its definitions searched the whole text for it (about half of those searches over history-real's Python).
 */
function indentedFunctionAround(text: string, lines: Lines, line: number): { name: string; start: number } | undefined {
  const fn = enclosingFunction(text, lines, line);
  if (fn === undefined || !SNAKE_OPERATION.test(fn.name)) return undefined;
  if (!/\bdef[ \t]+$/.test(text.slice(Math.max(0, fn.start - 20), fn.start))) return undefined;
  return definitionCount(text, lines, fn.name) === 1 ? fn : undefined;
}

/**
 * A string literal that opens with a path or a URL (`"/runs"`, `f"{self.base}/workspaces/{id}"`, `'https://…'`), on
 * one line. Group 2: what it holds.
 */
const PATH_LITERAL = /(?<![\w"'])[fFrRbB]?(["'])((?:\/[\w{]|https?:\/\/|\{[^}\n]{1,60}\}\/)[^"'\n]*)\1/g;
/** A file's path (`{0}/templates/create_module.json.j2`), no request's. */
const FILE_PATH = /\.[a-z][a-z0-9]{0,4}$/i;

/**
 * Python, Ruby: true when the body of the definition whose name starts at `def.start` writes no more path or URL
 * literals than the lines its endpoint was matched on: a function that requests two things (the runs listed, then
 * each run's policy checks, one of them no endpoint of the history) stands for neither. The body's literals are
 * counted once a scan (`definedOperations` is asked twice over the same definitions).
 */
function onlyPaths(text: string, lines: Lines, def: { start: number; lines: ReadonlySet<number> }): boolean {
  return lines.memoAt(BODY_PATHS, def.start, () => bodyPaths(text, lines, def.start)) <= def.lines.size;
}

/** How many path or URL literals each definition's body writes (`onlyPaths`), by where its name starts, one scan's. */
const BODY_PATHS = memoKey<Map<number, number>>('client operations: path literals of a definition body');

/** The path or URL literals of the body of the definition whose name starts at `start` (`onlyPaths`). */
function bodyPaths(text: string, lines: Lines, start: number): number {
  const from = lines.startOf(lines.lineOf(start));
  let indent = 0;
  while (text.charCodeAt(from + indent) === 32 || text.charCodeAt(from + indent) === 9) indent++;
  const body = text.slice(from, pythonBodyEnd(text, from, indent, LIMITS.body));
  let paths = 0;
  for (const m of body.matchAll(PATH_LITERAL)) {
    // A piece joined on to another (`"/organizations/" + org + "/workspaces"`) is that one's.
    if (FILE_PATH.test(m[2]!) || /\+[ \t]*$/.test(body.slice(Math.max(0, m.index - 8), m.index))) continue;
    paths++;
  }
  return paths;
}

/**
 * Python, Ruby: the class each of the text's operations (`definedOperations`, an endpoint each) is a method of, by the
 * operation's name (`trigger_run` → `TFEClient`): the nearest `class Name` line above its `def`, less indented. A
 * module's function has none.
 */
export function operationClasses(
  text: string,
  lines: Lines,
  operations: ReadonlyMap<string, string>,
  languageId: string | undefined,
): Map<string, string> {
  const out = new Map<string, string>();
  // Only a name given an endpoint is looked for: none, no definition to read.
  if (!isIndented(languageId) || ![...operations.values()].some((id) => id !== '')) return out;
  // By indentation, the last definition read and the class its walk found: a later definition of that indentation
  // whose walk up reaches it goes on as that walk went (a definition's own line is as indented as itself), so it
  // ends there. (Each definition walked up to its class read a class's methods' lines once per method above it.)
  const walked = new Map<number, { line: number; cls: string | undefined }>();
  for (const def of lineStartDefsIn(text, lines, INDENTED_DEF)) {
    const name = def[1]!;
    if (!operations.get(name)) continue;
    const indent = def[0].length - def[0].trimStart().length;
    if (indent === 0) continue;
    const line = lines.lineOf(def.index);
    const cls = classAbove(text, lines, line, indent, walked.get(indent));
    walked.set(indent, { line, cls });
    if (cls !== undefined) out.set(name, cls);
  }
  return out;
}

/**
 * The class whose head is the nearest line above `line` that is less indented than `indent` (no blank or comment line),
 * or undefined; `known`: an earlier definition's line of that indentation and its answer, which a walk reaching that
 * line gives. Each line above is read in place, no further than its indentation (a method's lines above are mostly
 * other methods' bodies, more indented).
 */
function classAbove(
  text: string,
  lines: Lines,
  line: number,
  indent: number,
  known: { line: number; cls: string | undefined } | undefined,
): string | undefined {
  for (let l = line - 1; l >= 0; l--) {
    if (l === known?.line) return known.cls;
    const start = lines.startOf(l);
    const end = lines.endOf(l);
    let first = start;
    while (first < end && first - start < indent && isRegexSpace(text.charCodeAt(first))) first++;
    if (first === end || text.charCodeAt(first) === 35 || first - start >= indent) continue;
    CLASS_HEAD.lastIndex = first;
    return CLASS_HEAD.exec(text)?.[1];
  }
  return undefined;
}

/** `class Name` where a line's code starts (sticky: tried there only). */
const CLASS_HEAD = /class[ \t]+([A-Z]\w*)/y;

/**
 * The class a receiver is made from in the text (`store = ProjectStore(conn)`, `client = OpenAI::Client.new`,
 * `@api = Api.new(token)`, a spec's `described_class.new` under `RSpec.describe Store`): its last name; `()` for a
 * receiver a function or a library's factory returns (`codebuild = boto3.client("codebuild")`, `store = get_store()`);
 * undefined when the text makes none.
 */
function constructedClass(text: string, receiver: string): string | undefined {
  const made = new RegExp(
    String.raw`(?:^|[^\w.])(?:self\.|@)?${receiver}[ \t]*=[ \t]*(?:await[ \t]+)?((?:[A-Za-z_]\w*(?:\.|::))*[A-Za-z_]\w*)(?:[ \t]*\(|\.new\b)`,
    'm',
  ).exec(text);
  const cls = made?.[1];
  if (made === null || cls === undefined) return undefined;
  if (cls === 'described_class') return /\bdescribe[ \t(]+(?:[A-Z]\w*::)*([A-Z]\w*)/.exec(text)?.[1];
  // Ruby's `X.new(…)`: the class is the name before `new`.
  const last = /(\w+)(?:\.new)?$/.exec(cls)?.[1] ?? '';
  // A mock stands for the class it is specified by (`MagicMock(spec=TFEClient)`), else for any.
  if (MOCK_CLASS.test(last))
    return /^[^)\n]*?\bspec(?:_set)?[ \t]*=[ \t]*(?:[\w.]+\.)?([A-Z]\w*)/.exec(
      text.slice(made.index + made[0].length),
    )?.[1];
  return /^[A-Z]/.test(last) ? last : '()';
}

/** Python's mocks, which take any method (`Mock()`, `MagicMock(spec=…)`, `AsyncMock()`). */
const MOCK_CLASS = /^(?:Magic|Async|NonCallable|NonCallableMagic)?Mock$/;

/**
 * Sentinel: the function whose body holds line `line` (0-based): the nearest `name = func(` line above it, no `}` at the
 * margin (a function's end: they are defined at the top level) between. Its name and its definition's line.
 */
function sentinelFunctionAround(text: string, lines: Lines, line: number): { name: string; line: number } | undefined {
  for (let l = line; l >= 0 && l >= line - LIMITS.defBack; l--) {
    const body = text.slice(lines.startOf(l), lines.endOf(l));
    if (l < line && body.startsWith('}')) return undefined;
    const def = SENTINEL_FUNC_DEF.exec(body);
    if (def) return { name: def[1]!, line: l };
  }
  return undefined;
}

/**
 * Sentinel: a function of the text whose body calls one operation of the text and sends nothing itself
 * (`get_module_versions = func(…) { return get_module_versions_by_page(…, 1) }`) stands for that operation's endpoint:
 * added to `known`.
 */
function sentinelWrappers(text: string, lines: Lines, known: Map<string, string>): void {
  const last = lines.lineOf(text.length);
  for (let l = 0; l <= last; l++) {
    const def = SENTINEL_FUNC_DEF.exec(text.slice(lines.startOf(l), lines.endOf(l)));
    const name = def?.[1];
    if (name === undefined || known.has(name) || !SENTINEL_OPERATION.test(name)) continue;
    let end = l + 1;
    while (end <= last && text.charCodeAt(lines.startOf(end)) !== 125) end++;
    const body = text.slice(lines.endOf(l), lines.endOf(end));
    const ids = new Set<string>();
    for (const call of body.matchAll(/(?<![\w.])([a-z]\w*)[ \t]*\(/g)) {
      const id = known.get(call[1]!);
      if (id !== undefined) ids.add(id);
    }
    if (ids.size === 1 && !/\bhttp\.(?:get|post|request)\b/.test(body)) known.set(name, [...ids][0]!);
  }
}

/** `alias: 'name'` in the object literal holding `at` (the `{` before it at depth zero, to its `}`). */
function aliasAround(text: string, at: number): string | undefined {
  let depth = 0;
  let open = -1;
  for (let i = at; i >= Math.max(0, at - LIMITS.back); i--) {
    const c = text.charCodeAt(i);
    if (c === 125) depth++;
    else if (c === 123 && depth-- === 0) {
      open = i;
      break;
    }
  }
  if (open === -1) return undefined;
  depth = 0;
  let close = -1;
  for (let i = open; i < Math.min(text.length, at + LIMITS.forward); i++) {
    const c = text.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125 && --depth === 0) {
      close = i;
      break;
    }
  }
  if (close === -1) return undefined;
  const names = [...text.slice(open, close).matchAll(ALIAS)].map((a) => a[1] ?? '');
  return names.length === 1 ? names[0] : undefined;
}

/** The method whose body holds line `line` (0-based): the nearest method definition above it, not closed before it. */
function methodAround(text: string, lines: Lines, line: number): string | undefined {
  for (let l = line; l >= Math.max(0, line - LIMITS.defLines); l--) {
    const body = text.slice(lines.startOf(l), lines.endOf(l));
    const def = METHOD_DEF.exec(body);
    if (def) {
      const name = def[1] ?? '';
      if (KEYWORDS.has(name)) continue;
      // Closed between: a `}` at the definition's indentation on a line after it.
      const indent = body.length - body.trimStart().length;
      for (let k = l + 1; k < line; k++) {
        const inner = text.slice(lines.startOf(k), lines.endOf(k));
        if (inner.length - inner.trimStart().length === indent && inner.trimStart().startsWith('}')) return undefined;
      }
      return name;
    }
  }
  return undefined;
}

/**
 * Go: the function whose body holds line `line` (0-based): the nearest `func` line above it, no `}` closing it between.
 * A name of the package's own (lower case) counts only as a method (`func (c *Client) listWorkspaces(`), defined once in
 * the text: its calls are `.name(` on a receiver, where a package function of that name is never called (`gitlab.
 * deleteProject(42)` is GitLab's method), and two types' methods of one name (`(g *GitHub) listProjects`, `(t *TFE)
 * listProjects`) leave the call's type unknown.
 */
function goFunctionAround(text: string, lines: Lines, line: number): string | undefined {
  for (let l = line; l >= Math.max(0, line - LIMITS.defLines); l--) {
    const body = text.slice(lines.startOf(l), lines.endOf(l));
    if (l < line && body.startsWith('}')) return undefined;
    const def = GO_FUNC_DEF.exec(body);
    if (!def) continue;
    const name = def[1]!;
    if (/^[A-Z]/.test(name)) return name;
    if (!/^func[ \t]*\(/.test(body)) return undefined;
    return definedOnce(text, lines, name) ? name : undefined;
  }
  return undefined;
}

/**
 * Whether the text defines the Go function or method `name` once (`goFunctionAround`), read once a name a text: read
 * for each function holding a match, a text of many methods of one name ran the pattern over the whole text for each
 * (a history-test client repeated to 400 KB: about 1 s; session 38).
 */
function definedOnce(text: string, lines: Lines, name: string): boolean {
  const known = lines.memo(GO_DEFINED_ONCE, () => new Map<string, boolean>());
  let once = known.get(name);
  if (once === undefined) {
    const defs = text.match(new RegExp(String.raw`^func[ \t]+(?:\([^)\n]*\)[ \t]*)?${name}[ \t]*[[(]`, 'gm'));
    known.set(name, (once = defs !== null && defs.length === 1));
  }
  return once;
}
const GO_DEFINED_ONCE = memoKey<Map<string, boolean>>('Go: names the text defines once');

/**
 * Whether the text asserts a mock of one of the operations called (`client.trigger_run.assert_called_once()`), a
 * call `dotCalls` does not see as the operation's (`factsConcern`: the file is read again with the project's facts).
 */
export function assertsMockOf(text: string, operations: ReadonlyMap<string, string>): boolean {
  for (let at = text.indexOf('.assert_'); at !== -1; at = text.indexOf('.assert_', at + 8)) {
    const method = /(?<=[\w)\]]\.)[a-z_]\w*$/.exec(text.slice(Math.max(0, at - 80), at));
    if (method !== null && operations.has(method[0])) return true;
  }
  return false;
}

/**
 * Calls of the project's operations (`definedOperations` of its files): `.name(` after a receiver, outside comments,
 * reported at the name with the operation's endpoint (`confidence: 'context'`). `own`: the operations the text defines
 * itself (Go, Sentinel, Python, Ruby; '' for a method of its own that sends none); `classes`: the Python and Ruby
 * operations' classes (`operationClasses`).
 */
export function operationCalls(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  profile: LanguageProfile,
  languageId: string | undefined,
  operations: ReadonlyMap<string, string> | undefined,
  own?: ReadonlyMap<string, string>,
  classes?: ReadonlyMap<string, string>,
): Match[] {
  const out: Match[] = [];
  const sentinel = languageId === 'sentinel';
  const indented = isIndented(languageId);
  if (
    operations === undefined ||
    operations.size === 0 ||
    !(isJsLike(languageId) || languageId === 'go' || sentinel || indented)
  )
    return out;
  let places: LinePlaces | undefined;
  // Python, Ruby: per receiver, the class the text makes it from; per class, whether the text names it (read once).
  const made = new Map<string, string | undefined>();
  const named = new Map<string, boolean>();
  const call = (name: string, at: number, receiver: string | undefined): void => {
    const id = operations.get(name);
    if (id === undefined) return;
    const subject = index.byId.get(id);
    places ??= new LinePlaces(text, profile, lines);
    const place = places.at(at);
    if (!subject || place.inComment) return;
    // A call inside a URL's own placeholder (`f"…/workspaces/{self.get_workspace_id()}/vars"`, `` `…/runs/${await
    // runId()}` ``) computes a piece of that URL: the line's request is the URL's, not the operation's.
    if (place.stringStart !== -1 && lastIndexWithin(text, '/', place.stringStart + 1, at) !== -1) return;
    // Python, Ruby: a call of the name inside the text's own definition of the operation is another object's method
    // it hands on to (`def list_all(self): return self._requestor.list_all(url)`), not the operation.
    if (own?.has(name) && enclosingFunction(text, lines, lines.lineOf(at))?.name === name) return;
    // Python, Ruby: a receiver the text makes from another class (`ml = MlflowClient()`, `client = OpenAI::Client.new`)
    // calls that class's method of the name, not the operation's class's.
    if (indented && receiver !== 'self') {
      if (receiver !== undefined && !made.has(receiver)) made.set(receiver, constructedClass(text, receiver));
      const from = receiver === undefined ? undefined : made.get(receiver);
      if (from !== undefined && from !== classes?.get(name)) return;
      // Another file calls a class's method only where it names the class (its import, a type, a mock's spec);
      // a module's function, only in its own file. Else the receiver may be anyone's (`self.store`, boto3's CodeBuild).
      if (!own?.has(name)) {
        const cls = classes?.get(name);
        if (cls === undefined) return;
        if (!named.has(cls)) named.set(cls, new RegExp(String.raw`\b${cls}\b`).test(text));
        if (named.get(cls) !== true) return;
      }
    }
    // The client's name is added to the match as made (a copy of every field cost more).
    const match: { -readonly [K in keyof Match]: Match[K] } = makeMatch(text, lines, {
      start: at,
      end: at + name.length,
      subject,
      confidence: 'context',
      via: 'sdk',
    });
    const shown = receiver === undefined || receiver === 'this' ? name : `${receiver}.${name}`;
    match.sdk = { client: "the project's client", name: shown };
    out.push(match);
  };
  // One pass over the text's `.name(` calls, each looked up (a project such as go-tfe defines hundreds of
  // operations: one search a name and file cost a third of the scan).
  dotCalls(text, (name, at) => {
    // Python: a mocked method asserted called (`client.trigger_run.assert_called_once()`) is that method's call.
    if (languageId === 'python' && MOCK_ASSERT.test(name)) {
      const method = /(?<=[\w)\]]\.)[a-z_]\w*$/.exec(text.slice(Math.max(0, at - 80), at));
      if (method === null) return;
      name = method[0];
      at -= name.length + 1;
    }
    if (!operations.has(name) || !/[\w$)\]?]/.test(text.charAt(at - 1))) return;
    // The receiver's last word names the service (`client.workspaces.showWorkspaceByName`: `workspaces`).
    call(name, at + 1, /[A-Za-z_$][\w$]*$/.exec(text.slice(Math.max(0, at - 60), at))?.[0]);
  });
  // Sentinel: a policy's own functions are called by name (`versions = get_module_versions(address, org)`), an
  // imported module's after its name (`registry.get_module_versions(…)`, read above).
  if (sentinel) for (const m of text.matchAll(/(?<![\w.$])([a-z]\w*)[ \t]*\(/g)) call(m[1]!, m.index, undefined);
  return out;
}

/** A helper named for fetch (`fetchWithAuth`, `apiFetch`, `fetchJson`), and fetch itself. */
const FETCH_WRAPPER = /^(?:fetch|fetch[A-Z][\w$]*|[a-z][\w$]*Fetch(?:[A-Z][\w$]*)?)$/;
/** A name that says another method than fetch's default (`fetchAndDelete`, `postFetch`). */
const OTHER_VERB = /post|put|patch|delete|create|update|remove|destroy|upload|send|submit/i;
/** An argument that may hold fetch's init, method and all (`options`, `init`, `requestConfig`, `params`). */
const OPTIONS_LIKE = /opt|init|conf|setting|request|req$|param|arg|extra|rest/i;
/** An argument read as a plain value: a name, a member chain, a string or number literal. */
const PLAIN_ARGUMENT = /^(?:[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)*|'[^'\n]*'|"[^"\n]*"|\d+)$/;
/** How long a call's arguments are read. */
const FETCH_CALL_MAX = 2_000;

/**
 * The method a fetch-like call sends the URL in its first argument with, when the call says it: fetch's own default,
 * GET (the Fetch standard), for `fetch(url, { headers })` (an init object naming no method) and for a project's
 * helper named for fetch (`fetchWithAuth<Workspace[]>(url, TFC_TOKEN)`, an MCP server's own request helper) given
 * no init with a method. The token is implied (empty text, at the callee). Anything that may hold an init with a
 * method says nothing: an init's `method` (the nearby method reading decides), a spread, an argument named like
 * options (`opts`, `requestInit`), a call or other expression; so does a helper of this text that names a method
 * itself (`function fetchJson(url, body) { return fetch(url, { method: 'POST', … }) }`) or a name with another verb.
 * `call` spans the callee (its start), its `(` and the end past its `)`; `at` is inside the first argument.
 */
export function fetchCallMethod(
  text: string,
  lines: Lines,
  call: { readonly start: number; readonly open: number; readonly end: number },
  at: number,
): MethodToken | undefined {
  if (call.end - call.open > FETCH_CALL_MAX) return undefined;
  const callee = /([A-Za-z_$][\w$]*)(?:<[^()\n]*>)?$/.exec(text.slice(call.start, call.open));
  const name = callee?.[1] ?? '';
  if (!FETCH_WRAPPER.test(name) || OTHER_VERB.test(name)) return undefined;
  const args = topLevelArguments(text, call.open + 1, call.end - 1);
  const first = args?.[0];
  if (!args || !first || at < first.start || at > first.end) return undefined;
  for (const arg of args.slice(1)) {
    const value = text.slice(arg.start, arg.end).trim();
    if (value === '') continue;
    if (value.startsWith('{')) {
      if (/\bmethod\b|\.\.\./.test(value)) return undefined;
    } else if (name === 'fetch' || !PLAIN_ARGUMENT.test(value) || OPTIONS_LIKE.test(/[\w$]*$/.exec(value)?.[0] ?? ''))
      return undefined;
  }
  if (name !== 'fetch' && ownMethod(text, lines, name)) return undefined;
  const start = call.start + (callee?.index ?? 0);
  return { method: 'GET', start, end: start, text: '' };
}

/** Whether this text defines the helper `name` with a method of its own in its first lines (`method: 'POST'`, `method = "PATCH"`). */
function ownMethod(text: string, lines: Lines, name: string): boolean {
  // Once a name a text: asked per call, a text of many calls of an imported helper (no definition here) ran the
  // pattern over the whole text for each (a TypeScript tool file repeated to 400 KB: 214 ms of its 600; session 38).
  const known = lines.memo(OWN_METHODS, () => new Map<string, boolean>());
  let own = known.get(name);
  if (own === undefined) known.set(name, (own = definesOwnMethod(text, name)));
  return own;
}
const OWN_METHODS = memoKey<Map<string, boolean>>('fetch helpers the text defines with a method of their own');

function definesOwnMethod(text: string, name: string): boolean {
  const def = new RegExp(
    `(?:function[ \\t]*\\*?[ \\t]*${name.replace(/\$/g, '\\$')}\\b|\\b${name.replace(/\$/g, '\\$')}[ \\t]*=[ \\t]*(?:async[ \\t]*)?(?:function\\b|\\())`,
  ).exec(text);
  if (!def) return false;
  const body = text.slice(def.index, def.index + 2_000);
  return /\bmethod\b[ \t]*[:=][ \t]*["'`](?![Gg][Ee][Tt]\b)/.test(body);
}

/** The top-level arguments between `from` and `to` (a call's parentheses): commas outside brackets, strings and templates. */
export function topLevelArguments(
  text: string,
  from: number,
  to: number,
): { start: number; end: number }[] | undefined {
  return readArguments(text, from, to, false)?.args;
}

/**
 * The top-level arguments of the call whose `(` is at `open` (`topLevelArguments`), read up to the `)` that closes it
 * within `limit` characters, and that `)`; undefined when it does not close there.
 */
export function callArguments(
  text: string,
  open: number,
  limit: number,
): { args: { start: number; end: number }[]; close: number } | undefined {
  return readArguments(text, open + 1, Math.min(text.length, open + 1 + limit), true);
}

/** The one reader of both: up to `to`, or (`toClose`) up to the `)` that closes the call. */
function readArguments(
  text: string,
  from: number,
  to: number,
  toClose: boolean,
): { args: { start: number; end: number }[]; close: number } | undefined {
  const out: { start: number; end: number }[] = [];
  // Open frames: a quote (39 ', 34 ", 96 `), a bracket (40, 91, 123), or a template's `${` (36).
  const stack: number[] = [];
  let start = from;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    const top = stack.length === 0 ? 0 : stack[stack.length - 1]!;
    if (top === 39 || top === 34 || top === 96) {
      if (c === 92) i++;
      else if (c === top) stack.pop();
      else if (top === 96 && c === 36 && text.charCodeAt(i + 1) === 123) {
        stack.push(36);
        i++;
      }
      continue;
    }
    if (c === 39 || c === 34 || c === 96 || c === 40 || c === 91 || c === 123) stack.push(c);
    else if (c === 41 || c === 93 || c === 125) {
      if (stack.length === 0) {
        if (!toClose || c !== 41) return undefined;
        out.push({ start, end: i });
        return { args: out, close: i };
      }
      stack.pop();
    } else if (c === 44 && stack.length === 0) {
      out.push({ start, end: i });
      start = i + 1;
    }
  }
  if (toClose || stack.length !== 0) return undefined;
  out.push({ start, end: to });
  return { args: out, close: to };
}

/** `const project = z.object({` at a line start (exported or not): group 1 the schema's name. */
const ZOD_SCHEMA =
  /^[ \t]*(?:export[ \t]+)?(?:const|let)[ \t]+([A-Za-z_$][\w$]*)[ \t]*(?::[^=\n]{1,80})?=[ \t]*z\.object\([ \t]*\{/gm;
/** A key of an object literal at a line start: `name:`, `'execution-mode':`. Group 2 or 3: the key. */
const ZOD_KEY = /^[ \t]*(?:(['"])([\w-]+)\1|([A-Za-z_$][\w$]*))[ \t]*:/;

/**
 * JS/TS: a zod schema of a JSON:API object named for its resource (`const project = z.object({ id: …, attributes:
 * z.object({ name: z.string() }) })`, `const workspaceAttributes = z.object({ … })`, `const workspaceRelationships =
 * z.object({ project: relationship })`): the keys of its `attributes` or `relationships` object (or its own keys, when
 * its name ends with Attributes or Relationships) are that resource's attributes; only a key the history has as an
 * attribute of that resource is matched. A schema named for no resource says nothing.
 */
export function zodModelKeys(text: string, lines: Lines, index: HistoryIndex, languageId: string | undefined): Match[] {
  if (!isJsLike(languageId) || !text.includes('z.object(')) return [];
  const out: Match[] = [];
  for (const m of text.matchAll(ZOD_SCHEMA)) {
    const name = m[1] ?? '';
    const resource = namedResource(index, name).resource;
    if (resource === undefined) continue;
    const open = m.index + m[0].length - 1;
    const own = /(?:Attributes|Relationships)$/.test(name);
    for (const key of objectKeys(text, open)) {
      if (own) report(key);
      else if ((key.key === 'attributes' || key.key === 'relationships') && key.inner !== undefined)
        for (const inner of objectKeys(text, key.inner)) report(inner);
    }
    function report(key: { key: string; start: number }): void {
      const subject = (index.byName.get(key.key) ?? []).find((s) => s.type === 'attribute' && s.resource === resource);
      if (subject)
        out.push(
          makeMatch(text, lines, {
            start: key.start,
            end: key.start + key.key.length,
            subject,
            confidence: 'context',
            via: 'name',
          }),
        );
    }
  }
  return out;
}

/**
 * The keys at the top level of the object literal opening at `open` (one a line), each with the `{` of a
 * `z.object({` its value opens, bounded (`LIMITS.forward` lines' worth of text times ten).
 */
function objectKeys(text: string, open: number): { key: string; start: number; inner?: number }[] {
  const out: { key: string; start: number; inner?: number }[] = [];
  let depth = 0;
  const stop = Math.min(text.length, open + LIMITS.forward * 10);
  for (let i = open; i < stop; i++) {
    const c = text.charAt(i);
    if (c === '{' || c === '[' || c === '(') depth++;
    else if (c === '}' || c === ']' || c === ')') {
      if (--depth === 0) break;
    } else if (c === '\n' && depth === 1) {
      const end = text.indexOf('\n', i + 1);
      const line = text.slice(i + 1, end === -1 ? stop : end);
      const k = ZOD_KEY.exec(line);
      if (k) {
        const key = k[2] ?? k[3] ?? '';
        const start = i + 1 + k[0].indexOf(key);
        const z = /^[ \t]*z\.object\([ \t]*\{/.exec(line.slice(k[0].length));
        out.push(z ? { key, start, inner: i + 1 + k[0].length + z[0].length - 1 } : { key, start });
      }
    } else if (c === '"' || c === "'" || c === '`') {
      const end = text.indexOf(c, i + 1);
      if (end === -1 || end > stop) break;
      i = end;
    }
  }
  return out;
}
