import { JWT_LEEWAY_DEFAULTS, JWT_OLDER_NAMES, JWT_ROLE_WIRE, readJwtRole, type JwtRole } from '../jwt-roles/index.ts';
import type { Problem } from '../problem.ts';
import { wireRead } from '../rules/index.ts';
import type { CurrentState, Declared, DesiredState, JwtRoleBody, PlanStep, PolicyDefinition } from './plan-types.ts';
import { pruneSteps } from './prune-steps.ts';

/** Policies the engine always has: never pruned. */
const BUILT_IN_POLICIES = new Set(['root', 'default']);

/** Older names of JWT role fields, dropped from the body once their current name is filled in. */

/**
 * Plan steps for ACL policies: create what is missing, update what differs (a policy write replaces
 * the whole text), and with `prune` delete policies no file declares, never `root` or `default`,
 * and only when the files declare at least one policy (so role-only files never wipe the policies).
 */
export function planPolicies(
  desired: DesiredState,
  current: CurrentState,
  prune: boolean,
  problems: Problem[],
): PlanStep[] {
  const declared: ReadonlyMap<string, Declared<PolicyDefinition>> = desired.policies ?? new Map();
  const steps: PlanStep[] = [];
  for (const name of [...declared.keys()].sort()) {
    const { definition, source } = declared.get(name)!;
    const remote = current.policies?.get(name);
    const body = { policy: definition.text };
    if (remote === undefined) steps.push({ op: 'create', kind: 'policy', name, fields: ['policy'], body, source });
    else if (remote.trim() === definition.text.trim())
      steps.push({ op: 'unchanged', kind: 'policy', name, fields: [], source });
    else steps.push({ op: 'update', kind: 'policy', name, fields: ['policy'], body, source });
  }
  // Loops, not push(...list): a list of 130,000 names spread into arguments overflows the stack.
  if (prune)
    for (const step of pruneSteps('policy', declared, current.policyNames, problems))
      if (!BUILT_IN_POLICIES.has(step.name)) steps.push(step);
  return steps;
}

/**
 * Plan steps for JWT roles. Each write sends every field of the role (the engine keeps fields a
 * write leaves out), so an update also clears what the file no longer sets; fields are compared
 * the way the engine reads them (lists as sets, durations in seconds, leeways with their defaults).
 */
export function planJwtRoles(
  desired: DesiredState,
  current: CurrentState,
  prune: boolean,
  problems: Problem[],
): PlanStep[] {
  const declared: ReadonlyMap<string, Declared<JwtRoleBody>> = desired.jwtRoles ?? new Map();
  const steps: PlanStep[] = [];
  for (const name of [...declared.keys()].sort()) {
    const { definition, source } = declared.get(name)!;
    const wanted = readJwtRole(definition).role;
    // collectDesiredState declares only roles the one validator accepted; anything else is our bug.
    if (!wanted) throw new Error(`JWT role "${name}" in the desired state does not validate`);
    const body = fullBody(definition, wanted);
    const remoteFields = current.jwtRoles?.get(name);
    const remote = remoteFields === undefined ? undefined : readJwtRole(remoteFields).role;
    if (remoteFields === undefined) {
      steps.push({
        op: 'create',
        kind: 'jwt-role',
        name,
        fields: Object.keys(definition)
          .filter((k) => !JWT_OLDER_NAMES.includes(k))
          .sort(),
        body,
        source,
      });
      continue;
    }
    const fields = remote ? differingFields(wanted, remote) : Object.keys(body).sort();
    steps.push(
      fields.length === 0
        ? { op: 'unchanged', kind: 'jwt-role', name, fields, source }
        : { op: 'update', kind: 'jwt-role', name, fields, body, source },
    );
  }
  if (prune) for (const step of pruneSteps('jwt-role', declared, current.jwtRoleNames, problems)) steps.push(step);
  return steps;
}

/** The role's fields as one write sends them: the file's own keys, each managed field filled in. */
function fullBody(definition: Readonly<Record<string, unknown>>, role: JwtRole): Record<string, unknown> {
  const body: Record<string, unknown> = Object.fromEntries(
    Object.entries(definition).filter(([key]) => !JWT_OLDER_NAMES.includes(key)),
  );
  return { ...body, ...wireRead(JWT_ROLE_WIRE, role) };
}

/** The wire names of the fields whose comparable values differ, sorted. */
function differingFields(wanted: JwtRole, remote: JwtRole): string[] {
  const a = comparable(wanted);
  const b = comparable(remote);
  return JWT_ROLE_WIRE.filter((row) => JSON.stringify(a[row.field]) !== JSON.stringify(b[row.field]))
    .map((row) => row.wire)
    .sort();
}

/** A role in a shape where equal settings compare equal: lists sorted, map keys sorted, leeway defaults filled. */
function comparable(role: JwtRole): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(role)) {
    if (Array.isArray(value)) out[key] = [...(value as unknown[])].map(String).sort();
    else if (value !== null && typeof value === 'object')
      out[key] = sortedMap(value as Readonly<Record<string, unknown>>);
    else out[key] = value;
  }
  out.clockSkewLeeway = role.clockSkewLeeway || JWT_LEEWAY_DEFAULTS.clockSkew;
  out.expirationLeeway = role.expirationLeeway || JWT_LEEWAY_DEFAULTS.expiration;
  out.notBeforeLeeway = role.notBeforeLeeway || JWT_LEEWAY_DEFAULTS.notBefore;
  return out;
}

function sortedMap(map: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const entries = Object.entries(map).sort(([x], [y]) => (x < y ? -1 : 1));
  return Object.fromEntries(entries.map(([k, v]) => [k, Array.isArray(v) ? (v as unknown[]).map(String).sort() : v]));
}
