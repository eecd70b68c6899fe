import type { ResolveContext } from './context.ts';
import { anyEvidenceFor, boundUrl, resourcesAt } from './context.ts';
import type { NameHit } from './hits.ts';
import type { MatchRule } from './lexicon.ts';
import { makeMatch } from './make-match.ts';
import type { Confidence, Match } from './match-types.ts';
import { isWordChar } from './source-text.ts';
import type { HistorySubject } from './types.ts';

/**
 * The match of a name hit, if one of its candidate subjects passes its rule (see `MatchRule`).
 * When several pass, the one whose resource is in context wins, then an exact one, then data order;
 * the others become `alternatives`.
 */
export function nameMatch(ctx: ResolveContext, hit: NameHit): Match | undefined {
  if (!mayPass(ctx, hit)) return undefined;
  let resources: readonly string[] | undefined | null = null;
  const context = (): readonly string[] | undefined => (resources === null ? (resources = resourcesAt(ctx, hit.start, hit.line)) : resources);
  const passed: { subject: HistorySubject; confidence: Confidence; score: number }[] = [];
  for (const { subject, rule } of hit.info.candidates) {
    const confidence = check(ctx, hit, subject, rule, context);
    if (!confidence) continue;
    const inContext = subject.resource !== undefined && context()?.includes(subject.resource) === true;
    passed.push({ subject, confidence, score: (inContext ? 2 : 0) + (confidence === 'exact' ? 1 : 0) });
  }
  const ranked = passed.sort((a, b) => b.score - a.score);
  const first = ranked[0];
  if (!first) return undefined;
  const via = first.subject.type === 'parameter' ? 'parameter' : hit.via;
  const alternatives = ranked.slice(1).map((p) => p.subject);
  return makeMatch(ctx.text, ctx.lines, { start: hit.start, end: hit.end, subject: first.subject, confidence: first.confidence, via, alternatives });
}

/**
 * Cheap pre-check: a hit whose candidates all need context can only pass when some evidence
 * within CONTEXT_LINES names one of their resources (most ordinary `name:` keys stop here).
 */
function mayPass(ctx: ResolveContext, hit: NameHit): boolean {
  let generic = false;
  for (const { rule } of hit.info.candidates) {
    if (rule === 'distinct' || rule === 'parameter' || (rule === 'type-value' && hit.via === 'type')) return true;
    if (rule === 'generic') generic = true;
  }
  return generic && anyEvidenceFor(ctx, hit.start, hit.line, hit.info.candidates);
}

function check(ctx: ResolveContext, hit: NameHit, subject: HistorySubject, rule: MatchRule, context: () => readonly string[] | undefined): Confidence | undefined {
  switch (rule) {
    case 'type-value':
      return hit.via === 'type' ? 'exact' : undefined;
    case 'distinct':
      return 'exact';
    case 'parameter':
      // `q` and `sort` are too common to count unless they are a key (`params={"q": …}`).
      if (!hit.isKey && !hit.info.text.includes('[')) return undefined;
      return boundUrl(ctx, subject, hit.start, hit.line) ? 'context' : undefined;
    case 'generic': {
      if (subject.resource === undefined || context()?.includes(subject.resource) !== true) return undefined;
      if (subject.type === 'status') return statusFieldNear(ctx, hit, subject) ? 'context' : undefined;
      return hit.isKey ? 'context' : undefined;
    }
  }
}

/** A generic status value counts only as the value of its field, or on a line naming the field or a `case`. */
function statusFieldNear(ctx: ResolveContext, hit: NameHit, subject: HistorySubject): boolean {
  const field = subject.valueField;
  if (field === undefined) return false;
  if (hit.keyOf === field) return true;
  // The line around the value (bounded, for minified code).
  const from = Math.max(ctx.lines.startOf(hit.line), hit.start - 200);
  const line = ctx.text.slice(from, Math.min(ctx.lines.endOf(hit.line), hit.end + 200));
  return hasWord(line, field) || hasWord(line, 'case');
}

function hasWord(line: string, word: string): boolean {
  for (let i = line.indexOf(word); i !== -1; i = line.indexOf(word, i + 1)) {
    if (!isWordChar(line.charCodeAt(i - 1)) && !isWordChar(line.charCodeAt(i + word.length))) return true;
  }
  return false;
}
