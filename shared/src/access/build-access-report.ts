import { lintJwtTrust } from '../jwt-roles/index.ts';
import { readPolicy, DEFAULT_POLICY_TEXT, type AclPolicy } from '../policies/index.ts';
import type { AccessInputs, AccessReport, JwtRoleAccess, Reach, TargetAccess } from './access-types.ts';
import { describeLogins } from './describe-logins.ts';
import { reachOfPolicies } from './evaluate-reach.ts';
import { reachTargets, type ReachTarget } from './reach-targets.ts';

/**
 * Who can get what: for each JWT role, who can log in with it, its login token's policies and
 * every credential role, static role, rotation and configuration path those policies reach (the
 * engine's ACL evaluation); then the reverse, per credential role and static role, every JWT role
 * (with its logins) that reaches it and every policy that grants it. `default` is the engine's
 * built-in policy unless the inputs hold their own.
 *
 * @example buildAccessReport(inputs).jwtRoles[0]?.reach.filter((r) => r.kind === 'credentials')
 */
export function buildAccessReport(inputs: AccessInputs): AccessReport {
  const policies = withDefault(inputs.policies);
  const targets = reachTargets({ ...inputs, policies });
  const jwtRoles = jwtRolesAccess(inputs, policies, targets, true);
  return { mount: inputs.mount, jwtRoles, targets: reverse(jwtRoles, targets, policies) };
}

/**
 * Reach answers kept between the two sides of a diff: a JWT role whose token's policies are the
 * same objects (an unchanged file read once, see `AccessReadCache`) over the same targets is
 * evaluated once.
 */
export type ReachMemo = Map<string, Reach[]>;

/**
 * The first half of the answer alone: per JWT role, its logins, policies and reach (without the
 * trust rules' findings and the reverse view), for `keyfob access diff`, which compares these.
 */
export function buildJwtRoleAccess(inputs: AccessInputs, memo?: ReachMemo): JwtRoleAccess[] {
  const policies = withDefault(inputs.policies);
  return jwtRolesAccess(inputs, policies, reachTargets({ ...inputs, policies }), false, memo);
}

/** A short id per distinct target list (the list's JSON is long; each JWT role's key holds the id). */
const targetIds = new Map<string, string>();
function targetsId(json: string): string {
  let id = targetIds.get(json);
  if (id === undefined) {
    if (targetIds.size > 100) targetIds.clear();
    targetIds.set(json, (id = `t${nextPolicyId++}`));
  }
  return id;
}

/** A number per policy object, for memo keys (the same object on both sides when its file did not change). */
const policyIds = new WeakMap<AclPolicy, number>();
let nextPolicyId = 0;
function policyId(policy: AclPolicy | undefined): string {
  if (!policy) return '-';
  let id = policyIds.get(policy);
  if (id === undefined) policyIds.set(policy, (id = nextPolicyId++));
  return String(id);
}

function jwtRolesAccess(
  inputs: AccessInputs,
  policies: ReadonlyMap<string, AclPolicy>,
  targets: readonly ReachTarget[],
  withTrust: boolean,
  memo?: ReachMemo,
): JwtRoleAccess[] {
  const targetsKey = memo ? targetsId(JSON.stringify(targets)) : '';
  const reachOf = (names: readonly string[]): Reach[] => {
    if (!memo) return reachOfPolicies(names, policies, targets);
    const key = `${names.map((n) => `${n}=${policyId(policies.get(n))}`).join(',')}\u0000${targetsKey}`;
    let reach = memo.get(key);
    if (!reach) memo.set(key, (reach = reachOfPolicies(names, policies, targets)));
    return reach;
  };
  return [...inputs.jwtRoles.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([name, { role, params }]): JwtRoleAccess => {
      const names = tokenPolicies(role.tokenPolicies, role.tokenNoDefaultPolicy);
      return {
        name,
        logins: describeLogins(role),
        audiences: role.boundAudiences,
        policies: names,
        missingPolicies: names.filter((n) => n !== 'root' && !policies.has(n)),
        reach: reachOf(names),
        trust: withTrust ? lintJwtTrust(params, { policies }) : [],
      };
    });
}

/** The login token's policies as the engine sanitises them: trimmed, lower-cased, sorted, `default` added, `root` alone. */
function tokenPolicies(written: readonly string[], noDefault: boolean): string[] {
  const names = new Set(written.map((p) => p.trim().toLowerCase()).filter((p) => p !== ''));
  if (names.has('root')) return ['root'];
  if (!noDefault) names.add('default');
  return [...names].sort();
}

/** The engine's built-in `default` policy, read once (one object, so memo keys match across sides). */
let builtInDefault: AclPolicy | undefined;

function withDefault(policies: ReadonlyMap<string, AclPolicy>): ReadonlyMap<string, AclPolicy> {
  if (policies.has('default')) return policies;
  const builtIn = (builtInDefault ??= readPolicy(DEFAULT_POLICY_TEXT, 'default').value);
  return builtIn ? new Map([...policies, ['default', builtIn]]) : policies;
}

/** Per credential role and static role: the JWT roles that reach it and the policies granting it. */
function reverse(
  jwtRoles: readonly JwtRoleAccess[],
  targets: readonly ReachTarget[],
  policies: ReadonlyMap<string, AclPolicy>,
): TargetAccess[] {
  const kinds = ['credentials', 'static-credentials'] as const;
  const out: TargetAccess[] = [];
  for (const kind of kinds) {
    const own = targets.filter((t) => t.kind === kind);
    for (const name of [...new Set(own.map((t) => t.target))]) {
      const paths = own.filter((t) => t.target === name);
      const logins = jwtRoles.flatMap((j) => {
        const reached = j.reach.filter((r: Reach) => r.kind === kind && r.target === name);
        return reached.length === 0
          ? []
          : [
              {
                jwtRole: j.name,
                logins: j.logins,
                paths: reached.map((r) => ({ path: r.path, capabilities: r.capabilities })),
              },
            ];
      });
      const granting = [...policies.entries()]
        .filter(([n, p]) => reachOfPolicies([n], new Map([[n, p]]), paths).length > 0)
        .map(([n]) => n);
      out.push({ kind, name, logins, policies: granting.sort() });
    }
  }
  return out;
}
