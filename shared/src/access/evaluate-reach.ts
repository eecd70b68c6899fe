import {
  allowOperation,
  buildAcl,
  pathCapabilities,
  type Acl,
  type AclOperation,
  type AclPolicy,
} from '../policies/index.ts';
import type { Reach } from './access-types.ts';
import type { ReachTarget } from './reach-targets.ts';

/** Operations a capability stands for (sudo and deny stand for none). */
const OPERATIONS: readonly AclOperation[] = ['create', 'read', 'update', 'patch', 'delete', 'list'];

/**
 * A token's ACL from its policy names, as the engine builds it: unknown names grant nothing, and
 * `root` among them means root alone.
 */
export function aclOf(names: readonly string[], policies: ReadonlyMap<string, AclPolicy>): Acl {
  if (names.includes('root')) return buildAcl([{ name: 'root', rules: [] }]).acl as Acl;
  const found = names.flatMap((n) => {
    const policy = policies.get(n);
    return policy ? [policy] : [];
  });
  return buildAcl(found).acl as Acl;
}

/**
 * What the ACL allows on each target path, with the engine's own evaluation: the capabilities
 * `sys/capabilities-self` would report, the policies granting them and the deciding rule. Paths
 * where nothing is granted are left out.
 */
export function evaluateReach(acl: Acl, targets: readonly ReachTarget[]): Reach[] {
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
