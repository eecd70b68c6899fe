import type { Lines } from './lines.ts';
import { isWordChar } from './source-text.ts';
import { firstAtOrAfter } from './ordered.ts';
import { matchingClose } from './brackets.ts';
import { assignmentAt } from './value-flow.ts';

/** How far back the enclosing objects of a literal are read. */
const REACH = 1_200;
/** How many enclosing brackets are looked at: a to-many's `[`, `data`'s `{`, the relationship's `{`, `relationships`' `{`. */
const LEVELS = 5;

/**
 * Whether the literal at `offset` sits inside a JSON:API relationship: an object held, within a few
 * levels, under a `relationships` key (`"relationships": {"workspace": {"data": {"type": "workspaces", …}}}`,
 * `relationships = @{ workspace = @{ data = @{ type = "workspaces" } } }`, a Go map literal
 * `"relationships": map[string]interface{}{…}`, JSON in a string with `\"` quotes). There a type
 * string names the target of a reference, not the resource the payload is.
 */
function inRelationship(text: string, offset: number): boolean {
  const stop = Math.max(0, offset - REACH);
  let depth = 0;
  let levels = 0;
  for (let i = offset - 1; i >= stop; i--) {
    const c = text.charCodeAt(i);
    if (c === 125 || c === 93 || c === 41) depth++;
    else if (c === 123 || c === 91 || c === 40) {
      if (depth > 0) {
        depth--;
        continue;
      }
      if (c === 40 && !mapCall(text, i)) {
        // A call's or a tuple's parentheses end the object, unless they pair it with a `relationships` key.
        const pair = keyPair(text, i, offset);
        if (pair !== 'wrapper') return pair;
      }
      if (keyBeforeOpener(text, i)) return true;
      if (++levels >= LEVELS) return false;
    }
  }
  return false;
}

