import { matchingClose } from './brackets.ts';
import type { HttpMethod } from './data-types.ts';
import { topLevelArguments } from './client-operations.ts';
import { memoKey, type Lines } from './lines.ts';
import type { MethodToken } from './match-types.ts';
import { isNameChar, pythonBodyEnd } from './source-text.ts';
import { formatCall } from './format-args.ts';
import { assignmentOpening } from './value-flow.ts';

/** A call (callee start, its `(`, just past its `)`) and the method it names, if any (`requests.get(url, …)`). */
export interface SentAt {
  readonly call: { readonly start: number; readonly open: number; readonly end: number };
  readonly token: MethodToken | undefined;
}
/** Reads the call whose arguments hold an offset (`sending-calls.ts`' `enclosingCall` and method pattern). */
type ReadCall = (text: string, at: number) => SentAt | undefined;

/**
 * A function of the text that sends one of its parameters as a URL: `def run_request(token, url, payload, kind):` whose
 * body sends `url` with `requests.get` or `requests.post` as `kind` says, `def callTFE(quiet, path):` that always sends
 * `requests.get(f'{path}')`.
 */
interface Helper {
  /** The position of the URL parameter (a receiver `self` / `cls` not counted) and its name. */
  readonly url: number;
  readonly urlName: string;
  /** The one method every send of the parameter in the body has (its token there). */
  readonly method?: MethodToken;
  /** The parameter that says the method (compared to a verb, or handed to a request call as its method). */
  readonly methodParam?: { readonly index: number; readonly name: string; readonly fallback?: MethodToken };
}

/** How long a helper's parameter list and its body may be. */
const MAX_PARAMS = 600;
const MAX_BODY = 12_000;

/**
 * What a line holds before a definition's name: Python's `def `, JS/TS `function `, `const ` (an arrow function's:
 * `const name = async (`), Go's `func (c *Client) `, a JS/TS class method's modifiers (`async `), Java/C# modifiers
 * and a return type (`private String `, whose parameters put the name last: group 1).
 */
const BEFORE_NAME =
  /^[ \t]*(?:(?:async[ \t]+)?(def)[ \t]+|(?:export[ \t]+(?:default[ \t]+)?|local[ \t]+)?(?:async[ \t]+)?function[ \t]*\*?[ \t]*|(?:export[ \t]+)?(const|let|var)[ \t]+|func[ \t]+(?:\([^)\n]*\)[ \t]*)?|((?:(?:public|private|protected|internal|static|final|async|override|virtual|synchronized)[ \t]+)+(?:[\w.]+(?:<[^>\n]*>)?(?:\[\])?[ \t]+)?)|(?:(?:public|private|protected|static|async)[ \t]+)*)$/;
