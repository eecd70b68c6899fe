import { textClassSpans, type ClassSpan } from './class-spans.ts';
import { formatCall, type FormattedLiteral, templateBefore } from './format-args.ts';
import type { UrlPart } from './hits.ts';
import { memoKey, type Lines } from './lines.ts';
import type { TextMarkers } from './text-markers.ts';
import type { MethodToken } from './match-types.ts';
import { isNameChar, isRegexWordChar, isWordChar } from './source-text.ts';
import { agreeMethods, UNKNOWN, type FlowMethodAnswer } from './value-flow-types.ts';

/**
 * The value-flow layer of the assignment languages (Python, JS/TS, Go, Java/Kotlin/C#/Groovy/Scala, Ruby, PHP): where
 * a value written once in a text goes, so that a reader asks one question of a URL literal, "what method is the value
 * written here sent with" (`sentWith`), however the value travels: a class attribute set once (`self._runs =
 * f"{base}/runs"`, `this.base = \`…\``, `@url = "…"`) and sent from any method of the class, a module constant
 * (`RUNS_URL = "…"`, `const RUNS = …`) sent from any function of the file, a function's return (`def runs_url(ws):
 * return f"…"`) sent where the function is called, directly or through the variable the call is assigned to. Built
 * once per text and lazily (`valueFlow`): each holder's sends are read once, and a name's call sites are found by one
 * search of the text however many URLs ask (`callsOf`). The answer is `value-flow-types.ts`' shape: a method, or
 * unknown (two holders of one name, the value handed to a call that says no method, a use this layer cannot read),
 * and unknown says nothing: no reader defaults to GET.
 */

/**
 * How a reader of sending calls reads the call whose arguments hold `at` (`sending-calls.ts`: the call, the method it
 * names, a helper of the text that sends its parameter, fetch's default): the method, `null` for a call that is not a
 * print and says no method (the value handed on: nothing is known), undefined where `at` is no call's argument or a
 * print's.
 */
export type SendReader = (text: string, at: number) => MethodToken | null | undefined;

/** At most this many uses of a holder are read (a name used everywhere is nobody's URL). */
const MAX_USES = 60;
/** At most this many call sites of a function are read. */
const MAX_CALLS = 40;
/**
 * A scope asked about more holders than this gets one index of where each name stands in it: a search per holder
 * reads the scope from its start each time, so 4,000 attributes of one class read it 4,000 times.
 */
const INDEX_AFTER = 8;

/** The layer of one text. */
export class ValueFlow {
  readonly #text: string;
  readonly #lines: Lines;
  readonly #calls = new Map<string, number[]>();
  readonly #holders = new Map<string, { answer: FlowMethodAnswer; sends: readonly MethodToken[] }>();
  /** Per scope (`start:end`): how many holders it was asked about, and past INDEX_AFTER where each name stands in it. */
  readonly #scopeNames = new Map<string, { asked: number; index?: Map<string, number[]> }>();
  /** `#nextOf`: each name's last search, where it began and what it found. */
  readonly #next = new Map<string, { from: number; at: number }>();
  readonly #returns = new Map<string, unknown>();
  #classes: readonly ClassSpan[] | undefined;

  constructor(text: string, lines: Lines) {
    this.#text = text;
    this.#lines = lines;
  }

  /**
   * Where `name(` is called in the text (not as the end of a longer name, not its definition: `def name(`,
   * `function name(`, `func name(`, `fn name(`), found once per name however many readers ask. Undefined past
   * MAX_CALLS (a name called everywhere is no URL's function).
   */
  callsOf(name: string): readonly number[] | undefined {
    let found = this.#calls.get(name);
    if (found === undefined) {
      found = [];
      const text = this.#text;
      const call = `${name}(`;
      for (let at = text.indexOf(call); at !== -1; at = text.indexOf(call, at + call.length)) {
        if (isNameChar(text.charCodeAt(at - 1))) continue;
        if (/(?:function|def|fn|func)[ \t]+$/.test(text.slice(Math.max(0, at - 12), at))) continue;
        found.push(at);
        if (found.length > MAX_CALLS) break;
      }
      this.#calls.set(name, found);
    }
    return found.length > MAX_CALLS ? undefined : found;
  }

