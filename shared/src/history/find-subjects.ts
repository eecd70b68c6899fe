import { history } from './history.ts';
import { normalizeUrl } from './normalize-url.ts';
import type { HistoryIndex, HistorySubject } from './types.ts';

/**
 * Subjects a user means by a text: an id, a name or alias (case-insensitive), or a path — a
 * template or a concrete URL, with an optional method (`DELETE /workspaces/ws-1/relationships/tags`).
 * Paths give the matching endpoints, most specific template first. Empty when nothing fits.
 *
 * @example
 * findSubjects('enforce')[0]?.replacedBy; // 'enforcement-level'
 */
export function findSubjects(query: string, index: HistoryIndex = history): HistorySubject[] {
  const text = query.trim();
  const byId = index.byId.get(text);
  if (byId) return [byId];
  const exact = index.byName.get(text);
  if (exact) return [...exact];
  const lower = text.toLowerCase();
  const named = index.subjects.filter(
    (s) => s.name.toLowerCase() === lower || s.aliases.some((a) => a.toLowerCase() === lower),
  );
  if (named.length > 0) return named;
  return byPath(text, index);
}

function byPath(text: string, index: HistoryIndex): HistorySubject[] {
  // Templates use `:param`, which the URL reader already takes as a placeholder segment.
  const url = normalizeUrl(text.startsWith('/') || /^[A-Z]+ /.test(text) ? text : `/${text}`);
  if (!url || url.segments.length === 0) return [];
  const candidates = index.matchSegments(url.segments, new Map(url.query.map((p) => [p.key, p.value])));
  const endpoints = candidates.flatMap((c) => c.endpoints);
  const method = url.method?.method;
  const withMethod = method === undefined ? [] : endpoints.filter((e) => e.method === method);
  return [...new Set(withMethod.length > 0 ? withMethod : endpoints)];
}
