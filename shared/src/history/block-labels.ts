import { providerTypeResource } from './sdk-names.ts';
import type { HistoryIndex } from './types.ts';

/** A labelled HCL block and the API resources its type label names. */
export interface BlockLabel {
  /** Just inside the block's `{`: evidence there encloses everything in the block. */
  readonly offset: number;
  readonly resources: readonly string[];
}

const BLOCK = /(?:^|\n)[ \t]*(?:resource|data)[ \t]+"([A-Za-z][\w-]*)"[^{\n]*\{/g;

const cache = new WeakMap<HistoryIndex, readonly { readonly resource: string; readonly words: readonly string[] }[]>();

/** The API's Terraform provider (`hashicorp/tfe`): its resource and data types start `tfe_`. */
const PROVIDER = 'tfe';

/**
 * The resources named by the type labels of HCL `resource` and `data` blocks of the API's provider:
 * `tfe_workspace` manages a workspace, `tfe_team_project_access` a team's project access,
 * `tfe_variable_set` a variable set. The provider's own mapping says it first (`providerResources` of the SDK
 * names: `tfe_policy_set` is `policy-sets`, not `policies` too); else a resource is named when its words
 * (singular) appear in order among the label's words after the prefix, the one with the most words when
 * several do (`tfe_team_project_access` is `team-projects`, not `teams` and `projects`). Another provider's
 * block (`aws_codebuild_project`, `google_project`, `doppler_project`) manages its own things: no evidence.
 * Such a label is resource evidence for the whole block, as a JSON:API `type` is for its object.
 */
export function blockLabelResources(text: string, index: HistoryIndex): BlockLabel[] {
  const names = resourceNames(index);
  const out: BlockLabel[] = [];
  BLOCK.lastIndex = 0;
  for (let m = BLOCK.exec(text); m !== null; m = BLOCK.exec(text)) {
    const label = m[1] ?? '';
    const parts = label.split(/[_-]/);
    if (parts[0] !== PROVIDER) continue;
    const known = providerTypeResource(index, label);
    const words = parts.slice(1).map(singular);
    const named = known === undefined ? names.filter((n) => isSubsequence(n.words, words)) : [];
    const most = Math.max(0, ...named.map((n) => n.words.length));
    const resources =
      known === undefined ? named.filter((n) => n.words.length === most).map((n) => n.resource) : [known];
    if (resources.length > 0) out.push({ offset: m.index + m[0].length, resources: [...new Set(resources)] });
  }
  return out;
}

function resourceNames(
  index: HistoryIndex,
): readonly { readonly resource: string; readonly words: readonly string[] }[] {
  let names = cache.get(index);
  if (!names) {
    const list: { resource: string; words: string[] }[] = [];
    for (const type of index.resourceTypes) list.push({ resource: type, words: type.split(/[-/ ]/).map(singular) });
    // Resources also go by their aliases: `variable sets` for `varsets`.
    for (const subject of index.subjects) {
      if (subject.type !== 'resource') continue;
      for (const alias of subject.aliases)
        list.push({ resource: subject.name, words: alias.toLowerCase().split(/[-_ ]/).map(singular) });
    }
    cache.set(index, (names = list));
  }
  return names;
}

function singular(word: string): string {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.endsWith('ss')) return word;
  return word.endsWith('s') ? word.slice(0, -1) : word;
}

/** `part` in order (not necessarily adjacent) inside `whole`. */
function isSubsequence(part: readonly string[], whole: readonly string[]): boolean {
  if (part.length === 0) return false;
  let k = 0;
  for (const w of whole) if (w === part[k]) k++;
  return k >= part.length;
}
