import type { UrlHit } from './hits.ts';
import { type Lines, memoKey } from './lines.ts';
import { isRegexWordChar } from './source-text.ts';
import { assignmentAt, assignmentOpening } from './value-flow.ts';

/**
 * Whether a method word found near URLs (`findMethods`) is one of theirs: on the URL's line (the line's request), or in the
 * statement that holds the URL (`fetch(url, {` … `method: 'DELETE'`, `curl -X DELETE \` … `"https://…"`), or in a
 * statement that names the URL's value: the variable the URL is assigned to, or a request object built from it in a
 * statement after (`req = Request.Builder().url(u)`, `$ch = curl_init($url)`). A verb of another receiver or call
 * (`curl -X DELETE "$CACHE"` under an API URL, `cache.delete(key)` beside `url = f"{base}/workspaces/{id}"`) is not.
 */
export function ownsUrl(text: string, lines: Lines, at: number, line: number, urls: readonly UrlHit[]): boolean {
  if (urls.length === 0) return false;
  for (const url of urls) if (line === url.line) return true;
  // YAML-shaped keys of one mapping (a playbook in a here-document: `url:` then `method: GET` at the same indentation).
  const key = METHOD_KEY.exec(text.slice(lines.startOf(line), lines.endOf(line)));
  if (key !== null)
    for (const url of urls) {
      const own = URL_KEY.exec(text.slice(lines.startOf(url.line), lines.endOf(url.line)));
      if (own !== null && own[1]!.length === key[1]!.length) return true;
    }
  // The word's line names the URL's value (`http.NewRequest(http.MethodDelete, u, nil)`): no statement read.
  const row = text.slice(lines.startOf(line), lines.endOf(line));
  // A test's or a fake's check of one request: its method beside its path (`sameRequest`).
  if (row.includes('ethod') && urls.some((url) => sameRequest(text, lines, row, line, url))) return true;
  for (const url of urls) for (const name of urlNames(text, lines, url)) if (namesWord(row, name)) return true;
  const span = statementAround(text, at);
  for (const url of urls) if (span.start <= url.start && url.start < span.end) return true;
  const statement = text.slice(span.start, span.end);
  let held: string | null | undefined;
  for (const url of urls) {
    const names = urlNames(text, lines, url);
    if (names.length === 0) continue;
    for (const name of names) if (namesWord(statement, name)) return true;
    // A method held in a variable (`request_method = 'GET'`) handed with the URL's value to one call within three
    // lines (`send_api_request(endpoint_url, request_method)`).
    held ??= assignmentOpening(statement)?.name ?? null;
    if (held === null) continue;
    for (let l = Math.max(0, line - 3); l <= line + 3; l++) {
      const row = text.slice(lines.startOf(l), lines.endOf(l));
      if (l !== line && namesWord(row, held) && names.some((n) => namesWord(row, n))) return true;
    }
  }
  return false;
}