/** A key written as a call's or a tuple's first item: `"relationships"`, `"relationships".to_string()`, `:relationships`. */
const PAIR_KEY = /^\s*(?::|["'])relationships(?:["'](?:\.(?:to_string|to_owned|into)\(\))?)?\s*,/i;
/** A call that only wraps an object: Rust's `json!(`, Java's `Map.of(`, Kotlin's `mapOf(`, Groovy's `JsonOutput.toJson(`. */
const WRAPPER = /(?:\bjson!|\bMap\.(?:of|ofEntries)|\b(?:mutableM|m|hashM|linkedM)apOf|\bJsonOutput\.toJson)\s*$/;

/**
 * What the parentheses at `open` (around the literal at `inside`) say: `true` when they pair a `relationships` key with
 * the value that holds it (`data.insert("relationships".to_string(), json!({…}))`, `put("relationships", Map.of(…))`, a
 * tuple `("relationships".to_string(), json!(…))`); `'wrapper'` when they only wrap the object (`json!(`, `Map.of(`):
 * the walk goes on; `false` otherwise (a call's arguments: no longer one object).
 */
function keyPair(text: string, open: number, inside: number): boolean | 'wrapper' {
  const head = PAIR_KEY.exec(text.slice(open + 1, Math.min(inside, open + 60)));
  if (head && open + 1 + head[0].length <= inside) return true;
  return WRAPPER.test(text.slice(Math.max(0, open - 30), open)) ? 'wrapper' : false;
}

/**
 * A type assigned through a member chain or subscripts that passes through `relationships` (any case):
 * `runsRequest.Data.Relationships.Workspace.Data.Type = "workspaces";`, `body.data.relationships.workspace.data.type =
 * 'workspaces'`, `payload["data"]["relationships"]["project"]["data"]["type"] = "projects"`. Group 0 ends at the value.
 */
const CHAIN_TYPE =
  /\brelationships\b(?:["']?\])?(?:\??\.[A-Za-z_][\w-]*|\[[ \t]*(?::[\w-]+|["'][\w-]+["'])[ \t]*\])*?(?:\??\.type|\[[ \t]*(?::type|["']type["'])[ \t]*\])[ \t]*=[ \t]*@?["']?$/i;

/** Whether the literal at `offset` is the value of such an assignment (`CHAIN_TYPE`), on its line. */
function chainAssigned(text: string, lines: Lines, offset: number): boolean {
  const start = lines.startOf(lines.lineOf(offset));
  if (offset - start > 400) return false;
  return CHAIN_TYPE.test(text.slice(start, offset));
}

/**
 * `inRelationship` for many literals of one text: once the characters walked back reach the text's length, the
 * brackets' offsets are listed (one pass) and the walk steps from bracket to bracket (a dense file of payloads
 * asked this of every type string, each walk up to REACH characters). The same answers.
 */
export class Relationships {
  #walked = 0;
  #brackets: Int32Array | undefined;

  /** Names of identifier objects already answered (`self.projects` → whether the file puts it under `relationships`). */
  readonly #held = new Map<string, boolean>();

  /** Offsets of the word `relationships` in the text, and the lines holding it: listed once, when first asked. */
  #word: { readonly offsets: readonly number[]; readonly lines: ReadonlySet<number> } | undefined;

  /** `indented`: the text's maps may be written by indentation alone (YAML). */
  constructor(
    readonly text: string,
    readonly lines: Lines,
    readonly indented = false,
  ) {}

  #relationshipsWord(): { readonly offsets: readonly number[]; readonly lines: ReadonlySet<number> } {
    if (this.#word === undefined) {
      const offsets: number[] = [];
      const held = new Set<number>();
      for (const m of this.text.matchAll(RELATIONSHIPS_WORDS)) {
        offsets.push(m.index);
        held.add(this.lines.lineOf(m.index));
      }
      this.#word = { offsets, lines: held };
    }
    return this.#word;
  }

  /** Whether the word `relationships` stands on the line of `at`, before `at`. */
  #wordBefore(at: number): boolean {
    const { offsets } = this.#relationshipsWord();
    const first = firstAtOrAfter(offsets, this.lines.startOf(this.lines.lineOf(at)));
    return first < offsets.length && offsets[first]! < at;
  }

  /**
   * Whether the type literal at `offset` names a relationship's target: inside a relationship's object (brackets, or
   * YAML's indentation), or in an identifier object held by a name that the file puts under `relationships`.
   */
  has(offset: number): boolean {
    return (
      (this.#wordBefore(offset) &&
        (chainAssigned(this.text, this.lines, offset) || this.#comparedIdentifier(offset))) ||
      this.#within(offset) ||
      (this.indented && inIndentedRelationship(this.text, offset)) ||
      this.#heldReference(offset)
    );
  }

  /**
   * An identifier object on a line that reads a relationship before it: the value a relationship's data is compared
   * with (`assertEquals(body.data.relationships.workspace.data, { type: "workspaces", id: "ws-1" })`,
   * `expect(req.data.relationships.project.data).toEqual({ type: 'projects', id })`, `assert body["data"]
   * ["relationships"]["workspace"]["data"] == {"type": "workspaces", "id": ws}`).
   */
  #comparedIdentifier(offset: number): boolean {
    const open = opener(this.text, offset - 1, offset - LINKAGE_REACH);
    return open !== -1 && this.#wordBefore(open) && identifierObject(this.text, open, offset);
  }

  /**
   * An identifier object (`{type, id}` only, alone, a list's item or under `data`) held by a name (`ws = {…}`,
   * `self.projects = [{…}]`, `$ref = @{…}`, `$ws = array(…)`) that the file puts under `relationships` or reads from
   * there (`"relationships": {"workspace": {"data": ws}}`, `body['relationships']['projects']['data']`).
   */
  #heldReference(offset: number): boolean {
    const text = this.text;
    const open = opener(text, offset - 1, offset - LINKAGE_REACH);
    if (open === -1 || !identifierObject(text, open, offset)) return false;
    let held = open;
    const outer = opener(text, open - 1, open - LINKAGE_REACH);
    if (outer !== -1 && onlyItem(text, outer, open)) held = outer;
    const name = holderName(text, held);
    if (name === undefined) return false;
    // The target is itself under relationships: `relationships.project = {data: {…}}`, `$p["relationships"]["ws"] = …`.
    if (this.#wordBefore(name.start)) return true;
    let answer = this.#held.get(name.word);
    if (answer === undefined) {
      // Past HELD_NAMES names the text is asked no more (each name's uses are a search of the text).
      answer = this.#held.size < HELD_NAMES && this.#usedInRelationship(name.word, name.start);
      this.#held.set(name.word, answer);
    }
    return answer;
  }

  /** Whether `word` occurs (other than at `own`) inside a relationships object or on a line that names `relationships`. */
  #usedInRelationship(word: string, own: number): boolean {
    const text = this.text;
    const { lines } = this.#relationshipsWord();
    let seen = 0;
    let places = 0;
    // Every place the word is written counts toward HELD_PLACES (`ws1` is written inside `ws10`, `ws11`, …).
    for (
      let at = text.indexOf(word);
      at !== -1 && seen < HELD_USES && ++places <= HELD_PLACES;
      at = text.indexOf(word, at + word.length)
    ) {
      if (at === own || isWordChar(text.charCodeAt(at - 1)) || isWordChar(text.charCodeAt(at + word.length))) continue;
      seen++;
      if (this.#within(at) || lines.has(this.lines.lineOf(at))) return true;
    }
    return false;
  }

  #within(offset: number): boolean {
    const text = this.text;
    if (this.#brackets === undefined) {
      this.#walked += Math.min(offset, REACH);
      if (this.#walked <= text.length) return inRelationship(text, offset);
      this.#brackets = brackets(text);
    }
    const at = this.#brackets;
    const stop = Math.max(0, offset - REACH);
    // The last bracket before `offset`.
    const lo = firstAtOrAfter(at, offset);
    let depth = 0;
    let levels = 0;
    for (let k = lo - 1; k >= 0; k--) {
      const i = at[k]!;
      if (i < stop) break;
      const c = text.charCodeAt(i);
      if (c === 125 || c === 93 || c === 41) depth++;
      else if (depth > 0) depth--;
      else {
        if (c === 40 && !mapCall(text, i)) {
          const pair = keyPair(text, i, offset);
          if (pair !== 'wrapper') return pair;
        }
        if (keyBeforeOpener(text, i)) return true;
        if (++levels >= LEVELS) return false;
      }
    }
    return false;
  }
}

/** Offsets of the text's brackets (`{}[]()`), in order. */
function brackets(text: string): Int32Array {
  let out = new Int32Array(256);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 123 || c === 125 || c === 91 || c === 93 || c === 40 || c === 41) {
      if (n === out.length) {
        const grown = new Int32Array(n * 2);
        grown.set(out);
        out = grown;
      }
      out[n++] = i;
    }
  }
  return out.subarray(0, n);
}