  /** A value per function name, computed once (`caller-methods.ts`' answer for the function's URLs). */
  perFunction<T>(name: string, compute: () => T): T {
    if (this.#returns.has(name)) return this.#returns.get(name) as T;
    const value = compute();
    this.#returns.set(name, value);
    return value;
  }

  /**
   * The method the value assigned at `at` (a URL literal's start) is sent with, where the literal is the value of a
   * class attribute (`self._runs_url = f"…"`, `this.base = \`…\``, `@url = "…"`) or of a module constant (`RUNS =
   * "…"` at the margin, `const RUNS = …`, `private static final String RUNS = "…"`): the one method of every send of
   * the holder in its class (the attribute) or its text (the constant). Unknown when nothing holds it, when the holder is
   * assigned elsewhere too, when a use hands it to a call that says no method, or when sends disagree (`conflict`:
   * `sends` then lists every method, first the first send's).
   */
  sentWith(at: number, read: SendReader): { answer: FlowMethodAnswer; sends: readonly MethodToken[] } {
    const holder = this.#holderAt(at);
    if (!holder) return { answer: UNKNOWN.unbound, sends: [] };
    const key = `${holder.kind} ${holder.name} ${holder.scope.start}`;
    const known = this.#holders.get(key);
    if (known) return known;
    const sends: MethodToken[] = [];
    const found = { answer: this.#sendsOf(holder, read, sends), sends };
    this.#holders.set(key, found);
    return found;
  }

  /** Where a class attribute or a module constant is assigned the value starting at `at`, if it is. */
  #holderAt(at: number): Holder | undefined {
    const text = this.#text;
    const line = this.#lines.lineOf(at);
    const start = this.#lines.startOf(line);
    // The value's opening quote is not part of what stands before it.
    const before = text.slice(start, /["'`]/.test(text[at - 1] ?? '') ? at - 1 : at);
    // No `=` before the value: no assignment (and HOLDER is not tried on a long line of anything else).
    if (!before.includes('=')) return undefined;
    // The value opens the right side (an f-string's or a raw string's prefix, an opening parenthesis between).
    const m = HOLDER.exec(before);
    if (!m) return undefined;
    const indent = (m[1] ?? '').length;
    const attribute = m[2] ?? m[3];
    if (attribute !== undefined) {
      const scope = this.#classAround(at);
      return scope
        ? { kind: 'attribute', name: attribute, scope, assignedAt: start + m[0].indexOf(attribute) }
        : undefined;
    }
    const name = m[4];
    if (name === undefined) return undefined;
    // A module constant at the margin, or an upper-case constant (a class's `static final`, Kotlin's `const val`).
    const declared = m[0].slice(indent, m[0].indexOf(name));
    const constant = /^[A-Z][A-Z0-9_]*$/.test(name);
    if (indent === 0 && (declared === '' || /^(?:export\s+)?(?:const|let|var|val)\s+$/.test(declared)))
      return { kind: 'constant', name, scope: { start: 0, end: text.length }, assignedAt: start + m[0].indexOf(name) };
    // A field of a class (`private static final String RUNS = "…"`, `private readonly string _base = "…"`: an access
    // modifier or `static`, which no local variable has), or an upper-case constant (`const val RUNS = "…"`).
    if (
      /\b(?:public|private|protected|internal|static)\b/.test(declared) ||
      (constant && /\b(?:const|final|readonly)\b/.test(declared))
    ) {
      const scope = this.#classAround(at);
      return scope ? { kind: 'constant', name, scope, assignedAt: start + m[0].indexOf(name) } : undefined;
    }
    return undefined;
  }

  #classAround(at: number): { start: number; end: number } {
    this.#classes ??= textClassSpans(this.#text, this.#lines);
    let found: ClassSpan | undefined;
    for (const c of this.#classes) if (c.start <= at && at < c.end && (!found || c.start >= found.start)) found = c;
    // None found (a brace on the next line, `class X\n{`, is not read as a class): the text.
    return found ? { start: found.start, end: found.end } : { start: 0, end: this.#text.length };
  }

  /** Every use of a holder in its scope read for its send (`sends` gets their tokens). */
  #sendsOf(holder: Holder, read: SendReader, sends: MethodToken[]): FlowMethodAnswer {
    const text = this.#text;
    const { name, scope } = holder;
    const methods: FlowMethodAnswer[] = [];
    let count = 0;
    for (const at of this.usesOf(name, scope)) {
      if (at === holder.assignedAt) continue;
      const dot = text.charCodeAt(at - 1) === 46; // .
      // An attribute is read through its receiver (`self.x`, `this.x`, `@x` is its own name's part); a constant bare.
      if (holder.kind === 'attribute') {
        if (!(dot ? /(?:self|this|cls)\.$/.test(text.slice(at - 5, at)) : text.charCodeAt(at - 1) === 64)) continue;
      } else if (dot && !/(?:self|this|cls|static)\.$/.test(text.slice(Math.max(0, at - 7), at))) continue;
      // A constant's name bound again as a parameter or a loop's variable (`def remove(url):`, `(url) =>`, `for url
      // in`): uses there are another value, and which uses those are is not read here: nothing is known.
      if (holder.kind === 'constant' && !dot && bindsHere(text, at, name.length)) return UNKNOWN.opaque;
      if (++count > MAX_USES) return UNKNOWN.depth;
      const after = text.slice(at + name.length, at + name.length + 3);
      // Assigned again (not compared): two values, nothing known, whatever was sent before (opaque, not a conflict of sends).
      if (/^\s*(?:[+|?]{0,2}=(?!=)|:=)/.test(after)) return UNKNOWN.opaque;
      const start = useStart(text, at);
      // Handed to another name (`u = self.x`) or returned: where it goes next is not read here.
      if (/(?:[^=!<>]=|\breturn)[ \t]*$/.test(text.slice(Math.max(0, start - 12), start))) return UNKNOWN.opaque;
      if (!wholeValue(text, start, at + name.length)) continue;
      const sent = read(text, start);
      if (sent === undefined) continue;
      if (sent === null) return UNKNOWN.opaque;
      sends.push(sent);
      methods.push({ kind: 'method', method: sent.method, token: sent });
    }
    if (methods.length === 0) return UNKNOWN.unbound;
    const agreed = agreeMethods(methods);
    return agreed.kind === 'method' ? agreed : methods[0]!;
  }

  /**
   * Where `name` stands whole (no name character on either side) in `scope`, in text order; past INDEX_AFTER asks of
   * one scope, from an index of its names built once (`value-lists.ts` asks of the whole text).
   */
  *usesOf(name: string, scope: { readonly start: number; readonly end: number }): Generator<number> {
    const text = this.#text;
    const key = `${scope.start}:${scope.end}`;
    let names = this.#scopeNames.get(key);
    if (!names) this.#scopeNames.set(key, (names = { asked: 0 }));
    if (!names.index && ++names.asked > INDEX_AFTER) {
      names.index = new Map();
      NAME_RUN.lastIndex = scope.start;
      for (let m = NAME_RUN.exec(text); m !== null && m.index < scope.end; m = NAME_RUN.exec(text)) {
        const at = names.index.get(m[0]);
        if (at) at.push(m.index);
        else names.index.set(m[0], [m.index]);
      }
    }
    if (names.index) {
      yield* names.index.get(name) ?? [];
      return;
    }
    for (
      let at = this.#nextOf(name, scope.start);
      at !== -1 && at < scope.end;
      at = this.#nextOf(name, at + name.length)
    )
      if (!isNameChar(text.charCodeAt(at - 1)) && !isNameChar(text.charCodeAt(at + name.length))) yield at;
  }

  /**
   * `text.indexOf(name, from)`, the last search of each name kept: an ask at or after its start and at or before its
   * find is answered by it (no place of the name lies between). Many small scopes asked in turn (each collection's
   * lines under it) searched on past each scope's end to the name's next place, the text's end for a name written
   * nowhere after (`$active` of a shell script of `${active}`s): time growing with the text squared (session 38).
   */
  #nextOf(name: string, from: number): number {
    const kept = this.#next.get(name);
    if (kept !== undefined && kept.from <= from && (kept.at === -1 || kept.at >= from)) return kept.at;
    const at = this.#text.indexOf(name, from);
    this.#next.set(name, { from, at });
    return at;
  }
}

/** A run of name characters (`isNameChar`): a name standing whole. */
const NAME_RUN = /[\w$]+/g;

/** A holder of a value: a class attribute or a constant, its name, the span its uses are read in, where it is assigned. */
interface Holder {
  readonly kind: 'attribute' | 'constant';
  readonly name: string;
  readonly scope: { readonly start: number; readonly end: number };
  readonly assignedAt: number;
}

/**
 * What stands before a value assigned to a holder, up to the value's quote: the indent (group 1), `self.x = ` / `this.x
 * = ` (group 2), `@x = ` (group 3), or a name with what declares it (`const RUNS = `, `private static final String RUNS
 * = `, `RUNS: str = `; group 4), then an f / r / b prefix or an opening parenthesis. An annotation's words are
 * separated by blanks that only one part of the pattern can take (`RUNS:` and a run of blanks: linear, not cubic).
 */
const HOLDER =
  /^([ \t]*)(?:(?:self|this)\.([A-Za-z_$][\w$]*)|@([A-Za-z_]\w*)|(?:(?:export[ \t]+)?(?:(?:public|private|protected|internal|static|final|readonly|const|let|var|val)[ \t]+)*(?:[A-Za-z_][\w.]*(?:<[^<>\n]*>)?[ \t]+)?([A-Za-z_$][\w$]*)))[ \t]*(?::[ \t]*[\w.[\],|]+(?:[ \t]+[\w.[\],|]+)*)?[ \t]*=[ \t]*(?:\([ \t]*)?[fFrRbBu]{0,2}$/;

/** Where a use of a holder starts with its receiver (`self.x`, `this.x`, `@x`). */
function useStart(text: string, at: number): number {
  if (text.charCodeAt(at - 1) === 64) return at - 1;
  if (text.charCodeAt(at - 1) !== 46) return at;
  let i = at - 2;
  while (i >= 0 && isNameChar(text.charCodeAt(i))) i--;
  return i + 1;
}

/**
 * Whether a use is a whole value (an argument, a keyword argument's value), not part of another URL being built
 * (`f"{RUNS}/{id}"`, `` `${this.base}/runs` ``, `RUNS + "/" + id`, `RUNS.format(…)`, `"#{@url}/runs"`).
 */
function wholeValue(text: string, start: number, end: number): boolean {
  const before = text.charCodeAt(start - 1);
  // `{` of a placeholder, `+` of a concatenation, a quote or `$` of an interpolation.
  let i = start - 1;
  while (i >= 0 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i--;
  const left = text.charCodeAt(i);
  if (before === 123 || left === 43 || left === 46 || before === 36) return false;
  let j = end;
  while (text.charCodeAt(j) === 32 || text.charCodeAt(j) === 9) j++;
  const right = text.charCodeAt(j);
  // `+`, `.` (a call or member on it), `[` (an index), `%` (Python's formatting), `}` of a placeholder.
  return right !== 43 && right !== 46 && right !== 91 && right !== 37 && right !== 125;
}

const VALUE_FLOW = memoKey<ValueFlow>('value flow');

/** The value-flow layer of a text, built once per scan (kept with its `Lines`). */
export function valueFlow(text: string, lines: Lines): ValueFlow {
  return lines.memo(VALUE_FLOW, () => new ValueFlow(text, lines));
}

/** The format calls read, up to what their template must open with (Python's literal is before it: checked apart). */
const CALLS = ['.format(', 'Sprintf("%', 'String.format("%'];
/** At most this many format calls are read per text (read, kept or not), and this many assignments of a name. */
const MAX_FORMATS = 300;
const MAX_ASSIGNMENTS = 20;
/** What a Python template must open with (`{}`, `{0}`), and the letter after the others' `%` (`%s`, `%v`). */
const PY_LEAD = /^\{0?\}/;
const LEAD_REST = /^[sv]$/;

/** The first characters of the template a Python `.format(` at `at` is called on ('' when there is none). */
function templateStart(text: string, at: number): string {
  const template = templateBefore(text, at);
  return template === undefined ? '' : text.slice(template.start, template.start + 3);
}
/** A format call's first argument that may hold a base: a name (`tfc_org_url`, `BASE`, `self.base`, `this.base`). */
const BASE_NAME = /^(?:self\.|this\.)?[A-Za-z_]\w*$/;

/**
 * A format call whose template opens with a placeholder (`"{}/{}/registry-providers/{}/{}/{}/versions".format(
 * tfc_org_url, org, …)`, `fmt.Sprintf("%s/workspaces/%s", orgURL, name)`, `String.format("%s/runs", BASE)`) filled by a
 * name the text assigns one plain string everywhere it assigns it (`tfc_org_url = "https://…/api/v2/organizations"`,
 * `const orgURL = "…"`, `private static final String BASE = "…"`): the template read with that value in its first
 * placeholder's place (the others stay placeholders). A name assigned anything else, or two different strings, fills
 * nothing, and the template is read as written.
 */
export function formatBases(text: string, markers: TextMarkers, python: boolean): FormattedLiteral[] {
  const out: FormattedLiteral[] = [];
  // `.format(` only in Python (its marker's rarest character is `(`: a search of every other text's calls).
  const calls = python ? CALLS : CALLS.slice(1);
  if (!markers.any(calls)) return out;
  const values = new Map<string, string | undefined>();
  const valueOf = (name: string): string | undefined => {
    if (!values.has(name)) values.set(name, plainValue(text, name));
    return values.get(name);
  };
  let reads = 0;
  for (const call of calls) {
    // Each call's first place is its marker's (searched once by its rarest part); a text without it is passed over.
    if (!markers.has(call)) continue;
    for (let at = markers.first(call); at !== -1 && reads < MAX_FORMATS; at = text.indexOf(call, at + call.length)) {
      const python = call === '.format(';
      // Python's template is the literal before `.format(`; the others' is the first argument, after `(`. Its start
      // is checked before the arguments are read (an unclosed call reads up to MAX_FORMAT_CALL characters).
      if (!python && !LEAD_REST.test(text.charAt(at + call.length))) continue;
      if (python && !PY_LEAD.test(templateStart(text, at))) continue;
      reads++;
      const read = formatCall(text, at, python ? at + call.length - 1 : at + call.length - 3);
      if (!read) continue;
      const { start, end: close } = read.template;
      const lead = python ? /^\{0?\}/.exec(text.slice(start, start + 3)) : /^%[sv]/.exec(text.slice(start, start + 2));
      if (!lead) continue;
      const first = read.args[0];
      if (!first || !BASE_NAME.test(first.text)) continue;
      const value = valueOf(first.text);
      if (value === undefined) continue;
      const rest = start + lead[0].length;
      const parts: UrlPart[] = [
        { virtual: 0, source: first.start },
        { virtual: value.length, source: rest },
      ];
      out.push({ start, end: close, text: value + text.slice(rest, close), parts });
    }
  }
  return out;
}

/**
 * The one plain string (no placeholder, no escape) every assignment of `name` in the text gives it (`x = "…"`, `x :=
 * "…"`, `const x = "…"`, `private static final String X = "…";`), or undefined: none, one of another value, or
 * two different strings.
 */
function plainValue(text: string, name: string, depth = 0): string | undefined {
  let value: string | undefined;
  let count = 0;
  // Searched as assigned (`name =`, `name :=`, a blank before the operator as formatters write it), not every use.
  for (const needle of [`${name} =`, `${name} :=`])
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) {
      if (isNameChar(text.charCodeAt(at - 1)) || text.charCodeAt(at + needle.length) === 61) continue; // `==`
      if (!name.includes('.') && text.charCodeAt(at - 1) === 46) continue;
      const line = text.indexOf('\n', at);
      let from = at + needle.length;
      while (text.charCodeAt(from) === 32 || text.charCodeAt(from) === 9) from++;
      if (++count > MAX_ASSIGNMENTS) return undefined;
      const right = text
        .slice(from, line === -1 ? text.length : line)
        .trimEnd()
        .replace(/;$/, '');
      const literal = /^(["'])([^"'`\\{}$%\n]{1,200})\1$/.exec(right);
      // Or a format call opening with a name of the same kind (`"{}/{}/versions".format(org_url, org)`), once more.
      const formatted =
        literal || depth >= 2
          ? null
          : /^(["'])\{0?\}([^"'`\\$%\n]{0,200})\1\.format\(/.exec(text.slice(from, from + 400));
      const dot = formatted ? from + formatted[0].length - '.format('.length : -1;
      const base = formatted ? formatCall(text, dot, dot + '.format'.length)?.args[0]?.text : undefined;
      const inner = base && BASE_NAME.test(base) ? plainValue(text, base, depth + 1) : undefined;
      const found = literal?.[2] ?? (inner !== undefined ? inner + (formatted?.[2] ?? '') : undefined);
      if (found === undefined || (value !== undefined && value !== found)) return undefined;
      value = found;
    }
  // A base, a URL or a path: what the template's first placeholder may hold.
  return value !== undefined && /^(?:https?:\/\/|\/)/.test(value) ? value.replace(/\/+$/, '') : undefined;
}

/**
 * Whether the name at `at` (of `length`) is bound there, not read: a parameter of a function's signature (`def f(a,
 * url):`, `function f(url) {`, `func f(url string)`, `remove(url) {`, `(url) =>`, `url =>`, `lambda url:`) or a loop's
 * or a `with`'s variable (`for url in`, `for (const url of`, `as url`). Read on the name's own line only.
 */
function bindsHere(text: string, at: number, length: number): boolean {
  const lineStart = text.lastIndexOf('\n', at - 1) + 1;
  const before = text.slice(Math.max(lineStart, at - 200), at);
  let lineEnd = text.indexOf('\n', at);
  if (lineEnd === -1) lineEnd = text.length;
  const after = text.slice(at + length, Math.min(lineEnd, at + length + 200));
  if (/\b(?:def|function|func|fn|sub)\b[^()]*\([^)]*$/.test(before)) return true;
  if (
    /\blambda\b[^:]*$/.test(before) ||
    /\bfor\s*\(?\s*(?:(?:const|let|var|final|auto)\s+)?(?:[\w$<>[\]]+\s+)?(?:[\w$]+\s*,\s*)*$/.test(before) ||
    /\bas\s+$/.test(before)
  )
    return true;
  if (/^\s*=>/.test(after) || /^[^()]*\)\s*(?:=>|\{)/.test(after))
    return /(?:^|[^\w$.])(?:[\w$]+\s*)?\([^()]*$/.test(before);
  return false;
}

/**
 * The name an assignment assigns: one reader for every language's forms. `opening` reads the assignment that opens a
 * line (or, `anywhere`, the first that stands in it): a declaration's words (`const`, `let mut`, `local`, `export`,
 * `my`, `private static final`), a typed declaration's type (`String url =`, `List<String> xs =`, `string u =`), a
 * receiver or sigil (`self.`, `this.`, `$`, `@`), the name, a second name of a Go pair (`attrs, ok :=`), a type
 * annotation (`url: str =`, `const S: string[] =`), then the operator `=` (not `==` nor `=>`) or `:=`. Shells' `x=`,
 * PowerShell's `$x =`, Ruby's `@x =`, Go's `x :=` and `var x =`, Rust's `let mut x: T =` are all that shape.
 */
interface Assignment {
  /** The name without its receiver or sigil (`url` of `self.url`, `$url`). */
  readonly name: string;
  /** The name as written (`$url`, `self.url`, `a.b.url` where `members`). */
  readonly written: string;
  /** Where the name itself starts (after its receiver or sigil), and where the operator ends, in the string read. */
  readonly start: number;
  readonly end: number;
}

/** Options of `assignmentOpening`: where a copy differs on purpose. */
interface AssignmentOptions {
  /** The first assignment anywhere in the string (after no name character or `.`), not only one opening it. */
  readonly anywhere?: boolean;
  /** A dotted name's member (`params.page =`, `self.query =`) counts, read as written. */
  readonly members?: boolean;
}

const DECLARATION =
  '(?:(?:my|our|local|export|readonly|declare|const|let|mut|var|val|final|auto|static|public|private|protected|internal)[ \\t]+)*';
/** A typed declaration's type before the name: a capitalised type (generic, array) or C#'s `string`. */
/**
 * The words of SQL and BASIC before a comparison written with `=` (`WHERE status = 'applied'`, `If level = "admin"
 * Then`): no declaration's type, and no assignment after them.
 */
const COMPARING = [
  'where',
  'set',
  'and',
  'or',
  'not',
  'else',
  'elseif',
  'if',
  'when',
  'then',
  'on',
  'case',
  'while',
  'until',
];
const COMPARING_WORD = new Set(COMPARING);
const DECLARED_TYPE = `(?:(?!(?:${COMPARING.map((w) => `${w.toUpperCase()}|${w[0]!.toUpperCase()}${w.slice(1)}`).join('|')})\\b)(?:[A-Z][\\w.]*(?:<[^<>\\n]*>)?(?:\\[\\])?|string)[ \\t]+(?=[$@]?[A-Za-z_]))?`;
/** A type annotation before `=` (`url: string =`), up to 60 characters and no comment (`#`, `//`) in it. */
const ANNOTATION = ':(?:[^=\\n;#/]|/(?!/)){1,60}';
const WRITTEN = (members: boolean): string =>
  `((?:self\\.|this\\.|[$@])?[A-Za-z_]\\w*${members ? '(?:\\.[A-Za-z_]\\w*)*' : ''})`;
const OPERATOR = `(?:[ \\t]*,[ \\t]*[\\w$@]+)?[ \\t]*(?::=|(?:${ANNOTATION})?=(?![=>]))`;
const ANNOTATED = new RegExp(`${ANNOTATION}$`);
/** Words before a block's colon (`else:`, `case x:`), not an annotated name. */
const BLOCK_WORDS = new Set([
  'else',
  'elif',
  'if',
  'try',
  'finally',
  'while',
  'for',
  'with',
  'case',
  'default',
  'do',
  'except',
  'lambda',
]);
const OPENING = new Map<string, RegExp>();

/**
 * The source of a pattern that finds an assignment of `name` (a pattern's source itself: `self`, `\\$`-escaped), in
 * `assignmentOpening`'s forms: where it opens a line (`opening`: `^[ \\t]*` and a declaration's words before it, for a
 * pattern of flag `m`) or anywhere (after no name character or `.`). The caller appends what it reads of the value.
 */
export function assignmentOf(name: string, options: { readonly opening?: boolean } = {}): string {
  const lead = options.opening ? `^[ \\t]*${DECLARATION}${DECLARED_TYPE}` : '(?<![\\w$.])';
  return `${lead}(?:self\\.|this\\.|[$@])?${name}${OPERATOR}`;
}

/** The assignment opening `line` (see `Assignment`), or undefined. */
export function assignmentOpening(line: string, options: AssignmentOptions = {}): Assignment | undefined {
  const key = `${options.anywhere === true} ${options.members === true}`;
  let re = OPENING.get(key);
  if (re === undefined) {
    const lead = options.anywhere ? '(?<![\\w$.])' : `^[ \\t]*${DECLARATION}${DECLARED_TYPE}`;
    re = new RegExp(`${lead}${WRITTEN(options.members === true)}${OPERATOR}`, 'd');
    OPENING.set(key, re);
  }
  const m = re.exec(line);
  if (m === null) return undefined;
  const written = m[1]!;
  const name = written.slice(written.lastIndexOf('.') + 1).replace(/^[$@]/, '');
  return { name, written, start: m.indices![1]![1] - name.length, end: m.index + m[0].length };
}

/** Options of `assignmentAt`: where a copy differs on purpose. */
interface OperatorOptions {
  /**
   * Which receivers a name may have (`none`: no `.` before it; `own`: `self.`/`this.` only, the default; `any`: any,
   * the last dotted part is the name).
   */
  readonly receiver?: 'none' | 'own' | 'any';
  /** `+=` counts (an extension of the name's value). */
  readonly extend?: boolean;
  /** A subscript's key is the name (`$p["data"]["ws"] =`: `ws`), and `-` is a name's character (HCL's, YAML's keys). */
  readonly keys?: boolean;
}

/** Whether a `:` stands between `from` and `to` (a short reach of one line, read in place). */
function hasColon(text: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (text.charCodeAt(k) === 58) return true;
  return false;
}

/**
 * The name assigned by the operator whose `=` stands at `eq` (`assignmentOpening`'s forms, read back from the operator:
 * what stands between a value and its name): undefined for a comparison (`==`, `!=`, `<=`, `>=`) or where no name
 * stands before it.
 */
export function assignmentAt(text: string, eq: number, options: OperatorOptions = {}): Assignment | undefined {
  const next = text.charCodeAt(eq + 1);
  if (text.charCodeAt(eq) !== 61 || next === 61 || next === 62) return undefined; // `==`, `=>`
  let i = eq - 1;
  const op = text.charCodeAt(i);
  if (op === 61 || op === 33 || op === 60 || op === 62) return undefined; // == != <= >=
  const plain = op !== 58 && op !== 43;
  if (op === 58 || (op === 43 && options.extend === true)) i--; // := +=
  // A type annotation (`url: string =`): the name stands before it.
  if (plain) {
    // The annotation opens with a `:` on the line in reach: none there (most assignments), no slice and no pattern.
    const reach = Math.max(0, i - 80, text.lastIndexOf('\n', i) + 1);
    const annotated = hasColon(text, reach, i + 1) ? ANNOTATED.exec(text.slice(reach, i + 1)) : null;
    // Not a block's colon (`else: url =`, `case 'a': url =`): a name other than a block's word stands before it.
    const before =
      annotated === null
        ? undefined
        : /([A-Za-z_]\w*)[ \t]*$/.exec(
            text.slice(Math.max(0, i - annotated[0].length - 40), i - annotated[0].length + 1),
          );
    if (before?.[1] !== undefined && !BLOCK_WORDS.has(before[1])) i -= annotated![0].length;
  }
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  const keys = options.keys === true;
  if (keys && text.charCodeAt(i) === 93) i--; // `]` of a subscript
  if (keys && (text.charCodeAt(i) === 34 || text.charCodeAt(i) === 39)) i--; // its key's quote
  const end = i + 1;
  const char = keys ? isWordChar : isRegexWordChar;
  while (i >= 0 && char(text.charCodeAt(i))) i--;
  const start = i + 1;
  if (end === start || (!keys && !/[A-Za-z_]/.test(text.charAt(start)))) return undefined;
  let from = start;
  const before = text.charCodeAt(i);
  if (before === 36 || before === 64)
    from = i; // $ @
  else if (before === 46) {
    const receiver = options.receiver ?? 'own';
    if (receiver === 'none') return undefined;
    const own = /(?:^|[^\w.$@])(?:self|this)\.$/.test(text.slice(Math.max(0, i - 5), i + 1));
    if (receiver === 'own' && !own) return undefined;
    if (own) from = i - 4;
  }
  // A comparison of SQL or BASIC (`WHERE status = `, `If level = `).
  if (plain) {
    let w = from - 1;
    while (text.charCodeAt(w) === 32 || text.charCodeAt(w) === 9) w--;
    const word = /[A-Za-z]+$/.exec(text.slice(Math.max(0, w - 7), w + 1))?.[0];
    if (word !== undefined && COMPARING_WORD.has(word.toLowerCase())) return undefined;
  }
  return { name: text.slice(start, end), written: text.slice(from, end), start, end: eq + 1 };
}

/**
 * The sources of the patterns that find a loop's header, in every language's form, of the item `item` over `iterated`
 * (each a pattern's source: the caller captures the one it asks about): `for x in xs` (Python, Ruby, shell), `for
 * (const x of xs)`, `foreach ($x in $xs)` (PowerShell), `foreach (var x in xs)` (C#), Go's `for _, x := range xs`,
 * Java's `for (final T x : xs)`, PHP's `foreach ($xs as $k => $x)`, and a method's `xs.forEach((x) =>`, `xs.map(async
 * (x) =>`, `xs.each do |x|`, `xs.map { |x|`; `enumerated`, the item of a loop that also counts: Python's `for i, x in
 * enumerate(xs`, JavaScript's `for (const [i, x] of xs.entries()` (the iterated value taken from where `xs` starts; the
 * caller reads its root or its first argument).
 */
export function loopHeaders(
  item: string,
  iterated: string,
): {
  readonly forIn: string;
  readonly range: string;
  readonly typed: string;
  readonly as: string;
  readonly method: string;
  readonly enumerated: string;
} {
  return {
    forIn: `\\bfor(?:each)?\\s*\\(?\\s*(?:(?:const|let|var|final|auto)\\s+)?\\$?${item}\\s+(?:in|of)\\s+${iterated}`,
    range: `\\bfor\\s+\\w+\\s*,\\s*${item}\\s*:?=\\s*range\\s+${iterated}`,
    typed: `\\bfor\\s*\\(\\s*(?:final\\s+)?[\\w<>.]+\\s+${item}\\s*:\\s*(?:this\\.)?${iterated}`,
    as: `\\bforeach\\s*\\(\\s*${iterated}\\s+as\\s+(?:\\$\\w+\\s*=>\\s*)?&?\\$${item}\\s*\\)`,
    method: `${iterated}\\s*\\.\\s*(?:each|forEach|map|filter|flatMap|select|find|for_each|some|every|iter\\(\\)\\.map)\\s*(?:\\(\\s*(?:async\\s*)?\\(?|\\{\\s*\\||do\\s*\\||\\(\\s*\\|)\\s*${item}`,
    enumerated: `\\bfor\\s*(?:\\(\\s*(?:(?:const|let|var)\\s*)?\\[\\s*\\w+\\s*,\\s*${item}\\s*\\]\\s+of\\s+|\\w+\\s*,\\s*${item}\\s+in\\s+enumerate\\(\\s*)${iterated}`,
  };
}
