import data from '@keyfob/schemas/platform-history-methods.json' with { type: 'json' };
import type { HttpMethod } from './data-types.ts';
import { parseTemplate } from './path-template.ts';
import type { PathSegment } from './path-trie.ts';
import { PathTrie } from './path-trie.ts';

/**
 * The methods the API has on each path, as its clients send them (`schemas/platform-history-methods.json`,
 * generated from go-tfe's and terrasnek's requests by `scripts/history-sdk-names.mjs`). The history lists
 * changes only: one method known there on a path (`GET /organizations/:organization_name/workspaces`) does
 * not mean the API has only that one (it creates workspaces with POST on the same path).
 */
let trie: PathTrie<readonly HttpMethod[]> | undefined;

function methodsTrie(): PathTrie<readonly HttpMethod[]> {
  if (trie) return trie;
  trie = new PathTrie<readonly HttpMethod[]>();
  for (const [path, methods] of Object.entries((data as { paths: Record<string, HttpMethod[]> }).paths)) {
    const template = parseTemplate(path.replace(/\/\*(?=\/|$)/g, '/:p'));
    if (template) trie.insert(template, methods);
  }
  return trie;
}

/**
 * The methods the clients send on a path: those of its most specific paths (most literal segments; a
 * placeholder only fills a `*`). Undefined when no client sends the path.
 */
export function apiMethods(segments: readonly PathSegment[]): ReadonlySet<HttpMethod> | undefined {
  const found = methodsTrie().match(segments);
  const best = found[0]?.literals;
  if (best === undefined) return undefined;
  const out = new Set<HttpMethod>();
  for (const m of found) if (m.literals === best) for (const method of m.value) out.add(method);
  return out;
}
