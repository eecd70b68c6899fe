import {
  allowOperation,
  buildAcl,
  pathCapabilities,
  type Acl,
  type AclOperation,
  type AclPolicy,
  readingsFor,
} from '../policies/index.ts';
import type { Reach } from './access-types.ts';
import type { ReachTarget } from './reach-targets.ts';

/** Operations a capability stands for (sudo and deny stand for none). */
const OPERATIONS: readonly AclOperation[] = ['create', 'read', 'update', 'patch', 'delete', 'list'];

/**
 * A token's ACL from its policies, as the engine builds it: unknown names grant nothing, and
 * `root` among them means root alone.
 */
function aclOf(names: readonly string[], found: readonly AclPolicy[]): Acl {
  if (names.includes('root')) return buildAcl([{ name: 'root', rules: [] }]).acl as Acl;
  return buildAcl(found).acl as Acl;
}

/** Whether a policy is known in part (has rules whose path or body keyfob does not know). */
function isPartialPolicy(policy: AclPolicy | undefined): boolean {
  return (
    policy !== undefined &&
    'unknownRules' in policy &&
    Array.isArray(policy.unknownRules) &&
    policy.unknownRules.length > 0
  );
}

/** More readings than this on one path (policies known in part multiply them): nothing is claimed there. */
const MAX_READINGS = 64;

/**
 * What the named policies reach on each target: one ACL for all targets; or, when one of them is
 * known in part (Terraform with unknown values), per target what every way of reading it there
 * (readingsFor, each combination of the token's policies) grants: the capabilities all readings
 * give, the policies and rule of the first (the known rules alone). So only grants that hold
 * whatever the unknown values are: an answer of "at least".
 */
export function reachOfPolicies(
  names: readonly string[],
  policies: ReadonlyMap<string, AclPolicy>,
  targets: readonly ReachTarget[],
): Reach[] {
  const found = names.flatMap((n) => policies.get(n) ?? []);
  if (!found.some(isPartialPolicy)) return evaluateReach(aclOf(names, found), targets);
  return targets.flatMap((target) => {
    let combinations: AclPolicy[][] = [[]];
    for (const policy of found) {
      const readings = readingsFor(policy, target.path);
      combinations = combinations.flatMap((c) => readings.map((r) => [...c, r]));
      if (combinations.length > MAX_READINGS) return [];
    }
    const [first, ...rest] = combinations.map((c) => evaluateReach(aclOf(names, c), [target])[0]);
    if (!first) return [];
    const capabilities = first.capabilities.filter((c) => rest.every((r) => r?.capabilities.includes(c)));
    return capabilities.length === 0 ? [] : [{ ...first, capabilities }];
  });
}

/**
 * What the ACL allows on each target path, with the engine's own evaluation: the capabilities
 * `sys/capabilities-self` would report, the policies granting them and the deciding rule. Paths
 * where nothing is granted are left out.
 */
function evaluateReach(acl: Acl, targets: readonly ReachTarget[]): Reach[] {
  const out: Reach[] = [];
  for (const target of targets) {
    const capabilities = pathCapabilities(acl, target.path);
    if (capabilities.includes('deny')) continue;
    const granted = new Set<string>();
    let rule: string | undefined;
    for (const operation of OPERATIONS.filter((o) => acl.root || capabilities.includes(o))) {
      const decision = allowOperation(acl, { operation, path: target.path });
      for (const p of decision.grantingPolicies) granted.add(p);
      rule ??= decision.rulePath;
    }
    out.push({ ...target, capabilities, grantedBy: [...granted].sort(), ...(rule !== undefined ? { rule } : {}) });
  }
  return out;
}