/**
 * Whether the key whose value opens at `open` is `relationships` (any case): `"key": {`, `key: {`, `key = {`,
 * `key = @{`, `"key" => {`, `\\"key\\": {`, `"key": map[string]interface{}{`. Compared in place, not copied.
 */
export function keyBeforeOpener(text: string, open: number, key: string = KEY): boolean {
  const found = openerKey(text, open);
  if (found === undefined || found.end - found.start !== key.length) return false;
  for (let k = 0; k < key.length; k++)
    if ((text.charCodeAt(found.start + k) | 0x20) !== key.charCodeAt(k)) return false;
  return true;
}

/** The key (its word's offsets) whose value opens at `open`, and whether it is written with `=` (else `:` or `=>`). */
function openerKey(text: string, open: number): { start: number; end: number; equals: boolean } | undefined {
  let i = open - 1;
  if (text.charCodeAt(i) === 64) i--; // PowerShell's @{
  // A Go composite literal's type: `map[string]interface{}{`, `&Relationships{`, `[]Ref{`.
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 125 && text.charCodeAt(i - 1) === 123) i -= 2;
    else if (isWordChar(c) || c === 46 || c === 91 || c === 93 || c === 42 || c === 38) i--;
    else break;
  }
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  const c = text.charCodeAt(i);
  let equals = false;
  if (c === 62 && text.charCodeAt(i - 1) === 61) i -= 2;
  else if (c === 58 || c === 61) {
    equals = c === 61;
    i--;
  } else return undefined;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  if (text.charCodeAt(i) === 34 || text.charCodeAt(i) === 39) i--;
  if (text.charCodeAt(i) === 92) i--;
  const end = i + 1;
  while (i >= 0 && isWordChar(text.charCodeAt(i)) && end - i <= 20) i--;
  return end > i + 1 ? { start: i + 1, end, equals } : undefined;
}

