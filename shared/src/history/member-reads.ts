import { modelKeys, type NameHit, type UrlHit } from './hits.ts';
import { urlResource } from './jq-reads.ts';
import type { Lexicon } from './lexicon.ts';
import type { Lines } from './lines.ts';
import type { RootScope } from './response-scope.ts';

/**
 * Whose keys a JSON:API response's member reads are, by the variable they are read from, in any language whose
 * responses no data flow of its own follows (Python's is `response-flow.ts`): `$w.attributes.name`,
 * `$p.data.relationships.project` (PowerShell's `Invoke-RestMethod` objects, JavaScript's parsed bodies) read from a
 * variable assigned, on one line, the response of a call whose API URLs all end with one resource
 * (`$projects = (Invoke-RestMethod -Uri ".../organizations/$org/projects").data`), or the loop variable over one
 * (`foreach ($p in $projects)`, `for (const p of projects)`), is that resource's key. The nearest assignment above
 * the read, inside its function, decides: one from a line with no API URL, or URLs of two resources, says nothing;
 * so does a root the reader cannot follow (`$_`, a parameter).
 */
export function memberResources(
  text: string,
  lines: Lines,
  lexicon: Lexicon,
  urls: readonly UrlHit[],
  names: NameHit[],
  languageId: string | undefined,
  scope?: RootScope,
): void {
  if (urls.length === 0 || (languageId !== undefined && OWN_FLOW.has(languageId))) return;
  const scoped = scope !== undefined && languageId !== undefined && SCOPED.has(languageId);
  if (!lines.markers.any(MEMBER_INSIDE)) return;
  let byLine: Map<number, UrlHit[]> | undefined;
  const keys = modelKeys(names);
  let pushed = false;
  for (const marker of MEMBER_INSIDE)
    for (let at = lines.markers.first(marker); at !== -1; at = text.indexOf(marker, at + marker.length)) {
      const start = at + marker.length;
      const word = WORD.exec(text.slice(start, start + 40))?.[0];
      const info = word === undefined ? undefined : lexicon.words.get(word);
      if (word === undefined || info === undefined || info.candidates.length === 0) continue;
      const line = lines.lineOf(at);
      const from = Math.max(lines.startOf(line), start - BEFORE_CHARS);
      const root = CHAIN.exec(text.slice(from, start))?.[1];
      if (root === undefined || COMMENT.test(text.slice(lines.startOf(line), at))) continue;
      if (keys.at(start)?.model !== undefined) continue;
      if (byLine === undefined) {
        byLine = new Map();
        for (const url of urls) {
          const list = byLine.get(url.line);
          if (list === undefined) byLine.set(url.line, [url]);
          else list.push(url);
        }
      }
      const resource =
        variableResource(text, lines, byLine, root, line, 0) ?? (scoped ? scope(root, at, line, 'included') : null);
      if (resource == null) continue;
      if (keys.mark(start, start + word.length, line, info, { resources: [resource], guessed: false })) pushed = true;
    }
  if (pushed) names.sort((a, b) => a.start - b.start);
}

/** A key read as a member: a word not run on by a `-` or another word character. */
const WORD = /^[A-Za-z_]\w*(?![\w-])/;
/** A line's comment before the read. */
const COMMENT = /^\s*(?:#|\/\/)/;
/** Languages whose responses another reader follows. */
const OWN_FLOW = new Set(['python', 'terraform', 'hcl', 'go', 'shellscript']);
/** The gate: a member read of a resource object's `attributes` or `relationships` (JavaScript's optional `?.` too). */
const MEMBER_INSIDE: readonly string[] = ['.attributes.', '.relationships.', '.attributes?.', '.relationships?.'];
/**
 * A variable, maybe its `data` (or `data[0]`), then `.attributes.` or `.relationships.` right before the key, any of
 * the dots optional (`?.`).
 */
const CHAIN = /(?<![\w$.])(\$?[A-Za-z_]\w*)(?:\??\.data(?:\[0\])?)?\??\.(?:attributes|relationships)\??\.$/;
/**
 * Languages whose member reads not followed to a response on one line are asked of the function they are read in
 * (`rootScope`: `const body = await res.json()` after `res = await fetch(url)`, a loop over `body.data`).
 */
const SCOPED = new Set(['javascript', 'typescript', 'javascriptreact', 'typescriptreact', 'ruby']);
/** How far before a key its chain is read. */
const BEFORE_CHARS = 80;
/** A function's definition line (PowerShell's, JavaScript's, Perl's, Go's, Python's, Ruby's, Rust's). */
const DEFINITION = /^\s*(?:(?:export|async|public|private|static|pub)\s+)*(?:function|def|func|sub|fn|proc|filter)\b/i;
/** How many lines above a read its variable's assignment may be. */
const ABOVE_LINES = 200;

/**
 * The one resource the variable `name` holds the response of at `line`, by the nearest assignment (or loop over
 * another variable) above it in its function (blocks such as `foreach (…) {` are not functions), or null.
 */
function variableResource(
  text: string,
  lines: Lines,
  byLine: ReadonlyMap<number, readonly UrlHit[]>,
  name: string,
  line: number,
  depth: number,
): string | null {
  if (depth > 2) return null;
  const bare = name.replace(/^\$/, '');
  const id = name.replace(/^\$/, '\\$');
  const assign = new RegExp(`^\\s*(?:(?:const|let|var)\\s+)?${id}\\s*=(?!=)`);
  const loop = new RegExp(
    `\\b(?:foreach\\s*\\(\\s*${id}\\s+in|for\\s*\\(\\s*(?:const|let|var)\\s+${id}\\s+of)\\s+\\(?\\s*(\\$?[A-Za-z_]\\w*)(?:\\.data)?\\s*\\)`,
  );
  for (let l = line - 1; l >= 0 && l >= line - ABOVE_LINES; l--) {
    const body = text.slice(lines.startOf(l), lines.endOf(l));
    // A function's definition ends the walk: a variable of the same name above it is another function's.
    if (DEFINITION.test(body)) return null;
    if (!body.includes(bare) || (!body.includes('=') && !/\b(?:foreach|for)\b/.test(body))) continue;
    if (assign.test(body)) return lineResource(byLine.get(l));
    const over = loop.exec(body)?.[1];
    if (over !== undefined) return variableResource(text, lines, byLine, over, l, depth + 1);
  }
  return null;
}

/** The one resource the API URLs of a line end with, or null. */
function lineResource(urls: readonly UrlHit[] | undefined): string | null {
  let found: string | null = null;
  for (const url of urls ?? []) {
    const own = urlResource(url);
    if (own?.length !== 1 || (found !== null && found !== own[0])) return null;
    found = own[0] ?? null;
  }
  return found;
}
