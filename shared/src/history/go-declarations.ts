import { memoKey, type Lines } from './lines.ts';

/**
 * A Go file's top-level declarations, read once per text (`Lines.memo`) for every reader that wants them: the models
 * (`models.ts`: structs with `json` tags), the held structs (`held-structs.ts`: jsonapi attributes of a struct type), the
 * type environment (`go-types.ts`: functions, their signatures and results, local structs' fields, interfaces' methods,
 * `var` lines) and what the file's functions return for the project (`declaredReturns`). The line starts are read from
 * the line table in one pass; each kind of declaration is read from them when first asked, and only the text is read
 * (what a reader makes of a written type, with its package's name and the SDK table, stays the reader's).
 */
export interface GoDeclarations {
  /** `type Name struct {` and `type Name interface {` where a line opens with `type` (0 when the text does), in text order. */
  readonly types: readonly GoTypeHead[];
  /** The top-level functions: where each starts (`func ` opening a line) and ends (after the first `\n}` after it). */
  readonly funcStarts: readonly number[];
  readonly funcEnds: readonly number[];
  /** Each function's receiver and parameter lists (`signatures`), read when first asked. */
  readonly signatures: () => readonly GoSignature[];
  /** Each function's name and what follows its parameter list on its line (`funcHeads`), read when first asked. */
  readonly funcHeads: () => readonly GoFuncHead[];
  /** The methods of the file's interfaces, with their result lists, read when first asked. */
  readonly interfaceMethods: () => readonly GoFuncHead[];
  /** The file's structs whose `{` ends its line (`localStructs`), each field's name and written type. */
  readonly localStructs: () => readonly GoLocalStruct[];
  /** `var name Type` lines (no `=`), read when first asked. */
  readonly vars: () => readonly GoVar[];
}

/** A `type` line's head: `type Name struct {` or `type Name interface {`. */
interface GoTypeHead {
  /** The line's start (the `t` of `type`). */
  readonly at: number;
  readonly name: string;
  readonly kind: 'struct' | 'interface';
  /** The offset of its `{`. */
  readonly brace: number;
  /** Written as gofmt writes it: one space between the words and none but blanks after the `{` on its line. */
  readonly gofmt: boolean;
}

/** A function's receiver (when it has one) or its parameter list, by the function's start. */
interface GoSignature {
  readonly at: number;
  readonly list: string;
}

/** A function's or an interface method's name, whether it is a method, and its results as written. */
interface GoFuncHead {
  readonly name: string;
  readonly method: boolean;
  readonly results: string;
}

/** A struct of the file and its fields (`Name Type` lines with a tag, a comment or nothing after the type). */
interface GoLocalStruct {
  readonly name: string;
  readonly fields: readonly { readonly name: string; readonly written: string }[];
}

interface GoVar {
  readonly at: number;
  readonly name: string;
  readonly written: string;
}

const DECLARATIONS = memoKey<GoDeclarations>('Go declarations');

/** A Go text's declarations (see `GoDeclarations`), read once per scan of it. */
export function goDeclarations(text: string, lines: Lines): GoDeclarations {
  return lines.memo(DECLARATIONS, () => read(text, lines));
}