/**
 * Whether the type literal at `offset` is that of a to-one linkage: an identifier object (`type` and `id` alone) that
 * is the `data` of an object which is itself a key's value (`"project": {"data": {"type": "projects", "id": p}}`,
 * `workspace: { data: { type: 'workspaces', id } }`, a Go map literal): a relationship object, wherever it is written
 * (a constant kept for a payload's relationships, a variable whose name is annotated with a type). A document's own
 * `data` is its root's, held by no key.
 */
export function inToOneLinkage(text: string, offset: number): boolean {
  const open = opener(text, offset - 1, offset - LINKAGE_REACH);
  if (open === -1 || text.charCodeAt(open) !== 123 || !identifierObject(text, open, offset)) return false;
  if (!keyBeforeOpener(text, open, 'data')) return false;
  const outer = opener(text, open - 1, open - LINKAGE_REACH);
  if (outer === -1 || text.charCodeAt(outer) !== 123) return false;
  const key = openerKey(text, outer);
  return key !== undefined && !key.equals;
}

/**
 * Whether the key at `offset` is one of a `relationships` object's own keys (`"relationships": {"locked-by": {…}}`,
 * also inside a string's escaped JSON, `\"relationships\": {`): a relationship's name as a document writes it.
 */
export function relationshipKey(text: string, offset: number): boolean {
  const open = opener(text, offset - 1, offset - LIST_REACH);
  return open !== -1 && text.charCodeAt(open) === 123 && keyBeforeOpener(text, open, 'relationships');
}

/** How far a linkage object's brackets are looked for around its type string. */
const LINKAGE_REACH = 300;
/** How far back a linkage list's `[` is looked for from one of its items. */
const LIST_REACH = 3_000;

/**
 * Whether the literal at `offset` is the type of a resource identifier in a to-many linkage list: an object of
 * only `type` and `id` that is an item of a list under `data` (`{"data": [{"type": "workspaces", "id": ws}]}`,
 * posted to `…/relationships/workspaces` or a policy set's, a varset's workspaces), a TypeScript type of such a list
 * (`data: Array<{ type: 'workspaces'; id: string }>`), or one appended to a list (`refs.append({"type": …, "id": …})`,
 * Go's `append(refs, …)`, gabs' `SetIndex(…, i)`). Such a body names the targets of a relationship, not a payload
 * of that resource; a payload's own object has its attributes.
 */
export function inLinkageList(text: string, offset: number): boolean {
  const open = opener(text, offset - 1, offset - LINKAGE_REACH);
  if (open === -1 || !identifierObject(text, open, offset)) return false;
  if (typedLinkageList(text, open)) return true;
  // A list made by mapping each id to an identifier object, under `data` (`data: ids.map((id) => ({ id, type: … }))`).
  const mapped = mappedList(text, open);
  if (mapped !== -1) return keyBeforeOpener(text, mapped, 'data');
  // The list around it: `[`, PowerShell's `@(`, PHP's `array(`, a Go slice literal `[]map[string]string{`.
  // A long list's later items sit far from its `[` (four identifiers of `${tfe_project.p["…"].id}` over 20 lines).
  const list = opener(text, open - 1, open - LIST_REACH);
  if (list === -1) return false;
  const c = text.charCodeAt(list);
  if (c === 123 && !goSliceType(text, list)) return false;
  if (c === 40 && text.charCodeAt(list - 1) !== 64 && !mapCall(text, list)) return appendedItem(text, list);
  return keyBeforeOpener(text, list, 'data');
}

/** A function that maps each item of a list to a value: JavaScript's, Ruby's and Python's `map`, Ruby's `collect`, C#'s `Select`. */
const MAPS = new Set(['map', 'collect', 'Select']);
/**
 * What stands between a mapping call's bracket and the value it gives each item: an arrow function's parameters
 * (`id =>`, `(id: string) =>`, Java's `id ->`), maybe its block's `return` or C#'s `new`; Python's `lambda id:`;
 * Ruby's block parameters `|id|`.
 */
const MAPPED_HEAD =
  /^\s*(?:(?:[A-Za-z_$][\w$]*|\([\w$\s,:<>]*\))\s*(?:=>|->)\s*(?:return\s+|new\s+)?|lambda\s+[\w\s,]*:\s*|\|[\w\s,]*\|\s*)$/;
