import { lintJwtTrust } from '../jwt-roles/index.ts';
import { readPolicy, DEFAULT_POLICY_TEXT, type AclPolicy } from '../policies/index.ts';
import type { AccessInputs, AccessReport, JwtRoleAccess, Reach, TargetAccess } from './access-types.ts';
import { describeLogins } from './describe-logins.ts';
import { aclOf, evaluateReach } from './evaluate-reach.ts';
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
 * The first half of the answer alone: per JWT role, its logins, policies and reach (without the
 * trust rules' findings and the reverse view), for `keyfob access diff`, which compares these.
 */
export function buildJwtRoleAccess(inputs: AccessInputs): JwtRoleAccess[] {
  const policies = withDefault(inputs.policies);
  return jwtRolesAccess(inputs, policies, reachTargets({ ...inputs, policies }), false);
}

function jwtRolesAccess(
  inputs: AccessInputs,
  policies: ReadonlyMap<string, AclPolicy>,
  targets: readonly ReachTarget[],
  withTrust: boolean,
): JwtRoleAccess[] {
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
        reach: evaluateReach(aclOf(names, policies), targets),
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

function withDefault(policies: ReadonlyMap<string, AclPolicy>): ReadonlyMap<string, AclPolicy> {
  if (policies.has('default')) return policies;
  const builtIn = readPolicy(DEFAULT_POLICY_TEXT, 'default').value;
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
        .filter(([n, p]) => evaluateReach(aclOf([n], new Map([[n, p]])), paths).length > 0)
        .map(([n]) => n);
      out.push({ kind, name, logins, policies: granting.sort() });
    }
  }
  return out;
}
