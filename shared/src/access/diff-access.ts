import { formatDuration } from '../duration/index.ts';
import type { RoleDefinition } from '../rules/index.ts';
import type { AccessReport, JwtRoleAccess, LoginPath } from './access-types.ts';
import type { AccessModel } from './access-model.ts';
import type { AccessChange, AccessDiff } from './diff-types.ts';
import { buildJwtRoleAccess, type ReachMemo } from './build-access-report.ts';
import { oneLine } from '../text/index.ts';
import { loginText } from './describe-access.ts';
import { cloudActionChanges } from './diff-actions.ts';

/** The engine's system maximum lifetime (768h): what a TTL of 0 (the default) amounts to at most. */
const SYSTEM_MAX_TTL = 768 * 3600;

/**
 * What changes from one access model to another: logins gained and lost per JWT role (as claim
 * sets), capabilities its login token gains or loses on engine paths (the engine's ACL evaluation,
 * as `keyfob access`), cloud actions per credential role (the IAM evaluation of `keyfob can-i`:
 * `s3:*` lists the actions it adds) and longer or shorter token and STS lifetimes. Each change names
 * where it is granted.
 *
 * @example diffAccess(base, head).changes.filter((c) => c.change === 'gained' && c.kind === 'login')
 */
export function diffAccess(base: AccessModel, head: AccessModel): AccessDiff {
  const memo: ReachMemo = new Map();
  const before = { jwtRoles: buildJwtRoleAccess(base.inputs, memo) };
  const after = { jwtRoles: buildJwtRoleAccess(head.inputs, memo) };
  const models = { base, head };
  const changes = [
    ...bothSides(before, after, models, loginChanges),
    ...bothSides(before, after, models, capabilityChanges),
    ...cloudActionChanges(base, head),
    ...ttlChanges(base, head),
  ];
  const order = (c: AccessChange): number => (c.change === 'gained' ? 0 : 1);
  return { mount: head.inputs.mount, changes: changes.sort((a, b) => order(a) - order(b)) };
}

type JwtRoles = Pick<AccessReport, 'jwtRoles'>;
type Side = 'gained' | 'removed';

/**
 * Runs `each` for every JWT role of the head against the base (gains, located in the head) and
 * of the base against the head (losses, located in the base).
 */
function bothSides(
  before: JwtRoles,
  after: JwtRoles,
  models: { readonly base: AccessModel; readonly head: AccessModel },
  each: (role: JwtRoleAccess, old: JwtRoleAccess | undefined, model: AccessModel, change: Side) => AccessChange[],
): AccessChange[] {
  const was = new Map(before.jwtRoles.map((r) => [r.name, r]));
  const now = new Map(after.jwtRoles.map((r) => [r.name, r]));
  return [
    ...after.jwtRoles.flatMap((r) => each(r, was.get(r.name), models.head, 'gained')),
    ...before.jwtRoles.flatMap((r) => each(r, now.get(r.name), models.base, 'removed')),
  ];
}

function loginChanges(
  role: JwtRoleAccess,
  old: JwtRoleAccess | undefined,
  model: AccessModel,
  change: Side,
): AccessChange[] {
  const known = new Set((old?.logins ?? []).map((l) => JSON.stringify(l)));
  return role.logins
    .filter((l) => !known.has(JSON.stringify(l)) && !l.repository.impossible)
    .map((login) => {
      const source = model.locate({
        kind: 'jwt-role',
        name: role.name,
        pointer: bindingPointer(model, role.name, login),
      });
      return {
        kind: 'login' as const,
        change,
        role: role.name,
        roleKind: 'jwt-role' as const,
        text: `JWT role ${oneLine(role.name)}: ${loginText(login)}`,
        login,
        ...(source ? { source } : {}),
      };
    });
}

