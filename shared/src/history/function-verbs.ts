import { MAX_LITERAL, matchingClose } from './brackets.ts';
import type { HttpMethod } from './data-types.ts';
import type { UrlHit } from './hits.ts';
import { memoKey, type Lines } from './lines.ts';
import type { MethodToken } from './match-types.ts';
import { isNameChar } from './source-text.ts';
import { knownVerb } from './verb-methods.ts';

/** How many lines above a URL its function's definition may be. */
const DEFINITION_LINES = 80;

/**
 * Definitions and the name they define: Python/Ruby `def list_url(self):`, Go `func (s *x) GetAll(`,
 * Rust `pub async fn show(`, Kotlin/Swift `fun listRuns(`, Java/C# `public Workspace getWorkspace(`,
 * JS/PHP/PowerShell `function Get-TFWorkspace {`, a JS/TS class method
 * `showByName(org: string): Promise<W> {`, an arrow function `const listRuns = async (…) =>`, a shell
 * function `tfh_workspace_show () {`, an object named for what it does (`export const showProjectBlock: AppBlock = {`).
 */
const DEFINITION = [
  /^\s*(?:async\s+)?def\s+(\w+)/,
  /^\s*(?:(?:public|private|protected|internal|open|override|suspend|static)\s+)*(?:fun|func)\s+(\w+)/,
  /^\s*(?:(?:public|private|protected|internal|static|async|final|override|virtual)\s+)+[\w<>[\],.? ]+?\s+(\w+)\s*\(/,
  /^func\s+(?:\([^)]*\)\s*)?(\w+)/,
  /^\s*(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?fn\s+(\w+)/,
  /^\s*(?:export\s+)?(?:default\s+)?(?:async\s+)?[Ff]unction\s*\*?\s*([\w$-]+)/,
  /^\s*(?:(?:public|private|protected|static|async|override)\s+)*([A-Za-z_$][\w$]*)\s*(?:<[^<>]*>)?\([^()]*\)\s*(?::[^{;]*)?\{\s*$/,
  /^\s*(?:export\s+)?(?:const|let|var)\s+([\w$]+)\s*=\s*(?:async\s+)?(?:\([^)]*\)|[\w$]+)\s*(?::[^=]*)?=>/,
  /^\s*([\w-]+)\s*\(\)\s*[{(]?\s*$/,
  /^\s*(?:export\s+)?(?:const|let|var)\s+([\w$]+)\s*(?::\s*[\w$.<>]+\s*)?=\s*\{\s*$/,
];
/**
 * A JS/TS class method whose parameters go on the next lines (`async *listWorkspaces(`, `getRun<T>(`): a
 * definition when its parentheses close on `{` or a return type and `{` (a call opening there closes on `;`, `,`, `)`).
 */
const SIGNATURE_OPEN =
  /^\s*(?:(?:public|private|protected|static|async|override)\s+)*\*?\s*([A-Za-z_$][\w$]*)\s*(?:<[^<>]*>)?\($/;
const SIGNATURE_CLOSE = /\s*(?::[^{;=]*)?\{/y;
/** Words that open a block and name no function (`if (x) {`, `for (…) {`). */
const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'with', 'return', 'function', 'elif', 'else']);

/**
 * The method a function's name says it sends, by its leading verb, or the last word of a snake_case name
 * (two verbs that disagree say nothing): the verbs of a client's service methods (`list_organizations`,
 * `GetAllWorkspaces`, `create_url`, `show`, `tfh_workspace_show`), `fetch`, `new`, `remove` and `destroy`,
 * and PowerShell's `Set-` (an update) in its Verb-Noun names: verb-methods.ts.
 */
function verbMethod(name: string): HttpMethod | undefined {
  const bare = name.replace(/^[_$]+/, '');
  const first = methodOfVerb((/^[A-Za-z][a-z]*/.exec(bare)?.[0] ?? '').toLowerCase(), bare);
  // A command's name puts its verb last (`tfh_workspace_show`, `tfh_ssh_list`).
  const last = /_/.test(bare) ? methodOfVerb(bare.slice(bare.lastIndexOf('_') + 1).toLowerCase(), bare) : undefined;
  return first !== undefined && last !== undefined && first !== last ? undefined : (first ?? last);
}

function methodOfVerb(verb: string, name: string): HttpMethod | undefined {
  const row = knownVerb(verb);
  return row?.verbNoun && name[verb.length] !== '-' ? undefined : row?.method;
}

/**
 * For a URL whose method nothing near it decides (it is returned by a `create_url` property, handed to a
 * helper whose default method is set in another file, `self._api_handler.call(uri=…)`): the method its
 * function's name says, from the nearest definition that encloses it (each less indented line above it
 * that is not a definition opens a block inside the function: `if`, `try`, `PROCESS {`). A name is weaker
 * than a call (`Remove-TFModule` sends the POST of a delete action): the caller uses it only where the
 * path alone does not decide, and only for a method the API has there. The token is implied (empty
 * text): a quick fix never rewrites a name. Read only when asked, so URLs whose path decides cost nothing.
 */
export function functionVerb(
  text: string,
  lines: Lines,
  url: UrlHit,
  urls: readonly UrlHit[],
): MethodToken | undefined {
  const name = enclosingFunction(text, lines, url.line);
  // A getter of the path (`get_path`, `getUrl`) says no GET: the type it is a member of may name the
  // request (`impl RestPath<&str> for PostWorkspace`); else its `get` stands, as weak as any name.
  const typed = name && GETTER.test(name.name) ? typeVerb(text, lines, lines.lineOf(name.start)) : undefined;
  const method = typed ?? (name && verbMethod(name.name));
  if (!method || !name) return undefined;
  // A function that sends another URL with a method of its own (`update_tags` reads the tags, then
  // sends the PATCH): its name is that request's, not this one's.
  for (const other of urls) {
    if (other === url || !other.method || other.start < name.start) continue;
    if (other.line > url.line + DEFINITION_LINES) break;
    if (enclosingFunction(text, lines, other.line)?.start === name.start) return undefined;
  }
  return { method, start: name.start, end: name.start, text: '' };
}

/** A getter of a URL or path: `get_path`, `getUrl`, `get_endpoint`. */
const GETTER = /^_*get_?(?:path|url|uri|endpoint|route)s?$/i;
/** A type's definition line: Rust `impl<T> Trait<X> for Name {`, `impl Name {`, `struct Name`, `class Name`. */
const TYPE_DEFINITION =
  /^\s*(?:impl\b(?:<[^>{]*>)?[^{]*?\bfor\s+(\w+)|impl(?:<[^>{]*>)?\s+(\w+)|(?:pub(?:\([^)]*\))?\s+)?(?:struct|class)\s+(\w+))/;
/** Words in a type's name that say the request it is sent with (`HttpPostWorkspaces`, `CreateRunRequest`). */
const TYPE_METHODS: Readonly<Record<string, HttpMethod>> = {
  get: 'GET',
  post: 'POST',
  put: 'PUT',
  patch: 'PATCH',
  delete: 'DELETE',
  list: 'GET',
  show: 'GET',
  create: 'POST',
  update: 'PATCH',
};

/** The method the name of the type enclosing `line` says (two that disagree, or none, say nothing). */
function typeVerb(text: string, lines: Lines, line: number): HttpMethod | undefined {
  const indent = indentAt(text, lines, line);
  if (indent === 0) return undefined;
  for (let l = line - 1; l >= 0 && l >= line - DEFINITION_LINES; l--) {
    const body = text.slice(lines.startOf(l), lines.endOf(l));
    if (body.trim() === '' || indentAt(text, lines, l) >= indent) continue;
    const m = TYPE_DEFINITION.exec(body);
    const type = m?.[1] ?? m?.[2] ?? m?.[3];
    if (type === undefined) return undefined;
    let method: HttpMethod | undefined;
    for (const w of type
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .toLowerCase()
      .split(/[\s_]+/)) {
      const said = Object.hasOwn(TYPE_METHODS, w) ? TYPE_METHODS[w] : undefined;
      if (said === undefined) continue;
      if (method !== undefined && method !== said) return undefined;
      method = said;
    }
    return method;
  }
  return undefined;
}

/** Words of a name that say it holds a URL or path (`PathGet`, `list_url`, `deleteEndpoint`). */
const HOLDER_WORDS = new Set(['path', 'url', 'uri', 'endpoint', 'route']);
/** Verbs that say no request in a holder's name: `new_url` is a changed URL, `setPath` a setter. */
const HOLDER_NOT_VERBS = new Set(['new', 'set']);
/** How far back from a literal its key or variable name is read. */
const HOLDER_SPAN = 80;

/**
 * For a URL whose method nothing near it decides: the method the name holding it says, a key or variable
 * whose words are a path word and a verb (`PathGet: "/agent-pools/{id}"`, `PathCreate:`, `list_url = "…"`,
 * `"deletePath": "…"`, `'show_url' => "…"`): a table of the paths a client reads and writes, one name per
 * method. Two verbs that disagree, or none, say nothing. The token is implied at the name (empty text).
 */
export function holderVerb(text: string, url: UrlHit): MethodToken | undefined {
  const name = holderBefore(text, url.start);
  if (!name) return undefined;
  const words = name.name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_$-]+/)
    .filter(Boolean);
  if (!words.some((w) => HOLDER_WORDS.has(w))) return undefined;
  let method: HttpMethod | undefined;
  for (const w of words) {
    const row = HOLDER_NOT_VERBS.has(w) ? undefined : knownVerb(w);
    if (!row) continue;
    if (method !== undefined && method !== row.method) return undefined;
    method = row.method;
  }
  return method && { method, start: name.start, end: name.start, text: '' };
}

/** The key or variable a literal starting at `at` (its quote or its first character) is the value of. */
function holderBefore(text: string, at: number): { name: string; start: number } | undefined {
  const floor = Math.max(0, at - HOLDER_SPAN);
  let i = at - 1;
  const quoteAt = (j: number): boolean => {
    const c = text.charCodeAt(j);
    return c === 34 || c === 39 || c === 96;
  };
  if (quoteAt(i)) i--;
  else if (!quoteAt(at)) return undefined;
  while (i >= floor && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  const c = text.charCodeAt(i);
  if (c === 62 && text.charCodeAt(i - 1) === 61)
    i -= 2; // `=>`
  else if (c === 61) {
    const p = text.charCodeAt(i - 1);
    // `==`, `!=`, `<=`, `>=` compare; `:=` and `=` assign.
    if (p === 61 || p === 33 || p === 60 || p === 62) return undefined;
    i -= p === 58 ? 2 : 1;
  } else if (c === 58) {
    if (text.charCodeAt(i - 1) === 58) return undefined; // `::`
    i--;
  } else return undefined;
  while (i >= floor && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  if (quoteAt(i)) i--;
  const end = i + 1;
  while (i >= floor && /[\w$]/.test(text[i] ?? '')) i--;
  if (i + 1 >= end) return undefined;
  return { name: text.slice(i + 1, end), start: i + 1 };
}

/**
 * The function whose body holds a line: the nearest definition above it that encloses it (each less indented line
 * above that is not a definition opens a block inside the function), its name and where the name starts; none within
 * DEFINITION_LINES.
 */
export function enclosingFunction(
  text: string,
  lines: Lines,
  line: number,
): { name: string; start: number } | undefined {
  let indent = indentAt(text, lines, line);
  for (let l = line - 1; l >= 0 && l >= line - DEFINITION_LINES && indent > 0; l--) {
    const from = lines.startOf(l);
    const body = text.slice(from, lines.endOf(l));
    if (body.trim() === '') continue;
    const own = indentAt(text, lines, l);
    // The end of a signature over several lines (`) -> Result<W, E> {`): its definition is above.
    if (own >= indent || /^\s*[)\]]/.test(body)) continue;
    indent = own;
    for (const pattern of DEFINITION) {
      const m = pattern.exec(body);
      const name = m?.[1];
      if (name !== undefined && !KEYWORDS.has(name))
        return { name, start: from + (m?.index ?? 0) + m![0].indexOf(name) };
    }
    const open = SIGNATURE_OPEN.exec(body.trimEnd());
    if (open?.[1] !== undefined && !KEYWORDS.has(open[1])) {
      const close = matchingClose(text, from + body.trimEnd().length - 1, MAX_LITERAL);
      SIGNATURE_CLOSE.lastIndex = close + 1;
      if (close !== -1 && SIGNATURE_CLOSE.test(text)) return { name: open[1], start: from + body.indexOf(open[1]) };
    }
  }
  return undefined;
}

/** How many places a function's name may be written at before its definitions are no longer counted. */
const MAX_NAME_PLACES = 200;

/**
 * How many definitions of `name` the text holds, read as `enclosingFunction` reads one (a line whose definition
 * shape names it, or a signature opened over several lines); 2 when there are more, or when the name is written at
 * more than MAX_NAME_PLACES places (too common a name to tell).
 */
export function definitionCount(text: string, lines: Lines, name: string): number {
  const counts = lines.memo(DEFINITION_COUNTS, () => new Map<string, number>());
  let count = counts.get(name);
  if (count === undefined) counts.set(name, (count = countDefinitions(text, lines, name)));
  return count;
}

/**
 * `definitionCount`'s answers by name, one scan's: each name's places searched for once a text (review v8 item 12: a
 * search of the whole text for each function asked made a large client's scan quadratic).
 */
const DEFINITION_COUNTS = memoKey<Map<string, number>>('definitions of a name, counted to two');

function countDefinitions(text: string, lines: Lines, name: string): number {
  let count = 0;
  let places = 0;
  let lastLine = -1;
  for (let at = text.indexOf(name); at !== -1; at = text.indexOf(name, at + name.length)) {
    if (++places > MAX_NAME_PLACES) return 2;
    if (isNameChar(text.charCodeAt(at - 1)) || isNameChar(text.charCodeAt(at + name.length))) continue;
    const line = lines.lineOf(at);
    if (line === lastLine) continue;
    lastLine = line;
    const body = text.slice(lines.startOf(line), lines.endOf(line));
    const defines =
      DEFINITION.some((pattern) => pattern.exec(body)?.[1] === name) ||
      SIGNATURE_OPEN.exec(body.trimEnd())?.[1] === name;
    if (defines && ++count > 1) return 2;
  }
  return count;
}

/** Columns of leading blanks of a line (a tab counts as one). */
function indentAt(text: string, lines: Lines, line: number): number {
  const from = lines.startOf(line);
  let i = from;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  return i - from;
}
