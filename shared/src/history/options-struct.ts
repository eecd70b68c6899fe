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
    const url = ctx.hits.urls.find((u) => u.start > from && u.start < to && urlHasParameter(ctx, u, parameter));
    if (url) return url;
  }
  return undefined;
}

const bodies = new WeakMap<object, Map<string, { from: number; to: number }[]>>();

/** The bodies of the functions that take the struct (`options *WorkspaceListOptions`), read once per scan and struct. */
function functionsTaking(ctx: ResolveContext, struct: string): { from: number; to: number }[] {
  let byStruct = bodies.get(ctx.hits);
  if (!byStruct) bodies.set(ctx.hits, (byStruct = new Map<string, { from: number; to: number }[]>()));
  let found = byStruct.get(struct);
  if (found) return found;
  found = [];
  const { text } = ctx;
  const uses = new RegExp(`^func [^\\n]*\\b\\w+ \\*?${struct}\\b[^\\n]*\\{$`, 'gm');
  for (const m of text.matchAll(uses)) {
    const from = m.index ?? 0;
    const next = text.indexOf('\nfunc ', from + 1);
    found.push({ from, to: Math.min(next === -1 ? text.length : next, from + MAX_BODY) });
  }
  byStruct.set(struct, found);
  return found;
}