/** The binding a login path comes from: its `sub` value (in `bound_claims.sub` or `bound_subject`), else `bound_claims`. */
function bindingPointer(model: AccessModel, name: string, login: LoginPath): string {
  const params = model.inputs.jwtRoles.get(name)?.params ?? {};
  const claims = params.bound_claims;
  const sub = typeof claims === 'object' && claims !== null ? (claims as Record<string, unknown>).sub : undefined;
  if (login.subject !== undefined) {
    if (Array.isArray(sub) && sub.includes(login.subject)) return `/bound_claims/sub/${sub.indexOf(login.subject)}`;
    if (sub === login.subject) return '/bound_claims/sub';
    if (params.bound_subject === login.subject) return '/bound_subject';
  }
  return claims === undefined ? '/bound_audiences' : '/bound_claims';
}

function capabilityChanges(
  role: JwtRoleAccess,
  old: JwtRoleAccess | undefined,
  model: AccessModel,
  change: Side,
): AccessChange[] {
  const had = new Map((old?.reach ?? []).map((r) => [r.path, new Set(r.capabilities)]));
  return role.reach.flatMap((reach): AccessChange[] => {
    const gained = reach.capabilities.filter((c) => c !== 'deny' && !had.get(reach.path)?.has(c));
    if (gained.length === 0) return [];
    const policy = reach.grantedBy[0];
    const source =
      policy === undefined
        ? undefined
        : model.locate({ kind: 'policy', name: policy, ...(reach.rule !== undefined ? { rulePath: reach.rule } : {}) });
    const why =
      reach.grantedBy.length > 0
        ? ` (policy ${reach.grantedBy.join(', ')}${reach.rule !== undefined ? `, path "${oneLine(reach.rule)}"` : ''})`
        : '';
    return [
      {
        kind: 'capability',
        change,
        role: role.name,
        roleKind: 'jwt-role',
        text: `JWT role ${oneLine(role.name)}: ${reach.path} ${gained.join(', ')}${why}`,
        path: reach.path,
        capabilities: gained,
        ...(source ? { source } : {}),
      },
    ];
  });
}

/** Lifetime fields, with what unset (0) amounts to: the system maximum, or STS's 3600 s default. */
const JWT_TTLS = [
  ['token_ttl', 'tokenTtl', SYSTEM_MAX_TTL],
  ['token_max_ttl', 'tokenMaxTtl', SYSTEM_MAX_TTL],
  ['token_explicit_max_ttl', 'tokenExplicitMaxTtl', SYSTEM_MAX_TTL],
  ['token_period', 'tokenPeriod', 0],
] as const;
const ROLE_TTLS = [
  ['default_sts_ttl', 'defaultStsTtl', 3600],
  ['max_sts_ttl', 'maxStsTtl', SYSTEM_MAX_TTL],
] as const;

function ttlChanges(base: AccessModel, head: AccessModel): AccessChange[] {
  const out: AccessChange[] = [];
  const push = (
    roleKind: 'jwt-role' | 'role',
    name: string,
    field: string,
    before: number,
    after: number,
    unset: number,
  ): void => {
    const effective = (s: number): number => (s > 0 ? s : unset);
    if (effective(before) === effective(after)) return;
    const change = effective(after) > effective(before) ? 'gained' : 'removed';
    const model = change === 'gained' ? head : base;
    const source = model.locate({ kind: roleKind, name, pointer: `/${field}` });
    const words = (s: number): string =>
      s > 0
        ? formatDuration(s, { compact: true })
        : unset > 0
          ? `unset (${formatDuration(unset, { compact: true })})`
          : 'unset';
    out.push({
      kind: 'ttl',
      change,
      role: name,
      roleKind,
      text: `${roleKind === 'jwt-role' ? 'JWT role' : 'role'} ${oneLine(name)}: ${field} ${words(before)} → ${words(after)}`,
      field,
      before,
      after,
      ...(source ? { source } : {}),
    });
  };
  for (const [name, now] of head.inputs.jwtRoles) {
    const was = base.inputs.jwtRoles.get(name);
    if (was)
      for (const [field, key, unset] of JWT_TTLS) push('jwt-role', name, field, was.role[key], now.role[key], unset);
  }
  for (const [name, now] of head.roles) {
    const was: RoleDefinition | undefined = base.roles.get(name);
    if (was)
      for (const [field, key, unset] of ROLE_TTLS) push('role', name, field, was[key] ?? 0, now[key] ?? 0, unset);
  }
  return out;
}
