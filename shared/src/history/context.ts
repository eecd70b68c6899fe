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
 */
export const NEARBY = { CONTEXT_LINES: 12, METHOD_LINES: 3, PARAM_LINES: 5 } as const;

/** What resolution needs besides the hit itself. */
export interface ResolveContext {
  readonly text: string;
  readonly hits: Hits;
  readonly lines: Lines;
  readonly lexicon: Lexicon;
}

/** The resources in context at a position, or undefined when nothing nearby says. */
export function resourcesAt(ctx: ResolveContext, offset: number, line: number): readonly string[] | undefined {
  const { evidence } = ctx.hits;
  let best: readonly string[] | undefined;
  let bestLevels = Infinity;
  let bestDistance = Infinity;
  for (let k = firstAtLine(evidence, line - NEARBY.CONTEXT_LINES); k < evidence.length; k++) {
    const e = evidence[k];
    if (!e || e.line > line + NEARBY.CONTEXT_LINES) break;
    const levels = enclosingLevels(ctx.text, e.offset, offset);
    if (levels === Infinity) continue;
    const distance = Math.abs(e.offset - offset);
    if (levels < bestLevels || (levels === bestLevels && distance < bestDistance)) {
      best = e.resources;
      bestLevels = levels;
      bestDistance = distance;
    }
  }
  return best;
}

/**
 * How many `{` levels the block holding `outer` lies above `inner`, counting braces between
 * them; Infinity when that block does not enclose `inner` (it closes first, or `outer` sits in
 * a block opened after `inner`'s was left). Braces inside strings are counted too: a rare
 * miscount only costs a match, never adds one.
 */
export function enclosingLevels(text: string, outer: number, inner: number): number {
  let depth = 0;
  let lowest = 0;
  const from = Math.min(outer, inner);
  const to = Math.max(outer, inner);
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125 && --depth < lowest) lowest = depth;
  }
  if (outer <= inner) return lowest < 0 ? Infinity : depth;
  return depth === lowest ? -depth : Infinity;
}

/** True when evidence within CONTEXT_LINES of `line` names the resource of one of the candidates. */
export function anyEvidenceFor(ctx: ResolveContext, line: number, candidates: readonly { readonly subject: HistorySubject }[]): boolean {
  const { evidence } = ctx.hits;
  for (let k = firstAtLine(evidence, line - NEARBY.CONTEXT_LINES); k < evidence.length; k++) {
    const e = evidence[k];
    if (!e || e.line > line + NEARBY.CONTEXT_LINES) return false;
    for (const { subject } of candidates) if (subject.resource !== undefined && e.resources.includes(subject.resource)) return true;
  }
  return false;
}

/** The nearest URL hit within PARAM_LINES whose templates carry this parameter, if any. */
export function boundUrl(ctx: ResolveContext, parameter: HistorySubject, offset: number, line: number): UrlHit | undefined {
  const { urls } = ctx.hits;
  let best: UrlHit | undefined;
  for (let k = firstAtLine(urls, line - NEARBY.PARAM_LINES); k < urls.length; k++) {
    const url = urls[k];
    if (!url || url.line > line + NEARBY.PARAM_LINES) break;
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

/** Index of the first item whose line is at least `line` (items sorted by position). */
export function firstAtLine(items: readonly { readonly line: number }[], line: number): number {
  let lo = 0;
  let hi = items.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((items[mid]?.line ?? 0) < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
