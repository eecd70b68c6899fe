import type { HttpMethod } from './data-types.ts';
import { isHttpMethod } from './data-types.ts';
import { Lines, memoKey } from './lines.ts';
import { firstAtOrAfterBy } from './ordered.ts';
import type { MethodToken } from './match-types.ts';
import { shellValues } from './shell-values.ts';
import { variablePatterns } from './variable-patterns.ts';

/** How many lines one command may span with `\` continuations (a longer one is not read). */
const MAX_CONTINUATIONS = 40;

/** A word of a shell command, quotes kept, with its source offsets. */
export interface Word {
  readonly text: string;
  readonly start: number;
  readonly end: number;
}

/** Command words that stand before the command itself: `if ! curl …`, `resp=$(sudo curl …)`. */
const PREFIX = new Set([
  'if',
  'then',
  'else',
  'elif',
  'do',
  'while',
  'until',
  '!',
  'time',
  'exec',
  'command',
  'sudo',
  'env',
  'eval',
  '{',
]);
/** curl options that send a body: curl then sends POST (unless `-G`). */
const DATA = /^(?:-d|--data(?:-binary|-raw|-ascii|-urlencode)?|--json|-F|--form(?:-string)?)(?:$|=)/;
/** Short options bundled with `-d`'s value: `-d@file`, `-d'{…}'`. */
const DATA_GLUED = /^-d./;
/** A method flag inside a quoted word of options: `"--request POST --data …"`, `'-X DELETE'`. Group 1: the method. */
const INNER_METHOD = /(?:^["']|\s)(?:-X[ \t]*|--request[ \t=]+)(GET|POST|PUT|PATCH|DELETE)(?![\w-])/;
/** A wrapper named for its method: `api_post`, `tfe-delete`, `http_patch_json`. */
const NAMED = /(?:^|[_-])(get|post|put|patch|delete)(?:$|[_-])/i;

/**
 * The method a shell command sends a URL with, read as curl reads its arguments: `-X DELETE`,
 * `--request=PATCH`, `-XPOST`; a body (`-d`, `--data…`, `--json`, `-F`) means POST, or GET with `-G`;
 * `-T` means PUT; plain `curl` means GET (curl's default, not a guess). The same flags given to a wrapper
 * of curl (`tfh_api_call -X DELETE "$url"`) count; a wrapper named for a method (`api_delete "$url"`)
 * sends that method; wget (`--method=`, `--post-data`) and PowerShell (`-Method Post`; `Invoke-RestMethod` without
 * one sends GET, unless splatted) too. A method flag whose value is a variable says nothing. A wrapper the
 * text calls with curl's method or body flags elsewhere sends curl's default, GET, when given none. Another
 * command with none of these says nothing (undefined).
 *
 * `at` is an offset inside the command: the URL itself, or the variable that holds it.
 */
export function commandMethod(
  text: string,
  lines: Lines,
  at: number,
  doubled = false,
  gated = false,
): MethodToken | undefined {
  // A here-document's text (`cat <<MSG` … `curl -X DELETE "$url"` … `MSG`) runs nothing. (Another language's string
  // holding a command, `doubled`, is not read for here-documents: its `<<` may be an operator; a command string's
  // window, `gated`, was asked as the whole text.)
  if (!doubled && !gated && hereDocumentEnd(text, lines, at) !== -1) return undefined;
  const found = commandAt(text, lines, at, doubled);
  if (!found) return undefined;
  const inner = stringCommand(text, lines, found, at);
  if (inner !== undefined) return innerMethod(inner, at, doubled);
  const words = found.some((w) => ALL_ARGS.test(w.text)) ? withSetArgs(text, lines, found) : found;
  let name: Word | undefined;
  let assigned = false;
  let index = 0;
  for (; index < words.length; index++) {
    const w = words[index]!;
    if (PREFIX.has(w.text) || /^\w+=/.test(w.text)) continue;
    // What stands before a command in the files that hold one: a YAML list item's `-` and key (`- script: curl …`,
    // `after_script: curl …`, `- bash: curl …`), a Dockerfile's `RUN`, a runbook's shell prompt (`$ curl -s \`).
    if (index === 0 && (w.text === '-' || w.text === 'RUN' || w.text === '$' || /^[A-Za-z_][\w-]*:$/.test(w.text)))
      continue;
    if (index === 1 && words[0]?.text === '-' && /^[A-Za-z_][\w-]*:$/.test(w.text)) continue;
    // PowerShell's assignment of the command's result: `$list = Calling-Get -url $url`, `$r=Invoke-RestMethod …`.
    if (/^\$[\w:.]+=?$/.test(w.text) && (w.text.endsWith('=') || words[index + 1]?.text === '=')) {
      if (!w.text.endsWith('=')) index++;
      assigned = true;
      continue;
    }
    name = w;
    break;
  }
  // A quoted value assigned (`$endpoint = "/state-versions/$id/actions/soft_delete_backing_data"`) is a string, no
  // command: no wrapper named for a method (`_delete_`) runs.
  if (!name || (assigned && /^["']/.test(name.text))) return undefined;
  // A Makefile recipe's `@curl …` (not echoed), `-curl …` (errors ignored).
  const program = unquote(name.text)
    .replace(/^.*\//, '')
    .replace(/^[@+-]+(?=[A-Za-z])/, '');
  let data: Word | undefined;
  let get = false;
  let upload: Word | undefined;
  let splat = false;
  for (let i = index + 1; i < words.length; i++) {
    const w = words[i]!;
    const plain = unquote(w.text);
    const next = words[i + 1];
    const flag = /^(?:-X|--request|-Method|--method)$/i.test(plain);
    // A method held in a variable (`-X "$method"`, `-Method $Verb`): no default applies.
    if (flag && next && !tokenOf(next)) return undefined;
    const explicit =
      (flag && next ? tokenOf(next) : undefined) ??
      (/^-X[A-Za-z]/.test(plain) ? tokenOf(w, 2) : undefined) ??
      (/^--(?:request|method)=/i.test(plain) ? tokenOf(w, plain.indexOf('=') + 1) : undefined);
    if (explicit) return explicit;
    // curl's flags handed to a wrapper in one string (`make_curl_request -url "$url" -options "--request POST --data …"`).
    const inner = /^\S/.test(plain) && /\s/.test(plain) ? INNER_METHOD.exec(w.text) : null;
    if (inner?.[1]) {
      const start = w.start + inner.index + inner[0].length - inner[1].length;
      return { method: inner[1].toUpperCase() as HttpMethod, start, end: start + inner[1].length, text: inner[1] };
    }
    if (DATA.test(plain) || DATA_GLUED.test(plain) || /^--(?:post-data|post-file)(?:$|=)/.test(plain)) data ??= w;
    else if (plain === '-G' || plain === '--get') get = true;
    else if (plain === '-T' || plain === '--upload-file') upload ??= w;
    // PowerShell's splatting (`Invoke-RestMethod @params`): the method is in the hashtable, read elsewhere.
    else if (/^@\w/.test(plain)) splat = true;
  }
  const implied = (method: HttpMethod, w: Word): MethodToken => ({ method, start: w.start, end: w.start, text: '' });
  if (data) return implied(get ? 'GET' : 'POST', data);
  if (upload) return implied('PUT', upload);
  if (program === 'curl' || program === 'wget') return implied('GET', name);
  // PowerShell's web cmdlets send GET without -Method (a -Body then goes into the query).
  if (WEB_CMDLET.test(program)) return splat ? undefined : implied('GET', name);
  // A wrapper given the method as an argument of its own (`tfc_api PATCH "/projects/$id"`, a function
  // passing "$1" to curl's -X): that word is the method, whatever the wrapper sends by default.
  if (program !== 'curl' && program !== 'wget' && !WEB_CMDLET.test(program))
    for (let i = index + 1; i < words.length; i++) {
      const w = words[i]!;
      if (/^["']?(?:GET|POST|PUT|PATCH|DELETE|get|post|put|patch|delete)["']?$/.test(w.text)) return tokenOf(w);
    }
  // A function of this text whose curl sends the argument as (part of) an API URL (`tfe-curl() { … curl "$@"
  // "https://…/api/v2/${1#/}"; }`): the method its curl sends, the call's own curl flags read above.
  const own = words.findIndex((w) => w.start <= at && at < w.end);
  if (own > index && /^[\w.:-]+$/.test(program)) {
    const helper = shellHelper(text, lines, program, name.start);
    if (helper !== undefined) {
      if (helper === null || !sameArgument(words, index, own, helper)) return undefined;
      // A path alone (`"/organizations"`) is the API's only under the function's API base; a URL or a variable
      // holding one (`"$url"`, read where it is assigned) carries its own.
      const arg = unquote(words[own]!.text);
      if (!helper.api && !/^(?:\$|https?:)|\/api\/v2\b/.test(arg)) return undefined;
      // PowerShell: a method parameter given at the call (`-Method $verb` was read above), by position.
      const at = helper.methodParam ? index + helper.methodParam.param : -1;
      if (at > index && at < words.length && !words.slice(index + 1, at + 1).some((w) => w.text.startsWith('-')))
        return tokenOf(words[at]!);
      return helper.method && implied(helper.method, name);
    }
  }
  const named = NAMED.exec(program);
  if (named && named[1]) {
    const start = name.start + name.text.indexOf(named[1]);
    return { method: named[1].toUpperCase() as HttpMethod, start, end: start + named[1].length, text: named[1] };
  }
  // A wrapper this text gives curl's method or body flags elsewhere (`tfh_api_call -X DELETE "$url"`) passes
  // them to curl: without any, curl's default.
  if (takesCurlFlags(text, lines, program)) return implied('GET', name);
  // A script named for the API it calls (`terraform_cloud_api.sh "/organizations"`, `github_api.sh`): a
  // wrapper of curl by convention, sending curl's default without a method or body flag.
  if (API_SCRIPT.test(program)) return implied('GET', name);
  return undefined;
}

/**
 * The method of a curl (or wget) command written inside another language's text around `at`: a Jenkinsfile's
 * `sh """` script (`curl \` then `--request DELETE \` then the URL on lines of their own), a Robot Framework
 * keyword's `cmd=… && curl … '${API}/workspaces/…'`. The simple command there (`commandAt`) must start with
 * curl or wget (after `sudo`, `if` and the like); any other command, or none, says nothing.
 */
export function embeddedCurlMethod(text: string, lines: Lines, at: number): MethodToken | undefined {
  const words = commandAt(text, lines, at, true);
  const inner = words ? stringCommand(text, lines, words, at) : undefined;
  if (inner !== undefined) return innerMethod(inner, at, true);
  // (A runbook's shell prompt, `$ curl -s \`, stands before the command.)
  const program = words?.find((w, k) => !PREFIX.has(w.text) && !/^\w+=/.test(w.text) && !(k === 0 && w.text === '$'));
  if (!program || (program.text !== 'curl' && program.text !== 'wget')) return undefined;
  return commandMethod(text, lines, at, true);
}

/** `"$@"`, `$@`: all the positional parameters as words. */
const ALL_ARGS = /^["']?\$(?:@|\{@\})["']?$/;
/** A `set --` line (group 1: what follows `--`). */
const SET_ARGS = /^\s*set[ \t]+--(?:[ \t]+(.*))?$/;
/** How far above a command its `set --` lines may be. */
const SET_LINES = 12;

/**
 * The command's words with `"$@"` replaced by the words of the `set --` lines above it that build the list
 * (`set -- --header "…"`, `set -- "$@" --request POST --data @payload.json`, then `curl "$@" "$url"`): the
 * nearest `set --` within SET_LINES lines, and those above it it appends to through its own `"$@"`. A
 * function's first line or a closing `}` on the way up ends the search (a function's `"$@"` is its caller's
 * arguments); none found, the words as they are.
 */
function withSetArgs(text: string, lines: Lines, words: readonly Word[]): readonly Word[] {
  let args: Word[] | undefined;
  const top = lines.lineOf(words[0]!.start);
  for (let line = top - 1; line >= 0 && line >= top - SET_LINES; line--) {
    const content = text.slice(lines.startOf(line), lines.endOf(line));
    if (/^\s*\}|^\s*(?:function\s+)?[\w-]+\s*\(\)|^\s*function\s/.test(content)) break;
    const m = SET_ARGS.exec(content);
    if (!m) {
      if (args) break;
      continue;
    }
    const set = commandAt(text, lines, lines.startOf(line) + content.indexOf('set')) ?? [];
    const list = set.slice(set.findIndex((w) => w.text === '--') + 1);
    const spread = list.findIndex((w) => ALL_ARGS.test(w.text));
    const own = list.filter((w) => !ALL_ARGS.test(w.text));
    args = args ? [...own, ...args] : own;
    if (spread === -1) break;
  }
  if (!args) return words;
  const out: Word[] = [];
  for (const w of words)
    if (ALL_ARGS.test(w.text)) out.push(...args);
    else out.push(w);
  return out;
}

/** A word that opens a string holding a curl or wget command: `"curl -s …"`, `'curl -X POST …'`, Python's `f"curl …"`. */
const COMMAND_STRING = /^[A-Za-z$@]{0,2}(["'`])\s*(?:curl|wget)\s/;

/** The lines around a command, its own quotes blanked (`stringCommand`), and where they start in the whole text. */
interface CommandWindow {
  readonly text: string;
  readonly base: number;
}

/**
 * The lines around `at` with the quotes of the string that holds `at` blanked, when that string is a curl (or wget)
 * command written in another command or language (`sh "curl -s https://…/runs"`, `command = "curl -X POST … ${url}"`,
 * a YAML list item `- 'curl -s …'`, `subprocess.run(f"curl …")`): the shell then reads the command inside it, its words
 * at the same offsets from `base`, the words around the string blanked. Only the lines `commandAt` and `withSetArgs`
 * can reach from `at` are copied (a whole-text copy per URL made a file of many such commands quadratic). Undefined when `at` is in
 * no such string.
 */
function stringCommand(text: string, lines: Lines, words: readonly Word[], at: number): CommandWindow | undefined {
  const w = words.find((x) => x.start <= at && at < x.end);
  const m = w ? COMMAND_STRING.exec(w.text) : null;
  if (!w || !m?.[1]) return undefined;
  const open = w.start + m[0].indexOf(m[1]);
  let close = open + 1;
  for (; close < w.end && text[close] !== m[1]; close++) if (text[close] === '\\' && m[1] !== "'") close++;
  if (close >= w.end || at <= open || at >= close) return undefined;
  // The words around the string (`sh`, `command =`, `, returnStdout: true`) blanked: the command is the string's alone.
  const first = words[0]!.start;
  const last = words[words.length - 1]!.end;
  const line = lines.lineOf(at);
  // Lines further than a command's longest span from `at`'s line hold no part of a command read there (`commandAt`
  // reads none longer): a text of long lines copied 53 of them per URL (a Python file of 9,700-character lines of
  // `os.system("curl …")`, 8 s at 400 KB).
  let above = Math.max(0, line - MAX_CONTINUATIONS - SET_LINES - 1);
  while (above < line && lines.startOf(line) - lines.startOf(above) > MAX_COMMAND_SPAN) above++;
  let below = line + MAX_CONTINUATIONS + 1;
  while (below > line && lines.endOf(below) - lines.endOf(line) > MAX_COMMAND_SPAN) below--;
  const base = Math.min(first, lines.startOf(above));
  const stop = Math.max(last, lines.endOf(below));
  const blank = (from: number, to: number): string => text.slice(from, to).replace(/[^\n]/g, ' ');
  return {
    text: `${text.slice(base, first)}${blank(first, open + 1)}${text.slice(open + 1, close)}${blank(close, last)}${text.slice(last, stop)}`,
    base,
  };
}

/** The method of the command a `stringCommand` window holds at `at`, at its offsets in the whole text. */
function innerMethod(inner: CommandWindow, at: number, doubled: boolean): MethodToken | undefined {
  // The whole text's here-document gate answered for `at` before the window was cut (`commandMethod`): not asked again.
  const token = commandMethod(inner.text, new Lines(inner.text), at - inner.base, doubled, true);
  return token && { ...token, start: token.start + inner.base, end: token.end + inner.base };
}

/**
 * A shell function of the text that sends one of its positional parameters in a curl's (or wget's) URL: which one
 * (1-based, `shift`s before it counted), whether the URL's part before it is the API's (`…/api/v2/`, written or in a
 * variable assigned once), and the method the command sends (undefined when it is not said: `-X "$2"`).
 */
interface ShellHelper {
  readonly param: number;
  /** PowerShell: the parameter's name (lower-cased), which a call may name (`-Path "runs"`). */
  readonly name?: string;
  readonly api: boolean;
  readonly method: HttpMethod | undefined;
  /** PowerShell: the parameter whose default is the method (1-based position, lower-cased name), a call may give another. */
  readonly methodParam?: { readonly param: number; readonly name: string };
}

/** The text's shell functions read so far, by definition's line start (undefined: sends no parameter; null: one whose URL cannot be read). */
const SHELL_HELPERS = memoKey<Map<number, ShellHelper | null | undefined>>('shell functions sending a parameter');
/** How many lines of a function's body are read, and how many of them that run curl or wget. */
const MAX_HELPER_LINES = 80;
const MAX_HELPER_SENDS = 4;

/**
 * The shell function `name` the text defines (`name() {`, `function name {`) that a call at `at` runs, when its body
 * sends a positional parameter as (part of) a URL (`ShellHelper`); null when its sends disagree (two parameters, two
 * methods); undefined when the text defines no such function or its body sends no parameter. A function defined more
 * than once (each step of a workflow its own shell, a script redefining it) runs as its last definition before the
 * call; a call before every definition (from inside another function) only when there is one definition.
 */
function shellHelper(text: string, lines: Lines, name: string, at: number): ShellHelper | null | undefined {
  const defined = definitions(text, lines).get(name);
  if (!defined) return undefined;
  let runs: Definition | undefined;
  for (const d of defined) if (d.start < at) runs = d;
  if (runs === undefined) {
    if (defined.length > 1) return null;
    runs = defined[0]!;
  }
  const helpers = lines.memo(SHELL_HELPERS, () => new Map<number, ShellHelper | null | undefined>());
  if (helpers.has(runs.start)) return helpers.get(runs.start);
  helpers.set(runs.start, undefined);
  const found = readShellHelper(text, lines, runs.start, runs.indent);
  helpers.set(runs.start, found);
  return found;
}

/** A shell function's definition line: `name() {`, `function name {`, `function name()`. Group 1: the indentation; 2 or 3: the name. */
const DEFINITION = /([ \t]*)(?:function[ \t]+([\w.:-]+)(?:[ \t]*\(\))?|([\w.:-]+)[ \t]*\(\))[ \t]*\{?[ \t]*$/my;

/** Where a text defines a function: a definition's line start and indentation. */
interface Definition {
  readonly start: number;
  readonly indent: string;
}
const DEFINITIONS = memoKey<ReadonlyMap<string, readonly Definition[]>>('shell function definitions');

/**
 * Every function definition of the text (`DEFINITION`), found in one pass per text whichever command names are asked:
 * only the lines holding `()` or `function` (the marker gate: neither, no definition) are tried.
 */
function definitions(text: string, lines: Lines): ReadonlyMap<string, readonly Definition[]> {
  return lines.memo(DEFINITIONS, () => {
    const found = new Map<string, Definition[]>();
    if (!lines.markers.any(['()', 'function'])) return found;
    const starts: number[] = [];
    for (const marker of ['()', 'function'])
      for (let at = text.indexOf(marker); at !== -1; at = text.indexOf(marker, at + marker.length))
        starts.push(text.lastIndexOf('\n', at - 1) + 1);
    starts.sort((a, b) => a - b);
    let last = -1;
    for (const start of starts) {
      if (start === last) continue;
      last = start;
      DEFINITION.lastIndex = start;
      const m = DEFINITION.exec(text);
      const name = m?.[2] ?? m?.[3];
      if (!m || !name) continue;
      const definition = { start, indent: m[1] ?? '' };
      const known = found.get(name);
      if (known) known.push(definition);
      else found.set(name, [definition]);
    }
    return found;
  });
}

function readShellHelper(text: string, lines: Lines, start: number, indent: string): ShellHelper | null | undefined {
  const top = lines.lineOf(start + indent.length);
  const assigned = new Map<string, number>();
  let shifts = 0;
  let found: ShellHelper | undefined;
  let sends = 0;
  const psParams: { name: string; fallback: string | undefined }[] = [];
  /** Inside a `param(` block: its open parentheses (-1 on its first line, before they are counted). */
  let paramDepth = 0;
  for (let line = top + 1; line <= top + MAX_HELPER_LINES; line++) {
    const from = lines.startOf(line);
    if (line > top + 1 && from <= lines.startOf(line - 1)) break;
    const content = text.slice(from, lines.endOf(line));
    // The body's closing brace, at the definition's indentation (or less).
    if (/^[ \t]*\}/.test(content) && content.indexOf('}') <= indent.length) break;
    if (/^[ \t]*shift(?:[ \t]*(?:[;#].*)?)$/.test(content)) shifts++;
    // `local path="${1#/}"`, `url=$1`: a variable holding a parameter (the `shift`s before it counted).
    const alias = /^[ \t]*(?:local[ \t]+)?([A-Za-z_]\w*)=["']?\$\{?([1-9])(?:[#%:][^}\n]*)?\}?["']?[ \t]*$/.exec(
      content,
    );
    if (alias?.[1] && alias[2]) assigned.set(alias[1], Number(alias[2]) + shifts);
    // PowerShell's parameters (`param([string]$Path, [string]$Method = "Get")`, one a line or several): in order.
    if (paramDepth === 0 && /^[ \t]*param[ \t]*\(/i.test(content)) paramDepth = -1;
    if (paramDepth !== 0) {
      for (const m of content.matchAll(PS_PARAM))
        if (psParams.length < 16) psParams.push({ name: m[1]!.toLowerCase(), fallback: m[2]?.toUpperCase() });
      if (paramDepth === -1) paramDepth = 0;
      for (const c of content)
        if (c === '(') paramDepth++;
        else if (c === ')') paramDepth--;
      if (paramDepth < 0) paramDepth = 0;
    }
    const cmdlet = psParams.length > 0 ? WEB_CMDLET_USE.exec(content) : null;
    if (cmdlet) {
      if (++sends > MAX_HELPER_SENDS) return null;
      const helper = psHelper(text, lines, from + cmdlet.index + cmdlet[0].length - 1, psParams);
      if (helper === null || (found && helper && (found.param !== helper.param || found.method !== helper.method)))
        return null;
      found = helper ?? found;
      continue;
    }
    const program = /(?:^|[\s;&|(])(curl|wget)[ \t]/.exec(content);
    if (!program) continue;
    if (++sends > MAX_HELPER_SENDS) return null;
    const words = commandAt(text, lines, from + program.index + program[0].length - 1);
    if (!words) continue;
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      if (/^-/.test(w.text) || NOT_URL_VALUE.test(words[i - 1]?.text ?? '')) continue;
      const use = positionalUse(w.text, assigned, shifts);
      if (!use) continue;
      const sent = commandMethod(text, lines, w.start);
      const helper: ShellHelper = {
        param: use.param,
        api: apiBase(text, lines, w.text.slice(0, use.at), false),
        method: sent?.method,
      };
      if (found && (found.param !== helper.param || found.method !== helper.method)) return null;
      found = helper;
    }
  }
  return found;
}

/** A PowerShell parameter: `[string]$Path`, `$Method = "Get"`. Group 1: the name; 2: a verb default. */
const PS_PARAM = /\$([A-Za-z_]\w*)(?:[ \t]*=[ \t]*["']?(get|post|put|patch|delete)\b)?/gi;
/** A web cmdlet in a function's body. */
const WEB_CMDLET_USE = /(?:^|[\s;|(=])(?:Invoke-RestMethod|Invoke-WebRequest|irm|iwr)[ \t]/i;

/**
 * A PowerShell function's web cmdlet at `at` sending one of its parameters in its URL (`-Uri "$TfeBase/$Path"`):
 * the parameter, the base, and the method: `-Method Post`, a method parameter's default verb, GET without one (a
 * splatted call: unknown). Undefined when the URL holds no parameter; null when its method parameter has no default.
 */
function psHelper(
  text: string,
  lines: Lines,
  at: number,
  params: readonly { name: string; fallback: string | undefined }[],
): ShellHelper | null | undefined {
  const words = commandAt(text, lines, at);
  if (!words) return undefined;
  const program = words.findIndex((w) => /^(?:Invoke-RestMethod|Invoke-WebRequest|irm|iwr)$/i.test(w.text));
  if (program === -1) return undefined;
  let uri: Word | undefined;
  let method: HttpMethod | undefined = 'GET';
  let methodParam: { param: number; name: string } | undefined;
  for (let i = program + 1; i < words.length; i++) {
    const w = words[i]!;
    const next = words[i + 1];
    if (/^-Ur[il]$/i.test(w.text) && next) uri = next;
    else if (/^-Method$/i.test(w.text) && next) {
      const literal = tokenOf(next)?.method;
      const held = /^\$(\w+)$/.exec(next.text)?.[1]?.toLowerCase();
      const index = params.findIndex((p) => p.name === held);
      const fallback = params[index]?.fallback;
      method = literal ?? (fallback !== undefined && isHttpMethod(fallback) ? fallback : undefined);
      if (method === undefined) return null;
      if (!literal) methodParam = { param: index + 1, name: params[index]!.name };
    } else if (/^@\w/.test(w.text)) return null;
    else if (!uri && !w.text.startsWith('-') && !/^-/.test(words[i - 1]?.text ?? '')) uri = w;
  }
  if (!uri) return undefined;
  for (const m of uri.text.matchAll(/\$\{?([A-Za-z_]\w*)/g)) {
    const index = params.findIndex((p) => p.name === m[1]!.toLowerCase());
    if (index === -1) continue;
    const api = apiBase(text, lines, uri.text.slice(0, m.index), true);
    return { param: index + 1, name: params[index]!.name, api, method, ...(methodParam ? { methodParam } : {}) };
  }
  return undefined;
}

/** Options whose value is no URL (a body, a header, a file, credentials): `-d "$1"` sends the parameter as data. */
const NOT_URL_VALUE =
  /^(?:-d|--data(?:-\w+)?|--json|-F|--form|-H|--header|-u|--user|-o|--output|-T|--upload-file|-w|--write-out)$/;

/** The positional parameter a word of a function's command refers to (`$1`, `${1#/}`, a variable holding one) and where. */
function positionalUse(
  word: string,
  assigned: ReadonlyMap<string, number>,
  shifts: number,
): { param: number; at: number } | undefined {
  for (const m of word.matchAll(/\$\{?([1-9]|[A-Za-z_]\w*)/g)) {
    const ref = m[1]!;
    if (/^[1-9]$/.test(ref)) return { param: Number(ref) + shifts, at: m.index };
    const held = assigned.get(ref);
    if (held !== undefined) return { param: held, at: m.index };
  }
  return undefined;
}

/**
 * Whether a URL's part before a parameter is the API's: it holds `/api/v2` under the platform's host (`PLATFORM_HOST`)
 * or a host a variable gives (`https://$TFE_HOST/api/v2`, `${HOST:-app.terraform.io}`: a self-hosted edition's), written
 * or in a variable the text assigns once (`TFE_API="https://$HOST/api/v2"`, then `"$TFE_API/$1"`: shell-values.ts's
 * answer, as written). Another host's `/api/v2` (`https://releases.example.com/api/v2/$1`: Datadog, CircleCI and
 * Zendesk serve one too) is not.
 */
function apiBase(text: string, lines: Lines, before: string, powershell: boolean, depth = 0): boolean {
  const api = /\/api\/v2\b/.exec(before);
  if (api) return platformHost(before.slice(0, api.index));
  if (depth > 0) return false;
  for (const m of before.matchAll(/\$\{?([A-Za-z_]\w*)/g)) {
    const written = shellValues(text, lines, powershell).written(m[1]!);
    if (written !== undefined && apiBase(text, lines, written, powershell, depth + 1)) return true;
  }
  return false;
}

/** The hosted edition's hosts. */
const PLATFORM_HOST = /^(?:app\.(?:eu\.)?terraform\.io)(?::443)?$/i;

/**
 * Whether what a URL holds before its `/api/v2` names the platform's host or leaves it to a variable (`https://$HOST`,
 * `${TFE_ADDRESS}`, `$(tfe_host)`): a literal host must be the hosted edition's.
 */
function platformHost(before: string): boolean {
  const scheme = before.lastIndexOf('://');
  const host = (scheme === -1 ? before : before.slice(scheme + 3)).replace(/^["'`]+/, '');
  if (/[$@{]/.test(host)) return true;
  return host === '' ? scheme === -1 : PLATFORM_HOST.test(host);
}

/**
 * Whether the call's word `own` (its program at `index`) is the helper's URL parameter: the parameter named before it
 * (PowerShell's `-Path "runs"`), or at the parameter's position, no named argument before it.
 */
function sameArgument(words: readonly Word[], index: number, own: number, helper: ShellHelper): boolean {
  const before = words[own - 1]?.text ?? '';
  if (helper.name !== undefined && /^-[A-Za-z_]\w*$/.test(before)) return before.slice(1).toLowerCase() === helper.name;
  if (helper.name !== undefined && words.slice(index + 1, own).some((w) => w.text.startsWith('-'))) return false;
  return helper.param === own - index;
}

/** PowerShell's web cmdlets and their aliases. */
/** PowerShell's web cmdlets and their aliases. */
const WEB_CMDLETS = ['Invoke-RestMethod', 'Invoke-WebRequest', 'irm', 'iwr'];
const WEB_CMDLET = new RegExp(`^(?:${WEB_CMDLETS.join('|')})$`, 'i');
/** A command that sends a request by its URL word, named anywhere in a text: curl, wget, PowerShell's web cmdlets. */
export const URL_COMMAND = new RegExp(`(?<![\\w-])(?:curl|wget|${WEB_CMDLETS.join('|')})(?![\\w-])`, 'i');

/** A program named for an API: `terraform_cloud_api.sh`, `tfc-api`. */
const API_SCRIPT = /(?:^|[_-])api(?:\.sh)?$/i;

/**
 * Whether `program` is called with curl's method or body flags somewhere in the text (a wrapper of curl), before
 * or after its URL (`"$srcdir/tfc.sh" "/varsets/$id" -X DELETE`).
 */
function takesCurlFlags(text: string, lines: Lines, program: string): boolean {
  // The gate: a text holding none of the flags (`--data` holds `-d`) has no such wrapper, whatever its commands.
  if (!/^[\w.-]+$/.test(program) || !lines.markers.any(['-X', '-d', '--request'])) return false;
  return lines.memo(FLAGGED, () => flaggedPrograms(text)).has(program);
}

const FLAGGED = memoKey<ReadonlySet<string>>('programs given curl flags');
/**
 * A curl method or body flag after a space and ended as one (`-X DELETE`, `-XPOST`, `-d @x.json`, `-d'{…}'`,
 * `--data-raw …`), or a wrapper's own request option (`--request=PUT`, `--request-path=/x`): not `-Xmx512m` (java),
 * `-destroy`, `--database`.
 */
const CURL_FLAG = /\s(?:-X(?:[A-Z]+(?![\w-])|(?=[\s=]|$))|--request|-d(?=[\s=@"']|$)|--data(?:-[a-z]+)?(?=[\s=]|$))/g;
/**
 * Programs whose own options take `-d`/`-X` (`date -d "1 day ago"`, `python notify.py -d x`, `java -Xss1m`): an
 * interpreter or a system tool is no wrapper of curl (a script it runs may be; it is not the program then).
 */
const NOT_WRAPPER =
  /^(?:date|java|python[\d.]*|node|deno|ruby|perl|php|bash|sh|zsh|ksh|dash|pwsh|docker|podman|kubectl|helm|git|cut|tr|sort|uniq|mkdir|tar|zip|unzip|gzip|base64|openssl|xargs|sed|awk|grep|jq|yq|ls|cp|mv|rm|cat|echo|printf|tee|make|npm|npx|yarn|pip[\d.]*|go|ssh|scp|rsync|terraform|aws|az|gcloud)$/;
/** A word that may be a program: after a space, a separator or a path's `/`, ended by a space (a quote between). */
const PROGRAM_WORD = /(?<=^|[\s;&|(/])[\w.-]+(?=["']?\s)/g;

/**
 * The words of the text a curl method or body flag follows later in the same command part (not past a line's end,
 * `|`, `;` or `&`): the programs `takesCurlFlags` asks about, read in one pass over the lines holding a flag
 * (a search of the whole text per program was quadratic in a Makefile of distinct wrappers).
 */
function flaggedPrograms(text: string): ReadonlySet<string> {
  const out = new Set<string>();
  CURL_FLAG.lastIndex = 0;
  let done = -1;
  for (let m = CURL_FLAG.exec(text); m !== null; m = CURL_FLAG.exec(text)) {
    if (m.index < done) continue;
    const start = text.lastIndexOf('\n', m.index) + 1;
    let end = text.indexOf('\n', m.index + 1);
    if (end === -1) end = text.length;
    done = end;
    // Each part of the line (cut at `|`, `;`, `&`): its words before the part's last flag.
    const line = text.slice(start, end);
    for (const part of line.split(/[|;&]/)) {
      let last = -1;
      CURL_FLAG.lastIndex = 0;
      for (let f = CURL_FLAG.exec(part); f !== null; f = CURL_FLAG.exec(part)) last = f.index;
      if (last === -1) continue;
      PROGRAM_WORD.lastIndex = 0;
      for (let w = PROGRAM_WORD.exec(part); w !== null && w.index < last; w = PROGRAM_WORD.exec(part))
        if (!NOT_WRAPPER.test(w[0])) out.add(w[0]);
    }
    CURL_FLAG.lastIndex = end;
  }
  return out;
}

/** `$url`, `${url}`, `"$url"` as (part of) a word of a command on `line`: the offset of the `$`, or -1. */
export function variableUse(text: string, lines: Lines, line: number, name: string): number {
  const body = text.slice(lines.startOf(line), lines.endOf(line));
  const m = variablePatterns(name).shellUse.exec(body);
  return m ? lines.startOf(line) + m.index : -1;
}

/** The method word after `-X` (or inside `-XPOST` from `skip`), when it is one. */
function tokenOf(w: Word, skip = 0): MethodToken | undefined {
  const quote = /^["']/.test(w.text.slice(skip)) ? 1 : 0;
  const word = /^[A-Za-z]+/.exec(w.text.slice(skip + quote))?.[0] ?? '';
  const method = word.toUpperCase();
  if (!isHttpMethod(method)) return undefined;
  const start = w.start + skip + quote;
  return { method, start, end: start + word.length, text: word };
}

function unquote(word: string): string {
  return word.replace(/["']/g, '');
}

/**
 * The words of the simple command around `at`: its logical line (joined over `\` continuations),
 * cut at `|`, `;`, `&&`, `||`, `$(`, `(`, `)` and backticks outside quotes (and at `$(…)` inside `"…"`).
 * A command of more than MAX_COMMAND_WORDS words is not read.
 */
export function commandAt(text: string, lines: Lines, at: number, doubled = false): Word[] | undefined {
  // A line asked about again (a line of many URLs: each asks) has its span found once, and is then read once whole and
  // its commands kept (`Reading`): read from its start for each URL, a long line of them took time growing with their
  // count squared (15 s for a 100 KB line of paths). The first ask reads up to `at`'s command only, as most lines are
  // asked once.
  const spans = lines.memo(COMMAND_SPANS, () => new Map<number, CommandSpan>());
  const key = lines.lineOf(at) * 2 + (doubled ? 1 : 0);
  let span = spans.get(key);
  if (span === undefined) {
    span = commandSpan(text, lines, at, doubled);
    spans.set(key, span);
    if (span.to - span.from > MAX_COMMAND_SPAN) return undefined;
    const words = readCommands(text, span.from, span.to, at, doubled, false).found;
    return words !== undefined && words.length <= MAX_COMMAND_WORDS ? words : undefined;
  }
  if (span.to - span.from > MAX_COMMAND_SPAN) return undefined;
  span.reading ??= readCommands(text, span.from, span.to, -1, doubled, true).reading;
  return span.reading?.at(at);
}

/**
 * How many characters one command's lines may hold to be read: a command's words and a here-document's body fit (a curl
 * with headers, a JSON body and `\` continuations is a few KB), and a longer one is not read. Each line of a run of
 * continued lines is read with up to MAX_CONTINUATIONS lines either side, and its reading kept: 800 KB of continued
 * 9,000-character lines read 81 lines for each, 2.8 s and hundreds of MB held (session 36's sweep).
 */
const MAX_COMMAND_SPAN = 32_000;

/** More words than a command line holds (a curl with its headers and data has tens); a longer run is no command read. */
const MAX_COMMAND_WORDS = 500;

/**
 * How far a command's `$(` is looked at for its `)`: past it, the `$(` is read as unclosed (each `$(` of a long line
 * looked to the line's end, and 800 KB of unclosed ones took a minute). Its words and a here-document's body fit.
 */
const MAX_COMMAND_SUBSTITUTION = 8_000;

/** How many substitutions deep an offset's command is read (`Reading.at`): a script nests a few. */
const MAX_NESTING = 16;

/** Where a line's command starts and ends (`commandSpan`), and once asked again, its commands read whole. */
interface CommandSpan {
  readonly from: number;
  readonly to: number;
  reading?: Reading | undefined;
}

/** Each text's command spans, by line (times two, plus one when the shell's `\\` is doubled: `commandAt`). */
const COMMAND_SPANS = memoKey<Map<number, CommandSpan>>('shell command spans by line');

/** The logical lines around `at`'s: the offsets of the command's first line's start and last line's end. */
function commandSpan(text: string, lines: Lines, at: number, doubled: boolean): CommandSpan {
  const line = lines.lineOf(at);
  let first = line;
  while (first > 0 && line - first < MAX_CONTINUATIONS && continues(text, lines, first - 1)) first--;
  // A command resumed after a here-document inside its word (`--data "$(cat <<EOF` … `EOF` then `)" \`): from the
  // line that opened it, and the lines that line continues.
  const opener =
    first > 1 && /^[ \t]*\)/.test(text.slice(lines.startOf(first), lines.endOf(first)))
      ? hereOpener(text, lines, first - 1)
      : -1;
  if (opener !== -1) {
    first = opener;
    while (first > 0 && line - first < MAX_CONTINUATIONS + HERE_LINES && continues(text, lines, first - 1)) first--;
  }
  // A command resumed after a string that spans lines (`-d "{` … `}" \` then `"${API_BASE}")`): from the line that
  // opened the string, and the lines that line continues (`shellStringResumes`' reading, asked only of a line with a quote).
  const quoted = opener === -1 && !doubled ? stringOpener(text, lines, first) : -1;
  if (quoted !== -1 && line - quoted < MAX_CONTINUATIONS) {
    first = quoted;
    while (first > 0 && line - first < MAX_CONTINUATIONS && continues(text, lines, first - 1)) first--;
  }
  let last = line;
  while (last - line < MAX_CONTINUATIONS && continues(text, lines, last)) last++;
  return { from: lines.startOf(first), to: lines.endOf(last) };
}

/** The quotes open around the `$(…)`s a reading is inside, innermost first (a list: a reading's state is kept cheaply). */
type Outer = { readonly quote: string; readonly up: Outer } | undefined;

/** A substitution read as a part of its word, and the reading's state where it opens (`Reading`: read again from there). */
interface Substitution {
  readonly from: number;
  readonly to: number;
  readonly quote: string;
  readonly outer: Outer;
}

/**
 * A span's commands read whole for any offset (`readCommands`' `whole`): each command's words and the offset that ends
 * it, in order; the substitutions read as parts of a word, whose insides an offset there reads instead (each read whole
 * from where it opens on the first such ask); and the words before a string still open where the span ends.
 */
class Reading {
  /** The readings of the substitutions' insides asked so far, by their start. */
  readonly #insides = new Map<number, Reading | undefined>();

  constructor(
    private readonly source: { readonly text: string; readonly to: number; readonly doubled: boolean },
    private readonly commands: readonly { readonly words: readonly Word[]; readonly cut: number }[],
    /** In order, none inside another (a substitution's inside is passed over). */
    private readonly substitutions: readonly Substitution[],
    private readonly open: { readonly words: readonly Word[]; readonly last: Word } | undefined,
  ) {}

  /** The words of the command holding `at`, as a reading stopped at `at` finds them (a copy: callers own it). */
  at(at: number): Word[] | undefined {
    // Inside a substitution passed over, the reading of its inside answers, and so on in: at most MAX_NESTING deep.
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the reading walked in from this one
    let reading: Reading = this;
    for (let depth = 0; ; depth++) {
      const inner = reading.#within(at);
      if (inner === reading) return reading.#command(at);
      if (inner === undefined || depth === MAX_NESTING) return undefined;
      reading = inner;
    }
  }

  /** The reading of `at`'s substitution's inside when it is in one passed over here, else this reading. */
  #within(at: number): Reading | undefined {
    const holding = this.substitutions[firstAtOrAfterBy(this.substitutions, at, (s) => s.to)];
    return holding !== undefined && at >= holding.from ? this.#inside(holding) : this;
  }

  /** The words of the command holding `at` among this reading's own. */
  #command(at: number): Word[] | undefined {
    // The first command that ends after `at`: those before it end at or before `at`, and one after starts after it.
    const command = this.commands[firstAtOrAfterBy(this.commands, at + 1, (c) => c.cut)];
    const first = command?.words[0];
    if (command !== undefined && first !== undefined && at >= first.start)
      return command.words.length > MAX_COMMAND_WORDS ? undefined : [...command.words];
    const open = this.open;
    if (open !== undefined && at >= (open.words[0]?.start ?? open.last.start) && at < open.last.start)
      return open.words.length >= MAX_COMMAND_WORDS ? undefined : [...open.words, open.last];
    return undefined;
  }

  /** The reading of an offset inside `substitution`: from where it opens, in the state there, entering it alone. */
  #inside(substitution: Substitution): Reading | undefined {
    if (!this.#insides.has(substitution.from)) {
      const { text, to, doubled } = this.source;
      const from = substitution.from;
      this.#insides.set(from, readCommands(text, from, to, from, doubled, true, substitution).reading);
    }
    return this.#insides.get(substitution.from);
  }
}

/**
 * The words of a span's commands (`commandAt`): those of the command holding `at` (`found`, the reading stopped there),
 * or with `whole`, every command (`reading`) as read for any offset outside the substitutions it passes over: those
 * not holding `at` (-1: all; a substitution's start: all but that one, read from there in `resume`'s state).
 */
function readCommands(
  text: string,
  from: number,
  to: number,
  at: number,
  doubled: boolean,
  whole: boolean,
  resume?: Substitution,
): { found?: Word[]; reading?: Reading } {
  const commands: { words: readonly Word[]; cut: number }[] = [];
  const substitutions: Substitution[] = [];
  let words: Word[] = [];
  let start = -1;
  let quote = resume?.quote ?? '';
  let found: Word[] | undefined;
  const end = (i: number): void => {
    if (start !== -1) words.push({ text: text.slice(start, i), start, end: i });
    start = -1;
  };
  const cut = (i: number): boolean => {
    end(i);
    if (whole) commands.push({ words, cut: i });
    else if (at >= (words[0]?.start ?? Infinity) && at < i) found = words;
    words = [];
    return found !== undefined;
  };
  // Quotes open around a `$(…)` inside them: `resp="$(curl -X POST "$url")"` holds a command.
  let outer: Outer = resume?.outer;
  for (let i = from; i <= to; i++) {
    const c = i === to ? '\n' : text[i]!;
    if (c === '$' && text[i + 1] === '(' && quote !== "'") {
      // A substitution that does not hold `at` is a part of its word (`-H "Authorization: Bearer $(cat token)"`,
      // Azure's `$(ORG)`), not the end of the command `at` is in.
      const shut = substitutionEnd(text, i + 2, Math.min(to, i + 2 + MAX_COMMAND_SUBSTITUTION), false);
      if (shut !== -1 && (at < i || at > shut)) {
        if (whole) substitutions.push({ from: i, to: shut, quote, outer });
        if (start === -1) start = i;
        i = shut;
        continue;
      }
      if (cut(i)) break;
      outer = { quote, up: outer };
      quote = '';
      i++;
      continue;
    }
    if (quote !== '') {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = '';
      continue;
    }
    if (c === '\\') {
      // In another language's string (`sh """` … `curl -s \\` …), the shell's `\` before a newline is written doubled.
      const newline = text[i + 2] === '\r' ? i + 3 : i + 2;
      if (doubled && text[i + 1] === '\\' && text[newline] === '\n') {
        end(i);
        i = newline;
        continue;
      }
      if (start === -1) start = i;
      i++;
      if (text[i] === '\n') end(i - 1);
      continue;
    }
    if (c === '"' || c === "'") {
      if (start === -1) start = i;
      quote = c;
    } else if (c === ' ' || c === '\t' || c === '\r') end(i);
    else if (c === ')' && outer !== undefined) {
      if (cut(i)) break;
      quote = outer.quote;
      outer = outer.up;
      // Read from a substitution's start (`resume`), it closes here: no command after it holds an offset inside it.
      if (resume !== undefined && outer === resume.outer) break;
    } else if (c === '`' && psContinues(text, i) && (text[i + 1] === '\n' || text[i + 1] === '\r')) {
      end(i);
      i = text[i + 1] === '\r' ? i + 2 : i + 1;
    } else if (c === '\n' || c === ';' || c === '|' || c === '&' || c === '`' || c === ')' || c === '(') {
      if (cut(i)) break;
    } else if (start === -1) start = i;
  }
  // A string still open where the command's lines end (`--data '{` then the body's lines): its opening word ends
  // the command, when `at` is before it.
  if (whole) {
    const open =
      quote !== '' && start !== -1 ? { words, last: { text: text.slice(start, to), start, end: to } } : undefined;
    return { reading: new Reading({ text, to, doubled }, commands, substitutions, open) };
  }
  if (!found && quote !== '' && start !== -1 && at >= (words[0]?.start ?? start) && at < start) {
    end(to);
    found = words;
  }
  return found === undefined ? {} : { found };
}

/** The line that opened the quoted string line `line` starts inside (`-d "{` above `}" \`), or -1 (`opens`). */
function stringOpener(text: string, lines: Lines, line: number): number {
  const start = lines.startOf(line);
  const end = lines.endOf(line);
  const row = text.slice(start, end);
  if (!row.includes('"') && !row.includes("'")) return -1;
  const opened = lines.memo(SPANS, () => readSpans(text)).opens.get(start);
  return opened === undefined ? -1 : lines.lineOf(opened);
}

/**
 * How many lines a here-document may have where a reader looks for its opener line by line (`hereOpener`, `lineHereBody`,
 * and `variableSending`, which does not count a body longer than this as lines passed). The one-pass reading skips
 * bodies up to HERE_BODY_LINES.
 */
export const HERE_LINES = 60;

/**
 * The line above `end` (a here-document's delimiter line, `EOF`) whose `<<EOF` opens that here-document, or -1
 * when `end` is no body's last line or its opener is more than HERE_LINES lines above: the one-pass reading's bodies
 * (`readSpans`), data or shell alike.
 */
function hereOpener(text: string, lines: Lines, end: number): number {
  if (!lines.markers.has('<<')) return -1;
  const bodies = lines.memo(SPANS, () => readSpans(text)).bodies;
  const at = lines.startOf(end);
  let low = 0;
  let high = bodies.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (bodies[mid]!.end <= at) low = mid + 1;
    else high = mid;
  }
  const body = bodies[low];
  if (body === undefined || body.start > at || lines.lineOf(body.end - 1) !== end) return -1;
  const opener = lines.lineOf(body.start) - 1;
  return end - opener <= HERE_LINES ? opener : -1;
}

/** How long a command substitution inside a shell string may be (`substitutionEnd`'s default bound). */
const MAX_SUBSTITUTION = 240;

/**
 * The `)` closing a command substitution whose content starts at `from` (`$(ws_id "$1")`), before `to`, its own quoted
 * words and parentheses passed over; -1 when it does not close there, or (with `oneLine`) before its line ends. By
 * default it looks on its line within MAX_SUBSTITUTION characters. The one reader of `$(…)`'s end for strings
 * (source-text.ts's LinePlaces) and for commands.
 */
export function substitutionEnd(
  text: string,
  from: number,
  to = Math.min(text.length, from + MAX_SUBSTITUTION),
  oneLine = true,
): number {
  let depth = 0;
  let quote = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a && oneLine) return -1;
    if (quote !== 0) {
      if (c === quote) quote = 0;
      else if (c === 0x5c && quote === 0x22) i++;
    } else if (c === 0x5c) i++;
    else if (c === 0x22 || c === 0x27) quote = c;
    else if (c === 40) depth++;
    else if (c === 41 && depth-- === 0) return i;
  }
  return -1;
}

/** The line ends with a `\` continuation. */
function continues(text: string, lines: Lines, line: number): boolean {
  const end = lines.endOf(line);
  let i = end - 1;
  if (text[i] === '\r') i--;
  return (text[i] === '\\' || psContinues(text, i)) && end > lines.startOf(line);
}

/** PowerShell's line continuation: a backtick ending its line after a blank (`Invoke-RestMethod `` then `-Uri $u ``). */
function psContinues(text: string, i: number): boolean {
  return text[i] === '`' && (text[i - 1] === ' ' || text[i - 1] === '\t');
}

/**
 * `<<EOF`, `<<-'JSON'`, `<< "END"` at the offset lastIndex names (sticky: no `^`, which would hold only at offset 0), not
 * `<<<`. Group 2: the delimiter word. Not a CI template's placeholder (CircleCI's `<< parameters.token >>`, `<<pipeline.id>>`):
 * a dotted name is no delimiter a script writes, and taken for one its body would run to the file's end.
 */
const HERE_OPENER = String.raw`<<-?[ \t]*(["']?)([A-Za-z_]\w*)\1(?![\w.])`;
const HERE_OPEN = new RegExp(HERE_OPENER, 'y');

/** The characters `shellStringResumes` acts on: newline, `\\`, `$`, quotes, parentheses, braces, `#`, `<`. */
const RESUME_CHARS = new Uint8Array(126);
for (const c of '\n\\$"\'(){}#<') RESUME_CHARS[c.charCodeAt(0)] = 1;

/** A text's shell strings across lines (`shellStringResumes`) and here-documents' bodies (`hereDocumentEnd`), read in one pass. */
interface ShellSpans {
  readonly resumes: ReadonlyMap<number, number>;
  /** For each line that starts inside a quoted string (as `resumes`), the start of the line that opened the string. */
  readonly opens: ReadonlyMap<number, number>;
  /** Each here-document's body: from its first line's start to its delimiter line's end, in text order; `shell` when fed to a shell. */
  readonly bodies: readonly { start: number; end: number; shell: boolean }[];
}

const SPANS = memoKey<ShellSpans>('shell strings across lines and here-documents');

/**
 * Shell strings that span lines (`jq -n '{` … `}' | http POST "https://…/runs"`, `-d "{` … `}" https://…`):
 * for each line that starts inside a quoted string, the offset just past the quote that closes it on that
 * line, keyed by the line's start. A line-by-line reading takes that quote for an opening one, and the
 * rest of the line (the URL the command sends) for a string's content. Read once per text, left to right
 * as the shell reads it: `\` escapes outside single quotes, `#` comments at a word start, `$'…'`, command
 * substitutions and `${…}` inside double quotes (`"$(curl "$u" | jq '.x')"` nests), and here-documents'
 * bodies (data, whose apostrophes open nothing) skipped. Kept with the scan's `Lines`.
 */
export function shellStringResumes(text: string, lines: Lines): ReadonlyMap<number, number> {
  return lines.memo(SPANS, () => readSpans(text)).resumes;
}

/**
 * The end of the body of the here-document that holds `at`, past its delimiter line, when that body is data (`cat <<MSG`
 * … `MSG`, `jq … <<EOF`, `tee f <<'EOF'`): text the shell hands to a program, whose `curl -X DELETE "$url"` runs
 * nothing; else -1. A body fed to a shell (`bash <<EOF`, `ssh host <<EOF`, `kubectl exec … -- sh <<EOF`, `cat <<EOF | bash`, a
 * `.sh` file written, a Dockerfile's `RUN <<EOF`) holds commands: not data. The one answer every shell reader asks; asked
 * of the texts that hold shell commands (shell, a CI file's YAML, a Dockerfile, ini), never of another language's string
 * holding a command (its `<<` may be an operator). An opener the one-pass reading took for a string's content (YAML
 * prose's apostrophe) is found line by line (`lineHereBody`).
 */
export function hereDocumentEnd(text: string, lines: Lines, at: number): number {
  if (!lines.markers.has('<<')) return -1;
  const bodies = lines.memo(SPANS, () => readSpans(text)).bodies;
  let low = 0;
  let high = bodies.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (bodies[mid]!.end <= at) low = mid + 1;
    else high = mid;
  }
  const body = bodies[low];
  if (body !== undefined && body.start <= at) return body.shell ? -1 : body.end;
  return lineHereBody(text, lines, at);
}

/** An opener on a line (`cat > notes.md <<EOF`), not `<<<`. Group 2: the delimiter word. */
const LINE_OPEN = new RegExp(`(?<!<)${HERE_OPENER}`);

/**
 * The line-based reading of `hereDocumentEnd`, for an opener the one-pass reading took for a string's content: a YAML
 * file's prose (`name: Check the provider's entry`) is not shell, and its apostrophe opens nothing. The nearest line
 * within HERE_LINES above `at`'s with an opener (not in arithmetic, not after a `#`), when its delimiter line is at or
 * below `at`'s and its body is data: the body's end past that line; else -1.
 */
function lineHereBody(text: string, lines: Lines, at: number): number {
  const line = lines.lineOf(at);
  for (let l = line - 1; l >= 0 && l >= line - HERE_LINES; l--) {
    const start = lines.startOf(l);
    const row = text.slice(start, lines.endOf(l));
    if (row.trim() === '') continue;
    const m = LINE_OPEN.exec(row);
    if (!m) continue;
    if (inArithmetic(row, 0, m.index) || /(?:^|\s)#/.test(row.slice(0, m.index))) return -1;
    for (let k = l + 1; k <= l + HERE_LINES && lines.startOf(k) < text.length; k++) {
      if (text.slice(lines.startOf(k), lines.endOf(k)).trim() !== m[2]) continue;
      if (k < line || shellBody(row.slice(0, m.index), row.slice(m.index + m[0].length), text, lines.endOf(k)))
        return -1;
      return Math.min(text.length, lines.endOf(k) + 1);
    }
    return -1;
  }
  return -1;
}

/** A here-document's command that runs its body as commands: a shell, ssh, or a container's shell (`exec … -- sh`). */
const SHELL_BODY = /(?:^|[\s;&|(/])(?:(?:ba|z|k|da|a)?sh|ssh)(?![\w.-])[^\n;&|]*$/;
/** After the opener: the body piped to a shell (`cat <<'EOF' | bash`, `| sudo sh -s`). */
const PIPED_SHELL = /^[^\n#]*?\|[ \t]*(?:sudo[ \t]+)?(?:(?:ba|z|k|da|a)?sh|ssh)(?![\w.-])/;
/** Around the opener: the body written to a shell script (`cat > /tmp/check.sh <<'EOF'`, `tee run.bash`), run later. */
const SCRIPT_FILE = /(?:>|\btee[ \t]+(?:-a[ \t]+)?)[ \t]*["']?[^\s"'<>|;&]*\.(?:sh|bash)["']?(?![\w.-])/;
/** Before the opener: a Dockerfile's `RUN <<EOF` (BuildKit), whose body is the step's script. */
const DOCKER_RUN = /^[ \t]*RUN(?:[ \t]+--\S+)*[ \t]*$/;

/**
 * Whether the here-document opened by `before<<WORD after` (its opener line's text) feeds its body to a shell, or
 * writes it to a file the text runs after the body's end `end` (`runsLater`).
 */
function shellBody(before: string, after: string, text: string, end: number): boolean {
  return (
    SHELL_BODY.test(before) ||
    DOCKER_RUN.test(before) ||
    PIPED_SHELL.test(after) ||
    SCRIPT_FILE.test(before) ||
    SCRIPT_FILE.test(after) ||
    runsLater(before, after, text, end)
  );
}

/** Around the opener: the body written to a file of another program's code (group 1: its name without a folder). */
const CODE_FILE =
  /(?:>|\btee[ \t]+(?:-a[ \t]+)?)[ \t]*["']?(?:[^\s"'<>|;&]*\/)?([^\s"'<>|;&/]+\.(ya?ml|py|js|mjs|cjs|ts|ps1|rb|pl))["']?(?![\w.-])/;
/** How far after a here-document's body the command that runs its file is looked for. */
const RUN_CHARS = 20_000;
/** The programs whose script a file of each extension is (a YAML file is code only to ansible-playbook). */
const PROGRAMS_OF: Record<string, string> = {
  yml: 'ansible-playbook',
  yaml: 'ansible-playbook',
  py: 'python[\\d.]*',
  js: 'node|deno',
  mjs: 'node|deno',
  cjs: 'node',
  ts: 'deno|ts-node|tsx',
  ps1: 'pwsh|powershell',
  rb: 'ruby',
  pl: 'perl',
};
/** Options after which no script file follows (code given inline, a module run): `python -m x`, `node -e '…'`. */
const INLINE_CODE = /^-(?:m|c|e|p|-eval|-print|command)$/i;
/** ansible-playbook's options whose value is the next word (`-i hosts.yml`, `-e @vars.yml`, `--limit web`). */
const PLAYBOOK_VALUE =
  /^-(?:[ieltufcMT]|-(?:inventory|extra-vars|limit|tags|skip-tags|user|forks|connection|module-path|timeout|vault-id|vault-password-file|private-key|become-user|become-method|start-at-task))$/;
/** Other programs' options whose value is the next word (`node -r ts-node/register`, `ruby -I lib`, `pwsh -ep Bypass`). */
const VALUE_OPTION =
  /^-(?:[WrI]|-(?:require|import|loader)|[Ee]xecution[Pp]olicy|ep|[Ww]orking[Dd]irectory|wd|[Cc]onfiguration[Nn]ame|[Oo]utput[Ff]ormat|[Ii]nput[Ff]ormat|[Ww]indow[Ss]tyle)$/;
/**
 * Whether the file a here-document's body is written to (`cat > play.yml <<EOF`, `tee x.py`) is run later in the text
 * by its program (`ansible-playbook play.yml`, `python3 x.py`, `node x.js`, `pwsh -File ./x.ps1`): the body is that
 * program's code, read as code (its `uri:` task's URL and method), not as data. The file must be the script the
 * program runs (its first word that is no option nor an option's value), of an extension that program runs: a YAML
 * file handed to a Python script (`python3 check.py request.yml`) stays data.
 */
function runsLater(before: string, after: string, text: string, end: number): boolean {
  const found = CODE_FILE.exec(before) ?? CODE_FILE.exec(after);
  if (found === null) return false;
  const file = found[1]!;
  const programs = PROGRAMS_OF[found[2]!.toLowerCase()]!;
  const run = new RegExp(`(?:^|[\\s;&|(/])(?:sudo[ \\t]+)?(?:${programs})(?:\\.exe)?(?![\\w.-])([^\\n;&|]*)`, 'g');
  for (const m of text.slice(end, end + RUN_CHARS).matchAll(run)) {
    if (scriptOf(m[1]!, programs !== PROGRAMS_OF.yml) === file) return true;
  }
  return false;
}

/**
 * The script file (its name without a folder) a program's arguments `rest` run: the first word no option nor its value;
 * none after an option giving code inline (`inline`: not ansible-playbook, whose -c and -e take values).
 */
function scriptOf(rest: string, inline: boolean): string | undefined {
  const words = rest.trim().split(/[ \t]+/);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!.replace(/^["']|["']$/g, '');
    if (word === '') continue;
    if (word.startsWith('-')) {
      if (/^-file$/i.test(word)) continue; // pwsh -File x.ps1: the next word is the script
      if (inline && INLINE_CODE.test(word)) return undefined;
      if ((inline ? VALUE_OPTION : PLAYBOOK_VALUE).test(word)) i++;
      continue;
    }
    if (i === 0 && word === 'run') continue; // deno run x.ts
    return word.slice(word.lastIndexOf('/') + 1);
  }
  return undefined;
}

/**
 * Whether a `<<` at `at` is a shift inside arithmetic, not a here-document's opener: within `((`…`))`, `$((`…`))` or
 * `$[`…`]` opened earlier on its line (`(( flags = 1 << BIT ))`, `mask=$(( 1 << bit ))`).
 */
function inArithmetic(text: string, from: number, at: number): boolean {
  const row = text.slice(from, at);
  return row.lastIndexOf('((') > row.lastIndexOf('))') || row.lastIndexOf('$[') > row.lastIndexOf(']');
}

function readSpans(text: string): ShellSpans {
  const resumes = new Map<number, number>();
  const opens = new Map<number, number>();
  const bodies: { start: number; end: number; shell: boolean }[] = [];
  let opened = 0;
  let openerEnd = 0;
  // Open contexts: `(` a command substitution (its depth of plain parentheses), `"` a double-quoted string, `{` a `${…}`.
  const stack: { kind: 40 | 34 | 123; depth: number; line: number }[] = [];
  let lineStart = 0;
  let here: string | undefined;
  const close = (at: number, opened: number): void => {
    if (opened === lineStart) return;
    resumes.set(lineStart, Math.max(resumes.get(lineStart) ?? 0, at + 1));
    opens.set(lineStart, Math.min(opens.get(lineStart) ?? opened, opened));
  };
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    // Most characters change nothing, in any context: only those of RESUME_CHARS are looked at.
    if (c > 125 || RESUME_CHARS[c] === 0) continue;
    // Not `stack[-1]` when empty: a negative index is a property looked up on the array's prototypes (slow).
    const top = stack.length === 0 ? undefined : stack[stack.length - 1];
    if (c === 10) {
      lineStart = i + 1;
      if (here !== undefined && top?.kind !== 34) {
        // The body, up to the line holding only the delimiter.
        let at = i + 1;
        for (let n = 0; at < text.length && n < HERE_BODY_LINES; n++) {
          const end = text.indexOf('\n', at);
          const row = text.slice(at, end === -1 ? text.length : end);
          at = end === -1 ? text.length : end + 1;
          if (row.trim() === here) break;
        }
        const before = text.slice(Math.max(text.lastIndexOf('\n', opened) + 1, opened - 200), opened);
        const after = text.slice(openerEnd, Math.min(i, openerEnd + 200));
        bodies.push({ start: i + 1, end: at, shell: shellBody(before, after, text, at) });
        here = undefined;
        i = at - 1;
        lineStart = at;
      }
      continue;
    }
    if (c === 92) {
      i++;
      continue;
    }
    if (c === 36 && text.charCodeAt(i + 1) === 40) {
      stack.push({ kind: 40, depth: 0, line: lineStart });
      i++;
      continue;
    }
    if (c === 36 && text.charCodeAt(i + 1) === 123) {
      stack.push({ kind: 123, depth: 0, line: lineStart });
      i++;
      continue;
    }
    if (top?.kind === 34) {
      if (c === 34) {
        stack.pop();
        close(i, top.line);
      }
      continue;
    }
    if (top?.kind === 123 && c === 125) {
      stack.pop();
      continue;
    }
    if (c === 34) stack.push({ kind: 34, depth: 0, line: lineStart });
    else if (c === 39) {
      // A single-quoted string (`$'…'` lets `\` escape): no expansion, no nesting.
      const ansi = text.charCodeAt(i - 1) === 36;
      const opened = lineStart;
      let j = i + 1;
      for (; j < text.length; j++) {
        const d = text.charCodeAt(j);
        if (d === 92 && ansi) j++;
        else if (d === 39) break;
        else if (d === 10) lineStart = j + 1;
      }
      if (j < text.length) close(j, opened);
      i = j;
    } else if (top?.kind === 40 && c === 40) top.depth++;
    else if (top?.kind === 40 && c === 41) {
      if (top.depth === 0) stack.pop();
      else top.depth--;
    } else if (c === 35 && (i === 0 || /[\s;|&(]/.test(text.charAt(i - 1)))) {
      const end = text.indexOf('\n', i);
      i = (end === -1 ? text.length : end) - 1;
    } else if (c === 60 && text.charCodeAt(i + 1) === 60) {
      if (text.charCodeAt(i + 2) === 60) {
        i += 2; // `<<<` here-string
        continue;
      }
      HERE_OPEN.lastIndex = i;
      const m = HERE_OPEN.exec(text);
      if (m && here === undefined && !inArithmetic(text, lineStart, i)) {
        here = m[2];
        opened = i;
        openerEnd = i + m[0].length;
      }
      i += m ? m[0].length - 1 : 1;
    }
  }
  return { resumes, opens, bodies };
}

/** The longest here-document body skipped as data. */
const HERE_BODY_LINES = 2000;
