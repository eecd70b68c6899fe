import { NEARBY, neighbours, urlStart } from './context.ts';
import type { LinedMethod, UrlHit } from './hits.ts';

/**
 * Gives each method token to the URL it most likely belongs to: a URL on the same line first,
 * else the closest line within METHOD_LINES, a URL above before one below (a URL is usually built
 * before the request: Go's `url := …` then `http.NewRequest(http.MethodPost, url, …)`; JS's
 * `fetch(url, {` then `method: "POST"`). A method written in the literal itself always wins.
 */
export function assignMethods(urls: readonly UrlHit[], methods: readonly LinedMethod[]): void {
  for (const url of urls) if (url.method) url.methodDistance = -1;
  for (const method of methods) {
    let best: UrlHit | undefined;
    let bestScore = Infinity;
    for (const url of neighbours(urls, urlStart, method.start, method.line, NEARBY.METHOD_LINES)) {
      const score = distance(url, method);
      if (score < bestScore) {
        best = url;
        bestScore = score;
      }
    }
    if (best && (best.methodDistance ?? Infinity) > bestScore) {
      best.method = method;
      best.methodDistance = bestScore;
    }
  }
}

/** Orders candidates: line distance, then above before below, then offset distance. */
function distance(url: UrlHit, method: LinedMethod): number {
  const lines = Math.abs(url.line - method.line);
  const below = url.line > method.line ? 1 : 0;
  return lines * 2_000_000 + below * 1_000_000 + Math.min(Math.abs(url.start - method.start), 999_999);
}
