import { matchingClose } from './brackets.ts';
import { callArguments, topLevelArguments } from './client-operations.ts';
import type { HttpMethod } from './data-types.ts';
import { formatCall } from './format-args.ts';
import { enclosingFunction } from './function-verbs.ts';
import type { UrlPart } from './hits.ts';
import { memoKey, type Lines } from './lines.ts';
import { isNameChar, lastIndexWithin, pythonBodyEnd } from './source-text.ts';
import type { TextMarkers } from './text-markers.ts';
import { assignmentOpening } from './value-flow.ts';

/**
 * A function of a client that builds a path from pieces its callers pass (`fn relationship_collection_path(owner, id,
 * rel) -> String { format!("/{}/{}/relationships/{}", owner, encode(id), rel) }`, `def _path(self, *parts): return
 * "/".join(parts)`, `func (c *Client) url(kind, id, sub string) string { return fmt.Sprintf("/%s/%s/%s", kind, id, sub) }`,
 * `` const api = (...segments) => `/${segments.join('/')}` ``): the path's literal text and the parameters in it, and
 * what the function does with it: sends it (with the method of the call that sends it, when that call says one) or
 * returns it (its caller sends it).
 */
export interface PathHelper {
  /** Literal text, and the positions of the parameters that fill the path (a receiver not counted). */
  readonly pieces: readonly (string | number)[];
  /** A parameter that takes the rest of the arguments (`*parts`, `...segments`), each a segment: its position. */
  readonly rest?: number;
  /** The method the function sends the path with; undefined when it returns the path or the send says none. */
  readonly method?: HttpMethod;
  /** The function returns the path: its caller's send decides the method. */
  readonly returns: boolean;
}

/** A call of a path helper read as a path (`helperPathCalls`): the literal arguments' span, the path and its method. */
export interface HelperPath {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly parts: readonly UrlPart[];
  readonly method?: { readonly method: HttpMethod; readonly start: number; readonly text: string };
}

