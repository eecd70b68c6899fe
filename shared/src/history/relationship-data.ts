import { isWordChar } from './source-text.ts';

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
      if (c === 40) return false; // a call's or a tuple's parentheses: no longer one object
      if (keyBeforeOpener(text, i)) return true;
      if (++levels >= LEVELS) return false;
    }
  }
  return false;
}

/**
 * `inRelationship` for many literals of one text: once the characters walked back reach the text's length, the
 * brackets' offsets are listed (one pass) and the walk steps from bracket to bracket (a dense file of payloads
 * asked this of every type string, each walk up to REACH characters). The same answers.
 */
export class Relationships {
  #walked = 0;
  #brackets: Int32Array | undefined;

  constructor(readonly text: string) {}

  has(offset: number): boolean {
    const text = this.text;
    if (this.#brackets === undefined) {
      this.#walked += Math.min(offset, REACH);
      if (this.#walked <= text.length) return inRelationship(text, offset);
      this.#brackets = brackets(text);
    }
    const at = this.#brackets;
    const stop = Math.max(0, offset - REACH);
    // The last bracket before `offset`.
    let lo = 0;
    let hi = at.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (at[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    let depth = 0;
    let levels = 0;
    for (let k = lo - 1; k >= 0; k--) {
      const i = at[k]!;
      if (i < stop) break;
      const c = text.charCodeAt(i);
      if (c === 125 || c === 93 || c === 41) depth++;
      else if (depth > 0) depth--;
      else {
        if (c === 40) return false;
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
function keyBeforeOpener(text: string, open: number, key: string = KEY): boolean {
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
  if (c === 62 && text.charCodeAt(i - 1) === 61) i -= 2;
  else if (c === 58 || c === 61) i--;
  else return false;
  while (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9) i--;
  if (text.charCodeAt(i) === 34 || text.charCodeAt(i) === 39) i--;
  if (text.charCodeAt(i) === 92) i--;
  const end = i + 1;
  while (i >= 0 && isWordChar(text.charCodeAt(i)) && end - i <= 20) i--;
  if (end - (i + 1) !== key.length) return false;
  for (let k = 0; k < key.length; k++) if ((text.charCodeAt(i + 1 + k) | 0x20) !== key.charCodeAt(k)) return false;
  return true;
}

/** How far a linkage object's brackets are looked for around its type string. */
const LINKAGE_REACH = 300;

/**
 * Whether the literal at `offset` is the type of a resource identifier in a to-many linkage list: an object of
 * only `type` and `id` that is an item of a list under `data` (`{"data": [{"type": "workspaces", "id": ws}]}`,
 * posted to `…/relationships/workspaces` or a policy set's, a varset's workspaces). Such a body names the
 * targets of a relationship, not a payload of that resource; a payload's own object has its attributes.
 */
export function inLinkageList(text: string, offset: number): boolean {
  const open = opener(text, offset - 1, offset - LINKAGE_REACH);
  if (open === -1 || text.charCodeAt(open) !== 123) return false;
  // The object's end, with no bracket inside it.
  let close = -1;
  const limit = Math.min(text.length, offset + LINKAGE_REACH);
  for (let i = offset; i < limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 125) {
      close = i;
      break;
    }
    if (c === 123 || c === 91 || c === 93 || c === 40 || c === 41) return false;
  }
  if (close === -1) return false;
  for (let i = open + 1; i < close; i++) if (text.charCodeAt(i) === 123 || text.charCodeAt(i) === 91) return false;
  // Its keys: `type` and `id` only (quoted or not, `:`, `=`, `=>`).
  const body = text.slice(open + 1, close);
  let keys = 0;
  for (const m of body.matchAll(/(?:^|[{,;\s])\\?["']?([A-Za-z_][\w-]*)\\?["']?\s*(?::(?!:)|=>?)/g)) {
    const key = m[1]!.toLowerCase();
    if (key !== 'type' && key !== 'id') return false;
    keys++;
  }
  if (keys !== 2) return false;
  // The list around it: `[`, PowerShell's `@(`, a Go slice literal `[]map[string]string{`.
  const list = opener(text, open - 1, open - LINKAGE_REACH);
  if (list === -1) return false;
  const c = text.charCodeAt(list);
  if (c === 123 && !goSliceType(text, list)) return false;
  if (c === 40 && text.charCodeAt(list - 1) !== 64) return false;
  return keyBeforeOpener(text, list, 'data');
}

/** The innermost unclosed bracket before `from` (walking back to `stop`), or -1. */
function opener(text: string, from: number, stop: number): number {
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
function goSliceType(text: string, open: number): boolean {
  let i = open - 1;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 125 && text.charCodeAt(i - 1) === 123) i -= 2;
    else if (isWordChar(c) || c === 46 || c === 91 || c === 93 || c === 42) i--;
    else break;
  }
  return text.startsWith('[]', i + 1);
}

/** The key `keyBeforeOpener` looks for, lower-case. */
const KEY = 'relationships';