/** An arrow function's body: its parenthesized object (`=> ({`) or its block (`=> {` … `return {`). */
const ARROW_BODY = /(?:=>|->)\s*$/;

/**
 * Where the list expression starts whose mapping gives the identifier object opening at `open` to each item
 * (`ids.map((id) => ({ id, type: 'workspaces' }))`, `ids.map(id => { return { type: 'workspaces', id }; })`,
 * `ids.map { |id| { type: 'workspaces', id: id } }`, `map(lambda i: {"type": "workspaces", "id": i}, ids)`,
 * `ids.Select(id => new { type = "workspaces", id })`): the start of `ids.map`, or -1. Such a list is a to-many
 * linkage as a written list of identifiers is.
 */
function mappedList(text: string, open: number): number {
  let item = open;
  let call = opener(text, item - 1, item - LINKAGE_REACH);
  if (call === -1) return -1;
  // The arrow's own body: `=> ({ … })` or `=> { return { … }; }`.
  const between = text.slice(call + 1, item);
  if (
    (/^\s*$/.test(between) && text.charCodeAt(call) === 40) ||
    (/^\s*return\s+$/.test(between) && text.charCodeAt(call) === 123)
  ) {
    if (!ARROW_BODY.test(text.slice(Math.max(0, call - 8), call))) return -1;
    item = call;
    call = opener(text, item - 1, item - LINKAGE_REACH);
    if (call === -1) return -1;
  }
  if (!MAPPED_HEAD.test(text.slice(call + 1, item))) return -1;
  // The mapping's name: right before its `(`, or before a Ruby block's `{`.
  let end = call;
  if (text.charCodeAt(call) === 123) while (text.charCodeAt(end - 1) === 32) end--;
  else if (text.charCodeAt(call) !== 40) return -1;
  let start = end;
  while (start > 0 && isWordChar(text.charCodeAt(start - 1))) start--;
  if (!MAPS.has(text.slice(start, end))) return -1;
  // The list it maps: the chain before the name (`payload.workspaceIds.map`), or Python's `map(lambda …, ids)` itself.
  while (start > 0) {
    const c = text.charCodeAt(start - 1);
    if (isWordChar(c) || c === 46 || c === 36 || (c === 63 && text.charCodeAt(start) === 46)) start--;
    else if (c === 41 || c === 93) {
      const back = opener(text, start - 2, start - LINKAGE_REACH);
      if (back === -1) break;
      start = back;
    } else break;
  }
  // Python's `list(map(…))`: the list it makes.
  return text.startsWith('list(', start - 5) ? start - 5 : start;
}

/** A call that puts its argument into a list: `append(refs, …)`, `refs.push(…)`, `refs.append(…)`, gabs' `SetIndex(…, i)`. */
const APPENDS = /(?:(?:^|[^\w.])append|\.(?:push|append|SetIndex|ArrayAppend|add|Add))\s*$/;

/** Whether the `(` at `open` opens a call that appends its argument to a list (an identifier object added to a to-many linkage). */
function appendedItem(text: string, open: number): boolean {
  return APPENDS.test(text.slice(Math.max(0, open - 24), open));
}

/**
 * A TypeScript type of a list of identifier objects: `data: Array<{ type: 'workspaces'; id: string }>` or
 * `data: { type: 'workspaces'; id: string }[]`. Whether the object opening at `open` is one, under a `data` key.
 */
function typedLinkageList(text: string, open: number): boolean {
  let i = open - 1;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  if (text.charCodeAt(i) === 60 && text.slice(Math.max(0, i - 5), i) === 'Array')
    return keyBeforeOpener(text, i, 'data');
  const close = matchingClose(text, open, LINKAGE_REACH, 'braces');
  return close !== -1 && text.startsWith('[]', close + 1) && keyBeforeOpener(text, open, 'data');
}

/** The innermost unclosed bracket before `from` (walking back to `stop`), or -1. */
export function opener(text: string, from: number, stop: number): number {
  let depth = 0;
  for (let i = from; i >= Math.max(0, stop); i--) {
    const c = text.charCodeAt(i);
    if (c === 125 || c === 93 || c === 41) depth++;
    else if (c === 123 || c === 91 || c === 40) {
      if (depth === 0) return i;
      depth--;
    }
  }
  return -1;
}

