import { MAX_LITERAL, matchingClose, readBrackets } from './brackets.ts';
import { memoKey, type Lines } from './lines.ts';
import { namedResource } from './model-names.ts';
import type { HistoryIndex } from './types.ts';
import { assignmentOf, assignmentOpening, loopHeaders } from './value-flow.ts';

/**
 * The value-flow layer's third question, "which resource's document does this name hold here", for the languages
 * whose responses no flow of their own follows (Go, JS/TS, Rust, PHP, Ruby, Java/Kotlin; Python's is
 * `response-flow.ts`). Two pieces, each general across those languages' syntax:
 * - `attributesHolder`: whether a name holds a resource object's `attributes` or `relationships` at a place, by its
 *   last assignment above it in the function (`attrs, _ := p["attributes"].(map[string]any)`, `const attrs =
 *   ws.attributes;`, `$attrs = $p['attributes'];`, `let attrs = &item["attributes"];`, `attrs = run.dig("attributes")`),
 *   and the root the object was read from (`p`, `ws`, `item`, `run`);
 * - `documentResource`: whose object that root is: the one resource the function's API URLs end with (the response
 *   read there), else, in a function with no API URL, the resource the root's name spells (a parameter `run`,
 *   `project`: `func formatRun(run map[string]any)`); unknown (undefined) when the URLs name several resources,
 *   when the name spells another resource than the URLs', or when neither says one.
 * Unknown says nothing: the caller keeps the matcher's other rules.
 */