/** What follows a definition's name up to its parameter list's `(`: type parameters, or an arrow function's `= async (`. */
const AFTER_NAME = /^(?:<[^>\n]*>)?[ \t]*(?:(?::[^=\n]{1,80})?=[ \t]*(?:async[ \t]*)?)?\(/;

/** A quoted HTTP verb, any case: a method argument (`"post"`, `'GET'`). Group 2: the word. */
const VERB_LITERAL = /^\s*f?(["'`])(get|post|put|patch|delete)\1\s*$/i;

/** The text's helpers read so far, by name (undefined: the name is no helper, or is being read). */
const HELPERS = memoKey<Map<string, Helper | undefined>>('helpers by name');

/**
 * How many helpers deep a URL handed on is read (`a(url)` calls `b(url)` calls `c(url)` …): a bound, so that no text
 * (a chain of thousands of one-line helpers) can exhaust the stack.
 */
const MAX_HOPS = 8;
let hops = 0;

/**
 * The method a call of a helper of the text (`Helper`) sends the URL at `at` with: the helper's one method, or the
 * verb the call passes for its method parameter (`run_request(token, url, payload, "post")`, `method="delete"`), or
 * the parameter's default verb. Undefined when `at` is not the helper's URL argument or the method is not said.
 */
export function helperSending(
  text: string,
  lines: Lines,
  call: { readonly start: number; readonly open: number; readonly end: number },
  at: number,
  read: ReadCall,
): MethodToken | undefined {
  const callee = /([A-Za-z_$][\w$]*)(?:<[^()\n]*>)?$/.exec(text.slice(Math.max(call.start, call.open - 80), call.open));
  const name = callee?.[1];
  if (!name) return undefined;
  const helpers = lines.memo(HELPERS, () => new Map<string, Helper | undefined>());
  let helper = helpers.get(name);
  if (!helpers.has(name)) {
    if (hops >= MAX_HOPS) return undefined;
    // Marked first: a helper that calls itself (or one that calls it back) reads as none there.
    helpers.set(name, undefined);
    hops++;
    try {
      helper = helperNamed(text, lines, name, read);
    } finally {
      hops--;
    }
    helpers.set(name, helper);
  }
  if (!helper) return undefined;
  const args = topLevelArguments(text, call.open + 1, call.end - 1);
  if (!args) return undefined;
  const index = args.findIndex((a) => a.start <= at && at <= a.end);
  if (index === -1) return undefined;
  const keyword = (i: number): string | undefined =>
    /^\s*([A-Za-z_]\w*)\s*=(?!=)/.exec(text.slice(args[i]!.start, args[i]!.end))?.[1];
  const own = keyword(index);
  if (own !== undefined ? own !== helper.urlName : index !== helper.url) return undefined;
  if (helper.method) return helper.method;
  const param = helper.methodParam;
  if (!param) return undefined;
  let given = args.findIndex((_, i) => keyword(i) === param.name);
  if (given === -1 && param.index < args.length && keyword(param.index) === undefined) given = param.index;
  if (given === -1) return param.fallback;
  const arg = args[given]!;
  const value = text.slice(arg.start, arg.end).replace(/^\s*[A-Za-z_]\w*\s*=(?!=)/, '');
  const verb = VERB_LITERAL.exec(value);
  if (!verb) return undefined;
  const start = arg.end - value.length + value.indexOf(verb[2]!);
  return { method: verb[2]!.toUpperCase() as HttpMethod, start, end: start + verb[2]!.length, text: verb[2]! };
}

/**
 * The parameter names of the definition whose name starts at `at` (as `function-verbs.ts`' `enclosingFunction` finds it:
 * `def list_runs(self, ws, query):`, `function listRuns(ws, query) {`, `func listRuns(ws string, q url.Values)`,
 * `public Runs listRuns(String ws, Map<String, String> query)`), a receiver `self` / `cls` dropped; undefined when the
 * list cannot be read.
 */
export function definitionParams(text: string, at: number, name: string): string[] | undefined {
  const after = AFTER_NAME.exec(text.slice(at + name.length, at + name.length + 120));
  if (!after) return undefined;
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const before = BEFORE_NAME.exec(text.slice(lineStart, at));
  const open = at + name.length + after[0].length - 1;
  const close = matchingClose(text, open, MAX_PARAMS);
  if (close === -1) return undefined;
  return readParams(text, open, close, before?.[3] !== undefined)?.map((p) => p.name);
}

/**
 * The one definition of `name` in the text (`def fetch_by_name(module, link):`, `function getAll(url) {`, a method): its
 * parameter names (a receiver dropped) and its body; undefined when there is none, or more than one.
 */
export function definitionNamed(
  text: string,
  name: string,
): { readonly params: string[]; readonly body: { start: number; end: number } } | undefined {
  let found: { params: string[]; body: { start: number; end: number } } | undefined;
  let count = 0;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) {
    if (++count > MAX_OCCURRENCES) return undefined;
    if (isNameChar(text.charCodeAt(at - 1)) || isNameChar(text.charCodeAt(at + name.length))) continue;
    const after = AFTER_NAME.exec(text.slice(at + name.length, at + name.length + 120));
    if (!after) continue;
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const before = BEFORE_NAME.exec(text.slice(lineStart, at));
    if (!before || (before[2] !== undefined) !== after[0].includes('=')) continue;
    const open = at + name.length + after[0].length - 1;
    const close = matchingClose(text, open, MAX_PARAMS);
    if (close === -1) continue;
    const params = readParams(text, open, close, before[3] !== undefined);
    const body = before[1] !== undefined ? indentedBody(text, lineStart, close) : bracedBody(text, close);
    if (!params || !body) continue;
    if (found) return undefined;
    found = { params: params.map((p) => p.name), body };
  }
  return found;
}

/** How many places a helper's name may be found at before it is given up (a name used everywhere is no helper's). */
const MAX_OCCURRENCES = 200;

/** The text's helper `name` (its definitions read where the name is written); none when two definitions read differently. */
function helperNamed(text: string, lines: Lines, name: string, read: ReadCall): Helper | undefined {
  let found: Helper | undefined;
  let count = 0;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) {
    if (++count > MAX_OCCURRENCES) return undefined;
    if (isNameChar(text.charCodeAt(at - 1)) || isNameChar(text.charCodeAt(at + name.length))) continue;
    const after = AFTER_NAME.exec(text.slice(at + name.length, at + name.length + 120));
    if (!after) continue;
    const lineStart = text.lastIndexOf('\n', at - 1) + 1;
    const before = BEFORE_NAME.exec(text.slice(lineStart, at));
    if (!before) continue;
    // `const name = (`: only with its `=`; a bare `name(` only a method's (a body in braces follows).
    if ((before[2] !== undefined) !== after[0].includes('=')) continue;
    const open = at + name.length + after[0].length - 1;
    const helper = readHelper(text, lines, lineStart, open, before[1] !== undefined, before[3] !== undefined, read);
    if (!helper) continue;
    if (found && !sameHelper(found, helper)) return undefined;
    found = helper;
  }
  return found;
}

function sameHelper(a: Helper, b: Helper): boolean {
  return (
    a.url === b.url &&
    a.urlName === b.urlName &&
    a.method?.method === b.method?.method &&
    a.methodParam?.name === b.methodParam?.name &&
    a.methodParam?.index === b.methodParam?.index
  );
}

/** A parameter: its name and the verb of its default (`method="GET"`), if any. */
interface Param {
  readonly name: string;
  readonly fallback?: MethodToken;
}

/** The helper defined at `def` whose parameter list opens at `open`, or undefined when it sends no parameter as a URL. */
function readHelper(
  text: string,
  lines: Lines,
  def: number,
  open: number,
  python: boolean,
  typeFirst: boolean,
  read: ReadCall,
): Helper | undefined {
  const close = matchingClose(text, open, MAX_PARAMS);
  if (close === -1) return undefined;
  const params = readParams(text, open, close, typeFirst);
  if (!params || params.length === 0) return undefined;
  const body = python ? indentedBody(text, def, close) : (bracedBody(text, close) ?? luaBody(text, def, close));
  if (!body) return undefined;
  const names = params.map((p) => p.name);
  const comparedTo = comparedParams(text.slice(body.start, body.end), names);
  // A curl command line in a format template (`curlTemplateSending`): only where the text says curl at all.
  const curlText = lines.markers.has('curl');
  let found: Helper | undefined;
  for (let index = 0; index < params.length; index++) {
    const name = params[index]!.name;
    const sends: MethodToken[] = [];
    let methodParam: string | undefined;
    for (const at of uses(text, body, name)) {
      // A curl command line a format call builds with the parameter for its URL (`string.format('curl -s %s', url)`),
      // or with a local assigned from it (`local full = base .. url`): the command's method.
      const curl = curlText ? curlTemplateSending(text, body, at, read) : undefined;
      if (curl) {
        sends.push(curl);
        continue;
      }
      const sent = read(text, quoteStart(text, at));
      if (!sent) continue;
      // Handed on to another helper of the text (`tfapi_get_data(url, …)` calls `tfapi_get(url, …)`): its method.
      const onward = sent.token ? undefined : helperSending(text, lines, sent.call, at, read);
      if (onward) {
        sends.push(onward);
        continue;
      }
      const args = topLevelArguments(text, sent.call.open + 1, sent.call.end - 1);
      const own = args?.findIndex((a) => a.start <= at && at <= a.end) ?? -1;
      if (!args || own === -1 || !urlArgument(text, args, own, comparedTo)) continue;
      if (sent.token) sends.push(sent.token);
      else {
        const callText = text.slice(sent.call.start, sent.call.end);
        methodParam ??= names.find(
          (q) =>
            q !== name &&
            (new RegExp(`\\bmethod\\s*[:=]\\s*${q}(?![\\w$])`).test(callText) ||
              (q === 'method' && /[{,]\s*method\s*[,}]/.test(callText)) ||
              (/request$/i.test(text.slice(sent.call.start, sent.call.open)) &&
                args.some((a) => text.slice(a.start, a.end).trim() === q))),
        );
      }
    }
    if (sends.length === 0 && methodParam === undefined) continue;
    // Two parameters sent as URLs: which one a call's argument is, is not said.
    if (found) return undefined;
    const chooser = methodParam ?? (sends.length > 0 ? comparedTo.find((q) => q !== name) : undefined);
    if (chooser !== undefined) {
      const at = names.indexOf(chooser);
      const fallback = params[at]!.fallback;
      found = {
        url: index,
        urlName: name,
        methodParam: fallback ? { index: at, name: chooser, fallback } : { index: at, name: chooser },
      };
    } else if (sends.every((s) => s.method === sends[0]!.method))
      found = { url: index, urlName: name, method: sends[0]! };
    else return undefined;
  }
  return found;
}

/**
 * Whether the argument `own` of a sending call is its URL: its first, a `url=` / `uri=` / `path=` keyword, or after method
 * arguments only (a verb, a name saying method, or a parameter compared to a verb: `methods`).
 */
function urlArgument(
  text: string,
  args: readonly { start: number; end: number }[],
  own: number,
  methods: readonly string[],
): boolean {
  const value = text.slice(args[own]!.start, args[own]!.end);
  if (/^\s*(?:url|uri|path|endpoint)\s*[=:]/.test(value)) return true;
  // Another keyword argument (`headers=headers`, `params=params`) is no URL.
  if (/^\s*[A-Za-z_]\w*\s*=(?!=)/.test(value)) return false;
  for (let i = 0; i < own; i++) {
    const before = text.slice(args[i]!.start, args[i]!.end).trim();
    if (!VERB_LITERAL.test(before) && !/method|verb/i.test(before) && !methods.includes(before)) return false;
  }
  return true;
}

/** Parameters compared to a quoted verb in a body (`if kind == "get":`, `method.upper() === 'POST'`). */
function comparedParams(body: string, names: readonly string[]): string[] {
  return names.filter((q) =>
    new RegExp(
      `(?<![\\w$.])${q}(?:\\.(?:upper|lower|toUpperCase|toLowerCase)\\(\\))?\\s*(?:===?|!==?)\\s*["'](?:get|post|put|patch|delete)["']`,
      'i',
    ).test(body),
  );
}

/** Where a use of a parameter inside a string's placeholder (`f'{path}'`, `` `${base}${path}` ``) is read from: the string's quote. */
function quoteStart(text: string, at: number): number {
  if (text.charCodeAt(at - 1) !== 123) return at; // {
  for (let i = at - 2; i >= Math.max(0, at - 300); i--) {
    const c = text.charCodeAt(i);
    if (c === 10) return at;
    if (c === 39 || c === 34 || c === 96) return text.charCodeAt(i - 1) === 102 ? i - 1 : i; // f'
  }
  return at;
}

/** Offsets of a name's uses in a body (not as a keyword argument's or an object's key, not after a `.`). */
function uses(text: string, body: { start: number; end: number }, name: string): number[] {
  const out: number[] = [];
  const pattern = new RegExp(`(?<![\\w$.])${name.replace(/\$/g, '\\$')}(?![\\w$])(?!\\s*(?:=(?!=)|:(?!:)))`, 'g');
  const slice = text.slice(body.start, body.end);
  for (let m = pattern.exec(slice); m !== null; m = pattern.exec(slice)) out.push(body.start + m.index);
  return out;
}

/** A parameter list's names (a receiver `self` / `cls` dropped); undefined when one cannot be read. */
function readParams(text: string, open: number, close: number, typeFirst: boolean): Param[] | undefined {
  const pieces = topLevelArguments(text, open + 1, close);
  if (!pieces) return undefined;
  // A generic type's commas (`Map<String, String> query`) split no parameter: its pieces are joined up to the `>`.
  const args: { start: number; end: number }[] = [];
  let angles = 0;
  for (const piece of pieces) {
    const last = args[args.length - 1];
    if (angles > 0 && last) args[args.length - 1] = { start: last.start, end: piece.end };
    else args.push(piece);
    const raw = text.slice(piece.start, piece.end);
    angles += (raw.match(/</g)?.length ?? 0) - (raw.match(/>/g)?.length ?? 0);
    if (angles < 0) angles = 0;
  }
  const out: Param[] = [];
  for (const arg of args) {
    const raw = text.slice(arg.start, arg.end);
    const value = raw.replace(/^\s*(?:\*{1,2}|\.\.\.|@\w+(?:\([^)]*\))?\s+)?/, '');
    if (value.trim() === '') continue;
    const head = value.split('=')[0]!;
    const name = typeFirst ? /([A-Za-z_$][\w$]*)\s*$/.exec(head)?.[1] : /^\s*([A-Za-z_$][\w$]*)/.exec(value)?.[1];
    if (!name) return undefined;
    const verb = /=\s*(["'])(get|post|put|patch|delete)\1\s*$/i.exec(value);
    const start = verb ? arg.end - (value.length - value.lastIndexOf(verb[2]!)) : 0;
    out.push(
      verb
        ? {
            name,
            fallback: {
              method: verb[2]!.toUpperCase() as HttpMethod,
              start,
              end: start + verb[2]!.length,
              text: verb[2]!,
            },
          }
        : { name },
    );
  }
  if (out[0] && (out[0].name === 'self' || out[0].name === 'cls')) out.shift();
  return out;
}

/** A Python function's body: the lines after its signature until one indented no deeper than the `def` line (`pythonBodyEnd`). */
function indentedBody(text: string, def: number, close: number): { start: number; end: number } | undefined {
  const lineStart = text.lastIndexOf('\n', def) + 1;
  let indent = 0;
  while (text.charCodeAt(lineStart + indent) === 32 || text.charCodeAt(lineStart + indent) === 9) indent++;
  const colon = text.indexOf(':', close);
  if (colon === -1 || colon - close > 200) return undefined;
  return { start: colon + 1, end: pythonBodyEnd(text, colon, indent, MAX_BODY) };
}

/** A brace language's body: from the first `{` after the signature (a return type between) to its match. */
function bracedBody(text: string, close: number): { start: number; end: number } | undefined {
  const brace = /^\s*(?::[^{};=\n]{1,120}?|throws[\w\s.,]{1,120}?)?\s*(?:=>\s*)?\{/.exec(
    text.slice(close + 1, close + 200),
  );
  if (!brace) return undefined;
  const open = close + brace[0].length;
  const end = matchingClose(text, open, MAX_BODY);
  return end === -1 ? undefined : { start: open + 1, end };
}

/** A Lua function's body (`local function call(path)` … `end`): up to the first `end` line indented as the definition. */
function luaBody(text: string, def: number, close: number): { start: number; end: number } | undefined {
  if (!/^[ \t]*(?:local[ \t]+)?function\b/.test(text.slice(def, def + 40))) return undefined;
  let indent = 0;
  while (text.charCodeAt(def + indent) === 32 || text.charCodeAt(def + indent) === 9) indent++;
  const end = new RegExp(`\\n${text.slice(def, def + indent)}end\\b`).exec(text.slice(close, close + MAX_BODY));
  return end ? { start: close + 1, end: close + end.index } : undefined;
}

/** A placeholder of a format template: `%s`, `%q`, `%v`, `{}`, `{0}`. */
const PLACEHOLDER = /%[sqv]|\{\d*\}/g;
/** A curl command's method flag, and its data flags (whose default method is POST, or PUT for -T). */
const TEMPLATE_METHOD = /(?:^|\s)(?:-X\s*|--request[\s=]+)["']?(GET|POST|PUT|PATCH|DELETE)\b/;
const TEMPLATE_DATA = /(?:^|\s)(?:-d|-F|-T|--data[\w-]*|--form|--json|--upload-file)(?:\s|=|$)/;

/**
 * The method of a curl command line a format call builds with the value at `at` for its URL: `string.format('curl -s -H
 * "Authorization: Bearer %s" %s', token, url)`, `("curl -X DELETE %s"):format(url)`, `"curl {}".format(url)`: the
 * placeholder the value fills stands alone as a word of the command (not in a header, not a flag's value). Its `-X`,
 * else GET when it has no data flag. A value assigned to a local first (`local full = base .. url`) is followed once.
 */
function curlTemplateSending(
  text: string,
  body: { readonly start: number; readonly end: number },
  at: number,
  read: ReadCall,
): MethodToken | undefined {
  const direct = formatCurlSending(text, at, read);
  if (direct) return direct;
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  // `local full = base .. url`, `full_url = base_url + path`, `my $u = $root . $path`: no other `=` up to the value.
  const head = text.slice(lineStart, at);
  const assigned = assignmentOpening(head);
  if (assigned === undefined || /[=\n]/.test(head.slice(assigned.end))) return undefined;
  const lineEnd = text.indexOf('\n', at);
  if (lineEnd === -1 || lineEnd >= body.end) return undefined;
  for (const use of uses(text, { start: lineEnd, end: body.end }, assigned.name)) {
    const sent = formatCurlSending(text, use, read);
    if (sent) return sent;
  }
  return undefined;
}

/** The method of the curl template of the format call that takes the value at `at` for its URL (`curlTemplateSending`). */
function formatCurlSending(text: string, at: number, read: ReadCall): MethodToken | undefined {
  const sent = read(text, at);
  if (!sent) return undefined;
  const call = formatCall(text, sent.call.start, sent.call.open);
  if (!call) return undefined;
  const own = call.args.findIndex((a) => a.start <= at && at <= a.end);
  // The value is the argument, or ends it (`root .. path`, `base+path`): the URL the placeholder takes.
  const word = /^[\w$]+/.exec(text.slice(at, at + 200))?.[0] ?? '';
  if (own === -1 || text.slice(at, call.args[own]!.end).trim() !== word) return undefined;
  const { start, end } = call.template;
  return methodOf(text.slice(start, end), own, start);
}

/** The method of the curl template `value` whose placeholder `index` is the URL (see `curlTemplateSending`). */
function methodOf(value: string, index: number, at: number): MethodToken | undefined {
  const curl = /^\s*curl\s/.exec(value);
  if (!curl) return undefined;
  let n = 0;
  PLACEHOLDER.lastIndex = 0;
  for (let m = PLACEHOLDER.exec(value); m !== null; m = PLACEHOLDER.exec(value), n++) {
    if (n !== index) continue;
    const before = value.slice(0, m.index);
    // Inside a quoted header or body (`-H "Authorization: Bearer %s"`): no URL.
    if ((before.split('"').length - 1) % 2 === 1 && !before.endsWith('"')) return undefined;
    if ((before.split("'").length - 1) % 2 === 1 && !before.endsWith("'")) return undefined;
    const word = /(\S*)$/.exec(before)?.[1] ?? '';
    if (word !== '' && word !== '"' && word !== "'") return undefined;
    const flag = /(\S+)\s+["']?$/.exec(before)?.[1] ?? '';
    if (
      flag.startsWith('-') &&
      !/^-[a-zA-Z]*[sSLkfvi]$|^--(?:silent|location|insecure|fail|verbose|include)$/.test(flag)
    ) {
      return undefined;
    }
    const explicit = TEMPLATE_METHOD.exec(value);
    if (explicit?.[1]) {
      const start = at + value.indexOf(explicit[1], value.search(/-X|--request/));
      return { method: explicit[1] as HttpMethod, start, end: start + explicit[1].length, text: explicit[1] };
    }
    if (TEMPLATE_DATA.test(value)) return undefined;
    const start = at + curl[0].indexOf('curl');
    return { method: 'GET', start, end: start + 4, text: 'curl' };
  }
  return undefined;
}
