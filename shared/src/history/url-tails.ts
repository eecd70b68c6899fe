// URLs on an unknown base read as the tail of a longer API path (TailFit, declared in hits.ts with the hits that carry it).
import data from '@keyfob/schemas/platform-history-methods.json' with { type: 'json' };
import { apiMethods } from './api-methods.ts';
import type { HttpMethod } from './data-types.ts';
import type { TailFit, UrlHit } from './hits.ts';
import type { PathSegment } from './path-trie.ts';
import type { HistoryIndex } from './types.ts';

/** At most this many tail fits are kept per URL, and a path's tail is looked for only this long. */
const MAX_FITS = 8;
const MAX_SEGMENTS = 12;

interface ApiPath {
  readonly segments: readonly string[];
  readonly methods: readonly HttpMethod[];
}

/**
 * API paths by each of their literal segments past the first and by how many segments the path has from it on (the
 * tail's length), with that segment's position: a tail is looked up with its own first segment and length, not
 * filtered from every path that holds the segment (`workspaces`, `organizations` are in most of them).
 */
let byLiteral: Map<string, { path: ApiPath; at: number }[][]> | undefined;

function pathsByLiteral(): Map<string, { path: ApiPath; at: number }[][]> {
  if (byLiteral) return byLiteral;
  const table = new Map<string, { path: ApiPath; at: number }[][]>();
  for (const [text, methods] of Object.entries((data as { paths: Record<string, HttpMethod[]> }).paths)) {
    const segments = text.split('/').filter((s) => s !== '');
    const path = { segments, methods };
    segments.forEach((segment, at) => {
      if (at === 0 || segment === '*') return;
      let byLength = table.get(segment);
      if (byLength === undefined) table.set(segment, (byLength = []));
      const length = segments.length - at;
      while (byLength.length <= length) byLength.push([]);
      byLength[length]!.push({ path, at });
    });
  }
  return (byLiteral = table);
}

/**
 * The longer API paths a base-relative path is the tail of (see TailFit in hits.ts), with the history's templates for
 * each whole path. None when the path's first segment is a placeholder or the path is long.
 */
export function tailFits(
  index: HistoryIndex,
  segments: readonly PathSegment[],
  query?: ReadonlyMap<string, string>,
): TailFit[] {
  const first = segments[0];
  if (!first || first.placeholder || segments.length > MAX_SEGMENTS) return [];
  const out: TailFit[] = [];
  for (const { path, at } of pathsByLiteral().get(first.text)?.[segments.length] ?? []) {
    let fits = true;
    for (let k = 1; k < segments.length && fits; k++) {
      const own = path.segments[at + k] ?? '';
      const seg = segments[k];
      fits = seg !== undefined && (own === '*' || (!seg.placeholder && seg.text === own));
    }
    if (!fits) continue;
    const prefix = path.segments
      .slice(0, at)
      .map((s) => (s === '*' ? { text: '{}', placeholder: true } : { text: s, placeholder: false }));
    const candidates = index.matchSegments([...prefix, ...segments], query);
    out.push({ prefix, key: path.segments.slice(0, at).join('/'), methods: path.methods, candidates });
    if (out.length >= MAX_FITS) break;
  }
  return out;
}

/** A base placeholder's name that may stand for the same value in another file: `globals.BASE_URL`, `API_BASE`. */
export function sharedBaseName(key: string): boolean {
  return /^\$?\{\s*(?!self\.|this\.)[A-Za-z_]\w*\.[A-Za-z_]\w*\s*\}$|^\$?\{\s*[A-Z][A-Z0-9_]*\s*\}$/.test(key);
}

/**
 * What the URLs of a text say their unknown bases hold, by the base placeholder's text (`{globals.BASE_URL}`):
 * a URL no template fits from the API root, sent with a method the clients send on one longer path it is the
 * tail of, says its base holds that path's prefix (`organizations/*`); one sent with a method the
 * root path has, and no longer path has, says its base is the root (''). A base two URLs disagree on is left out.
 */
export function learnBases(urls: readonly UrlHit[]): Map<string, string> {
  const votes = new Map<string, string | undefined>();
  for (const url of urls) {
    const base = url.url.base;
    const method = url.method?.method;
    if (base === undefined || method === undefined || !/[A-Za-z]/.test(base)) continue;
    const fits = (url.tails ?? []).filter((t) => t.methods.includes(method));
    const root = apiMethods(url.url.segments)?.has(method) === true;
    const keys = new Set(fits.map((t) => t.key));
    let vote: string | undefined;
    if (!root && url.tailOnly && keys.size === 1) vote = [...keys][0];
    else if (root && keys.size === 0) vote = '';
    if (vote === undefined) continue;
    if (!votes.has(base)) votes.set(base, vote);
    else if (votes.get(base) !== vote) votes.set(base, undefined);
  }
  const out = new Map<string, string>();
  for (const [base, vote] of votes) if (vote !== undefined) out.set(base, vote);
  return out;
}

/**
 * Puts the learned bases in place (`bases`: this file's and the project's) and says less where the base is
 * unknown: a URL on a base known to hold a prefix is read with it (`{globals.BASE_URL}/registry-modules` is
 * `/organizations/{}/registry-modules`); on an unknown base, a URL sent with a method the clients send on a
 * longer path it is the tail of, and not on its own path from the root, is read as that longer path when the
 * root has no template for it either (`{base}/oauth-clients`), else (the root's template is another endpoint:
 * `POST /registry-modules`, a deprecated one) no endpoint is claimed. Returns the hits to resolve, in order.
 */
export function placeTails(index: HistoryIndex, urls: readonly UrlHit[], bases: ReadonlyMap<string, string>): UrlHit[] {
  const out: UrlHit[] = [];
  for (const url of urls) {
    const base = url.url.base;
    if (base === undefined || (url.tails === undefined && !bases.has(base))) {
      out.push(url);
      continue;
    }
    const known = bases.get(base);
    if (known !== undefined) {
      if (known === '') {
        if (!url.tailOnly) out.push(url);
        else out.push({ ...url, sayLess: true });
        continue;
      }
      const fit = url.tails?.find((t) => t.key === known);
      const candidates =
        fit?.candidates ??
        index.matchSegments(
          [
            ...known
              .split('/')
              .map((s) => (s === '*' ? { text: '{}', placeholder: true } : { text: s, placeholder: false })),
            ...url.url.segments,
          ],
          url.url.query.length === 0 ? undefined : new Map(url.url.query.map((p) => [p.key, p.value])),
        );
      out.push(
        candidates.length > 0 ? { ...url, candidates, single: false, tailOnly: true } : { ...url, sayLess: true },
      );
      continue;
    }
    const method = url.method?.method;
    if (method === undefined || apiMethods(url.url.segments)?.has(method) === true) {
      out.push(url.tailOnly ? { ...url, sayLess: true } : url);
      continue;
    }
    const fits = (url.tails ?? []).filter((t) => t.methods.includes(method) && t.candidates.length > 0);
    const keys = new Set(fits.map((t) => t.key));
    if (fits.length === 0) out.push(url);
    else if (url.tailOnly && keys.size === 1) out.push({ ...url, candidates: fits[0]?.candidates ?? url.candidates });
    else out.push({ ...url, sayLess: true });
  }
  return out;
}
