import { methodDecided, type UrlHit } from './hits.ts';
import { closing, HTTP_SOURCE } from './hcl-http-data.ts';
import type { TextMarkers } from './text-markers.ts';

/** The block's `method =` and `url =` keys, at a line start. */
const METHOD_KEY = /^[ \t]*method[ \t]*=/m;
const URL_KEY = /^[ \t]*url[ \t]*=[^\n]*/m;

/**
 * Terraform's `http` data source sends GET unless its block says `method = …` (the provider's default): the URL
 * of its `url =` line, when nothing nearer gave it a method, is sent with GET (implied, no token). A block with a
 * `method` key (read as any method key is) and the URLs of other blocks are left as they are.
 */
export function httpDataGets(text: string, markers: TextMarkers, urls: readonly UrlHit[]): void {
  if (!markers.has('"http"')) return;
  for (const m of text.matchAll(HTTP_SOURCE)) {
    const open = m.index + m[0].length - 1;
    const close = closing(text, open);
    if (close === undefined) continue;
    const body = text.slice(open + 1, close);
    if (METHOD_KEY.test(body)) continue;
    const url = URL_KEY.exec(body);
    if (!url) continue;
    const from = open + 1 + url.index;
    const to = from + url[0].length;
    for (const hit of urls)
      if (hit.start >= from && hit.start < to && !methodDecided(hit)) {
        hit.method = { method: 'GET', start: from, end: from, text: '' };
        hit.methodDistance = 0;
      }
  }
}
