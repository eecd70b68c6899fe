import type { AclPolicy, Capability, PathRule } from './policy-types.ts';

/** The merged permissions of one path string across a token's policies. */
export interface AclPermissions {
  /** The path as written in the policies (with its `*`). */
  readonly rulePath: string;
  readonly capabilities: ReadonlySet<Capability>;
  /** undefined = no constraint written. */
  readonly allowedParameters: Readonly<Record<string, readonly unknown[]>> | undefined;
  readonly deniedParameters: Readonly<Record<string, readonly unknown[]>> | undefined;
  readonly requiredParameters: readonly string[];
  readonly minWrappingTtl: number;
  readonly maxWrappingTtl: number;
  /** Which policies grant each capability (for explanations). */
  readonly grantingPolicies: ReadonlyMap<Capability, readonly string[]>;
}

/** A token's policies merged for evaluation, in the real engine's three rule sets. */
export interface Acl {
  /** The `root` policy: everything is allowed, with sudo. */
  readonly root: boolean;
  readonly exact: ReadonlyMap<string, AclPermissions>;
  /** Keyed by the path without its trailing `*`. */
  readonly prefix: ReadonlyMap<string, AclPermissions>;
  /** Rules with `+` segments, keyed by the full path (a trailing `*` kept). */
  readonly segment: ReadonlyMap<string, AclPermissions>;
}

interface MutablePermissions {
  rulePath: string;
  capabilities: Set<Capability>;
  allowedParameters: Record<string, unknown[]> | undefined;
  deniedParameters: Record<string, unknown[]> | undefined;
  requiredParameters: string[];
  minWrappingTtl: number;
  maxWrappingTtl: number;
  grantingPolicies: Map<Capability, string[]>;
}

/** True when a rule path has `+` segment wildcards (`+`, `+/...`, `.../+...`). */
function hasSegmentWildcards(path: string): boolean {
  return path === '+' || path.startsWith('+/') || path.includes('/+');
}

/**
 * Merges policies as the real engine does: rules with the same path string are combined
 * (capabilities OR-ed, a deny on either side leaves only deny, parameter maps unioned with an
 * empty list winning, required lists unioned, the smaller non-zero wrapping TTLs kept). Rules with
 * different path strings never combine. `root` must come alone.
 */
export function buildAcl(
  policies: readonly AclPolicy[],
): { acl: Acl; error?: undefined } | { acl?: undefined; error: string } {
  const exact = new Map<string, MutablePermissions>();
  const prefix = new Map<string, MutablePermissions>();
  const segment = new Map<string, MutablePermissions>();
  let root = false;
  for (const policy of policies) {
    if (policy.name === 'root') {
      if (policies.length !== 1) return { error: 'other policies present along with root' };
      root = true;
    }
    for (const rule of policy.rules) {
      const [table, key] = tableFor(rule.path, exact, prefix, segment);
      const existing = table.get(key);
      table.set(key, existing ? merge(existing, rule, policy.name) : fresh(rule, policy.name));
    }
  }
  return { acl: { root, exact, prefix, segment } };
}

function tableFor<T>(
  path: string,
  exact: Map<string, T>,
  prefix: Map<string, T>,
  segment: Map<string, T>,
): [Map<string, T>, string] {
  if (hasSegmentWildcards(path)) return [segment, path];
  if (path.endsWith('*')) return [prefix, path.slice(0, -1)];
  return [exact, path];
}

function fresh(rule: PathRule, policy: string): MutablePermissions {
  const hasAllowed = Object.keys(rule.allowedParameters).length > 0;
  const hasDenied = Object.keys(rule.deniedParameters).length > 0;
  return {
    rulePath: rule.path,
    capabilities: new Set(rule.capabilities),
    allowedParameters: hasAllowed ? cloneParams(rule.allowedParameters) : undefined,
    deniedParameters: hasDenied ? cloneParams(rule.deniedParameters) : undefined,
    requiredParameters: [...rule.requiredParameters],
    minWrappingTtl: rule.minWrappingTtl,
    maxWrappingTtl: rule.maxWrappingTtl,
    grantingPolicies: new Map(rule.capabilities.filter((c) => c !== 'deny').map((c) => [c, [policy]])),
  };
}

function merge(existing: MutablePermissions, rule: PathRule, policy: string): MutablePermissions {
  if (existing.capabilities.has('deny')) return existing;
  if (rule.capabilities.includes('deny')) {
    return {
      ...existing,
      capabilities: new Set(['deny']),
      allowedParameters: undefined,
      deniedParameters: undefined,
      grantingPolicies: new Map(),
    };
  }
  const out: MutablePermissions = {
    ...existing,
    capabilities: new Set([...existing.capabilities, ...rule.capabilities]),
  };
  for (const c of rule.capabilities) out.grantingPolicies.set(c, [...(out.grantingPolicies.get(c) ?? []), policy]);
  if (rule.maxWrappingTtl > 0 && (out.maxWrappingTtl === 0 || rule.maxWrappingTtl < out.maxWrappingTtl))
    out.maxWrappingTtl = rule.maxWrappingTtl;
  if (rule.minWrappingTtl > 0 && (out.minWrappingTtl === 0 || rule.minWrappingTtl < out.minWrappingTtl))
    out.minWrappingTtl = rule.minWrappingTtl;
  out.allowedParameters = mergeParams(out.allowedParameters, rule.allowedParameters);
  out.deniedParameters = mergeParams(out.deniedParameters, rule.deniedParameters);
  for (const r of rule.requiredParameters) if (!out.requiredParameters.includes(r)) out.requiredParameters.push(r);
  return out;
}

function mergeParams(
  existing: Record<string, unknown[]> | undefined,
  added: Readonly<Record<string, readonly unknown[]>>,
): Record<string, unknown[]> | undefined {
  if (Object.keys(added).length === 0) return existing;
  if (!existing) return cloneParams(added);
  for (const [key, values] of Object.entries(added)) {
    const current = existing[key];
    // An empty list (any value) overrides any list it meets.
    existing[key] =
      values.length === 0 || (current !== undefined && current.length === 0) ? [] : [...values, ...(current ?? [])];
  }
  return existing;
}

function cloneParams(params: Readonly<Record<string, readonly unknown[]>>): Record<string, unknown[]> {
  return Object.fromEntries(Object.entries(params).map(([k, v]) => [k, [...v]]));
}
