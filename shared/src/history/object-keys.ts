import type { Evidence, NameHit } from './hits.ts';
import type { LanguageProfile } from './language-profile.ts';
import type { Lexicon } from './lexicon.ts';
import type { Lines } from './lines.ts';
import { isWordChar, LinePlaces } from './source-text.ts';

/**
 * Lines around evidence where unquoted JS/TS object keys are read: around a `type` value (the
 * payload that holds it), and after an API path (the request body that follows it).
 */
const OBJECT_KEY_LINES = { beforeType: 4, afterType: 8, afterPath: 6 } as const;

/**
 * Unquoted object keys in JS/TS (`{ type: "varsets", attributes: { priority: true } }`). Such keys
 * are everywhere in ordinary code, so they are read only around evidence (a `type` value or an
 * API path), where a payload sits (see OBJECT_KEY_LINES). Each `:` there is found
 * with `indexOf` and the word before it looked up.
 */
export function objectKeyHits(text: string, profile: LanguageProfile, lexicon: Lexicon, lines: Lines, evidence: readonly Evidence[]): NameHit[] {
  const hits: NameHit[] = [];
  const places = new LinePlaces(text, profile, lines);
  let scanned = 0;
  for (const item of evidence) {
    const before = item.kind === 'type' ? OBJECT_KEY_LINES.beforeType : 0;
    const after = item.kind === 'type' ? OBJECT_KEY_LINES.afterType : item.kind === 'path' ? OBJECT_KEY_LINES.afterPath : -1;
    if (after < 0) continue;
    const from = Math.max(scanned, lines.startOf(item.line - before));
    const to = lines.endOf(item.line + after);
    for (let colon = text.indexOf(':', from); colon !== -1 && colon < to; colon = text.indexOf(':', colon + 1)) {
      const hit = keyBeforeColon(text, places, lexicon, lines, colon);
      if (hit) hits.push(hit);
    }
    scanned = Math.max(scanned, to);
  }
  return hits;
}

function keyBeforeColon(text: string, places: LinePlaces, lexicon: Lexicon, lines: Lines, colon: number): NameHit | undefined {
  const next = text.charCodeAt(colon + 1);
  if (next === 58 || next === 61 || text.charCodeAt(colon - 1) === 58) return undefined; // `::`, `:=`
  let end = colon;
  while (text.charCodeAt(end - 1) === 32 || text.charCodeAt(end - 1) === 9) end--;
  let start = end;
  while (start > 0 && isWordChar(text.charCodeAt(start - 1))) start--;
  // Quoted keys were found by the main pass; a `.x:` or `?.x:` is no key.
  if (end - start === 0 || end - start > lexicon.maxLength || text.charCodeAt(start - 1) === 46) return undefined;
  const info = lexicon.words.get(text.slice(start, end));
  if (!info || info.candidates.length === 0) return undefined;
  const place = places.at(start);
  if (place.inComment || place.stringStart !== -1) return undefined;
  return { start, end, line: lines.lineOf(start), info, isKey: true, keyOf: '', via: 'name' };
}