/** The last accessor of a right-hand side that reads a resource object's attributes or relationships. */
const INSIDE_ACCESS =
  /(?:\[\s*(["'])(?:attributes|relationships)\1\s*\]|(?:\?\.|\.|->)(?:attributes|relationships)\b(?![ \t]*\()|(?:\.|->)[ \t]*(?:get|dig|fetch|path|getJSONObject|getAsJsonObject|optJSONObject)\(\s*(["'])(?:attributes|relationships)\2\s*(?:,[^()\n]*)?\))/g;
/**
 * What may follow that accessor to the end of the assignment: a Go type assertion, an unwrap, a default (`?? {}`,
 * `|| {}`), a cast, `; ok {`, closing brackets, a statement's end.
 */
const INSIDE_TAIL =
  /^(?:\s*\.\(\s*map\[string\](?:interface\{\}|any)\s*\)|\s*\.(?:unwrap|as_object|to_h)\(\)|\s*(?:\?\?|\|\|)\s*(?:\{\s*\}|\[\s*\]|null|nil)|\s*as\s+[\w<>, ?[\]]+|\s*;\s*ok\s*\{|[\s;?,)]+)*$/;
/** The root of the chain ending at the accessor: `p`, `$p`, `this.ws`, `&item` (group 1). */
const CHAIN_ROOT =
  /(?<![\w$.])(?:this\.|self\.|@|\$|&)?([A-Za-z_][\w]*)(?:\s*\[\s*(?:"[\w-]+"|'[\w-]+'|\d+|[A-Za-z_$][\w$]*)\s*\]|\??\.[A-Za-z_]\w*|\.\(\s*map\[string\](?:interface\{\}|any)\s*\))*$/;
/** How far back in a function an assignment is looked for. */
const MAX_BACK = 4_000;

const HOLDERS = memoKey<ReadonlySet<string>>('attributes holders');

/**
 * The names some line of the text assigns on a line that reads `attributes` or `relationships`, found once per text:
 * the only names `attributesHolder` can say hold them (a cheap test before a function's search).
 */
export function holderNames(text: string, lines: Lines): ReadonlySet<string> {
  return lines.memo(HOLDERS, () => {
    const out = new Set<string>();
    for (const word of ['ttributes', 'elationships'])
      for (let at = lines.markers.first(word); at !== -1; at = text.indexOf(word, lines.endOf(lines.lineOf(at)))) {
        const line = lines.lineOf(at);
        // The first on its line (`if attrs, ok := p["attributes"]…`, `const attrs: T =`, `$attrs =`, `let attrs =`).
        const name = assignmentOpening(text.slice(lines.startOf(line), at), { anywhere: true })?.name;
        if (name !== undefined) out.add(name);
      }
    return out;
  });
}

/** A name holding a resource object's attributes or relationships: the chain's root it was read from. */
export interface Holder {
  readonly root: string;
}

/**
 * Whether `name` holds a resource object's attributes or relationships at `at`: its last assignment between
 * `from` (the function's start) and `at` reads them (the right-hand side's last accessor is one, followed by no
 * other read). Undefined when the name is not assigned there, or its last assignment is anything else.
 */
export function attributesHolder(text: string, from: number, at: number, name: string): Holder | undefined {
  const start = Math.max(from, at - MAX_BACK);
  const body = text.slice(start, at);
  const assign = new RegExp(`${assignmentOf(name)}[ \\t]*([^\\n]*)`, 'g');
  let last: string | undefined;
  for (const m of body.matchAll(assign)) last = m[1];
  if (last === undefined) return undefined;
  const rhs = last.replace(/\s*(?:\/\/|#).*$/, '');
  let access: RegExpExecArray | undefined;
  INSIDE_ACCESS.lastIndex = 0;
  for (let m = INSIDE_ACCESS.exec(rhs); m !== null; m = INSIDE_ACCESS.exec(rhs)) access = m;
  if (access === undefined || !INSIDE_TAIL.test(rhs.slice(access.index + access[0].length))) return undefined;
  const root = CHAIN_ROOT.exec(rhs.slice(0, access.index))?.[1];
  return root === undefined ? undefined : { root };
}

/**
 * Whose object a root holds in a function: `urls` is the function's one API resource (a string), several (null) or
 * none (undefined). The URLs' resource when the root was read from the response of one of the function's API URLs
 * (`fromResponse`, asked only then), unless the root's name spells another; a root from anything else (a file, a
 * parameter, another call, unknown) says nothing there. With no URL, the resource the name spells.
 */
export function documentResource(
  index: HistoryIndex,
  root: string,
  urls: string | null | undefined,
  fromResponse: () => boolean,
): string | undefined {
  if (urls === null) return undefined;
  const spelled = namedResource(index, root).resource;
  if (urls === undefined) return spelled;
  if (spelled !== undefined && spelled !== urls) return undefined;
  return fromResponse() ? urls : undefined;
}

/** How many bindings a root is followed back through to the response. */
const MAX_STEPS = 8;
/** Calls that decode or read a value they are given (its first argument's root is followed). */
const DECODE_CALL =
  /^(?:[\w$]+(?:\.|::))*(?:Unmarshal|NewDecoder|Decode|ReadAll|readAll|parse|loads|load|from_str|from_slice|from_reader|from_value|json_decode|decode|String|string|bytes|Buffer\.from|str)\s*(?:::<[^>\n]*>)?\(\s*/;
/** A chain from a plain root: members, subscripts, method calls, Go type assertions (group 1: the root). */
const CHAIN =
  /^(?:await\s+|try\s+|[&*]\s*|\(\s*)*\$?([A-Za-z_][\w]*)(?![\w(])(?:\s*(?:\??\.|->|::)\s*\$?[A-Za-z_]\w*(?:\s*(?:::<[^>\n]*>)?\([^()\n]*\))?|\s*\[[^\][\n]*\]|\.\(\s*(?:\[\])?(?:map\[string\])?[\w{}.*]+\s*\)|\?(?!\?)|!(?!=))*/;
/**
 * A value that is a URL or a request built from one, not a call's answer: a string, a format or join, a
 * concatenation, a URL or request constructor.
 */
const URL_VALUE =
  /^(?:[fr]?["'`]|[\w$.]+\s*(?:\+|\.\s*["'])|(?:new\s+)?(?:[\w$]+(?:\.|::))*(?:Sprintf|sprintf|format!?|Format|join|urljoin|URL|URI|Uri|parse|NewRequest\w*|Request|Get\.new|Post\.new|newBuilder)\s*\()/;
/** A bare name passed as a call's argument (group 1). */
const ARGUMENT = /[(,]\s*&?\$?([A-Za-z_]\w*)\s*(?=[,)])/g;

/**
 * Whether `root`, read at `at` in the function starting at `from`, holds the response of one of the function's API
 * URLs (`urlLines`: the lines they are on), by its bindings above `at`, followed back through at most `MAX_STEPS`:
 * an assignment (`res = await fetch(url)`, `doc := get("…")`, `result, err := tfcRequest(ctx, "GET", path)`), a loop
 * over a value (`for _, item := range response.Data`, `for (const w of body.data)`, `foreach ($b['data'] as $w)`,
 * `body["data"].each do |w|`, one that counts too: `for (const [i, w] of body.data.entries())`), or a call that fills it (`json.Unmarshal(body, &list)`, `c.request(ctx, "GET", path,
 * nil, &response)`). A binding holds the response when a URL is on its line or a name passed to its call was bound on
 * a URL's line (`client.Do(req)`); `outParameters`: a call given `&name` fills it (Go's). It is followed on through a chain's root (`p["data"]`, `res.json()`, `&list[i]`,
 * `append(all, list.Data...)`) or a decoding call's first argument (`JSON.parse(text)`, `io.ReadAll(resp.Body)`).
 * Anything else (a file read, a parameter, another call, no binding) is not the response.
 */
export function fromResponse(
  text: string,
  from: number,
  at: number,
  root: string,
  urlLines: ReadonlySet<number>,
  lines: Lines,
  outParameters: boolean,
): boolean {
  const seen = new Set<string>();
  // Whether a name passed to a call in `value` was bound to a URL (on its line), or to a request built from such a
  // name (`req, _ := http.NewRequest("GET", url, nil)` of `client.Do(req)`); a name bound to another call's value
  // (a response: `resp, _ := tfcRequest(ctx, "GET", url)`) passed on is not.
  const carriesUrl = (value: string, before: number, self: string, depth: number): boolean => {
    if (depth > 2) return false;
    for (const m of value.matchAll(ARGUMENT)) {
      const arg = m[1]!;
      if (arg === self) continue;
      const bound = lastBinding(text, Math.max(from, before - MAX_BACK), before, arg, outParameters);
      if (bound === undefined) continue;
      if (!URL_VALUE.test(bound.value)) continue;
      if (urlLines.has(lines.lineOf(bound.at)) || carriesUrl(bound.value, bound.at, arg, depth + 1)) return true;
    }
    return false;
  };
  const follow = (name: string, before: number, steps: number): boolean => {
    if (steps > MAX_STEPS || seen.has(name)) return false;
    seen.add(name);
    const binding = lastBinding(text, Math.max(from, before - MAX_BACK), before, name, outParameters);
    if (binding === undefined) return false;
    const line = lines.lineOf(binding.at);
    if (urlLines.has(line) || callHoldsUrl(text, lines, binding.at, line, urlLines)) return true;
    const rhs = binding.value;
    if (carriesUrl(rhs, binding.at, name, 0)) return true;
    let value = rhs.replace(/^(?:await\s+|try\s+|range\s+|\(\s*)*/, '');
    for (let d = DECODE_CALL.exec(value); d !== null; d = DECODE_CALL.exec(value)) value = value.slice(d[0].length);
    // `append(all, list.Data...)`: the appended value.
    const appended = /^append\(\s*[\w.]+\s*,\s*/.exec(value);
    if (appended !== null) value = value.slice(appended[0].length);
    const next = CHAIN.exec(value)?.[1];
    return next !== undefined && next !== name && follow(next, binding.at, steps + 1);
  };
  return follow(root, at, 0);
}

/** How many lines below its binding a call's arguments are read for a URL. */
const CALL_LINES = 12;

/**
 * Whether the binding at `at` (on `line`) is a call whose arguments go on over the next lines with an API URL among
 * them: `const result = await client.get(` then the URL on the line below (a formatter's wrap of a long call, in any
 * language: `resp, err := c.do(ctx,`, `let resp = client.get(`, `$r = Invoke-RestMethod(`). The first bracket left
 * open at the line's end is the call's; the URL lines up to its close (at most `CALL_LINES` below) count as its line;
 * a call not closed within `MAX_LITERAL` characters says nothing.
 */
function callHoldsUrl(text: string, lines: Lines, at: number, line: number, urlLines: ReadonlySet<number>): boolean {
  const open = readBrackets(text, at, lines.endOf(line), 'all', () => false)[0];
  if (open === undefined || text.charCodeAt(open) !== 40) return false;
  const close = matchingClose(text, open, MAX_LITERAL);
  if (close === -1) return false;
  const last = Math.min(lines.lineOf(close), line + CALL_LINES);
  for (let l = line + 1; l <= last; l++) if (urlLines.has(l)) return true;
  return false;
}

/**
 * The last binding of `name` in `[from, to)`: its position and the value bound (the rest of an assignment's line,
 * a loop's iterated value, or the line of a call given `&name`).
 */
function lastBinding(
  text: string,
  from: number,
  to: number,
  n: string,
  outParameters: boolean,
): { at: number; value: string } | undefined {
  const body = text.slice(from, to);
  const loop = loopHeaders(`${n}\\b`, '([^\\n]*)');
  const forms = new RegExp(
    [
      // An assignment (`name :=`, `const name: T =`, `$name =`, `name, err :=`, `_, name :=`).
      `${assignmentOf(n)}[ \\t]*([^\\n]*)`,
      // A loop's item: `for (const name of X)`, `for name in X`, `foreach (X as $name)`, `X.each do |name|`.
      loop.forIn,
      loop.range,
      loop.typed,
      loopHeaders(`${n}\\b`, '([^\\n]*?)').as,
      loopHeaders(`${n}\\b`, '(?<![\\w$])([A-Za-z_$][^\\s=]*?)').method,
      loop.enumerated,
      // A call filling it (Go's): `json.Unmarshal(body, &name)`.
      ...(outParameters ? [`(?<![&\\w])&${n}\\b`] : []),
    ].join('|'),
    'g',
  );
  let last: { at: number; value: string } | undefined;
  for (const m of body.matchAll(forms)) {
    const at = from + m.index;
    const value = m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? m[6] ?? m[7];
    if (value !== undefined) {
      last = { at, value: value.replace(/;\s*ok\s*\{\s*$|\s*\{\s*$|\s*(?:\/\/|#).*$/, '') };
      continue;
    }
    // The call around `&name`: its line from the call's start.
    const lineStart = text.lastIndexOf('\n', at) + 1;
    const head = text.slice(lineStart, at).replace(/^\s*(?:if\s+)?(?:[\w, ]+:?=\s*)?/, '');
    const lineEnd = text.indexOf('\n', at);
    last = { at, value: head + text.slice(at, lineEnd === -1 ? text.length : lineEnd) };
  }
  return last;
}
