import { namesCallbackUrl } from './context.ts';
import type { LanguageProfile } from './language-profile.ts';
import { memoKey, type Lines } from './lines.ts';
import { wordMatches } from './line-start-defs.ts';
import { makeMatch } from './make-match.ts';
import type { Match } from './match-types.ts';
import { MAX_LITERAL, matchingClose } from './brackets.ts';
import { enclosingCall } from './sending-calls.ts';
import { assignmentOpening } from './value-flow.ts';
import { isWordChar, LinePlaces } from './source-text.ts';
import type { HistoryIndex, HistorySubject } from './types.ts';

/**
 * A name for the run task's result callback URL, which a run task request carries as
 * `task_result_callback_url`: the key itself (`body["task_result_callback_url"]`,
 * `body.get("task_result_callback_url")`), a field named for it (`req.TaskResultCallbackURL`,
 * `event.TaskResultCallbackUrl`) or a variable (`callback_url`, `callbackUrl`).
 *
 * Such names are found as the pattern `(?<![\w$])[A-Za-z_$]*callback_?url(?![\w$])` (any case) finds them: this,
 * `callback_?url` alone, is searched for, and each name read back by hand (`callbackNames`; that pattern tried at
 * every position cost more).
 */
const CALLBACK_TAIL = /callback_?url/gi;

/**
 * A callee that sends a PATCH request: `requests.patch`, `client.patch`, `tf.PATCH`, `self.__patch`, or a
 * request helper named for PATCH (`sendPatchRequest`, `patch_request`). A project's other helper
 * (`patch_terraform_callback(token, callback_url, "passed")`) is the caller of the request, not the request.
 */