/** A YAML `method:` key line (group 1: its indentation) and a `url:` / `uri:` key line. */
const METHOD_KEY = /^([ \t]*)method:[ \t]*["']?[A-Za-z]+["']?[ \t]*$/;
const URL_KEY = /^([ \t]*)(?:-[ \t]+)?(?:url|uri):[ \t]/;

/** How far a statement is read either side of a word (a bound: a long call's arguments). */
const MAX_CHARS = 1_000;
/** How far past a line that ends a statement the bracket that may hold it is looked for. */
const BEYOND = 400;
/** How many statements after the URL's assignment may build a request from it. */
const BUILD_LINES = 6;

/** Each URL's names (`urlNames`), kept per text on its `Lines`. */
const NAMES = memoKey<Map<UrlHit, readonly string[]>>('verb owners: URL names');

/** The variable a URL is assigned to (`url = f"…"`, `URL="…"`, `$url = "…"`, `u := …`) and names assigned from it just after. */
function urlNames(text: string, lines: Lines, url: UrlHit): readonly string[] {
  const memo = lines.memo(NAMES, () => new Map<UrlHit, readonly string[]>());
  let names = memo.get(url);
  if (names !== undefined) return names;
  const out: string[] = [];
  // From the URL's statement's start (`const endpoint =` on a line above `"https://" + host + "/api/v2/…"`).
  const lineStart = lines.startOf(url.line);
  let before = text.slice(Math.max(lineStart, url.start - 200), url.start);
  if (!before.includes('=')) {
    const start = Math.min(lineStart, statementAround(text, url.start).start);
    before = text.slice(Math.max(start, url.start - 400), url.start).replace(/\s*\n\s*/g, ' ');
  }
  // A setter handed the URL with the request object it sets (PHP's `curl_setopt($ch, CURLOPT_URL, …)`): that object.
  const handle = SET_ON.exec(before);
  if (handle?.[1] !== undefined) out.push(handle[1]);
  const eq = before.lastIndexOf('=');
  // The last assignment up to the URL's literal (no `;`, no line's end, no word's middle between).
  const own = eq === -1 ? undefined : assignmentAt(before, eq);
  if (own !== undefined && /^[ \t]*(?:[^;\n]*[^\w\n;])?$/.test(before.slice(own.end))) {
    out.push(own.name);
    // A request object built from it: `req = Request.Builder().url(u)`, `$ch = curl_init($url)`, `uri = URI(url)`;
    // or set from it by a setter handed the object first and the URL's variable last (`curl_setopt($ch, CURLOPT_URL,
    // $url)`).
    for (let l = url.line + 1; l <= url.line + BUILD_LINES && out.length < 4; l++) {
      const row = text.slice(lines.startOf(l), lines.endOf(l));
      const built = assignmentOpening(row)?.name;
      if (built !== undefined && !out.includes(built) && out.some((n) => namesWord(row, n))) out.push(built);
      else if (built === undefined) {
        const set = SET_FROM.exec(row);
        if (set?.[1] !== undefined && !out.includes(set[1]) && out.includes(set[2]!)) out.push(set[1]);
      }
    }
  }
  names = out;
  memo.set(url, names);
  return names;
}

/** A call whose first argument is a variable and a later one the URL (`curl_setopt($ch, CURLOPT_URL, "`): group 1. */
const SET_ON = /\b[A-Za-z_]\w*\(\s*[$@]?([A-Za-z_]\w*)\s*,[^(),\n]*,?[^(),\n]*$/;
/** A setter handed a variable first and a variable last (`curl_setopt($ch, CURLOPT_URL, $url);`): groups 1 and 2. */
const SET_FROM = /^[ \t]*[A-Za-z_][\w.]*\(\s*[$@]?([A-Za-z_]\w*)\s*,[^(),\n]*,\s*[$@]?([A-Za-z_]\w*)\s*\)\s*;?\s*$/;

/** Whether `name` stands in `text` as a whole word (a `$`, `@`, `.` or `{` before it allowed). */
function namesWord(text: string, name: string): boolean {
  for (let i = text.indexOf(name); i !== -1; i = text.indexOf(name, i + 1)) {
    if (!isRegexWordChar(text.charCodeAt(i - 1)) && !isRegexWordChar(text.charCodeAt(i + name.length))) return true;
  }
  return false;
}

/**
 * The statement around `at`, read by brackets and lines: it goes on over lines while a bracket opened in it is open,
 * over a line ending in `\`, `,`, an operator or an opening bracket, and over a chained call's line (`.delete()`,
 * `->post(`); a `;` or a block's braces end it. Strings are not told apart (a bracket in a string is rare, the bound
 * keeps a wrong read short).
 */
function statementAround(text: string, at: number): { start: number; end: number } {
  // Back: a line's end that ends no statement is passed over; an opening bracket not closed before `at` (a call's
  // `(`, an object literal's or a hashtable's `{`) holds the word, and its statement goes on before it.
  const floor = Math.max(0, at - MAX_CHARS);
  let depth = 0;
  let opened = 0;
  let boundary = -1;
  let start = floor;
  for (let i = at - 1; i >= floor; i--) {
    const c = text.charCodeAt(i);
    if (c === 41 || c === 93 || c === 125) depth++;
    else if (c === 40 || c === 91 || c === 123) {
      if (depth > 0) depth--;
      else if (c === 123 && block(text, i)) {
        start = boundary === -1 ? i + 1 : boundary;
        break;
      } else {
        opened++;
        boundary = -1;
      }
    } else if (depth === 0 && c === 59) {
      start = boundary === -1 ? i + 1 : boundary;
      break;
    } else if (depth === 0 && c === 10 && boundary === -1 && endsStatement(text, i)) boundary = i + 1;
    // Past a statement's end, an opening bracket is looked for only so far (a hashtable's lines, a call's arguments).
    if (i === floor || (boundary !== -1 && boundary - i > BEYOND)) {
      start = boundary === -1 ? floor : boundary;
      break;
    }
  }
  // On: brackets opened in the statement are closed in it; the brackets that hold the word close it.
  const ceiling = Math.min(text.length, at + MAX_CHARS);
  depth = 0;
  boundary = -1;
  let end = ceiling;
  for (let i = at; i < ceiling; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 || c === 91) depth++;
    else if (c === 123) {
      if (depth > 0 || !block(text, i)) depth++;
      else {
        end = boundary === -1 ? i : boundary;
        break;
      }
    } else if (c === 41 || c === 93 || c === 125) {
      if (depth > 0) depth--;
      else if (opened > 0) {
        opened--;
        boundary = -1;
      } else if (c === 125) {
        end = boundary === -1 ? i : boundary;
        break;
      }
    } else if (depth === 0 && c === 59) {
      end = boundary === -1 ? i : boundary;
      break;
    } else if (depth === 0 && c === 10 && endsStatement(text, i)) {
      // Held by no bracket: the statement ends at its line's end.
      if (opened === 0) {
        end = i;
        break;
      }
      if (boundary === -1) boundary = i;
    }
    if (i === ceiling - 1 || (boundary !== -1 && i - boundary > BEYOND)) end = boundary === -1 ? ceiling : boundary;
    if (boundary !== -1 && i - boundary > BEYOND) break;
  }
  return { start, end };
}

/** Whether the line break at `i` ends a statement (no continuation at the end of its line, no chained call after it). */
function endsStatement(text: string, i: number): boolean {
  return (
    !CONTINUED.test(text.slice(Math.max(text.lastIndexOf('\n', i - 1) + 1, i - 80), i)) &&
    !CHAINED.test(text.slice(i + 1, i + 41))
  );
}

/**
 * Whether the `{` at `i` opens a block (a function's or a statement's body), not an object literal or a hashtable
 * (`, {`, `= {`, `({`, `@{`) nor a call's trailing lambda (Kotlin's `client.request(url) {`, Groovy's, Swift's).
 */
function block(text: string, i: number): boolean {
  // What stands before the brace, on its line or, for a brace first on its line, on the line before.
  const trimmed = text.slice(Math.max(0, i - 200), i).trimEnd();
  const before = trimmed.slice(trimmed.lastIndexOf('\n') + 1);
  // A placeholder's brace (`"${payload}"`, `"#{id}"`) opens no block.
  if (/(?:[(,:=[@$#]|=>)$/.test(before)) return before.endsWith('=>');
  if (!before.endsWith(')')) return true;
  return BLOCK_HEAD.test(before);
}

/** A line that opens a block with a parenthesis before its `{`: a statement's keyword, a definition. */
const BLOCK_HEAD =
  /^\s*(?:\}\s*)?(?:(?:else\s+)?if|for|foreach|while|switch|catch|using|lock|with|elseif|else|try|do|function|fun|func|fn|def|sub|public|private|protected|internal|static|async|override|export|const|let|var|constructor)\b|\bfunction\b|\bfunc\b|=>\s*$|^\s*[\w$]+\s*\([^()]*\)\s*(?::\s*[\w<>[\]|. ]+)?\s*$/;

/** A line that goes on on the next: a `\`, a `,`, an operator, an opening bracket or a `.` at its end. */
const CONTINUED = /(?:\\|,|\(|\[|\{|\.|\+|&&|\|\||\||=|=>|->)[ \t]*\r?$/;
/** A line that goes on the one before: a chained call (`.delete()`, `->post(`, `?.x`) or an operator first. */
const CHAINED = /^[ \t]*(?:\.(?!\.)|->|\?\.|\+|&&|\|\||\|)/;

/** A request object's method read or compared (`r.Method`, `request.method`, `calls[0].method`, `req.getMethod()`): group 1 the object. */
const REQUEST_METHOD =
  /(?<![\w$.])([A-Za-z_$][\w$]*(?:\[\d+\])?(?:\.[A-Za-z_$][\w$]*(?:\[\d+\])?)*?)[ \t]*\.[ \t]*(?:method|Method|getMethod\(\))(?![\w$])/;
/** What names a request object's URL or path after the object (`.URL.Path`, `.url`, `.path`, `.getPath()`, `.pathname`). */
const REQUEST_PATH = String.raw`[ \t]*\.[ \t]*(?:url|URL|uri|Uri|path|Path|pathname|full_url|path_url|RequestURI|requestUri|getPath\(\)|getUrl\(\)|getURI\(\)|getRequestURI\(\)|getRequestUrl\(\))(?![\w$])`;
/** How far above a `case` its `switch` on a request's path is looked for. */
const SWITCH_LINES = 40;

/**
 * Whether the method word's line `row` reads the method of the request whose path the URL's line reads: a test's
 * assertions on one recorded request (`assert request.method == "DELETE"` beside `assert request.url.path ==
 * "/api/v2/…"`, `expect(calls[0].method).toBe('PATCH')` beside `expect(calls[0].url).toBe(…)`, Go's `assert.Equal(t,
 * http.MethodDelete, r.Method)` beside `r.URL.Path`), or a fake's case of a switch on the request's path (`switch
 * r.URL.Path {` … `case "/api/v2/…":` then `if r.Method == http.MethodPost`) with the check inside that case. Another
 * object's method (`resp.Request.Method` beside `req.URL.Path`) is not the URL's.
 */
function sameRequest(text: string, lines: Lines, row: string, line: number, url: UrlHit): boolean {
  const object = REQUEST_METHOD.exec(row)?.[1];
  if (object === undefined) return false;
  // A method asserted not to be the request's (`assert req.method != "DELETE"`, `assert.NotEqual`, `.not.toBe(`); an
  // `if` guard on the one that is (`if r.Method != http.MethodDelete {` then a failure) says it.
  if (
    /NotEqual|\.not\.|\bnot[ \t]+in\b/.test(row) ||
    (row.includes('!=') && !/^[ \t]*(?:\}[ \t]*else[ \t]+)?if\b/.test(row))
  )
    return false;
  const path = new RegExp(`(?<![\\w$.])${object.replace(/[.$[\]]/g, '\\$&')}${REQUEST_PATH}`);
  const urlRow = text.slice(lines.startOf(url.line), lines.endOf(url.line));
  if (path.test(urlRow)) return true;
  // A case of a switch on the object's path, the method read below it in the same case.
  const kase = /^([ \t]*)case[ \t]/.exec(urlRow);
  if (kase === null || line <= url.line) return false;
  const indent = kase[1]!;
  for (let l = url.line + 1; l < line; l++)
    if (new RegExp(`^${indent}(?:case[ \t]|default\\b)`).test(text.slice(lines.startOf(l), lines.endOf(l))))
      return false;
  for (let l = url.line - 1; l >= Math.max(0, url.line - SWITCH_LINES); l--) {
    const above = text.slice(lines.startOf(l), lines.endOf(l));
    const lead = /^[ \t]*/.exec(above)![0];
    if (above.trim() === '' || lead.length > indent.length) continue;
    if (lead.length === indent.length && /^[ \t]*(?:case[ \t]|default\b)/.test(above)) continue;
    return /^[ \t]*(?:switch|match)\b/.test(above) && path.test(above);
  }
  return false;
}
