import type { PathTemplate } from './path-template.ts';

/** One segment of a concrete path: its text, and whether it is a placeholder (`${id}`, `%s`, ...). */
export interface PathSegment {
  readonly text: string;
  readonly placeholder: boolean;
}

interface Terminal<T> {
  readonly value: T;
  /** Parameter name per segment position; undefined where the template has a literal. */
  readonly paramNames: readonly (string | undefined)[];
  readonly query: readonly (readonly [string, string])[];
}

class TrieNode<T> {
  readonly literals = new Map<string, TrieNode<T>>();
  param: TrieNode<T> | undefined;
  readonly terminals: Terminal<T>[] = [];
}

/** A template that matched, with how specific the match was and the concrete parameter values. */
export interface TrieMatch<T> {
  readonly value: T;
  readonly literals: number;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Path templates stored by segment: each node has literal children and one `:param` child.
 * Matching walks literal children before the param child, so among equally specific templates
 * the one with the earlier literal comes first.
 */
export class PathTrie<T> {
  readonly #root = new TrieNode<T>();

  /** Adds a template; several values may share one template. */
  insert(template: PathTemplate, value: T): void {
    let node = this.#root;
    const paramNames: (string | undefined)[] = [];
    for (const segment of template.segments) {
      if ('literal' in segment) {
        let next = node.literals.get(segment.literal);
        if (!next) node.literals.set(segment.literal, (next = new TrieNode<T>()));
        node = next;
        paramNames.push(undefined);
      } else {
        node = node.param ??= new TrieNode<T>();
        paramNames.push(segment.param);
      }
    }
    node.terminals.push({ value, paramNames, query: template.query });
  }

  /**
   * Every template that matches all segments, most literal segments first. An `undefined`
   * segment is a placeholder and only fills a `:param`. Templates that require query pairs
   * match only when `query` holds them.
   */
  match(segments: readonly PathSegment[], query?: ReadonlyMap<string, string>): TrieMatch<T>[] {
    const found: TrieMatch<T>[] = [];
    this.#walk(this.#root, segments, 0, 0, query, found);
    // Stable sort keeps the literal-first walk order among equal scores.
    return found.length > 1 ? found.sort((a, b) => b.literals - a.literals) : found;
  }

  #walk(
    node: TrieNode<T>,
    segments: readonly PathSegment[],
    at: number,
    literals: number,
    query: ReadonlyMap<string, string> | undefined,
    found: TrieMatch<T>[],
  ): void {
    if (at === segments.length) {
      for (const terminal of node.terminals) {
        if (holdsQuery(terminal, query) && !wordForId(terminal, segments))
          found.push({ value: terminal.value, literals, params: paramValues(terminal, segments) });
      }
      return;
    }
    const segment = segments[at];
    const literal = segment === undefined || segment.placeholder ? undefined : node.literals.get(segment.text);
    if (literal) this.#walk(literal, segments, at + 1, literals + 1, query, found);
    if (node.param) this.#walk(node.param, segments, at + 1, literals, query, found);
  }

  /** True when some template starts with this literal segment (a cheap pre-check for paths). */
  hasRoot(segment: string): boolean {
    return this.#root.literals.has(segment);
  }
}

/**
 * Whether `query` holds every query pair the template requires. Plain loops here and below, no callbacks: these run
 * for every template a path reaches, and a closure made per terminal was most of `#walk`'s allocation.
 */
function holdsQuery<T>(terminal: Terminal<T>, query: ReadonlyMap<string, string> | undefined): boolean {
  for (const [k, v] of terminal.query) if (query?.get(k) !== v) return false;
  return true;
}

/**
 * Whether a template's id parameter (`:id`, `:workspace_id`) is filled by a plain lower-case word of the path
 * (`/workspaces/{gid}/tasks/search`, `/users/me`): this API's ids carry a prefix and digits (`task-…`, `ws-…`) or are
 * placeholders in code, so such a word is another API's path segment, not an id. Names (`:organization_name`, `:name`)
 * take any word.
 */
function wordForId<T>(terminal: Terminal<T>, segments: readonly PathSegment[]): boolean {
  const names = terminal.paramNames;
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (name === undefined || !(name === 'id' || name.endsWith('_id'))) continue;
    const segment = segments[i];
    if (segment !== undefined && !segment.placeholder && PLAIN_WORD.test(segment.text)) return true;
  }
  return false;
}

/** A segment of lower-case letters only. */
const PLAIN_WORD = /^[a-z]+$/;

function paramValues<T>(terminal: Terminal<T>, segments: readonly PathSegment[]): Record<string, string> {
  const out: Record<string, string> = {};
  const names = terminal.paramNames;
  for (let i = 0; i < names.length; i++) {
    const name = names[i];
    if (name !== undefined) out[name] = segments[i]?.text ?? `:${name}`;
  }
  return out;
}
