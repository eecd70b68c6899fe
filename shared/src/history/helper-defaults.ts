import type { HttpMethod } from './data-types.ts';
import { methodDecided, type UrlHit } from './hits.ts';
import { lineStartDefsIn, stickyDefs } from './line-start-defs.ts';
import type { Lines } from './lines.ts';
import type { MethodToken } from './match-types.ts';
import { enclosingCall } from './sending-calls.ts';
import { isWordChar } from './source-text.ts';

/**
 * Python helpers whose definition sets the method they send when a call names none:
 * `def _extract_data_from_api(self, path: str, …, method: str = "GET", …)`. Name → default method.
 */
const DEFINITION = stickyDefs(/^[ \t]*(?:async[ \t]+)?def[ \t]+(\w+)[ \t]*\(([^)]{0,1500})\)/gm);

function helperDefaults(text: string, lines: Lines): Map<string, { method: HttpMethod; start: number }> {
  const found = new Map<string, { method: HttpMethod; start: number }>();
  for (const m of lineStartDefsIn(text, lines, DEFINITION)) {
    const d =
      /\bmethod[ \t]*(?::[ \t]*[\w.[\]| ]+)?=[ \t]*["'](GET|POST|PUT|PATCH|DELETE|get|post|put|patch|delete)["']/.exec(
        m[2] ?? '',
      );
    // Two helpers of one name with different defaults say nothing.
    const name = m[1] ?? '';
    const method = d?.[1]?.toUpperCase() as HttpMethod | undefined;
    if (method === undefined) continue;
    const before = found.get(name);
    if (before !== undefined && before.method !== method) found.set(name, { method: before.method, start: -1 });
    else if (before === undefined) found.set(name, { method, start: m.index + m[0].indexOf(name) });
  }
  return found;
}

/** How far a helper call's arguments may run (properties lists, long f-string paths). */
const HELPER_CALL_AFTER = 3000;

/** `method="POST"` among a call's keyword arguments, and where its word starts. */
const METHOD_ARGUMENT = /(?:^|[(,\s])method[ \t]*=[ \t]*(["'])?(GET|POST|PUT|PATCH|DELETE|get|post|put|patch|delete)?/;

/**
 * The method of a URL literal that is an argument of a same-file helper call (`self._extract_data_from_api(
 * path=f"/varsets/{id}")`): the call's own `method=` argument where it names one, else the default its
 * definition sets (`method: str = "GET"`); a method argument that is no literal says nothing. Decides
 * (distance 0), above a method token of a nearby call; the default's token is implied (empty text).
 */
export function helperDefaultMethods(text: string, lines: Lines, urls: readonly UrlHit[]): void {
  if (urls.length === 0 || !lines.markers.has('def ')) return;
  let defaults: Map<string, { method: HttpMethod; start: number }> | undefined;
  for (const url of urls) {
    if (methodDecided(url)) continue;
    defaults ??= helperDefaults(text, lines);
    if (defaults.size === 0) return;
    const call = enclosingCall(text, url.start, false, HELPER_CALL_AFTER);
    if (!call) continue;
    let s = call.open;
    while (s > call.start && isWordChar(text.charCodeAt(s - 1))) s--;
    const name = text.slice(s, call.open);
    if (name === '') continue;
    const own = defaults.get(name);
    if (own === undefined || own.start === -1) continue;
    const args = text.slice(call.open, call.end);
    const named = METHOD_ARGUMENT.exec(args);
    let token: MethodToken;
    if (named) {
      const word = named[2];
      if (named[1] === undefined || word === undefined) continue;
      const start = call.open + named.index + named[0].length - word.length;
      token = { method: word.toUpperCase() as HttpMethod, start, end: start + word.length, text: word };
    } else token = { method: own.method, start: own.start, end: own.start, text: '' };
    url.method = token;
    url.methodDistance = 0;
  }
}
