import { apiMethods } from './api-methods.ts';
import { callerMethod } from './caller-methods.ts';
import type { ResolveContext } from './context.ts';
import { functionVerb, holderVerb } from './function-verbs.ts';
import { urlHasParameter } from './context.ts';
import type { UrlHit } from './hits.ts';
import { sourceOffset } from './hits.ts';
import { listedUrl } from './url-data.ts';
import { memoKey } from './lines.ts';
import { makeMatch } from './make-match.ts';
import type { Confidence, Match, MethodToken } from './match-types.ts';
import type { HistorySubject, PathCandidate } from './types.ts';

interface Choice {
  readonly subject: HistorySubject;
  readonly candidate: PathCandidate;
  readonly alternatives: HistorySubject[];
  readonly confidence: Confidence;
  readonly method: MethodToken | undefined;
}

/** The matches of one URL hit: its endpoint, and the parameters and include values in its query. */
export function urlMatches(ctx: ResolveContext, url: UrlHit): Match[] {
  if (url.link) return [];
  const out: Match[] = [];
  const token = url.method ?? readingQuery(url);
  // On an unknown base that may hold more of the path (`url-tails.ts`), or a prefix extended later, no endpoint is claimed;
  // nor for an item of a list of paths (`listedUrl`: data, or segments joined later; what sends the list's value is
  // not sending the item).
  // A path Markdown's prose names in an inline code span, with no method (`` use `/registry-modules/vcs`, not
  // `/registry-modules` ``): a mention, nothing sent.
  const choice =
    url.sayLess || url.extended || listedUrl(ctx.text, url) || (token === undefined && proseMention(ctx, url))
      ? undefined
      : (chooseEndpoint(url, token) ?? (token ? undefined : namedChoice(ctx, url)));
  if (choice) out.push(endpointMatch(ctx, url, choice));
  // The variable holding the URL sent again with another method: that endpoint too (`requests.get(url, …)` after a POST).
  if (url.sends !== undefined && !url.sayLess && !url.extended)
    for (const send of url.sends) {
      const again = chooseEndpoint(url, send);
      if (again && again.subject !== choice?.subject && !out.some((m) => m.subject === again.subject))
        out.push(endpointMatch(ctx, url, again));
    }
  if (url.url.query.length > 0) out.push(...queryMatches(ctx, url));
  return out;
}

const FENCES = memoKey<readonly number[]>('offsets of Markdown code fences');

/**
 * Whether a URL hit of a Markdown text is a relative path in an inline code span of its prose (`` `/registry-modules` ``):
 * a backtick right before it, outside a fenced code block (an even count of fences before it).
 */
