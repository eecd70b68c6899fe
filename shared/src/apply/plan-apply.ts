import { formatDuration } from '../duration/index.ts';
import type { Problem } from '../problem.ts';
import { STATIC_ROLE_WIRE, wireBody, type RoleDefinition, type StaticRoleDefinition } from '../rules/index.ts';
import { planJwtRoles, planPolicies } from './access-plan.ts';
import { applyNote, pruneSteps } from './prune-steps.ts';
import type { CurrentState, Declared, DesiredState, Plan, PlanStep } from './plan-types.ts';
import { changedFields, changedWireFields, roleBody, roleFields, ROLE_FIELDS } from './role-fields.ts';

/** Options of `planApply`. */
export interface PlanOptions {
  /** Also delete roles and static roles that no file declares. */
  readonly prune: boolean;
}

/**
 * Compares the role files (and policy and JWT role files) with the engine and lists what would make
 * the engine match: create what is missing, update what differs, replace what an update cannot fix, and (with `prune`) delete what no
 * file declares. Policies come first, then JWT roles, roles and static roles; names in sorted order.
 *
 * Codes (notes, not errors): `APPLY_ROTATION_RESET`, `APPLY_USERNAME_CHANGE`,
 * `APPLY_STATIC_USER_KEPT`, `APPLY_PRUNE_UNLISTED`, `APPLY_PRUNE_KIND_SKIPPED`.
 *
 * @example planApply(desired, current, { prune: false }).steps.filter((s) => s.op !== 'unchanged')
 */
export function planApply(desired: DesiredState, current: CurrentState, options: PlanOptions): Plan {
  const problems: Problem[] = [];
  // Policies first, then the JWT roles that name them, then the credential roles.
  const steps: PlanStep[] = [
    ...planPolicies(desired, current, options.prune, problems),
    ...planJwtRoles(desired, current, options.prune, problems),
  ];
  for (const name of sorted(desired.roles.keys())) steps.push(planRole(name, desired.roles.get(name)!, current));
  // A loop, not push(...list): a list of 130,000 names spread into arguments overflows the stack.
  if (options.prune)
    for (const step of pruneSteps('role', desired.roles, current.roleNames, problems)) steps.push(step);
  for (const name of sorted(desired.staticRoles.keys()))
    steps.push(planStaticRole(name, desired.staticRoles.get(name)!, current, problems));
  if (options.prune)
    for (const step of pruneSteps('static-role', desired.staticRoles, current.staticRoleNames, problems))
      steps.push(step);
  for (const step of steps)
    if (step.op === 'delete' && step.kind === 'static-role')
      problems.push(
        applyNote(
          'APPLY_STATIC_USER_KEPT',
          `Deleting static role ${step.name} leaves its cloud user in place; remove the user by hand if it is no longer needed.`,
          step.name,
        ),
      );
  return { steps, problems, changed: steps.some((s) => s.op !== 'unchanged') };
}

function planRole(name: string, declared: Declared<RoleDefinition>, current: CurrentState): PlanStep {
  const base = { kind: 'role' as const, name, source: declared.source, body: roleBody(declared.definition) };
  const wanted = roleFields(declared.definition);
  const remote = current.roles.get(name);
  if (remote === undefined)
    return { ...base, op: 'create', fields: ROLE_FIELDS.filter((f) => wanted[f] !== undefined) };
  const fields = changedFields(wanted, roleFields(remote));
  if (fields.length === 0) return { kind: 'role', name, source: declared.source, op: 'unchanged', fields };
  // The engine changes only the fields sent, so a field the file no longer sets can only be cleared
  // by deleting and re-creating the role; a legacy role is stored differently and is replaced too.
  const clears = fields.some((f) => wanted[f] === undefined);
  return { ...base, op: clears || declared.definition.legacy ? 'replace' : 'update', fields };
}

function planStaticRole(
  name: string,
  declared: Declared<StaticRoleDefinition>,
  current: CurrentState,
  problems: Problem[],
): PlanStep {
  const wanted = declared.definition;
  const body = wireBody(STATIC_ROLE_WIRE, wanted, formatDuration);
  const base = { kind: 'static-role' as const, name, source: declared.source };
  const remote = current.staticRoles.get(name);
  if (remote === undefined) return { ...base, op: 'create', fields: Object.keys(body), body };
  const fields = changedWireFields(STATIC_ROLE_WIRE, wanted, remote);
  if (fields.length === 0) return { ...base, op: 'unchanged', fields };
  if (fields.includes('username')) {
    problems.push(
      applyNote(
        'APPLY_USERNAME_CHANGE',
        `Static role ${name} moves from user ${remote.username} to ${wanted.username}: it is deleted and created again (the engine pins the user), and ${remote.username} keeps its keys.`,
        name,
      ),
    );
    return { ...base, op: 'replace', fields, body };
  }
  problems.push(
    applyNote(
      'APPLY_ROTATION_RESET',
      `Static role ${name}: the new rotation_period (${formatDuration(wanted.rotationPeriod)}) moves its next rotation to now plus that period.`,
      name,
    ),
  );
  return { ...base, op: 'update', fields, body };
}

function sorted(names: Iterable<string>): string[] {
  return [...names].sort();
}
