import type { ResolveContext } from './context.ts';
import { urlHasParameter } from './context.ts';
import type { UrlHit } from './hits.ts';
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
  const lineStart = text.lastIndexOf('\n', offset) + 1;
  if (!/url:"$/.test(text.slice(Math.max(lineStart, offset - 5), offset))) return undefined;
  // The struct's `type X struct {` line: the last one before the tag (the text may start with it).
  const head = text.lastIndexOf('\ntype ', offset) + 1;
  if (offset - head > MAX_STRUCT || (head === 0 && !text.startsWith('type '))) return undefined;
  const struct = /^type (\w+) struct \{/.exec(text.slice(head, head + 200))?.[1];
  if (!struct) return undefined;
  for (const { from, to } of functionsTaking(ctx, struct)) {
    const url = ctx.hits.urls.find((u) => u.start > from && u.start < to && urlHasParameter(u, parameter));
    if (url) return url;
  }
  return undefined;
}

const bodies = new WeakMap<object, Map<string, { from: number; to: number }[]>>();
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
  const takes = new RegExp(`\\b\\w+ \\*?${struct}\\b[^\\n]*\\{$`);
  for (const { from, line } of funcs(ctx)) {
    if (!line.includes(struct) || !takes.test(line)) continue;
    const next = text.indexOf('\nfunc ', from + 1);
    found.push({ from, to: Math.min(next === -1 ? text.length : next, from + MAX_BODY) });
  }
  byStruct.set(struct, found);
  return found;
}