function proseMention(ctx: ResolveContext, url: UrlHit): boolean {
  if (ctx.markdown !== true || ctx.text.charCodeAt(url.start - 1) !== 96 || ctx.text.charCodeAt(url.start) !== 47)
    return false;
  const fences = ctx.lines.memo(FENCES, () => [...ctx.text.matchAll(/^[ \t]*(?:```|~~~)/gm)].map((m) => m.index));
  let before = 0;
  while (before < fences.length && fences[before]! < url.start) before++;
  return before % 2 === 0;
}

/** The match of the endpoint chosen for a URL hit. */
function endpointMatch(ctx: ResolveContext, url: UrlHit, choice: Choice): Match {
  const { subject, candidate, alternatives, method } = choice;
  // Read as the tail of a longer path: right where the base holds its start, which the text does not show.
  const confidence = url.tailOnly ? 'context' : choice.confidence;
  const path = url.single
    ? {
        start: sourceOffset(url, url.url.pathStart),
        end: url.end,
        template: candidate.template,
        params: candidate.params,
      }
    : undefined;
  return makeMatch(ctx.text, ctx.lines, {
    start: url.start,
    end: url.end,
    subject,
    confidence,
    via: 'path',
    alternatives,
    method,
    path,
  });
}

/**
 * Picks the endpoint: templates with the method found near the URL (when any has it), then the
 * most literal segments (`registry-modules/private/...` over `:registry_name/...`)
 * — without a method, only when every fitting template has the same method and the API has no
 * other method on the path (`apiMethods`). Exact when the method decided or only one fits.
 */
function chooseEndpoint(url: UrlHit, token: MethodToken | undefined): Choice | undefined {
  const method = token?.method;
  let pool: { subject: HistorySubject; candidate: PathCandidate }[] = [];
  let withMethod = false;
  for (const candidate of url.candidates) {
    for (const subject of candidate.endpoints) {
      // The method the code sends decides: an alias under another method (`PUT /varsets/:varset_id` of the history's
      // `PATCH`) is never shown as the other one.
      const fits = method !== undefined && subject.method === method;
      if (fits && !withMethod) {
        withMethod = true;
        pool = [];
      }
      if (fits || !withMethod) pool.push({ subject, candidate });
    }
  }
  // A method found for the URL (in the literal, on its line, in the call that sends it or a few lines
  // away) that no template has: the call is to an endpoint the history does not know
  // (`request('POST', '/organizations/x/workspaces')`, `tfh_api_call -d @payload "$url"`), never the
  // one method the history knows for the path.
  if (method !== undefined && !withMethod) return undefined;
  // Candidates come most specific first, so the first entry has the most literal segments.
  const best = pool[0]?.candidate.literals ?? 0;
  pool = pool.filter((p) => p.candidate.literals === best);
  // No method known: never assume GET. Only a path that one method's endpoints alone fit decides, and
  // only when the API has no other method there either (the history lists changes, not every method:
  // `{0}/api/v2/organizations/{1}/workspaces` held in a `create_url` is no use of the GET list).
  if (!withMethod) {
    const methods = new Set(pool.map((p) => p.subject.method));
    if (methods.size > 1) return undefined;
    const api = apiMethods(url.url.segments);
    if (api && [...api].some((m) => !methods.has(m))) return undefined;
  }
  const first = pool[0];
  if (!first) return undefined;
  const alternatives: HistorySubject[] = [];
  for (const p of pool)
    if (p.subject !== first.subject && !alternatives.includes(p.subject)) alternatives.push(p.subject);
  const confidence: Confidence = withMethod || alternatives.length === 0 ? 'exact' : 'context';
  return { subject: first.subject, candidate: first.candidate, alternatives, confidence, method: token };
}

/** Query keys only a read takes: JSON:API's filtering, searching, paging and sorting of a collection. */
const READING_KEY = /^(?:filter|search|page)\[|^(?:sort|q)$/;

/**
 * A URL whose query filters, searches, pages or sorts (`?search[tags]=prod`, `?page[size]=100`, or such
 * a key set on a query object its call passes) is read with GET: the token is implied (empty text) at
 * the first such key.
 */
function readingQuery(url: UrlHit): MethodToken | undefined {
  const pair = url.url.query.find((p) => READING_KEY.test(p.key));
  const start = pair ? sourceOffset(url, pair.keyStart) : url.boundKeys?.find((k) => READING_KEY.test(k.key))?.start;
  if (start === undefined) return undefined;
  return { method: 'GET', start, end: start, text: '' };
}

/**
 * A path that does not decide, sent with no method found: the method the key or variable holding it says
 * (`holderVerb`: `PathList: "/organizations/{org}/workspaces"`), else the method every call of its function sends it with
 * (`callerMethod`: `this.http('GET', moduleUrl(o))`), else its function's name (`functionVerb`), when
 * the API has that method on the path. Right in context, not certain.
 */
function namedChoice(ctx: ResolveContext, url: UrlHit): Choice | undefined {
  const api = apiMethods(url.url.segments);
  if (!api || url.candidates.every((c) => c.endpoints.length === 0)) return undefined;
  const named =
    holderVerb(ctx.text, url) ??
    callerMethod(ctx.text, ctx.lines, url) ??
    functionVerb(ctx.text, ctx.lines, url, ctx.hits.urls);
  if (!named || !api.has(named.method)) return undefined;
  const choice = chooseEndpoint(url, named);
  return choice && { ...choice, confidence: 'context' };
}

function queryMatches(ctx: ResolveContext, url: UrlHit): Match[] {
  const out: Match[] = [];
  for (const pair of url.url.query) {
    const info = ctx.lexicon.words.get(pair.key);
    const parameter = info?.candidates.find((c) => c.rule === 'parameter' && urlHasParameter(url, c.subject))?.subject;
    if (parameter) {
      const start = sourceOffset(url, pair.keyStart);
      out.push(
        makeMatch(ctx.text, ctx.lines, {
          start,
          end: start + (pair.keyEnd - pair.keyStart),
          subject: parameter,
          confidence: 'exact',
          via: 'parameter',
        }),
      );
    }
    if (pair.key === 'include') out.push(...includeMatches(ctx, url, pair.value, pair.valueStart));
  }
  return out;
}

/** `?include=readme,outputs`: include values are relationship names of the URL's resource. */
function includeMatches(ctx: ResolveContext, url: UrlHit, value: string, valueStart: number): Match[] {
  const resources = new Set(url.candidates.flatMap((c) => c.resources));
  const out: Match[] = [];
  let offset = 0;
  for (const part of value.split(',')) {
    const subject = ctx.lexicon.words
      .get(part)
      // (a nested attribute's last part, `ingress_attributes` of `current_configuration_version.ingress_attributes`, is not it)
      ?.candidates.find(
        (c) => c.subject.type === 'attribute' && c.rule !== 'nested' && resources.has(c.subject.resource ?? ''),
      )?.subject;
    if (subject) {
      const start = sourceOffset(url, valueStart + offset);
      out.push(
        makeMatch(ctx.text, ctx.lines, {
          start,
          end: start + part.length,
          subject,
          confidence: 'exact',
          via: 'include',
        }),
      );
    }
    offset += part.length + 1;
  }
  return out;
}
