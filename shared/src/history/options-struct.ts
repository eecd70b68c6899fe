import type { ResolveContext } from './context.ts';
import { urlHasParameter } from './context.ts';
import type { UrlHit } from './hits.ts';
import { firstAtOrAfter } from './ordered.ts';
import { memoKey } from './lines.ts';
import type { HistorySubject } from './types.ts';

/** How far back a struct tag's `type X struct {` line, and how far a function body, are read. */
const MAX_STRUCT = 6_000;
const MAX_BODY = 6_000;

/**
 * Go query keys in struct tags (`Query string `url:"q,omitempty"``, `url:"search[tags]"`): the struct
 * is an options type (`WorkspaceListOptions`) that a function takes (`options *WorkspaceListOptions`)
 * and sends with a URL it builds: the URL of that function whose template has the parameter.
 */
export function optionsStructUrl(ctx: ResolveContext, parameter: HistorySubject, offset: number): UrlHit | undefined {
  const { text } = ctx;
  // `url:"` just before the key, on its line (read in place: a slice and a pattern per hit cost more; the five
  // characters hold no newline, so only the key's own first one could put it on another line: no search back
  // to the line's start, which on a long line of tags was read once per tag).
  if (offset < 5 || text.charCodeAt(offset) === 10 || !text.startsWith('url:"', offset - 5)) return undefined;
  const struct = enclosingStructName(ctx, offset);
  if (!struct) return undefined;
  // The answer is the struct's and the parameter's, whichever of the struct's tags asks: found once a scan for each
  // pair (each tag walked every function taking the struct, and each of those the scan's URLs: a file of many tags
  // and many such functions took time growing with the square of its length, 1.2 s at 1.6 MB).
  let answers = urlsByTag.get(ctx.hits);
  if (!answers) urlsByTag.set(ctx.hits, (answers = new Map<string, UrlHit | null>()));
  const key = `${struct}\t${parameter.id}`;
  let found = answers.get(key);
  if (found === undefined) {
    found = null;
    for (const { from, to } of functionsTaking(ctx, struct)) {
      const url = ctx.hits.urls.find((u) => u.start > from && u.start < to && urlHasParameter(u, parameter));
      if (url) {
        found = url;
        break;
      }
    }
    answers.set(key, found);
  }
  return found ?? undefined;
}

/**
 * The Go struct a tag at `offset` is in: the name of the last `type X struct {` line before it (the text may start with
 * it) within MAX_STRUCT characters; undefined when there is none so near, or that line declares no struct. From the
 * text's `type ` line starts found once: a search back per tag read to the text's start where none was near (a
 * generated file of tags and no `type` line took time growing with the square of its length, 4 s at 800 KB).
 */
export function enclosingStructName(ctx: ResolveContext, offset: number): string | undefined {
  const head = typeLineBefore(ctx, offset);
  if (offset - head > MAX_STRUCT || (head === 0 && !ctx.text.startsWith('type '))) return undefined;
  return structNamed(ctx, head);
}

/** `type (\w+) struct \{` at `head`, within 200 characters: the struct's name (as the pattern on a slice of that length finds it). */
const STRUCT_HEAD = /type (\w+) struct \{/y;

/** The offsets after each `\ntype ` of a text, in order: the starts of its `type` lines but the first. */
const TYPE_LINES = memoKey<readonly number[]>('options struct: type line starts');
/** The struct named at each `type` line start read so far (`structNamed`): the tags of one struct share it. */
const STRUCT_NAMES = memoKey<Map<number, string | undefined>>('options struct: struct named at a type line');

/** `text.lastIndexOf('\ntype ', offset) + 1`, from the text's `type` line starts found once. */
function typeLineBefore(ctx: ResolveContext, offset: number): number {
  const { text } = ctx;
  const starts = ctx.lines.memo(TYPE_LINES, () => {
    const found: number[] = [];
    for (let at = text.indexOf('\ntype '); at !== -1; at = text.indexOf('\ntype ', at + 1)) found.push(at + 1);
    return found;
  });
  // The last `\ntype ` that starts at or before `offset` (its `type` at or before `offset + 1`).
  const after = firstAtOrAfter(starts, offset + 2);
  return after === 0 ? 0 : (starts[after - 1] ?? 0);
}

function structNamed(ctx: ResolveContext, head: number): string | undefined {
  return ctx.lines.memoAt(STRUCT_NAMES, head, () => {
    STRUCT_HEAD.lastIndex = head;
    const m = STRUCT_HEAD.exec(ctx.text);
    return m !== null && m[0].length <= 200 ? m[1] : undefined;
  });
}

const bodies = new WeakMap<object, Map<string, { from: number; to: number }[]>>();
/** `optionsStructUrl`'s answers by struct and parameter, one scan's (its hits). */
const urlsByTag = new WeakMap<object, Map<string, UrlHit | null>>();
const funcLines = new WeakMap<object, { from: number; line: string }[]>();

/** The `func …` lines of the text (found once per scan with native searches), with their offsets. */
function funcs(ctx: ResolveContext): { from: number; line: string }[] {
  let found = funcLines.get(ctx.hits);
  if (found) return found;
  found = [];
  const { text } = ctx;
  for (let at = text.startsWith('func ') ? 0 : text.indexOf('\nfunc ') + 1; at > 0 || text.startsWith('func ');) {
    const end = text.indexOf('\n', at);
    found.push({ from: at, line: text.slice(at, end === -1 ? text.length : end) });
    if (end === -1) break;
    const next = text.indexOf('\nfunc ', end);
    if (next === -1) break;
    at = next + 1;
  }
  funcLines.set(ctx.hits, found);
  return found;
}

/** The bodies of the functions that take the struct (`options *WorkspaceListOptions`), read once per scan and struct. */
function functionsTaking(ctx: ResolveContext, struct: string): { from: number; to: number }[] {
  let byStruct = bodies.get(ctx.hits);
  if (!byStruct) bodies.set(ctx.hits, (byStruct = new Map<string, { from: number; to: number }[]>()));
  let found = byStruct.get(struct);
  if (found) return found;
  found = [];
  const { text } = ctx;
  for (const { from, line } of funcs(ctx)) {
    if (!takes(line, struct)) continue;
    const next = text.indexOf('\nfunc ', from + 1);
    found.push({ from, to: Math.min(next === -1 ? text.length : next, from + MAX_BODY) });
  }
  byStruct.set(struct, found);
  return found;
}

/**
 * Whether a `func` line takes the struct, as `\b\w+ \*?Struct\b[^\n]*\{$` finds it, read by hand (a pattern made per
 * struct cost more to compile than the lines it was tried on): the line ends with `{`, and the struct's name stands
 * whole before it, after a word and a space (or a word, a space and `*`).
 */
function takes(line: string, struct: string): boolean {
  const last = line.length - 1;
  if (line.charCodeAt(last) !== 123) return false;
  for (let at = line.indexOf(struct); at !== -1 && at + struct.length <= last; at = line.indexOf(struct, at + 1)) {
    if (isWordChar(line.charCodeAt(at + struct.length))) continue;
    let before = at - 1;
    if (line.charCodeAt(before) === 42) before--; // `*`
    if (line.charCodeAt(before) === 32 && isWordChar(line.charCodeAt(before - 1))) return true;
  }
  return false;
}

/** `[A-Za-z0-9_]`: a regular expression's `\w`. */
function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}
