import { enclosingFunction } from './function-verbs.ts';
import type { NameHit, UrlHit } from './hits.ts';
import { urlResource } from './jq-reads.ts';
import type { Lines } from './lines.ts';

/**
 * Whose keys a JSON:API response's subscripts read, by the function they are read in, in any language whose
 * responses no data flow of its own follows (Python's is `response-flow.ts`, Terraform's `hcl-http-data.ts`):
 * a key read from a resource object's `attributes` or `relationships` by quoted subscripts (Rust's
 * `val["attributes"]["name"]`, PHP's `$ws['relationships']['project']`, Go's `m["attributes"].(map[string]any)["name"]`,
 * Ruby's `ws.dig("attributes", "name")`) inside a function whose API URLs all end with one resource
 * (`format!("/api/v2/organizations/{}/projects", org)`: projects) is that resource's key, as a declaring model's
 * would be: a generic name (`name`) is the resource's own, a distinct name of another resource is not matched.
 * A function with no URL, URLs of two resources, a URL whose path ends with no resource, or that reads
 * `included` says nothing (the other rules decide).
 */
export function scopeResources(
  text: string,
  lines: Lines,
  urls: readonly UrlHit[],
  names: NameHit[],
  languageId: string | undefined,
): void {
  if (urls.length === 0 || (languageId !== undefined && OWN_FLOW.has(languageId))) return;
  if (!lines.markers.any(QUOTED_INSIDE)) return;
  let resources: Map<number, string | null> | undefined;
  for (const [k, hit] of names.entries()) {
    if (hit.model !== undefined || !readInside(text, lines, hit)) continue;
    const fn = enclosingFunction(text, lines, hit.line);
    if (fn === undefined) continue;
    resources ??= functionResources(text, lines, urls);
    const resource = resources.get(fn.start) ?? null;
    if (resource === null || text.slice(fn.start, hit.start).includes('included')) continue;
    names[k] = { ...hit, isKey: true, model: { resources: [resource], guessed: false } };
  }
}

/** Languages whose responses another reader follows. */
const OWN_FLOW = new Set(['python', 'terraform', 'hcl']);
/** The gate: a quoted `attributes` or `relationships` key somewhere. */
const QUOTED_INSIDE = ['"attributes"', "'attributes'", '"relationships"', "'relationships'"];
/**
 * What is right before a quoted key read inside a resource object: `["attributes"][`, `['relationships'][`, with a Go
 * type assertion between (`["attributes"].(map[string]interface{})[`), or a `dig("attributes", ` call.
 */
const INSIDE_BEFORE =
  /(?:\[\s*(["'])(?:attributes|relationships)\1\s*\](?:\s*\.\(\s*map\[string\](?:interface\{\}|any)\s*\))?\s*\[\s*|\bdig\(\s*(["'])(?:attributes|relationships)\2\s*,\s*)$/;
/** How far before a key its subscripts are read. */
const BEFORE_CHARS = 60;

/** A quoted name read as a key of a resource object's `attributes` or `relationships`, not written to. */
function readInside(text: string, lines: Lines, hit: NameHit): boolean {
  const quote = text.charAt(hit.start - 1);
  if ((quote !== '"' && quote !== "'") || text.charAt(hit.end) !== quote) return false;
  const from = Math.max(lines.startOf(hit.line), hit.start - 1 - BEFORE_CHARS);
  if (!INSIDE_BEFORE.test(text.slice(from, hit.start - 1))) return false;
  // A subscript assigned to is written (`attributes["name"] = …`), a payload's.
  return !/^\s*\]\s*=(?!=)/.test(text.slice(hit.end + 1, hit.end + 40));
}

/**
 * Each function's one resource: the resource all API URLs of its first run of URLs end with, or null when they end
 * with several (keyed by the function's start). URLs are in text order: one of another function ends a run. Each
 * URL's function is looked up once (looking them up again for every function made a file of many functions and
 * URLs quadratic).
 */
function functionResources(text: string, lines: Lines, urls: readonly UrlHit[]): Map<number, string | null> {
  const out = new Map<number, string | null>();
  const closed = new Set<number>();
  let current: number | undefined;
  for (const url of urls) {
    const start = enclosingFunction(text, lines, url.line)?.start;
    if (current !== undefined && start !== current) {
      closed.add(current);
      current = undefined;
    }
    if (start === undefined || url.start < start || closed.has(start)) continue;
    current = start;
    const found = out.get(start);
    if (found === null) continue;
    const own = urlResource(url);
    out.set(start, own?.length !== 1 || (found !== undefined && found !== own[0]) ? null : (own[0] ?? null));
  }
  return out;
}