const PATCH_CALLEE = /^_*(?:patch|PATCH)$|^(?=.*(?:^|_)patch|.*Patch)(?=.*(?:request|Request)).*$/;
/** A PATCH method among a call's arguments: `"PATCH"`, `http.MethodPatch`, `method="PATCH"`. */
const PATCH_ARGUMENT = /(?<![\w-])["']PATCH["']|(?<![\w-])(?:Http)?Method(?:::|\.)?(?:Patch|PATCH)(?![\w-])/;
/** A request's options naming the PATCH method, any case: `{ method: 'PATCH' }`, axios's `method: "patch"`. */
const PATCH_OPTION = /(?<![\w$])method["']?\s*[:=]\s*["'`]patch["'`]/i;
/** How far before a call a variable holding its options (`const options = { method: 'PATCH', … }`) is looked for. */
const OPTIONS_BEFORE = 3_000;
/** How many lines a callback URL is followed: into a variable assigned it, into the body of a function passed it. */
const FLOW_LINES = 200;
/** Words that open a block or an expression, not a function of the file. */
const NOT_FUNCTIONS = new Set([
  'if',
  'for',
  'while',
  'switch',
  'catch',
  'return',
  'await',
  'typeof',
  'print',
  'console',
]);
/** The text before a Go function's name: `func `, `func (h *handler) `. */
const GO_FUNC = /(?:^|\n)func\s+(?:\([^()\n]*\)\s*)?$/;
/** The text before a callee that makes it a definition, not a call: `def _patch(`, `func (c *C) sendPatch(`. */
const DEFINITION = /\b(?:def|func|function|fn)\s+(?:\([^()]*\)\s*)?$/;

/**
 * The run task result callback sent: a call with the PATCH method (in its name or among its
 * arguments) whose arguments hold the callback URL by a name for it (see CALLBACK_TAIL):
 * `requests.patch(body.get("task_result_callback_url"), …)`, `client.patch(self.request.task_result_callback_url, …)`,
 * `http.NewRequest(http.MethodPatch, event.TaskResultCallbackUrl, …)`, `tf.PATCH(payload.TaskResultCallbackURL, …)`,
 * `Request(url=callback_url, …, method="PATCH")`. The URL arrives at run time, so no literal spells it; the
 * history's `PATCH :callback_url` is the only endpoint a run task PATCHes it to. A call with another
 * method, or none, claims nothing (`print(callback_url)`, `tfc_callback(app, callback_url)`).
 */
export function callbackMatches(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  profile: LanguageProfile,
  runTask = false,
): Match[] {
  if (!namesCallbackUrl(text, lines)) return [];
  const subject = callbackEndpoint(index);
  if (!subject) return [];
  const out: Match[] = [];
  const seen = new Set<number>();
  const places = new LinePlaces(text, profile, lines);
  for (const { start, end } of callbackNames(text)) {
    const place = places.at(start);
    if (place.inComment) continue;
    // Inside a string, only the whole literal counts: a key (`"task_result_callback_url"`), not prose.
    if (place.stringStart !== -1 && (place.stringStart !== start - 1 || text.charCodeAt(end) !== place.quote)) continue;
    const key = place.stringStart !== -1;
    const at = key ? start - 1 : start;
    const sends = patchCall(text, at, key) || (!key && requestLine(text, lines, start, end));
    const push = (span: { start: number; end: number }): void => {
      if (seen.has(span.start)) return;
      seen.add(span.start);
      out.push(makeMatch(text, lines, { ...span, subject, confidence: 'context', via: 'path' }));
    };
    if (sends) {
      push({ start, end });
      if (sends !== true) push(sends);
    }
    // Passed on to a function of the file that PATCHes its parameter (`postCallback(body, callbackURL, token)`);
    // a helper named for PATCH (`sendPatchRequest(payload.TaskResultCallbackURL, …)`) sends it in its body too.
    // The call of a helper not named for PATCH is the caller of the request, not the request (it often passes
    // the result's status on the same line: `send(callback_url, "passed")`). A key (`"task_result_callback_url"`)
    // is followed only into a variable assigned its read (`endpoint = event["detail"]["task_result_callback_url"]`).
    if (!runTask) continue;
    for (const sent of parameterSent(text, places, lines, at, sends !== false, key)) push(sent);
  }
  return out.sort((a, b) => a.start - b.start);
}

/**
 * An HTTP request line written in a runbook or a request file whose target is the callback URL by its name, as a
 * placeholder or a variable (`PATCH <callback_url>`, `PATCH {{task_result_callback_url}}`, `PATCH $CALLBACK_URL`): the
 * line holds the method, then the name, and nothing else (a list item's marker before it).
 */
function requestLine(text: string, lines: Lines, start: number, end: number): boolean {
  const line = lines.lineOf(start);
  const before = text.slice(lines.startOf(line), start);
  const after = text.slice(end, lines.endOf(line));
  return REQUEST_BEFORE.test(before) && REQUEST_AFTER.test(after);
}

/** Before the name on a request line: the PATCH method, a placeholder's opening (`<`, `{{`, `${`, `$`). */
const REQUEST_BEFORE = /^\s*(?:[-*]\s+|\d+\.\s+)?PATCH[ \t]+(?:<|\{\{[ \t]*|\$\{?|\{)?$/;
/** After it: the placeholder's closing, then the line's end (an HTTP version may follow). */
const REQUEST_AFTER = /^(?:>|[ \t]*\}\}|\})?(?:[ \t]+HTTP\/[\d.]+)?[ \t]*\r?$/;

/**
 * Where the pattern of CALLBACK_TAIL's comment matches, in text order: a run of `[A-Za-z_$]` that ends with `callback_?url`, with no `\w` or
 * `$` on either side (its greedy `[A-Za-z_$]*` can only end there). Each `callback_?url` is found by the plain
 * pattern, then the run read back from it by hand.
 */
function callbackNames(text: string): { start: number; end: number }[] {
  const out: { start: number; end: number }[] = [];
  CALLBACK_TAIL.lastIndex = 0;
  for (let m = CALLBACK_TAIL.exec(text); m !== null; m = CALLBACK_TAIL.exec(text)) {
    const end = m.index + m[0].length;
    if (isNameChar(text.charCodeAt(end)) || isDigit(text.charCodeAt(end))) continue;
    let start = m.index;
    while (start > 0 && isNameChar(text.charCodeAt(start - 1))) start--;
    if (start > 0 && isDigit(text.charCodeAt(start - 1))) continue;
    out.push({ start, end });
  }
  return out;
}

/** `[A-Za-z_$]`. */
function isNameChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The history's run task result callback endpoint (`PATCH :callback_url`). */
function callbackEndpoint(index: HistoryIndex): HistorySubject | undefined {
  return index.subjects.find((s) => s.type === 'endpoint' && s.method === 'PATCH' && s.path === ':callback_url');
}

/**
 * Whether the argument at `at` is passed to a call with the PATCH method: false, true, or the span of the PATCH
 * method set on the request the call makes, on a later line (see laterPatchMethod). A key read through a
 * mapping's `get` (`body.get("task_result_callback_url")`) is the value of that read, and a string conversion
 * (`str(callback_url)`) is the URL itself: the call around them is the one that sends it.
 */
function patchCall(text: string, at: number, key: boolean): boolean | { start: number; end: number } {
  let from = at;
  for (let hop = 0; hop < 3; hop++) {
    const call = enclosingCall(text, from, true) ?? objectArgumentCall(text, from);
    if (!call) return false;
    let nameStart = call.open;
    while (nameStart > call.start && isWordChar(text.charCodeAt(nameStart - 1))) nameStart--;
    const name = text.slice(nameStart, call.open);
    const dotted = text.charCodeAt(nameStart - 1) === 46;
    if (
      (key && hop === 0 && name === 'get' && dotted) ||
      (CONVERSIONS.has(name) && !dotted && nameStart === call.start)
    ) {
      from = call.start;
      continue;
    }
    if (DEFINITION.test(text.slice(Math.max(0, call.start - 80), call.start))) return false;
    const args = text.slice(call.open, call.end);
    if (PATCH_CALLEE.test(name) || PATCH_ARGUMENT.test(args) || PATCH_OPTION.test(args) || patchOptions(text, call))
      return true;
    return laterPatchMethod(text, call) ?? false;
  }
  return false;
}

/** Calls that only convert the URL they are given: `str(callback_url)`, `String(url)`. */
const CONVERSIONS = new Set(['str', 'String']);
/** How far after a request object's construction its method is looked for. */
const METHOD_AFTER = 600;

/**
 * The request a call builds, assigned to a variable whose method is set to PATCH on a later line before it is
 * sent (Python's urllib: `req = Request(url, data)` then `req.method = 'PATCH'`, or `req.get_method = lambda:
 * 'PATCH'`): the span of that `PATCH`. Only within METHOD_AFTER characters and before the variable is assigned again.
 */
function laterPatchMethod(
  text: string,
  call: { start: number; open: number; end: number },
): { start: number; end: number } | undefined {
  const lineStart = text.lastIndexOf('\n', call.start - 1) + 1;
  // A request object assigned the call's result: `req = Request(url, data)`, `const req = new Request(url)`.
  const head = text.slice(lineStart, call.start);
  const assigned = assignmentOpening(head);
  if (assigned === undefined || !/^[ \t]*(?:new\s+)?$/.test(head.slice(assigned.end))) return undefined;
  const variable = assigned.written;
  const after = text.slice(call.end, call.end + METHOD_AFTER);
  const name = variable.replace(/[$.]/g, '\\$&');
  const set = new RegExp(
    `(?<![\\w$.])${name}\\.(?:method|get_method)\\s*=\\s*(?:lambda\\s*:\\s*)?["'](PATCH|patch)["']|(?<![\\w$.])${name}\\s*=[^=]`,
  ).exec(after);
  if (set?.[1] === undefined) return undefined;
  const start = call.end + set.index + set[0].length - 1 - set[1].length;
  return { start, end: start + set[1].length };
}

/**
 * A variable among a call's arguments that holds its request options, assigned an object literal naming the
 * PATCH method within OPTIONS_BEFORE characters before the call: `const options = { method: 'PATCH', … }`
 * then `fetch(callbackUrl, options)`.
 */
function patchOptions(text: string, call: { start: number; open: number; end: number }): boolean {
  const names = new Set(text.slice(call.open + 1, call.end - 1).match(/(?<![\w$.])[A-Za-z_$][\w$]*(?![\w$])/g) ?? []);
  const from = Math.max(0, call.start - OPTIONS_BEFORE);
  const before = text.slice(from, call.start);
  for (const name of names) {
    if (!before.includes(name)) continue;
    const assigned = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}\\s*(?::[^=\\n;]{1,80})?=\\s*\\{`, 'g');
    let brace = -1;
    for (let m = assigned.exec(before); m !== null; m = assigned.exec(before)) brace = from + m.index + m[0].length - 1;
    if (brace === -1) continue;
    const close = matchingClose(text, brace, MAX_LITERAL, 'all');
    if (close === -1 || close > call.start) continue;
    const literal = text.slice(brace, close);
    if (PATCH_OPTION.test(literal) || PATCH_ARGUMENT.test(literal)) return true;
  }
  return false;
}

/**
 * The call whose object-literal argument holds `at`: `request({ method: 'PATCH', url: callbackUrl })`
 * (enclosingCall stops at the `{`).
 */
function objectArgumentCall(text: string, at: number): { start: number; open: number; end: number } | undefined {
  let depth = 0;
  for (let i = at - 1; i >= Math.max(0, at - 400); i--) {
    const c = text.charCodeAt(i);
    if (c === 125 || c === 41 || c === 93) depth++;
    else if (c === 40 || c === 91) {
      if (depth === 0) return undefined;
      depth--;
    } else if (c === 123) {
      if (depth > 0) {
        depth--;
        continue;
      }
      let k = i - 1;
      while (k >= 0 && /\s/.test(text.charAt(k))) k--;
      const before = text.charCodeAt(k);
      return before === 40 || before === 44 ? enclosingCall(text, i, true) : undefined;
    } else if (c === 59) return undefined;
  }
  return undefined;
}

/**
 * The lines after `line` that are its block (`siblings`: the lines of its own block after it): indented deeper
 * (or as deep, for siblings) or blank, then the first line back at its indent when it only closes the block
 * (`}`, `})`). At most FLOW_LINES lines. Returns [from, to) offsets.
 */
function blockAfter(text: string, lines: Lines, line: number, siblings = false): [number, number] {
  const indent = (l: number): number => {
    const start = lines.startOf(l);
    let i = start;
    while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
    return i === lines.endOf(l) ? -1 : i - start;
  };
  const own = indent(line);
  const end = Math.min(lines.lineOf(text.length), line + FLOW_LINES);
  let last = line;
  for (let l = line + 1; l <= end; l++) {
    const at = indent(l);
    if (at === -1) continue;
    if (at < own || (at === own && !siblings)) {
      if (!siblings && /^\s*[)}\]]/.test(text.slice(lines.startOf(l), lines.endOf(l)))) last = l;
      break;
    }
    last = l;
  }
  return [lines.startOf(line), lines.endOf(last)];
}

/** The arguments of a call as [start, end) spans, split at its top-level commas. */
function callArguments(text: string, call: { open: number; end: number }): [number, number][] {
  const out: [number, number][] = [];
  let depth = 0;
  let from = call.open + 1;
  let quote = 0;
  for (let i = call.open + 1; i < call.end - 1; i++) {
    const c = text.charCodeAt(i);
    if (quote !== 0) {
      if (c === 92) i++;
      else if (c === quote) quote = 0;
    } else if (c === 34 || c === 39 || c === 96) quote = c;
    else if (c === 40 || c === 91 || c === 123) depth++;
    else if (c === 41 || c === 93 || c === 125) depth--;
    else if (c === 44 && depth === 0) {
      out.push([from, i]);
      from = i + 1;
    }
  }
  out.push([from, call.end - 1]);
  return out;
}

/** A keyword argument's name before its value: `callback_url=`, not `a == b`. */
const KEYWORD_ARGUMENT = /^\s*([A-Za-z_]\w*)\s*=(?![=>])/;
/** A keyword argument's own name: `callback_url=…` (not `==`). */
const KEYWORD_NAME = /^[A-Za-z_$][\w$]*\s*=(?![=>])/;
/** A parameter declared with its type, not a value: `callbackURL string`, `url *string`, `callbackUrl: string`. */
const DECLARED_PARAMETER = /^\s*[A-Za-z_$][\w$]*(?:\s+[*[\]\w.]|\s*\??:\s*[A-Za-z_$])/;
/** How many hops a callback URL is followed: into a variable, into a function's parameter. */
const MAX_HOPS = 3;

/**
 * Where a callback URL read at `at` goes on to be PATCHed under another name, in a file that handles run
 * task requests: a variable assigned it (`const url = body.task_result_callback_url`, then `axios.patch(url, …)`
 * in its block), or a parameter of a function of the file it is passed to (`postCallback(body, callbackURL,
 * token)`, whose `async function postCallback(body, url, token)` sends `axios.patch(url, payload, config)`).
 * Each such use in a PATCH call (patchCall) is returned, and followed on in turn (`endpoint = event["…"]`, then
 * `__patch(endpoint, …)`, whose body sends `Request(endpoint, …, method="PATCH")`), at most MAX_HOPS hops.
 * A key (`key`: `"task_result_callback_url"`) is followed only into a variable assigned its read.
 */
function parameterSent(
  text: string,
  places: LinePlaces,
  lines: Lines,
  at: number,
  sent = false,
  key = false,
  hops = 0,
): { start: number; end: number }[] {
  const targets: { name: string; from: number; to: number }[] = [];
  // A variable assigned the read itself: `const url = body.task_result_callback_url`, `url = req["…"]`, Go's
  // `url := req.TaskResultCallbackURL`, `url = str(callback_url)` (not a call's result: `err =
  // send(req.TaskResultCallbackURL)` passes it on). A read a PATCH call sends (`sent`) is followed only into the
  // called function's body.
  const line = lines.lineOf(at);
  const around = enclosingCall(text, at, true);
  // A keyword argument on a line of its own inside a call (`callback_url=payload.…,`) is not an assignment.
  const inCall = around !== undefined && around.open < lines.startOf(line);
  const assigned =
    sent || inCall
      ? undefined
      : /^\s*(?:(?:const|let|var)\s+)?([A-Za-z_$][\w$]*)\s*(?::[^=]{1,60})?:?=(?![=>])\s*(?:await\s+)?(?:(?:str|String)\(\s*)?[\w$.]*(?:\[["'][\w-]{1,60}["']\])*(?:\[|\.[Gg]et\()?$/.exec(
          text.slice(lines.startOf(line), at),
        );
  if (assigned?.[1] !== undefined) {
    const [, to] = blockAfter(text, lines, line, true);
    targets.push({ name: assigned[1], from: lines.endOf(line), to });
  } else if (!key) {
    // A parameter of a definition (`def post(callback_url):`) is passed nowhere.
    if (around && !DEFINITION.test(text.slice(Math.max(0, around.start - 80), around.start))) {
      let nameStart = around.open;
      while (nameStart > around.start && isWordChar(text.charCodeAt(nameStart - 1))) nameStart--;
      const callee = text.slice(nameStart, around.open);
      const args = callArguments(text, around);
      const index = args.findIndex(([s, e]) => at >= s && at < e);
      // A keyword's own name (`callback_url=…`), a parameter declared (Go's `callbackURL string` in an
      // interface's method, TypeScript's `callbackUrl: string`): no value passed.
      const arg = index === -1 ? '' : text.slice(args[index]![0], args[index]![1]);
      const declared = KEYWORD_NAME.test(text.slice(at, at + 80)) || DECLARED_PARAMETER.test(arg);
      if (callee !== '' && !NOT_FUNCTIONS.has(callee) && index !== -1 && !declared) {
        // A keyword argument (`callback_url=payload.task_result_callback_url`) is the parameter of that name.
        const keyword = KEYWORD_ARGUMENT.exec(text.slice(args[index]![0], at))?.[1];
        const method = text.charCodeAt(nameStart - 1) === 46;
        const target = parameterOf(text, lines, callee, index, method, around.start, keyword);
        if (target) targets.push(target);
      }
    }
  }
  const out: { start: number; end: number }[] = [];
  for (const target of targets) {
    // The name's places between the target's bounds only (a global search ran on to the text's end once per target).
    const use = new RegExp(`(?<![\\w$.])${target.name.replace(/\$/g, '\\$')}(?![\\w$])`, 'y');
    for (const m of wordMatches(text, target.name, use, target.from, target.to)) {
      const place = places.at(m.index);
      if (place.inComment || place.stringStart !== -1) continue;
      const span = { start: m.index, end: m.index + target.name.length };
      const sends = patchCall(text, m.index, false);
      if (sends) out.push(span);
      if (sends !== false && sends !== true) out.push(sends);
      if (hops + 1 < MAX_HOPS)
        out.push(...parameterSent(text, places, lines, m.index, sends !== false, false, hops + 1));
    }
  }
  return out;
}

/**
 * The parameter at `index` of the function `name` the file defines (`function name(a, b)`, `async name(a, b) {`,
 * Go's `func name(a, b string) error {` and `func (h *handler) name(ctx context.Context, url string) {`,
 * `const name = async (a, b) =>`, `def name(self, a, b):`, whose `self` a method call skips), and its body's span.
 */
function parameterOf(
  text: string,
  lines: Lines,
  name: string,
  index: number,
  method: boolean,
  callStart: number,
  keyword?: string,
): { name: string; from: number; to: number } | undefined {
  for (const { m, close, python, params } of definitionsOf(text, lines, name)) {
    if (m.index === callStart || (m.index > callStart - 1 && m.index < callStart + name.length + 2)) continue;
    const skip = python && method && /^(?:self|cls)\b/.test(params[0] ?? '') ? 1 : 0;
    const param =
      keyword === undefined
        ? /^(?:\.\.\.)?([A-Za-z_$][\w$]*)/.exec(params[index + skip] ?? '')?.[1]
        : params.some((p) => new RegExp(`^\\*{0,2}${keyword}(?![\\w$])`).test(p))
          ? keyword
          : undefined;
    if (param === undefined || param === 'self') return undefined;
    // A signature over several lines (`def f(\n    url,\n) -> None:`): the body is the block of its closing line.
    const closeLine = lines.lineOf(close);
    const closes = /^\s*\)/.test(text.slice(lines.startOf(closeLine), close + 1));
    const [, to] = blockAfter(text, lines, closes ? closeLine : lines.lineOf(m.index));
    return { name: param, from: close + 1, to: Math.max(to, close + 1) };
  }
  return undefined;
}

/** A definition of a function `parameterOf` reads: its place, its parameters' parentheses and their texts. */
interface Definition {
  readonly m: RegExpExecArray;
  readonly open: number;
  readonly close: number;
  readonly python: boolean;
  readonly params: readonly string[];
}

/**
 * The places of `definitionPlaces` that define the function (not a call of it), each read once a name a scan: read
 * again for each callback call, a text of many calls of one function read every call's place for each (a run task
 * handler of one callback function repeated to 100 KB took 775 ms; session 37).
 */
function definitionsOf(text: string, lines: Lines, name: string): readonly Definition[] {
  const byName = lines.memo(DEFINITIONS, () => new Map<string, Definition[]>());
  let found = byName.get(name);
  if (found !== undefined) return found;
  found = [];
  for (const m of definitionPlaces(text, lines, name)) {
    const open = m.index + m[0].length - 1;
    const close = matchingClose(text, open, MAX_LITERAL, 'all');
    if (close === -1) continue;
    const after = text.slice(close + 1, close + 120);
    const python = m[1]?.startsWith('def') === true;
    const isDefinition =
      python || m[1] !== undefined || GO_FUNC.test(text.slice(Math.max(0, m.index - 120), m.index))
        ? true
        : /^\s*(?::\s*[^{};=]{1,80})?\s*(?:\{|=>)/.test(after) &&
          !/(?:^|[^\w$])(?:new|await|return)\s*$/.test(text.slice(Math.max(0, m.index - 10), m.index));
    if (!isDefinition) continue;
    const params = callArguments(text, { open, end: close + 1 }).map(([s, e]) => text.slice(s, e).trim());
    found.push({ m, open, close, python, params });
  }
  byName.set(name, found);
  return found;
}
const DEFINITIONS = memoKey<Map<string, Definition[]>>("the definitions of a callback parameter's function");

/**
 * The places the text writes `name` as a definition or a call may (`parameterOf`'s pattern), found once a name a scan
 * (review v8 item 12: a pattern made and run over the whole text for each callback call).
 */
function definitionPlaces(text: string, lines: Lines, name: string): readonly RegExpExecArray[] {
  const byName = lines.memo(DEFINITION_PLACES, () => new Map<string, RegExpExecArray[]>());
  let found = byName.get(name);
  if (found === undefined) {
    const definition = new RegExp(
      `(?<![\\w$.])(def\\s+|function\\s*\\*?\\s*)?${name.replace(/\$/g, '\\$')}\\s*(?:[:=]\\s*(?:async\\s+)?(?:function\\s*)?)?\\(`,
      'g',
    );
    found = [];
    for (let m = definition.exec(text); m !== null; m = definition.exec(text)) found.push(m);
    byName.set(name, found);
  }
  return found;
}

const DEFINITION_PLACES = memoKey<Map<string, RegExpExecArray[]>>(
  "places a callback parameter's function may be defined",
);