/** Whether the `{` at `open` opens a Go slice literal (`[]map[string]string{`, `[]Ref{`). */
export function goSliceType(text: string, open: number): boolean {
  let i = open - 1;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 125 && text.charCodeAt(i - 1) === 123) i -= 2;
    else if (isWordChar(c) || c === 46 || c === 91 || c === 93 || c === 42) i--;
    else break;
  }
  return text.startsWith('[]', i + 1);
}

/** How many uses of a held identifier's name are looked at, and how many places it is written at (in longer names too). */
const HELD_USES = 40;
const HELD_PLACES = 400;
/** How many holders' names a text is asked about. */
const HELD_NAMES = 32;
const RELATIONSHIPS_WORDS = /\brelationships\b/gi;

/**
 * Whether the object opening at `open` (holding the literal at `inside`) has only the keys `type` and `id` (quoted
 * or not, `:`, `=`, `=>`) and no bracket inside: a JSON:API resource identifier.
 */
function identifierObject(text: string, open: number, inside: number): boolean {
  const c = text.charCodeAt(open);
  if (c !== 123 && !(c === 40 && mapCall(text, open))) return false;
  const closer = c === 123 ? 125 : 41;
  let close = -1;
  const limit = Math.min(text.length, inside + LINKAGE_REACH);
  for (let i = inside; i < limit; i++) {
    const d = text.charCodeAt(i);
    const hole = d === 123 ? placeholderEnd(text, i) : -1;
    if (hole !== -1) {
      i = hole;
      continue;
    }
    if (d === closer) {
      close = i;
      break;
    }
    if (d === 123 || d === 125 || d === 91 || d === 93 || d === 40 || d === 41) return false;
  }
  if (close === -1) return false;
  for (let i = open + 1; i < inside; i++) {
    const d = text.charCodeAt(i);
    const hole = d === 123 ? placeholderEnd(text, i) : -1;
    if (hole !== -1) {
      i = hole;
      continue;
    }
    if (d === 123 || d === 91 || d === 40 || d === 125 || d === 93 || d === 41) return false;
  }
  const body = text.slice(open + 1, close);
  let keys = 0;
  for (const m of body.matchAll(IDENTIFIER_KEY)) {
    const key = m[1]!.toLowerCase();
    if (key !== 'type' && key !== 'id') return false;
    keys++;
  }
  // A shorthand property (JavaScript's `{ id, type: 'workspaces' }`, C#'s `new { type = "workspaces", id }`): `id`
  // alone is the id's key; any other name alone is a key of its own.
  for (const item of body.split(ITEM_SEPARATORS)) {
    const word = item.trim();
    if (!SHORTHAND.test(word)) continue;
    if (word !== 'id') return false;
    keys++;
  }
  return keys === 2;
}

const ITEM_SEPARATORS = /[,;\n]/;
/** An object's item that is a name alone. */
const SHORTHAND = /^[A-Za-z_$][\w$]*$/;

/**
 * Where a value's placeholder that opens at `brace` ends (its `}`), or -1: `"${tfe_project.this.id}"`, `f"{ws_id}"`,
 * `` `${id}` ``, `"#{id}"` — a `{` after `$`, `#` or a quote, closed on its line. An interpolation (`${…}`, `#{…}`)
 * may hold brackets and quotes of its own (`"${tfe_project.projects["No-Code"].id}"`); a quote's `{` holds none.
 */
function placeholderEnd(text: string, brace: number): number {
  const before = text.charCodeAt(brace - 1);
  const interpolation = before === 36 || before === 35;
  if (!interpolation && before !== 34 && before !== 39 && before !== 96) return -1;
  const end = Math.min(text.length, brace + 160);
  let depth = 0;
  for (let i = brace + 1; i < end; i++) {
    const d = text.charCodeAt(i);
    if (d === 125 && depth === 0) return i > brace + 1 ? i : -1;
    if (d === 10) return -1;
    if (
      !interpolation &&
      (d === 123 || d === 91 || d === 93 || d === 40 || d === 41 || d === 34 || d === 39 || d === 96)
    )
      return -1;
    if (d === 123) depth++;
    else if (d === 125) depth--;
  }
  return -1;
}

