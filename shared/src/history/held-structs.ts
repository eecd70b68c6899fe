import type { Lines } from './lines.ts';
import { isRegexWordChar } from './source-text.ts';
import { goDeclarations } from './go-declarations.ts';

/**
 * Go structs of JSON:API models that have no `jsonapi:"primary,…"` tag of their own but are the
 * type of an attribute of one that has: go-tfe's `GlobalRunTask` is `RunTask`'s
 * `jsonapi:"attr,global-configuration"`, `WorkspacePermissions` is `Workspace`'s `permissions`. Their
 * fields belong to the holder's resource. A struct held by structs of different types (a shared
 * `VCSRepo`) gets nothing: its resource cannot be known. Read in the one text (two rounds, so a struct
 * held by a held struct gets the type too).
 */
const FIELD = /^\t\w+[ \t]+[*[\]]*(\w+)[ \t]+`[^`\n]*jsonapi:"attr,([^",]+)/;
const PRIMARY = /jsonapi:"primary,([^",]+)/;
/** The first letters of a text's struct names, by code (`& 127`), for `heldStructTypes`. */
const STRUCT_FIRSTS = new Uint8Array(128);

/**
 * Where the type of a field line starts as FIELD reads it (`^\t\w+[ \t]+[*[\]]*(\w+)[ \t]`: each run taken whole,
 * so the pattern has one way to match), or -1 when the line does not open so. The type runs to the first non-word
 * character (`typeEnd`); nothing is cut out of the text.
 */
function fieldTypeStart(text: string, lineStart: number): number {
  // Each run read by a loop of its own (closures made for every field line cost a twentieth of the scan's Go side).
  let i = lineStart;
  if (text.charCodeAt(i++) !== 9) return -1;
  let from = i;
  while (isRegexWordChar(text.charCodeAt(i))) i++;
  if (i === from) return -1;
  from = i;
  while (isBlank(text.charCodeAt(i))) i++;
  if (i === from) return -1;
  while (isTypeMark(text.charCodeAt(i))) i++;
  from = i;
  while (isRegexWordChar(text.charCodeAt(i))) i++;
  if (i === from || !isBlank(text.charCodeAt(i))) return -1;
  return from;
}

/** The end of the word starting at `from`. */
function typeEnd(text: string, from: number): number {
  let i = from;
  while (isRegexWordChar(text.charCodeAt(i))) i++;
  return i;
}

/** `*`, `[`, `]`: a pointer's or a slice's mark before a field's type. */
function isTypeMark(c: number): boolean {
  return c === 42 || c === 91 || c === 93;
}

function isBlank(c: number): boolean {
  return c === 32 || c === 9;
}

/**
 * The type FIELD reads on a line of a `jsonapi:"attr,` tag, or undefined: none, or one that names no struct of the file
 * (read by hand first, by its first letter and length: such a line is not looked at further).
 */
function lineFieldType(
  text: string,
  lines: Lines,
  line: number,
  firsts: Uint8Array,
  lengths: ReadonlySet<number>,
  structs: ReadonlyMap<string, unknown>,
): string | undefined {
  const start = lines.startOf(line);
  const type = fieldTypeStart(text, start);
  if (type !== -1) {
    if (firsts[text.charCodeAt(type) & 127] !== 1) return undefined;
    const stop = typeEnd(text, type);
    if (!lengths.has(stop - type) || !structs.has(text.slice(type, stop))) return undefined;
  }
  const f = FIELD.exec(text.slice(start, lines.endOf(line)));
  return f ? (f[1] ?? '') : undefined;
}

const ATTR = 'jsonapi:"attr,';
const PRIMARY_TAG = 'jsonapi:"primary,';

/**
 * Every offset of `jsonapi:"attr,` and of `jsonapi:"primary,` in the text, in order: one native search from one
 * `jsonap` to the next (six characters: a longer needle is searched another, slower way), each find then checked for
 * the two tags, not a search of each tag over the text.
 */
function tagOffsets(text: string): { attrs: number[]; primaries: number[] } {
  const attrs: number[] = [];
  const primaries: number[] = [];
  for (let i = text.indexOf('jsonap'); i !== -1; i = text.indexOf('jsonap', i + 6))
    if (text.startsWith(ATTR, i)) attrs.push(i);
    else if (text.startsWith(PRIMARY_TAG, i)) primaries.push(i);
  return { attrs, primaries };
}

