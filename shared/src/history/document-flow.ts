import { memoKey, type Lines } from './lines.ts';
import { namedResource } from './model-names.ts';
import type { HistoryIndex } from './types.ts';

/**
 * The value-flow layer's third question, "which resource's document does this name hold here", for the languages
 * whose responses no flow of their own follows (Go, JS/TS, Rust, PHP, Ruby, Java/Kotlin; Python's is
 * `response-flow.ts`). Two pieces, each general across those languages' syntax:
 * - `attributesHolder`: whether a name holds a resource object's `attributes` or `relationships` at a place, by its
 *   last assignment above it in the function (`attrs, _ := p["attributes"].(map[string]any)`, `const attrs =
 *   ws.attributes;`, `$attrs = $p['attributes'];`, `let attrs = &item["attributes"];`, `attrs = run.dig("attributes")`),
 *   and the root the object was read from (`p`, `ws`, `item`, `run`);
 * - `documentResource`: whose object that root is: the one resource the function's API URLs end with (the response
 *   read there), else, in a function with no API URL, the resource the root's name spells (a parameter `run`,
 *   `project`: `func formatRun(run map[string]any)`); unknown (undefined) when the URLs name several resources,
 *   when the name spells another resource than the URLs', or when neither says one.
 * Unknown says nothing: the caller keeps the matcher's other rules.
 */

/** The last accessor of a right-hand side that reads a resource object's attributes or relationships. */
const INSIDE_ACCESS =
  /(?:\[\s*(["'])(?:attributes|relationships)\1\s*\]|(?:\?\.|\.|->)(?:attributes|relationships)\b(?![ \t]*\()|(?:\.|->)[ \t]*(?:get|dig|fetch|path|getJSONObject|getAsJsonObject|optJSONObject)\(\s*(["'])(?:attributes|relationships)\2\s*(?:,[^()\n]*)?\))/g;
/**
 * What may follow that accessor to the end of the assignment: a Go type assertion, an unwrap, a default (`?? {}`,
 * `|| {}`), a cast, `; ok {`, closing brackets, a statement's end.
 */
const INSIDE_TAIL =
  /^(?:\s*\.\(\s*map\[string\](?:interface\{\}|any)\s*\)|\s*\.(?:unwrap|as_object|to_h)\(\)|\s*(?:\?\?|\|\|)\s*(?:\{\s*\}|\[\s*\]|null|nil)|\s*as\s+[\w<>, ?[\]]+|\s*;\s*ok\s*\{|[\s;?,)]+)*$/;
/** The root of the chain ending at the accessor: `p`, `$p`, `this.ws`, `&item` (group 1). */
const CHAIN_ROOT =
  /(?<![\w$.])(?:this\.|self\.|@|\$|&)?([A-Za-z_][\w]*)(?:\s*\[\s*(?:"[\w-]+"|'[\w-]+'|\d+|[A-Za-z_$][\w$]*)\s*\]|\??\.[A-Za-z_]\w*|\.\(\s*map\[string\](?:interface\{\}|any)\s*\))*$/;
/** How far back in a function an assignment is looked for. */
const MAX_BACK = 4_000;

/** The name an assignment line assigns, first on its line: `attrs, _ :=`, `const attrs: T =`, `$attrs =`, `let attrs =`. */
const ASSIGNED_NAME = /(?<![\w$.])\$?([A-Za-z_]\w*)(?:[ \t]*,[ \t]*[\w$]+)?[ \t]*(?::=|(?::[^=\n;]{1,60})?=(?![=>]))/;
const HOLDERS = memoKey<ReadonlySet<string>>('attributes holders');

/**
 * The names some line of the text assigns on a line that reads `attributes` or `relationships`, found once per text:
 * the only names `attributesHolder` can say hold them (a cheap test before a function's search).
 */
export function holderNames(text: string, lines: Lines): ReadonlySet<string> {
  return lines.memo(HOLDERS, () => {
    const out = new Set<string>();
    for (const word of ['ttributes', 'elationships'])
      for (let at = lines.markers.first(word); at !== -1; at = text.indexOf(word, lines.endOf(lines.lineOf(at)))) {
        const line = lines.lineOf(at);
        const name = ASSIGNED_NAME.exec(text.slice(lines.startOf(line), at))?.[1];
        if (name !== undefined) out.add(name);
      }
    return out;
  });
}

/** A name holding a resource object's attributes or relationships: the chain's root it was read from. */
export interface Holder {
  readonly root: string;
}

/**
 * Whether `name` holds a resource object's attributes or relationships at `at`: its last assignment between
 * `from` (the function's start) and `at` reads them (the right-hand side's last accessor is one, followed by no
 * other read). Undefined when the name is not assigned there, or its last assignment is anything else.
 */
export function attributesHolder(text: string, from: number, at: number, name: string): Holder | undefined {
  const start = Math.max(from, at - MAX_BACK);
  const body = text.slice(start, at);
  const assign = new RegExp(
    `(?<![\\w$.])(?:\\$)?${name}(?:[ \\t]*,[ \\t]*[\\w$]+)?[ \\t]*(?::=|(?::[^=\\n;]{1,60})?=(?![=>]))[ \\t]*([^\\n]*)`,
    'g',
  );
  let last: string | undefined;
  for (const m of body.matchAll(assign)) last = m[1];
  if (last === undefined) return undefined;
  const rhs = last.replace(/\s*(?:\/\/|#).*$/, '');
  let access: RegExpExecArray | undefined;
  INSIDE_ACCESS.lastIndex = 0;
  for (let m = INSIDE_ACCESS.exec(rhs); m !== null; m = INSIDE_ACCESS.exec(rhs)) access = m;
  if (access === undefined || !INSIDE_TAIL.test(rhs.slice(access.index + access[0].length))) return undefined;
  const root = CHAIN_ROOT.exec(rhs.slice(0, access.index))?.[1];
  return root === undefined ? undefined : { root };
}

/**
 * Whose object a root holds in a function: `urls` is the function's one API resource (a string), several (null) or
 * none (undefined). The URLs' resource, unless the root's name spells another; with no URL, the name's.
 */
export function documentResource(
  index: HistoryIndex,
  root: string,
  urls: string | null | undefined,
): string | undefined {
  if (urls === null) return undefined;
  const spelled = namedResource(index, root).resource;
  if (urls === undefined) return spelled;
  return spelled === undefined || spelled === urls ? urls : undefined;
}