const IDENTIFIER_KEY = /(?:^|[{,;\s(])\\?["']?([A-Za-z_][\w-]*)\\?["']?\s*(?::(?!:)|=>?)/g;

/**
 * Whether the bracket at `outer` holds the object at `inner` as its only item or under a `data` key: `[{…}]`,
 * `@({…})`, `array(array(…))`, `{"data": {…}}`.
 */
function onlyItem(text: string, outer: number, inner: number): boolean {
  const c = text.charCodeAt(outer);
  if ((c === 123 || (c === 40 && mapCall(text, outer))) && keyBeforeOpener(text, inner, 'data')) return true;
  if (c !== 91 && !(c === 40 && (mapCall(text, outer) || text.charCodeAt(outer - 1) === 64))) return false;
  for (let i = outer + 1; i < inner; i++) {
    const d = text.charCodeAt(i);
    if (d !== 32 && d !== 9 && d !== 10 && d !== 13) {
      // `array(` or `@` before the item's own bracket.
      if (i === inner - 1 && d === 64) continue;
      if (isWordChar(d) && mapCall(text, inner)) continue;
      return false;
    }
  }
  return true;
}

/**
 * The name an assignment gives the value opening at `open` (`ws = {`, `self.projects = [`, `$ref = @{`, `ws := map…{`,
 * `const ws = {`, `$ws = array(`): its last dotted part, and where it starts. Not a key (`=>`, `:`) nor a comparison.
 */
function holderName(text: string, open: number): { word: string; start: number } | undefined {
  let i = open - 1;
  if (text.charCodeAt(i) === 64) i--; // PowerShell's @{ and @(
  if (text.charCodeAt(open) === 40) while (i >= 0 && isWordChar(text.charCodeAt(i))) i--; // array( dict(
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  // A subscript's key too (`$p["data"]["relationships"]["ws"] =`); a name of one character is none.
  const assigned = assignmentAt(text, i, { receiver: 'any', keys: true });
  if (assigned === undefined || assigned.name.length < 2) return undefined;
  return { word: assigned.name, start: assigned.start };
}

/**
 * Whether the literal at `offset` sits in a YAML mapping held, within a few levels of indentation, under a
 * `relationships:` key (`relationships:` / `workspace:` / `data:` / `type: workspaces`, list items `- type:` too).
 */
function inIndentedRelationship(text: string, offset: number): boolean {
  let start = text.lastIndexOf('\n', offset - 1) + 1;
  let current = indentOf(text, start);
  const stop = Math.max(0, offset - REACH);
  let levels = 0;
  while (start > 0 && start > stop && current > 0) {
    const end = start - 1;
    start = text.lastIndexOf('\n', end - 1) + 1;
    const col = indentOf(text, start);
    const first = text.charCodeAt(start + col);
    if (start + col >= end || first === 35 || first === 13) continue; // blank or a comment
    if (col >= current) continue;
    current = col;
    const key = /^(?:- +)?["']?([\w-]+)["']?[ \t]*:[ \t]*(?:#.*)?\r?$/.exec(text.slice(start + col, end));
    if (!key) continue;
    if (key[1]!.toLowerCase() === KEY) return true;
    if (++levels >= LEVELS) return false;
  }
  return false;
}

/** The column of a line's first character other than a space or a tab (a list item's at its `-`). */
function indentOf(text: string, start: number): number {
  let i = start;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i++;
  return i - start;
}

/** The key `keyBeforeOpener` looks for, lower-case. */
const KEY = 'relationships';

/**
 * Whether the `(` at `open` opens a map written as a call: PHP's `array(…)` (`"data" => array("type" => …)`) and
 * Python's `dict(…)` (`data=dict(type=…)`). Any other call's parentheses end the object.
 */
function mapCall(text: string, open: number): boolean {
  let i = open - 1;
  while (text.charCodeAt(i) === 32) i--;
  const end = i + 1;
  while (i >= 0 && isWordChar(text.charCodeAt(i))) i--;
  const word = text.slice(i + 1, end);
  if (word.length !== 4 && word.length !== 5) return false;
  const lower = word.toLowerCase();
  return (lower === 'array' || lower === 'dict') && text.charCodeAt(i) !== 46 && text.charCodeAt(i) !== 36;
}