/**
 * The type a `jsonapi:"primary,` tag at `at` names, as PRIMARY reads it on the tag's next 120 characters: the run after
 * the tag up to a `"` or `,`, read in place (no slice, no pattern); an empty run leaves it to PRIMARY (a later tag in
 * reach).
 */
function primaryType(text: string, at: number): string | undefined {
  const start = at + PRIMARY_TAG.length;
  const stop = Math.min(at + 120, text.length);
  let i = start;
  while (i < stop) {
    const c = text.charCodeAt(i);
    if (c === 34 || c === 44) break;
    i++;
  }
  return i > start ? text.slice(start, i) : PRIMARY.exec(text.slice(at, at + 120))?.[1];
}

/** The `{` of each held struct and the JSON:API type of its holder. */
export function heldStructTypes(text: string, lines: Lines): { readonly open: number; readonly type: string }[] {
  // Every tag's offset once (a search per struct from its `{` would run on to the next tag, however far); a text
  // without both kinds holds no struct held by another.
  const { attrs, primaries } = tagOffsets(text);
  if (attrs.length === 0 || primaries.length === 0) return [];
  const structs = new Map<string, { open: number; type: string | undefined; fields: { goType: string }[] }>();
  // The file's struct heads (`go-declarations.ts`, written `type Name struct {` alone on their line), then the
  // `jsonapi:"attr,` tags in a body and a regex on that one line.
  let p = 0;
  // The structs first, then their fields: a field matters only when its type is a struct of the file.
  const bodies: { open: number; end: number; fields: { goType: string }[] }[] = [];
  // The first `\n}` after a head, searched for again only when a head is past it (a search per head ran to the text's
  // end when none closes, so a file of many unclosed heads took time growing with their count squared).
  let close = -2;
  for (const head of goDeclarations(text, lines).types) {
    if (head.kind === 'struct' && head.gofmt) {
      const open = head.brace;
      if (close !== -1 && close < open) close = text.indexOf('\n}', open);
      const end = close === -1 ? text.length : close;
      const fields: { goType: string }[] = [];
      bodies.push({ open, end, fields });
      while (p < primaries.length && (primaries[p] ?? 0) < open) p++;
      const primary = primaries[p] ?? -1;
      const type = primary !== -1 && primary < end ? primaryType(text, primary) : undefined;
      structs.set(head.name, { open, type, fields });
    }
  }
  // The first letters and lengths of the file's struct names: a field type that starts with none, or is of no such
  // length (`string`, `bool`, `*time.Time`: most tagged fields), is not cut out to be looked up.
  // One table for every call, cleared (a typed array of 128 bytes is made off the heap: a cost per text).
  const firsts = STRUCT_FIRSTS.fill(0);
  const lengths = new Set<number>();
  for (const name of structs.keys()) {
    firsts[name.charCodeAt(0) & 127] = 1;
    lengths.add(name.length);
  }
  let a = 0;
  // What a line of tags gives, read once a line (from the line table): a line of many tags was read back to its start
  // and cut out again for each.
  let line = -1;
  let lineType: string | undefined;
  for (const { open, end, fields } of bodies) {
    while (a < attrs.length && (attrs[a] ?? 0) < open) a++;
    for (; a < attrs.length && (attrs[a] ?? 0) < end; a++) {
      const at = attrs[a] ?? 0;
      const l = lines.lineOf(at);
      if (l !== line) {
        line = l;
        lineType = lineFieldType(text, lines, l, firsts, lengths, structs);
      }
      if (lineType !== undefined) fields.push({ goType: lineType });
    }
  }
  const out: { open: number; type: string }[] = [];
  for (let round = 0; round < 2; round++) {
    const holders = new Map<string, Set<string>>();
    for (const s of structs.values())
      if (s.type !== undefined)
        for (const f of s.fields) {
          const inner = structs.get(f.goType);
          if (inner && inner.type === undefined)
            holders.set(f.goType, (holders.get(f.goType) ?? new Set()).add(s.type));
        }
    for (const [name, types] of holders) {
      const inner = structs.get(name);
      const [type] = types;
      if (!inner || types.size !== 1 || type === undefined) continue;
      inner.type = type;
      out.push({ open: inner.open, type });
    }
  }
  return out;
}