const SIGNATURE = /func[ \t]*(?:\(([^()\n]*)\)[ \t]*)?\w+[ \t]*(?:\[[^\]\n]*\])?\(/y;
/** A top-level function's name and what follows its parameter list on the line (`func (c *C) Read(…) (*tfe.Project, error) {`). */
const FUNC_HEAD = /func[ \t]*(\([^()\n]*\)[ \t]*)?(\w+)[ \t]*\([^()\n]*\)[ \t]*([^{\n]*)\{/y;
const INTERFACE_METHOD = /^[ \t]+(\w+)\([^()\n]*\)[ \t]*([^\n/]*)/gm;
const LOCAL_FIELD = /^[ \t]+(\w+)[ \t]+((?:\[\])?\*?(?:\w+\.)?\w+)[ \t]*(?:`|\/\/|$)/gm;
const VAR_LINE = /^var[ \t]+(\w+)[ \t]+([^\s=]+)[ \t]*(?:\/\/[^\n]*)?(?:\n|$)/;
/** How long a head read on a slice of the text may be (`\ntype X struct {\n`, `type X interface {\n`). */
const HEAD_SLICE = 120;
const MAX_INTERFACE_BODY = 20_000;

function read(text: string, lines: Lines): GoDeclarations {
  const typeLines: number[] = [];
  const heads: number[] = [];
  const closes: number[] = [];
  if (text.startsWith('func ')) heads.push(0);
  for (const start of lines.all()) {
    const c = text.charCodeAt(start);
    if (c === 116) {
      if (text.startsWith('type', start)) typeLines.push(start);
    } else if (c === 102) {
      if (start > 0 && text.startsWith('func ', start)) heads.push(start === 1 ? 0 : start);
    } else if (c === 125 && start > 0) closes.push(start - 1);
  }
  const types: GoTypeHead[] = [];
  for (const at of typeLines) {
    const head = typeHead(text, at);
    if (head !== undefined) types.push(head);
  }
  // Each function's end is the first `\n}` after its start.
  const funcStarts: number[] = [];
  const funcEnds: number[] = [];
  let c = 0;
  for (const start of heads) {
    while (c < closes.length && (closes[c] ?? 0) < start) c++;
    const end = closes[c];
    funcStarts.push(start);
    funcEnds.push(end === undefined ? text.length : end + 2);
  }
  let signatures: GoSignature[] | undefined;
  let funcHeads: GoFuncHead[] | undefined;
  let interfaceMethods: GoFuncHead[] | undefined;
  let localStructs: GoLocalStruct[] | undefined;
  let vars: GoVar[] | undefined;
  return {
    types,
    funcStarts,
    funcEnds,
    signatures: () => (signatures ??= readSignatures(text, funcStarts)),
    funcHeads: () => (funcHeads ??= readFuncHeads(text, funcStarts)),
    interfaceMethods: () => (interfaceMethods ??= readInterfaceMethods(text, types)),
    localStructs: () => (localStructs ??= readLocalStructs(text, types)),
    vars: () => (vars ??= readVars(text)),
  };
}

/**
 * The head `type Name struct {` / `type Name interface {` at `at` (the `t` of `type`), as the pattern
 * `type([ \t]+)(\w+)([ \t]+)(struct|interface)([ \t]*)\{` finds it there (its words are taken whole, so it has one
 * way to match), read by hand: most `type` lines are no such head (`type Status string`), and a match of five groups
 * made per line cost more than the reading.
 */
function typeHead(text: string, at: number): GoTypeHead | undefined {
  let i = at + 4;
  const name = blanksFrom(text, i);
  if (name === i) return undefined;
  let end = name;
  while (isGoWordChar(text.charCodeAt(end))) end++;
  if (end === name) return undefined;
  const keyword = blanksFrom(text, end);
  if (keyword === end) return undefined;
  const kind = text.startsWith('struct', keyword)
    ? 'struct'
    : text.startsWith('interface', keyword)
      ? 'interface'
      : undefined;
  if (kind === undefined) return undefined;
  i = keyword + kind.length;
  const brace = blanksFrom(text, i);
  if (text.charCodeAt(brace) !== 123) return undefined;
  // Written as gofmt writes it: one space between the words and before the `{`, and nothing but blanks after it.
  let gofmt = name === at + 5 && text.charCodeAt(at + 4) === 32;
  gofmt &&= keyword === end + 1 && text.charCodeAt(end) === 32 && brace === i + 1 && text.charCodeAt(i) === 32;
  if (gofmt) {
    const after = blanksFrom(text, brace + 1);
    gofmt = after === text.length || text.charCodeAt(after) === 10;
  }
  return { at, name: text.slice(name, end), kind, brace, gofmt };
}

/** The offset after the blanks (spaces, tabs) from `at`. */
function blanksFrom(text: string, at: number): number {
  let i = at;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  return i;
}

/** Each function's receiver list (when it has one) and parameter list, as `func` opens it within 300 characters. */
function readSignatures(text: string, funcStarts: readonly number[]): GoSignature[] {
  const out: GoSignature[] = [];
  for (const at of funcStarts) {
    // Tried where the function starts, within 300 characters (as on a slice of that length: a longer match is none).
    SIGNATURE.lastIndex = at;
    const m = SIGNATURE.exec(text);
    if (!m || m[0].length > 300) continue;
    if (m[1] !== undefined) out.push({ at, list: m[1] });
    const open = at + m[0].length;
    let depth = 1;
    let i = open;
    for (; i < text.length && i < open + 2_000 && depth > 0; i++) {
      const c = text.charCodeAt(i);
      if (c === 40) depth++;
      else if (c === 41) depth--;
    }
    out.push({ at, list: text.slice(open, i - 1) });
  }
  return out;
}

function readFuncHeads(text: string, funcStarts: readonly number[]): GoFuncHead[] {
  const out: GoFuncHead[] = [];
  for (const at of funcStarts) {
    FUNC_HEAD.lastIndex = at;
    const m = FUNC_HEAD.exec(text);
    if (m) out.push({ name: m[2] ?? '', method: m[1] !== undefined, results: m[3] ?? '' });
  }
  return out;
}

/**
 * `type X interface {` ending its line (within its first 120 characters): each method's name and results, its body up
 * to the first `\n}` (or 20,000 characters when none follows) and at most to the next head.
 */
function readInterfaceMethods(text: string, types: readonly GoTypeHead[]): GoFuncHead[] {
  const out: GoFuncHead[] = [];
  const closes = new CloseSearch(text);
  for (const [k, t] of types.entries()) {
    const open = t.brace + 2;
    if (t.kind !== 'interface' || text.charCodeAt(t.brace + 1) !== 10 || open - t.at > HEAD_SLICE) continue;
    const close = closes.after(open - 1);
    const end = close === -1 ? Math.min(text.length, open + MAX_INTERFACE_BODY) : close + 1;
    const body = text.slice(open, Math.min(end, bodyBound(text, types, k)));
    for (const m of body.matchAll(INTERFACE_METHOD)) out.push({ name: m[1] ?? '', method: true, results: m[2] ?? '' });
  }
  return out;
}

/**
 * `\ntype X struct {\n` (a `type` opening the text is not read; `type` and the name one space apart), its head within
 * 120 characters: its body up to the first `\n}` and at most to the next head, each field's name and written type.
 */
function readLocalStructs(text: string, types: readonly GoTypeHead[]): GoLocalStruct[] {
  const out: GoLocalStruct[] = [];
  const closes = new CloseSearch(text);
  for (const [k, t] of types.entries()) {
    const open = t.brace + 2;
    if (t.kind !== 'struct' || t.at === 0 || text.charCodeAt(t.at + 4) !== 32) continue;
    if (text.charCodeAt(t.brace + 1) !== 10 || open - (t.at - 1) > HEAD_SLICE) continue;
    const close = closes.after(open - 1);
    const body = text.slice(open, Math.min(close === -1 ? text.length : close + 1, bodyBound(text, types, k)));
    const fields: { name: string; written: string }[] = [];
    for (const f of body.matchAll(LOCAL_FIELD)) fields.push({ name: f[1] ?? '', written: f[2] ?? '' });
    out.push({ name: t.name, fields });
  }
  return out;
}

/**
 * Where the body of the head `types[k]` is read to at most: the next head's line (a `type` opening a line is a
 * declaration of its own, never in a body gofmt writes). A head left open read on over every head after it (to a
 * `\n}` far on, or the text's end), so a file of many open heads took time growing with their count squared (and
 * their fields, each read again for every head before it, all the memory there was).
 */
function bodyBound(text: string, types: readonly GoTypeHead[], k: number): number {
  return types[k + 1]?.at ?? text.length;
}

/**
 * The first `\n}` at or after an offset, for offsets asked in order: searched for again only once an offset is past the
 * last one found (a search per head ran to the text's end when none follows).
 */
class CloseSearch {
  #found = -2;
  constructor(readonly text: string) {}

  after(from: number): number {
    if (this.#found !== -1 && this.#found < from) this.#found = this.text.indexOf('\n}', from);
    return this.#found;
  }
}

/** `var opts *tfe.RunListOptions` (no `=`: `var x = …` is an assignment). */
function readVars(text: string): GoVar[] {
  const out: GoVar[] = [];
  for (let v = text.indexOf('var '); v !== -1; v = text.indexOf('var ', v + 4)) {
    if (v > 0 && isGoWordChar(text.charCodeAt(v - 1))) continue;
    const m = VAR_LINE.exec(text.slice(v, v + 200));
    if (m) out.push({ at: v, name: m[1] ?? '', written: m[2] ?? '' });
  }
  return out;
}

/**
 * `text.indexOf(needle, from)`, by a search for the needle's tail then a look at the character before it: a native
 * search stops at every occurrence of the needle's first character, and `t` of `tfe.` is everywhere in code.
 */
export function indexFrom(text: string, needle: string, from: number): number {
  if (needle.length < 3) return text.indexOf(needle, from);
  const tail = needle.slice(1);
  const first = needle.charCodeAt(0);
  for (let at = text.indexOf(tail, from + 1); at !== -1; at = text.indexOf(tail, at + 1))
    if (text.charCodeAt(at - 1) === first) return at - 1;
  return -1;
}

/** `[A-Za-z0-9_]`. */
export function isGoWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}
