import { braceDepths } from './brace-depths.ts';
import type { Hits, UrlHit } from './hits.ts';
import type { Lexicon } from './lexicon.ts';
import type { Lines } from './lines.ts';
import type { HistorySubject } from './types.ts';

/**
 * "Nearby", as the matcher means it:
 * - resource context for a generic word: evidence (a `type` value, a matched API path, a run
 *   task header) at most CONTEXT_LINES lines away, in the same `{}` block or an enclosing one;
 *   the closest enclosing evidence wins, then the closest in the text, so a `name` inside a
 *   `policy-sets` payload is never taken for a project's `name` because a projects URL is above;
 * - a method for a URL: a method token at most METHOD_LINES lines away (see `assignMethods`);
 * - a URL for a query parameter key: at most PARAM_LINES lines away.
 * Whatever the lines, nothing further than MAX_CHARS characters counts, and only the
 * MAX_NEIGHBOURS closest items on each side are looked at: on a minified line of 300,000
 * characters "12 lines" is everything, and the matcher must stay linear.
 */
export const NEARBY = { CONTEXT_LINES: 12, METHOD_LINES: 3, PARAM_LINES: 5, MAX_CHARS: 2000, MAX_NEIGHBOURS: 8 } as const;

/** What resolution needs besides the hit itself. */
export interface ResolveContext {
  readonly text: string;
  readonly hits: Hits;
  readonly lines: Lines;
  readonly lexicon: Lexicon;
}

/**
 * The resources in context at a position, or undefined when nothing nearby says. Evidence
 * counts when its `{}` block is the word's own or encloses it; the closest enclosing block
 * wins, then the closest in the text. Braces are counted in one sweep each way from the word
 * (braces inside strings too: a rare miscount only costs a match, never adds one).
 */
export function resourcesAt(ctx: ResolveContext, offset: number, line: number): readonly string[] | undefined {
  const near = neighbours(ctx.hits.evidence, evidenceOffset, offset, line, NEARBY.CONTEXT_LINES);
  if (near.length === 0) return undefined;
  const depths = braceDepths(ctx.text, ctx.hits.evidence);
  const here = depths.depthAt(offset);
  let best: { resources: readonly string[]; levels: number; distance: number } | undefined;
  for (const e of near) {
    const info = depths.evidence(e);
    if (!info) continue;
    // Before the word: no `}` between them closes its block. After it: its block was open before the word.
    const encloses = e.offset <= offset ? info.close >= offset : info.open < offset;
    if (!encloses) continue;
    const levels = here - info.depth;
    const distance = Math.abs(e.offset - offset);
    if (!best || levels < best.levels || (levels === best.levels && distance < best.distance)) best = { resources: e.resources, levels, distance };
  }
  return best?.resources;
}

/**
 * The items (sorted by offset) within `lines` lines and MAX_CHARS characters of a position, at
 * most MAX_NEIGHBOURS on each side, closest first on each side.
 */
export function neighbours<T extends { readonly line: number }>(items: readonly T[], at: (item: T) => number, offset: number, line: number, lines: number): T[] {
  const out: T[] = [];
  const first = firstFrom(items, offset, at);
  for (let k = first - 1, n = 0; k >= 0 && n < NEARBY.MAX_NEIGHBOURS; k--, n++) {
    const item = items[k];
    if (!item || line - item.line > lines || offset - at(item) > NEARBY.MAX_CHARS) break;
    out.push(item);
  }
  for (let k = first, n = 0; k < items.length && n < NEARBY.MAX_NEIGHBOURS; k++, n++) {
    const item = items[k];
    if (!item || item.line - line > lines || at(item) - offset > NEARBY.MAX_CHARS) break;
    out.push(item);
  }
  return out;
}

/** Position accessors for `neighbours`. */
const evidenceOffset = (e: { readonly offset: number }): number => e.offset;
export const urlStart = (u: { readonly start: number }): number => u.start;

/** Index of the first item at or after `offset`. */
function firstFrom<T>(items: readonly T[], offset: number, at: (item: T) => number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const item = items[mid];
    if (item !== undefined && at(item) < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** True when evidence within CONTEXT_LINES of `line` names the resource of one of the candidates. */
export function anyEvidenceFor(ctx: ResolveContext, offset: number, line: number, candidates: readonly { readonly subject: HistorySubject }[]): boolean {
  for (const e of neighbours(ctx.hits.evidence, evidenceOffset, offset, line, NEARBY.CONTEXT_LINES)) {
    for (const { subject } of candidates) if (subject.resource !== undefined && e.resources.includes(subject.resource)) return true;
  }
  return false;
}

/** The nearest URL hit within PARAM_LINES whose templates carry this parameter, if any. */
export function boundUrl(ctx: ResolveContext, parameter: HistorySubject, offset: number, line: number): UrlHit | undefined {
  let best: UrlHit | undefined;
  for (const url of neighbours(ctx.hits.urls, urlStart, offset, line, NEARBY.PARAM_LINES)) {
    if (!urlHasParameter(ctx, url, parameter)) continue;
    if (!best || Math.abs(url.start - offset) < Math.abs(best.start - offset)) best = url;
  }
  return best;
}

/** Whether a parameter subject belongs to one of the URL's templates (`*` = the endpoints of its entry). */
export function urlHasParameter(ctx: ResolveContext, url: UrlHit, parameter: HistorySubject): boolean {
  const scope = parameter.path === '*' ? ctx.lexicon.starScope.get(parameter) : undefined;
  return url.candidates.some((c) => c.template === parameter.path || scope?.has(c.template) === true);
}