/** A placeholder's opening after a `/` (`/{`, `/%s`, `/${`, `/#{`). */
const PLACE_AT = /^\/(?:\{|%s|\$\{|#\{)/;
/** A join beside a `"/"` literal. */
const JOIN_NEAR = /[jJ]oin\(/;
/** How many template places (and helpers) a text is read at, how long a body is, and how many rounds of helpers calling helpers. */
const MAX_PLACES = 24;
const MAX_BODY = 2_000;
const ROUNDS = 3;
/** How many calls of one helper are read, and how far a call's arguments run. */
const MAX_CALLS = 200;
const MAX_CALL = 2_000;

const OWN = memoKey<ReadonlyMap<string, PathHelper>>('path helpers');

/**
 * The text's path helpers by name (a name defined twice, or read two ways, left out). From each place a template with
 * parameter segments may be (a `/` and a placeholder, or a `"/"` literal beside a join, found in one pass from `/` to `/`),
 * the function around it is read; then the
 * functions that call those with their own parameters (`get_organization_collection(org, coll)` calling
 * `get_collection("organizations", org, coll)`), a few rounds.
 */
export function pathHelpers(text: string, lines: Lines): ReadonlyMap<string, PathHelper> {
  return lines.memo(OWN, () => {
    let places = 0;
    let starts: number[] = [];
    // The `/`s before `{`, `%`, `$`, `#` or a quote (`TextMarkers.slashes`: one walk over the text's `/`s, shared with
    // other-api.ts): a `/` that opens a placeholder (`/{`, `/%s`, `/${`, `/#{`), and a `"/"` literal with a join
    // beside it (`"/".join(`, `.join("/")`, `strings.Join(parts, "/")`). Most texts have a few, none of them a place.
    for (const at of lines.markers.slashes.opening) {
      if (places >= MAX_PLACES) break;
      const c = text.charCodeAt(at + 1);
      if (c === 34 || c === 39) {
        if (text.charCodeAt(at - 1) !== c || !JOIN_NEAR.test(text.slice(Math.max(0, at - 48), at + 12))) continue;
      } else if (!PLACE_AT.test(text.slice(at, at + 3)) || !helperPlace(text, at) || !bareValue(text, at)) continue;
      places++;
      starts.push(at);
    }
    if (starts.length === 0) return new Map();
    const fns = new Map<number, string>();
    const found = new Map<string, PathHelper | null>();
    const read = new Map<number, PathHelper | undefined>();
    const seenLines = new Set<number>();
    let fresh: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const known = settled(found);
      let changed = false;
      for (const at of starts) {
        const line = lines.lineOf(at);
        if (seenLines.has(line)) continue;
        seenLines.add(line);
        const fn = enclosingFunction(text, lines, line);
        if (fn && !fns.has(fn.start) && fns.size < MAX_PLACES) fns.set(fn.start, fn.name);
      }
      for (const [start, name] of fns) {
        // Read once, and again only when a helper learnt since may be what its body calls.
        if (read.has(start) && !fresh.some((h) => h !== name && calledWithin(text, h, start))) continue;
        const helper = readHelper(text, name, start, known);
        const before = read.get(start);
        read.set(start, helper);
        if (JSON.stringify(before) !== JSON.stringify(helper)) changed = true;
      }
      const next = new Map<string, PathHelper | null>();
      for (const [start, helper] of read) {
        if (helper === undefined) continue;
        const name = fns.get(start)!;
        const had = next.get(name);
        if (had === undefined) next.set(name, helper);
        else if (had !== null && JSON.stringify(had) !== JSON.stringify(helper)) next.set(name, null);
      }
      fresh = [...next.keys()].filter((n) => !found.has(n));
      found.clear();
      for (const [n, h] of next) found.set(n, h);
      if (!changed && fresh.length === 0) break;
      // Functions that call the new helpers: read next round.
      starts = [];
      for (const name of fresh)
        for (const call of callsOf(text, name)) if (places++ < MAX_PLACES * 2) starts.push(call);
    }
    return settled(found);
  });
}

/**
 * Whether a placeholder after the `/` at `at` may be a path helper's template: one that opens the path (`"/{}/…`,
 * `` `/${kind}` ``), follows another that follows a literal segment (`/organizations/{}/{}`, `/organizations/%s/%s`; not
 * a run of placeholders, `{base}/{namespace}/{name}`, names of one resource), or follows `relationships/` or `actions/`.
 */
function helperPlace(text: string, at: number): boolean {
  const before = text.charCodeAt(at - 1);
  if (before === 34 || before === 39 || before === 96) return true;
  // Right after `relationships` or `actions` (read in place: no slice, no pattern, at each of the text's places).
  if ((at >= 13 && text.startsWith('relationships', at - 13)) || (at >= 7 && text.startsWith('actions', at - 7)))
    return true;
  // Another placeholder just before: `}/{`, `s/%s` (its `%s`), `}/${`.
  let open: number;
  if (before === 125) {
    open = lastIndexWithin(text, '{', at - 80, at - 1);
    if (open === -1) return false;
    const c = text.charCodeAt(open - 1);
    if (c === 36 || c === 35) open--; // ${ #{
  } else if (before === 115 && text.charCodeAt(at - 2) === 37) open = at - 2;
  else return false;
  // That one after a literal segment: `/organizations/{org}/{list}` (`/{}/{}` opens the path: read at its first).
  return /\/[A-Za-z][\w-]*\/$/.test(text.slice(Math.max(0, open - 40), open));
}

/** A value a parameter may be: a bare name, or an encoder around one (`encode(id)`, `&owner`, `url.PathEscape(kind)`). */
const BARE =
  /^\s*[&*]?\s*(?:[A-Za-z_$][\w$]*|[\w.:]*(?:encode|escape|quote)\w*\(\s*[&*]?\s*[A-Za-z_$][\w$]*\s*\))\s*$/i;

/**
 * Whether the placeholder after the `/` at `at` may hold a parameter: a named one holds a bare name (`{kind}`,
 * `${kind}`, `#{encode(kind)}`); a positional one (`{}`, `%s`) belongs to a format call with a bare name among its
 * arguments after the template (go-tfe's `url.PathEscape(moduleID.Organization)` is none).
 */
function bareValue(text: string, at: number): boolean {
  const c = text.charCodeAt(at + 1);
  const open = c === 36 || c === 35 ? at + 2 : at + 1;
  if (
    text.charCodeAt(open) === 123 &&
    text.charCodeAt(open + 1) !== 125 &&
    !/^\{\d+\}/.test(text.slice(open, open + 4))
  ) {
    const close = text.indexOf('}', open);
    return close !== -1 && close - open < 80 && BARE.test(text.slice(open + 1, close));
  }
  // The template's end on its line, then its arguments.
  let end = at + 1;
  while (end < text.length && end - at < 300) {
    const d = text.charCodeAt(end);
    if (d === 34 || d === 39 || d === 96 || d === 10) break;
    end++;
  }
  const args = text.slice(end + 1, end + 400);
  const close = args.search(/\)\s*(?:[;.)\n]|$)/);
  for (const arg of (close === -1 ? args : args.slice(0, close)).split(',')) if (BARE.test(arg)) return true;
  return false;
}

/** Whether `name(` is written within a body's reach of `start`. */
function calledWithin(text: string, name: string, start: number): boolean {
  const at = text.indexOf(`${name}(`, start);
  return at !== -1 && at < start + MAX_BODY;
}

function settled(found: ReadonlyMap<string, PathHelper | null>): Map<string, PathHelper> {
  const out = new Map<string, PathHelper>();
  for (const [name, helper] of found) if (helper !== null) out.set(name, helper);
  return out;
}

/**
 * Where a name is called (`name(`, `.name(`, `name::<T>(`), at most MAX_CALLS places: the name's offsets. `stop`, asked
 * at each place found, ends the search there when it says so (the places up to it returned).
 */
function callsOf(text: string, name: string, stop?: (at: number) => boolean): number[] {
  const out: number[] = [];
  let seen = 0;
  for (let at = text.indexOf(name); at !== -1 && seen < MAX_CALLS * 2; at = text.indexOf(name, at + name.length)) {
    seen++;
    if (isNameChar(text.charCodeAt(at - 1)) || isNameChar(text.charCodeAt(at + name.length))) continue;
    // `(` at once, or after what only `:`, `<` or a blank opens (type arguments, blanks): another next character
    // (`.`, `,`, `)`, most uses of a name that are no call) is no call, with no slice and no pattern.
    const next = text.charCodeAt(at + name.length);
    if (
      next !== 40 &&
      (!(next === 58 || next === 60 || next === 32 || next === 9) ||
        !/^(?:::<[^>\n]*>|<[^>\n]*>)?[ \t]*\(/.test(text.slice(at + name.length, at + name.length + 80)))
    )
      continue;
    out.push(at);
    if (stop?.(at) === true || out.length >= MAX_CALLS) break;
  }
  return out;
}

/** What follows a definition's name up to its parameters' `(`: type parameters, an arrow function's `= async (`. */
const AFTER_NAME = /^(?:<[^>\n]*>)?[ \t]*(?::[^=\n(]{1,80})?(?:=[ \t]*(?:async[ \t]*)?)?\(/;
/** A receiver or a context parameter that is no piece of the path. */
const RECEIVER = /^(?:&?\s*(?:'\w+\s+)?(?:mut\s+)?self|cls|this)$/;

/** The helper defined by the name at `at`, or undefined when its body builds no path of its parameters. */
function readHelper(
  text: string,
  name: string,
  at: number,
  known: ReadonlyMap<string, PathHelper>,
): PathHelper | undefined {
  const after = AFTER_NAME.exec(text.slice(at + name.length, at + name.length + 120));
  if (!after) return undefined;
  const open = at + name.length + after[0].length - 1;
  const close = matchingClose(text, open, 600);
  if (close === -1) return undefined;
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const head = text.slice(lineStart, at);
  const params = readParams(
    text,
    open,
    close,
    /\bfunc\b/.test(head),
    /^\s*(?:def|fn|func|function|fun)\b|[:=]/.test(head),
  );
  if (!params || params.names.length === 0) return undefined;
  const body = bodyOf(text, lineStart, close);
  if (!body) return undefined;
  const built = builtPaths(text, body, params.names, params.rest, known);
  if (built.length === 0) return undefined;
  const first = built[0]!;
  const key = JSON.stringify(first.pieces);
  if (built.some((b) => JSON.stringify(b.pieces) !== key)) return undefined;
  const methods = new Set(built.map((b) => b.method));
  const returns = built.every((b) => b.returns);
  if (!returns && built.some((b) => b.returns)) return undefined;
  if (methods.size > 1) return undefined;
  const method = first.method;
  return {
    pieces: first.pieces,
    ...(params.rest === undefined ? {} : { rest: params.rest }),
    ...(method === undefined ? {} : { method }),
    returns,
  };
}

/** A parameter list's names (a receiver dropped) and the position of a rest parameter; undefined when one cannot be read. */
function readParams(
  text: string,
  open: number,
  close: number,
  go: boolean,
  nameFirst: boolean,
): { names: string[]; rest?: number } | undefined {
  const pieces = topLevelArguments(text, open + 1, close);
  if (!pieces) return undefined;
  const names: string[] = [];
  let rest: number | undefined;
  for (const piece of pieces) {
    let raw = text.slice(piece.start, piece.end).trim();
    if (raw === '') continue;
    if (RECEIVER.test(raw.split(/[:=]/)[0]!.trim())) continue;
    if (/^\*\*/.test(raw)) break; // **kwargs: no segment
    const spread = /^(?:\*|\.\.\.)/.test(raw) || /\.\.\.\s*[\w[\]]+\s*$/.test(raw) || /\bparams\s/.test(raw);
    raw = raw
      .replace(/^(?:\*|\.\.\.)/, '')
      .replace(/=[\s\S]*$/, '')
      .trim();
    let name: string | undefined;
    const typed = /^(?:mut\s+)?([A-Za-z_$][\w$]*)\s*\??\s*:(?!:)/.exec(raw);
    if (typed) name = typed[1];
    else {
      const words = raw.match(/[A-Za-z_$][\w$]*/g) ?? [];
      if (words.length === 1 || go || nameFirst) name = words[0];
      else name = words[words.length - 1];
    }
    if (!name) return undefined;
    if (spread) {
      if (rest !== undefined) return undefined;
      rest = names.length;
    }
    names.push(name);
  }
  return rest === undefined ? { names } : { names, rest };
}

/** A function's body: braces after the signature (a return type between), else Python's (or Ruby's) indented lines. */
function bodyOf(text: string, def: number, close: number): { start: number; end: number } | undefined {
  const brace = /^\s*(?:->[^{;\n]{1,120}|:[^{;=\n]{1,120}|\s[\w.*[\]<>, ]{1,120})?\s*\{/.exec(
    text.slice(close + 1, close + 200),
  );
  if (brace) {
    const open = close + brace[0].length;
    const end = matchingClose(text, open, MAX_BODY, 'braces');
    return end === -1 ? undefined : { start: open + 1, end };
  }
  let indent = 0;
  while (text.charCodeAt(def + indent) === 32 || text.charCodeAt(def + indent) === 9) indent++;
  const lineEnd = text.indexOf('\n', close);
  if (lineEnd === -1 || lineEnd - close > 200) return undefined;
  return { start: lineEnd, end: pythonBodyEnd(text, close, indent, MAX_BODY) };
}

/** A path a body builds: its pieces, and whether it is returned or sent (and the send's method). */
interface Built {
  readonly pieces: (string | number)[];
  readonly returns: boolean;
  readonly method?: HttpMethod;
}

/** The one-line strings of a body (any of the three quotes) holding a `/` or a placeholder: each opening quote and its close. */
function strings(text: string, body: { start: number; end: number }): { quote: number; close: number }[] {
  const out: { quote: number; close: number }[] = [];
  let i = body.start;
  while (i < body.end) {
    const c = text.charCodeAt(i);
    if (c !== 34 && c !== 39 && c !== 96) {
      i++;
      continue;
    }
    let j = i + 1;
    for (; j < body.end; j++) {
      const d = text.charCodeAt(j);
      if (d === 92) j++;
      else if (d === c || d === 10) break;
    }
    if (j >= body.end || text.charCodeAt(j) !== c) {
      i = j + 1;
      continue;
    }
    out.push({ quote: i, close: j });
    i = j + 1;
  }
  return out;
}
/** A join of a parameter or a list on `/`: `"/".join(parts)`, `parts.join("/")`, `strings.Join(parts, "/")`, `string.Join("/", parts)`. */
const JOIN =
  /(["'])\/\1\s*\.\s*join\(\s*([^()\n]{1,200})\)|([\w$.]+|\[[^\]\n]{1,200}\])\s*\.\s*join\(\s*(["'])\/\4\s*\)|\b[Ss]trings?\.Join\(\s*(?:([\w$]+)\s*,\s*(["'])\/\6|(["'])\/\7\s*,\s*([\w$]+))\s*\)/g;

function builtPaths(
  text: string,
  body: { start: number; end: number },
  params: readonly string[],
  rest: number | undefined,
  known: ReadonlyMap<string, PathHelper>,
): Built[] {
  const out: Built[] = [];
  const slice = text.slice(body.start, body.end);
  const exprs: { start: number; end: number; pieces: (string | number)[] }[] = [];
  // Templates: interpolated strings and format calls' literals.
  for (const s of strings(text, body)) {
    const content = text.slice(s.quote + 1, s.close);
    // A template that may hold a parameter: a positional placeholder, or a parameter's name written in it.
    if (!content.includes('/') && !/^\{\}|^%s|^\{0\}/.test(content)) continue;
    if (!/\{\d*\}|%[sdvq]/.test(content) && !params.some((p) => content.includes(p))) continue;
    const prefix = /[fr$@]{0,2}$/.exec(text.slice(Math.max(body.start, s.quote - 2), s.quote))?.[0] ?? '';
    const read = templatePieces(text, s.quote, prefix, text.charAt(s.quote), content, params, known);
    if (read) exprs.push(read);
  }
  // Joins on `/`.
  const joins = slice.includes('join(') || slice.includes('Join(') ? slice.matchAll(JOIN) : [];
  for (const m of joins) {
    const list = (m[2] ?? m[3] ?? m[5] ?? m[8] ?? '').trim();
    const pieces = joinPieces(list, params, rest);
    if (!pieces) continue;
    const start = body.start + m.index;
    const lead = /(["'])\/\1\s*\+\s*$/.exec(text.slice(Math.max(body.start, start - 20), start));
    exprs.push({
      start: lead ? start - lead[0].length : start,
      end: start + m[0].length,
      pieces: lead ? ['/', ...pieces] : pieces,
    });
  }
  // Calls of known helpers with the body's parameters (`self.get_collection("organizations", org, coll, page)`).
  for (const [name, helper] of known)
    for (const at of callsOf(slice, name)) {
      const open = body.start + at + slice.slice(at).indexOf('(');
      const call = callArguments(text, open, MAX_CALL);
      if (!call) continue;
      if (exprs.some((e) => e.start <= open && open < e.end)) continue;
      const pieces = substitute(
        helper,
        call.args.map((a) => argumentPiece(text, a, params)),
      );
      if (!pieces || !segmentParam(pieces)) continue;
      const start = body.start + at;
      if (!helper.returns) {
        out.push({ pieces, returns: false, ...(helper.method ? { method: helper.method } : {}) });
        continue;
      }
      exprs.push({ start, end: call.close + 1, pieces });
    }
  for (const e of exprs) {
    if (!segmentParam(e.pieces)) continue;
    // Inside another expression read (a helper's call inside a format call): that one counts.
    if (exprs.some((o) => o !== e && o.start <= e.start && e.end <= o.end)) continue;
    const use = useOf(text, body, e.start, e.end);
    if (use) out.push({ pieces: e.pieces, ...use });
  }
  return out;
}

/** Whether a parameter of the pieces names a path word (`wordParams`). */
function segmentParam(pieces: readonly (string | number)[]): boolean {
  return wordParams(pieces).size > 0;
}

/**
 * The parameters that fill a whole segment where the path names what it holds, not an id: its first segment (after a
 * base placeholder too: `{}/{kind}`), a segment after another placeholder (`/organizations/{org}/{list}`), or after
 * `relationships/` or `actions/` (`/{kind}/{id}/relationships/{rel}`). A parameter after a collection's name
 * (`/workspaces/{id}`) is an id: a literal there is a name of one resource, no news of the path.
 */
/** A piece ending with a literal segment (`/organizations/`), or with one and a placeholder (`/organizations/{}/`). */
const LITERAL_END = /(?:^|\/)[A-Za-z][\w-]*\/$/;
const LITERAL_HOLE_END = /(?:^|\/)[A-Za-z][\w-]*\/\{\}\/$/;

function wordParams(pieces: readonly (string | number)[]): Set<number> {
  const out = new Set<number>();
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i];
    if (typeof p !== 'number') continue;
    const after = i === pieces.length - 1 ? '' : pieces[i + 1]!;
    if (typeof after !== 'string' || !/^(?:\/|\?|$)/.test(after)) continue;
    const before = i === 0 ? '' : pieces[i - 1]!;
    if (typeof before !== 'string') continue;
    const prior = i >= 2 ? pieces[i - 2] : undefined;
    const earlier = i >= 3 ? pieces[i - 3] : undefined;
    // Right after a base the path is not known to start with (`{self.base}/{x}`), a segment may as well be an id.
    const leading = before === '' || (before === '/' && i === 1);
    // After a collection's name and its id (`/organizations/{org}/{list}`); not after a run of placeholders
    // (`{base}/{namespace}/{name}/{provider}`: names of one resource).
    const afterPlaceholder =
      (before === '/' && typeof prior === 'number' && typeof earlier === 'string' && LITERAL_END.test(earlier)) ||
      LITERAL_HOLE_END.test(before);
    if (leading || afterPlaceholder || /(?:^|\/)(?:relationships|actions)\/$/.test(before)) out.add(p);
  }
  return out;
}

/** Expressions that are a query's text, glued to the end of a path (`page.query()`, `query_string`, `qs`). */
const QUERY_EXPR = /quer|params|\bqs\b|search|filter/i;

/**
 * The pieces of a template whose quote is at `quote`: an interpolation's placeholders (`f"/{kind}/{id}"`, `` `/${kind}` ``,
 * `"/#{kind}"`, `$"/{kind}"`, Rust's `format!("/{kind}")`) hold their expressions; a format call's positional
 * placeholders (`{}`, `{0}`, `%s`) take its arguments in order. Each expression a parameter (`encode(id)`, `&kind` too)
 * is its position, a call of a known helper its pieces, anything else a placeholder; a trailing placeholder glued to
 * the path that holds a query (`/{}/{}{}` with `page.query()`) is left out.
 */
function templatePieces(
  text: string,
  quote: number,
  prefix: string,
  mark: string,
  content: string,
  params: readonly string[],
  known: ReadonlyMap<string, PathHelper>,
): { start: number; end: number; pieces: (string | number)[] } | undefined {
  const contentStart = quote + 1;
  const contentEnd = contentStart + content.length;
  const holes: { at: number; end: number; expr: string | undefined }[] = [];
  let span = { start: quote - prefix.length, end: contentEnd + 1 };
  const interpolated = mark === '`' || prefix.includes('f') || prefix.includes('$') || /#\{/.test(content);
  if (interpolated) {
    const re = mark === '`' ? /\$\{([^{}]*)\}/g : /#\{([^{}]*)\}/.test(content) ? /#\{([^{}]*)\}/g : /\{([^{}]*)\}/g;
    for (const m of content.matchAll(re)) holes.push({ at: m.index, end: m.index + m[0].length, expr: m[1] });
  } else {
    // A format call around the literal: the callee before it (`format!(`, `fmt.Sprintf(`), or `.format(` after it.
    let open = quote - 1;
    while (open > 0 && /\s/.test(text.charAt(open))) open--;
    let call: ReturnType<typeof formatCall>;
    let callStart = -1;
    if (text.charCodeAt(open) === 40) {
      let s = open;
      while (s > 0 && (isNameChar(text.charCodeAt(s - 1)) || /[.:!]/.test(text.charAt(s - 1)))) s--;
      call = formatCall(text, s, open);
      callStart = s;
    } else {
      const after = /^\s*\.\s*format\(/.exec(text.slice(contentEnd + 1, contentEnd + 40));
      if (after) {
        const calleeStart = contentEnd + 1 + after[0].indexOf('.');
        call = formatCall(text, calleeStart, contentEnd + after[0].length);
        callStart = quote;
      }
    }
    if (!call || call.template.start !== contentStart) return undefined;
    const close = callArguments(text, text.indexOf('(', callStart === quote ? contentEnd : callStart), MAX_CALL);
    if (!close) return undefined;
    span = { start: callStart, end: close.close + 1 };
    let k = 0;
    for (const m of content.matchAll(/\{(\d*|[A-Za-z_]\w*)(?::[^{}]*)?\}|%[sdvq]/g)) {
      const inline = m[1] !== undefined && /^[A-Za-z_]/.test(m[1]) ? m[1] : undefined;
      const index = m[1] !== undefined && /^\d+$/.test(m[1]) ? Number(m[1]) : inline === undefined ? k++ : -1;
      holes.push({ at: m.index, end: m.index + m[0].length, expr: inline ?? call.args[index]?.text });
    }
  }
  if (holes.length === 0) return undefined;
  const pieces: (string | number)[] = [];
  let from = 0;
  for (let h = 0; h < holes.length; h++) {
    const hole = holes[h]!;
    if (hole.at > from) pieces.push(content.slice(from, hole.at));
    from = hole.end;
    const expr = hole.expr?.trim() ?? '';
    const piece = expressionPiece(expr, params, known);
    const last = h === holes.length - 1 && from === content.length;
    const glued = hole.at > 0 && content.charAt(hole.at - 1) !== '/';
    if (last && glued && typeof piece === 'string' && QUERY_EXPR.test(expr)) continue;
    if (Array.isArray(piece)) pieces.push(...piece);
    else pieces.push(piece);
  }
  if (from < content.length) pieces.push(content.slice(from));
  return { ...span, pieces: merged(pieces) };
}

/** Neighbouring literal pieces joined. */
function merged(pieces: readonly (string | number)[]): (string | number)[] {
  const out: (string | number)[] = [];
  for (const p of pieces) {
    const last = out[out.length - 1];
    if (typeof p === 'string' && typeof last === 'string') out[out.length - 1] = last + p;
    else out.push(p);
  }
  return out;
}

/** An encoder around a value: `encode_path_segment(id)`, `encodeURIComponent(id)`, `url.PathEscape(id)`, `quote(id)`. */
const ENCODER = /^[\w.:]*(?:encode|escape|quote)\w*\(\s*([\s\S]*?)\s*\)$/i;

/** What an expression in a template is: a parameter's position, a known helper's pieces, or a placeholder (`{}`). */
function expressionPiece(
  raw: string,
  params: readonly string[],
  known: ReadonlyMap<string, PathHelper>,
): number | string | (string | number)[] {
  let expr = raw
    .replace(/^[&*]+\s*/, '')
    .replace(/\.(?:to_string|as_str|as_ref|clone|to_owned|toString|String)\(\)$/, '');
  const encoded = ENCODER.exec(expr);
  if (encoded?.[1]) expr = encoded[1].replace(/^[&*]+\s*/, '');
  const position = params.indexOf(expr);
  if (position !== -1) return position;
  const call = /^(?:(?:self|this)\.)?([A-Za-z_$][\w$]*)\(([\s\S]*)\)$/.exec(expr);
  const helper = call ? known.get(call[1]!) : undefined;
  if (call && helper?.returns) {
    const inner = topLevelArguments(call[2]!, 0, call[2]!.length);
    if (inner) {
      const pieces = substitute(
        helper,
        inner.map((a) => argumentPiece(call[2]!, a, params)),
      );
      if (pieces) return pieces;
    }
  }
  return '{}';
}

/** A list joined on `/`: a rest parameter (its position), or a list literal of parameters and strings. */
function joinPieces(
  list: string,
  params: readonly string[],
  rest: number | undefined,
): (string | number)[] | undefined {
  const position = params.indexOf(list);
  if (position !== -1) return position === rest ? [position] : undefined;
  if (!list.startsWith('[')) return undefined;
  const items = topLevelArguments(list, 1, list.length - 1);
  if (!items) return undefined;
  const out: (string | number)[] = [];
  for (const item of items) {
    if (out.length > 0) out.push('/');
    const piece = argumentPiece(list, item, params);
    out.push(piece);
  }
  return merged(out);
}

/** An argument as a piece: a string literal or a symbol its text, a parameter its position, anything else a placeholder. */
function argumentPiece(text: string, arg: { start: number; end: number }, params: readonly string[]): string | number {
  const raw = text.slice(arg.start, arg.end).trim().replace(/^&/, '');
  const literal = literalText(raw);
  if (literal !== undefined) return literal;
  const expr = raw.replace(/^[&*]+\s*/, '').replace(/\.(?:to_string|as_str|clone|to_owned)\(\)$/, '');
  const position = params.indexOf(ENCODER.exec(expr)?.[1] ?? expr);
  return position === -1 ? '{}' : position;
}

/** The text of a plain literal argument (`"varsets"`, `'vars'`, `:workspaces`, `` `tags` ``), or undefined. */
function literalText(raw: string): string | undefined {
  const m = /^(?:(["'`])([\w.~-]{1,80})\1|:([A-Za-z_][\w-]{0,80}))(?:\.(?:to_string|to_owned|into)\(\))?$/.exec(raw);
  return m ? (m[2] ?? m[3]) : undefined;
}

/** The pieces of a helper given its arguments' pieces; undefined when a parameter it needs is not given. */
function substitute(helper: PathHelper, args: readonly (string | number)[]): (string | number)[] | undefined {
  const out: (string | number)[] = [];
  for (const p of helper.pieces) {
    if (typeof p === 'string') out.push(p);
    else if (p === helper.rest) {
      const tail = args.slice(p);
      if (tail.length === 0) return undefined;
      tail.forEach((a, i) => {
        if (i > 0) out.push('/');
        out.push(a);
      });
    } else {
      const arg = args[p];
      if (arg === undefined) return undefined;
      out.push(arg);
    }
  }
  return merged(out);
}

/** A call's explicit method: `Method::GET`, `http.MethodPost`, `"DELETE"`, `method="post"`, `method: 'patch'`. */
const EXPLICIT =
  /(?<![\w-])["'](GET|POST|PUT|PATCH|DELETE)["']|(?<![\w-])(?:Http)?Method(?:::|\.)?(Get|Post|Put|Patch|Delete|GET|POST|PUT|PATCH|DELETE)(?![\w-])|(?<![\w-])method\s*[=:]\s*["'](get|post|put|patch|delete|GET|POST|PUT|PATCH|DELETE)["']/;
/** A callee named for its verb (`self.post`, `client.get`, `self.get_json`, `_delete_request`). Group 1: the verb; 2: the suffix. */
const VERB_CALLEE = /(?:^|[.:>\s(])_?(get|post|put|patch|delete)((?:_[a-z]+)*)(?:<[^<>()\n]*>)?$/i;

/** A receiver that sends requests: `self`, `this`, or a name for a client (`requests`, `client`, `self._session`, `http`). */
const SENDER =
  /(?:^|[.\s(>:])_?(?:self|this|cls|requests|httpx|axios|client|session|http|api|conn|connection|rest|faraday|agent|transport)$/i;

/**
 * The method of a call that takes the path (`self.post_json(&path, body)`, `requests.get(url)`, `json_request(Method::GET,
 * path, None)`): an explicit method among its other arguments, else the verb of its name; a name with more after the
 * verb (`get_json`) only where the text names the same function for another verb too (`post_json(`): a family of helpers
 * named for their methods, not a verb that happens to start a name.
 */
function callMethod(
  text: string,
  call: { start: number; open: number; end: number },
  exclude: { start: number; end: number },
): { method: HttpMethod; start: number; text: string } | undefined {
  const args = text.slice(call.open + 1, exclude.start) + ' ' + text.slice(exclude.end, call.end - 1);
  const explicit = EXPLICIT.exec(args);
  if (explicit) {
    const word = (explicit[1] ?? explicit[2] ?? explicit[3])!;
    return { method: word.toUpperCase() as HttpMethod, start: call.open, text: '' };
  }
  const callee = text.slice(call.start, call.open);
  const named = VERB_CALLEE.exec(callee);
  if (!named?.[1]) return undefined;
  const verb = named[1].toLowerCase();
  const suffix = named[2] ?? '';
  // The receiver sends requests: the client's own method (`self.post`, `this.get_json`) or a client's (`requests.get`,
  // `client.post`, `self.session.delete`); a map's or a cache's `.get` / `.Delete` is none.
  const receiver = callee.slice(0, named.index + named[0].indexOf(named[1])).replace(/(?:\.|::|->|_)+$/, '');
  if (!SENDER.test(receiver)) return undefined;
  if (suffix !== '') {
    const family = ['get', 'post', 'put', 'patch', 'delete'].some(
      (other) => other !== verb && text.includes(`${other}${suffix}(`),
    );
    if (!family) return undefined;
  }
  const start = call.start + named.index + named[0].toLowerCase().indexOf(verb);
  return { method: verb.toUpperCase() as HttpMethod, start, text: named[1] };
}

/** The call whose arguments hold `at` (within a statement): its callee's start, its `(` and its end. */
function callAround(text: string, at: number, floor: number): { start: number; open: number; end: number } | undefined {
  let depth = 0;
  for (let i = at - 1; i >= Math.max(floor, at - 300); i--) {
    const c = text.charCodeAt(i);
    if (c === 41 || c === 93 || c === 125) depth++;
    else if (c === 40 || c === 91 || c === 123) {
      if (depth > 0) {
        depth--;
        continue;
      }
      if (c !== 40) return undefined;
      const args = callArguments(text, i, MAX_CALL);
      if (!args) return undefined;
      let s = i;
      while (s > floor && (isNameChar(text.charCodeAt(s - 1)) || /[.:>!]/.test(text.charAt(s - 1)))) s--;
      // `<T>` type arguments before the `(`.
      if (s === i) return undefined;
      return { start: s, open: i, end: args.close + 1 };
    } else if (c === 59) return undefined;
  }
  return undefined;
}

/** The name the expression at `start` is assigned to, when it opens the value of an assignment on its line (`let path = `, `path := `, `$url = `). */
function assignedName(text: string, start: number): string | undefined {
  const line = text.slice(text.lastIndexOf('\n', start - 1) + 1, start);
  const assigned = assignmentOpening(line);
  return assigned && /^\s*&?\s*$/.test(line.slice(assigned.end)) ? assigned.name : undefined;
}

/**
 * What a body does with the expression from `start` to `end`: sends it (an argument of a call, directly or through the
 * name it is assigned to: the call's method, if said) or returns it (`return …`, Rust's tail expression, a `=>` body).
 */
function useOf(
  text: string,
  body: { start: number; end: number },
  start: number,
  end: number,
): { returns: boolean; method?: HttpMethod } | undefined {
  // The expression's line before it (a `return` or an arrow opens its value on its line).
  const before = text.slice(Math.max(body.start, text.lastIndexOf('\n', start - 1) + 1), start);
  if (/(?:^|[\s;{(])return\s+(?:Ok\(\s*)?$|=>\s*$/.test(before) || tailExpression(text, body, end, before))
    return { returns: true };
  const call = callAround(text, start, body.start);
  if (call) {
    const m = callMethod(text, call, { start, end });
    return m ? { returns: false, method: m.method } : { returns: false };
  }
  const name = assignedName(text, start);
  if (name === undefined) return undefined;
  const rest = text.slice(end, body.end);
  const use = new RegExp(`(?<![\\w$.])\\$?${name}(?![\\w$])`, 'g');
  for (const m of rest.matchAll(use)) {
    const at = end + m.index;
    const after = text.slice(at + m[0].length, at + m[0].length + 4);
    if (/^\s*=(?!=)/.test(after)) return undefined;
    const lineBefore = text.slice(text.lastIndexOf('\n', at - 1) + 1, at);
    if (/(?:^|\s)return\s+(?:Ok\(\s*)?&?$/.test(lineBefore)) return { returns: true };
    const sent = callAround(text, at, body.start);
    if (!sent) continue;
    const method = callMethod(text, sent, { start: at, end: at + m[0].length });
    return method ? { returns: false, method: method.method } : { returns: false };
  }
  return undefined;
}

/** Rust's (or Ruby's) last expression of a body, its value: nothing but blanks (and `)`) after it to the body's end. */
function tailExpression(text: string, body: { start: number; end: number }, end: number, before: string): boolean {
  if (!/^\s*\)?\s*$/.test(text.slice(end, body.end))) return false;
  // The expression starts its statement (`format!(…)` after `{` or `;` or at a line's start).
  return /(?:^|[;{]|\n)\s*(?:Ok\(\s*)?$/.test(before);
}

/**
 * Calls of the text's path helpers and the project's (`helpers`) with literal pieces (`relationship_collection_path(
 * "varsets", &id, "vars")`, `self.get_collection("organizations", org, "projects", page)`): each read as its path, the
 * literal arguments in place and any other argument a placeholder. Its method is the helper's send's; a helper that
 * returns the path gets it from the call that sends the result (`self.post_json(&path, …)` below `let path = …`), and
 * none is assumed otherwise. A call that gives no piece literally is left out (its path is the helper's, no news).
 */
export function helperPathCalls(
  text: string,
  lines: Lines,
  project: ReadonlyMap<string, PathHelper> | undefined,
): HelperPath[] {
  const own = pathHelpers(text, lines);
  if (own.size === 0 && (project === undefined || project.size === 0)) return [];
  const out: HelperPath[] = [];
  for (const [name, helper] of own) out.push(...helperCalls(text, lines, name, helper, callsOf(text, name)));
  // Another file's helper, where the text calls its name and defines none of that name itself.
  for (const [name, helper] of project ?? []) {
    if (own.has(name) || !lines.markers.has(`${name}(`)) continue;
    const sites = callsUndefined(text, name);
    if (sites !== undefined) out.push(...helperCalls(text, lines, name, helper, sites));
  }
  return out;
}

/** The calls of one helper among `sites` (its name's places) read as paths (`helperPathCalls`). */
function helperCalls(
  text: string,
  lines: Lines,
  name: string,
  helper: PathHelper,
  sites: readonly number[],
): HelperPath[] {
  const out: HelperPath[] = [];
  let ours: boolean | undefined;
  for (const at of sites) {
    const read = piecesCall(text, at, name, helper);
    if (!read) continue;
    const { close, pieces, literals } = read;
    // Which API the path is: one this API's shape decides (`…/relationships/tags`, `…/actions/lock`), or any where the
    // text names this API's base or host and no other API's (a Jira client's `apiPath('projects', key)` under
    // `/rest/api/3`, GitLab's `_path("projects", pid)` under `/api/v4`: `/projects/:id` is a word they share).
    if (!DECISIVE.test(pieces.join('')) && !(ours ??= namesThisApi(lines))) continue;
    const first = literals[0]!;
    const last = literals[literals.length - 1]!;
    const start = text.indexOf(first.literal, first.start);
    const end = text.indexOf(last.literal, last.start) + last.literal.length;
    const virtual = pieces.join('');
    let method: HelperPath['method'];
    if (helper.method) method = { method: helper.method, start: at, text: '' };
    else if (helper.returns) method = callerSends(text, lines, at, close + 1);
    out.push({
      start,
      end,
      text: virtual.startsWith('/') || virtual.startsWith('{') || virtual.includes('://') ? virtual : `/${virtual}`,
      parts: [{ virtual: 0, source: start }],
      ...(method ? { method } : {}),
    });
  }
  return out;
}

/** A path this API's shape decides: a relationship's or an action's segment. */
const DECISIVE = /\/(?:relationships|actions)\/[A-Za-z]/;

/** Whether the text names this API's base or host (`/api/v2`, `app.terraform.io`) and no other API's (`/rest/api/`, `/api/v4`, `api.github.com`). */
function namesThisApi(lines: Lines): boolean {
  const { markers } = lines;
  return (
    (markers.has('api/v2') || markers.has('terraform.io')) &&
    !markers.any(['/rest/api/', '/api/v3', '/api/v4', 'api.github.com', 'api.bitbucket.org'])
  );
}

/**
 * Whether the text calls one of the project's path helpers with a literal piece where the path names what it holds
 * (`relationship_collection_path("varsets", &id, "vars")`) and defines no function of that name itself: only such a
 * file is read again with the project's facts (`factsConcern`). A call that gives no literal piece, and a name the
 * file defines (go-tfe's `Delete` in every service, terrasnek's `update` in every endpoint's class), are none.
 */
export function callsPathHelper(
  text: string,
  markers: TextMarkers,
  helpers: ReadonlyMap<string, PathHelper> | undefined,
): boolean {
  for (const [name, helper] of helpers ?? [])
    if (markers.has(`${name}(`) && callsHelper(text, name, helper)) return true;
  return false;
}

/** `callsPathHelper` for one helper the text names (`name(`): a call with a literal piece, and no definition of the name. */
export function callsHelper(text: string, name: string, helper: PathHelper): boolean {
  const sites = callsUndefined(text, name);
  if (sites === undefined) return false;
  for (const at of sites) if (literalWithin(text, at + name.length) && piecesCall(text, at, name, helper)) return true;
  return false;
}

/** A definition's words before its name (`fn `, `def `, `func (c *Client) `, `function `, `fun `). */
const DEFINES = /(?:^|\s)(?:fn|def|func|function|fun)\s+(?:\([^)]*\)\s*)?$/;

/** Whether the name at `at` is defined there (`def name(`, `func (c *Client) name(`), by the words before it on its line. */
function definedAt(text: string, at: number): boolean {
  return DEFINES.test(text.slice(text.lastIndexOf('\n', at - 1) + 1, at));
}

/**
 * The places a name is called (`callsOf`), or undefined when one of them defines it (`definesAt`): the search stops at
 * the first definition (go-tfe's files each define their `Delete`, and the text's other places of it are not read).
 */
function callsUndefined(text: string, name: string): number[] | undefined {
  let defined = false;
  const sites = callsOf(text, name, (at) => (defined = definesAt(text, name, at)));
  return defined ? undefined : sites;
}

/** Whether the name at a place of it (`callsOf`) is defined there: after a definition's words, or a method's parameters then `{` (`relPath(kind, id) {`). */
function definesAt(text: string, name: string, at: number): boolean {
  if (definedAt(text, at)) return true;
  const line = text.indexOf('\n', at);
  return METHOD_HEAD.test(text.slice(at + name.length, line === -1 ? text.length : line));
}
/** A method's head after its name in a class: its parameters on the line, a return type, then `{`. */
const METHOD_HEAD = /^(?:<[^>\n]*>)?\s*\([^()]*\)\s*(?::[^{;=]{1,80})?\{/;

/** Whether a quote or a symbol's colon stands in the call whose name ends at `from`, before its `)` (a literal may be among its arguments). */
function literalWithin(text: string, from: number): boolean {
  const stop = Math.min(text.length, from + MAX_CALL);
  let depth = 0;
  for (let i = from; i < stop; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 39 || c === 96 || c === 58) return true;
    if (c === 40) depth++;
    else if (c === 41 && --depth === 0) return false;
  }
  return false;
}

/**
 * The call of a helper at `at` (`name(` there) when it gives a literal piece where the path names what it holds: the
 * call's close, the path's pieces and those literal arguments; undefined for a definition or a call that gives none.
 */
function piecesCall(
  text: string,
  at: number,
  name: string,
  helper: PathHelper,
):
  | {
      readonly close: number;
      readonly pieces: (string | number)[];
      readonly literals: { readonly start: number; readonly literal: string }[];
    }
  | undefined {
  if (definedAt(text, at)) return undefined;
  const open = text.indexOf('(', at + name.length);
  const call = callArguments(text, open, MAX_CALL);
  if (!call) return undefined;
  // A method's definition in a class (`relPath(kind, id) {`): its parameters, not a call.
  if (/^\s*(?::[^{;\n]{1,80})?\{/.test(text.slice(call.close + 1, call.close + 100))) return undefined;
  const args = call.args.map((a) => ({
    start: a.start,
    literal: literalText(text.slice(a.start, a.end).trim().replace(/^&/, '')),
  }));
  const pieces = substitute(
    helper,
    args.map((a) => a.literal ?? '{}'),
  );
  if (!pieces) return undefined;
  const used = wordParams(helper.pieces);
  const literals: { start: number; literal: string }[] = [];
  args.forEach((a, i) => {
    if (a.literal !== undefined && (used.has(i) || (helper.rest !== undefined && i >= helper.rest)))
      literals.push({ start: a.start, literal: a.literal });
  });
  return literals.length === 0 ? undefined : { close: call.close, pieces, literals };
}

/** How many lines below a helper's call its result may be sent. */
const SEND_LINES = 15;

/** The method of the call that sends a helper's result: the call around it, or the one that takes the name it is assigned to. */
function callerSends(text: string, lines: Lines, start: number, end: number): HelperPath['method'] {
  let s = start;
  while (s > 0 && /[\w.:$>]/.test(text.charAt(s - 1))) s--;
  const floor = lines.startOf(Math.max(0, lines.lineOf(start) - 3));
  const call = callAround(text, s, floor);
  if (call) return callMethod(text, call, { start: s, end });
  const name = assignedName(text, s);
  if (name === undefined) return undefined;
  const stop = lines.endOf(lines.lineOf(end) + SEND_LINES);
  const rest = text.slice(end, stop);
  const use = new RegExp(`(?<![\\w$.])\\$?${name}(?![\\w$])`, 'g');
  for (const m of rest.matchAll(use)) {
    const at = end + m.index;
    if (/^\s*=(?!=)/.test(text.slice(at + m[0].length, at + m[0].length + 4))) return undefined;
    const sent = callAround(text, at, floor);
    if (!sent) continue;
    return callMethod(text, sent, { start: at, end: at + m[0].length });
  }
  return undefined;
}
