import type { Lines } from './lines.ts';
import { makeMatch } from './make-match.ts';
import type { Match } from './match-types.ts';
import type { HistoryIndex } from './types.ts';

/** The API group of the HCP Terraform operator's custom resources (`apiVersion: app.terraform.io/v1alpha2`). */
const GROUP = 'app.terraform.io/';

/** The operator, named beside the subject in a hover as a client is. */
const OPERATOR = 'hcp-terraform-operator';

/** A document's top-level `apiVersion:` in the operator's group (at a line's start: no nested key). */
const API_VERSION = /^apiVersion:[ \t]*["']?app\.terraform\.io\/[\w.-]+["']?[ \t]*(?:#.*)?$/m;

/** A document's top-level `kind:` (group 1 the kind, PascalCase), its value plain or quoted. */
const KIND = /^kind:[ \t]*(["']?)([A-Z][A-Za-z0-9]*)\1[ \t]*(?:#.*)?$/gm;

/** A YAML document separator (`---` on its own line, a comment after it allowed). */
const SEPARATOR = /^---[ \t]*(?:#.*)?$/gm;

/**
 * The HCP Terraform operator's custom resources in Kubernetes manifests (YAML): a document whose `apiVersion` is the
 * operator's group (`app.terraform.io/v1alpha2`, and the older `v1alpha1` of the same group) declares a resource the
 * operator creates and keeps up to date through the API, so its `kind` is a use of the API resource it is named for,
 * as a provider block's type is (`block-labels.ts`): `kind: Workspace` the resource workspaces, `kind: Project` projects
 * (the kind's words, kebab-cased and plural, are the resource's JSON:API type; where the history has no entry for that
 * resource, `AgentPool`'s agent-pools or `Module`, nothing). Only the kind is read: the operator sends its spec's
 * fields under names of its own (`applyMethod` is the workspace's auto-apply, not auto-apply-run-trigger, which is
 * `applyRunTrigger`), so no field is taken for an attribute by its name. Another group's `kind: Workspace` (Crossplane's,
 * Pulumi's) says nothing.
 */
export function operatorKindMatches(
  text: string,
  lines: Lines,
  index: HistoryIndex,
  languageId: string | undefined,
): Match[] {
  const out: Match[] = [];
  if (languageId !== 'yaml' || !lines.markers.has(GROUP)) return out;
  for (const [start, end] of documents(text)) {
    const doc = text.slice(start, end);
    if (!API_VERSION.test(doc)) continue;
    KIND.lastIndex = 0;
    const m = KIND.exec(doc);
    if (m === null) continue;
    const kind = m[2] ?? '';
    const subject = index.byId.get(`resource - ${resourceOfKind(kind)}`);
    if (subject === undefined) continue;
    const at = start + m.index + m[0].indexOf(kind, 'kind:'.length);
    const match: { -readonly [K in keyof Match]: Match[K] } = makeMatch(text, lines, {
      start: at,
      end: at + kind.length,
      subject,
      confidence: 'exact',
      via: 'sdk',
    });
    match.sdk = { client: OPERATOR, name: kind };
    out.push(match);
  }
  return out;
}

/** The spans of a YAML stream's documents, split at `---` lines. */
function documents(text: string): [number, number][] {
  const out: [number, number][] = [];
  let from = 0;
  SEPARATOR.lastIndex = 0;
  for (let m = SEPARATOR.exec(text); m !== null; m = SEPARATOR.exec(text)) {
    out.push([from, m.index]);
    from = m.index + m[0].length;
  }
  out.push([from, text.length]);
  return out;
}

/** `AgentPool` → `agent-pools`, `Workspace` → `workspaces`: a kind's words kebab-cased, the last one plural. */
function resourceOfKind(kind: string): string {
  const kebab = kind.replace(/(?<=[a-z0-9])(?=[A-Z])/g, '-').toLowerCase();
  if (kebab.endsWith('y')) return `${kebab.slice(0, -1)}ies`;
  return kebab.endsWith('s') ? `${kebab}es` : `${kebab}s`;
}
