import { literalSegments, parseTemplate } from './path-template.ts';
import type { PathSegment } from './path-trie.ts';
import { PathTrie } from './path-trie.ts';
import type { HistorySubject, PathCandidate } from './types.ts';

interface TemplateGroup {
  readonly template: string;
  readonly endpoints: HistorySubject[];
  readonly resources: Set<string>;
  list: readonly string[];
}

/** The path side of the index: every template of the data in a trie. */
export interface PathIndex {
  readonly match: (segments: readonly PathSegment[], query?: ReadonlyMap<string, string>) => PathCandidate[];
  readonly hasRoot: (segment: string) => boolean;
}

/**
 * Puts every path of the data into a trie. Endpoint paths (and `METHOD /path` aliases) lead to
 * their endpoint subjects; the paths of attributes, parameters and permissions are context-only
 * templates: they match no endpoint but tell the matcher which resource the code talks about.
 */
export function buildPathIndex(subjects: readonly HistorySubject[], resourceTypes: ReadonlySet<string>): PathIndex {
  const groups = new Map<string, TemplateGroup>();
  const group = (template: string): TemplateGroup => {
    let found = groups.get(template);
    if (!found) groups.set(template, (found = { template, endpoints: [], resources: new Set(), list: [] }));
    return found;
  };
  for (const subject of subjects) {
    for (const template of templatesOf(subject)) {
      const g = group(template);
      if (subject.type === 'endpoint' && !g.endpoints.includes(subject)) g.endpoints.push(subject);
      if (subject.resource !== undefined) g.resources.add(subject.resource);
    }
  }
  const trie = new PathTrie<TemplateGroup>();
  for (const g of groups.values()) {
    const parsed = parseTemplate(g.template);
    if (!parsed) continue;
    const literals = literalSegments(parsed);
    literals.forEach((literal, i) => {
      if (resourceTypes.has(literal)) g.resources.add(literal);
      const pair = `${literal}/${literals[i + 1] ?? ''}`;
      if (resourceTypes.has(pair)) g.resources.add(pair);
    });
    g.list = [...g.resources];
    trie.insert(parsed, g);
  }
  return {
    match: (segments, query) =>
      trie.match(segments, query).map((m) => ({
        template: m.value.template,
        endpoints: m.value.endpoints,
        literals: m.literals,
        resources: m.value.list,
        params: m.params,
      })),
    hasRoot: (segment) => trie.hasRoot(segment),
  };
}

/** A subject's path plus the paths its aliases spell (`DELETE /old/path`, `/task-results/:guid/callback`). */
function templatesOf(subject: HistorySubject): string[] {
  const out: string[] = [];
  if (subject.path !== undefined) out.push(subject.path);
  if (subject.type !== 'endpoint') return out;
  for (const alias of subject.aliases) {
    const path = alias.startsWith('/') ? alias : alias.slice(alias.indexOf(' ') + 1);
    if (path.startsWith('/') && !path.includes(' ') && !out.includes(path)) out.push(path);
  }
  return out;
}
