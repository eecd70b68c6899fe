import type { AclPolicy } from '../policies/index.ts';
import type { AccessInputs, ReachKind } from './access-types.ts';

/** A path to evaluate and what it means. */
export interface ReachTarget {
  readonly kind: ReachKind;
  readonly target: string;
  readonly path: string;
}

/** The name standing for every other role: no role name can contain `*`, and only wildcard rules match it. */
export const ANY_OTHER_NAME = '*';

/**
 * The engine paths worth asking about: credentials (`creds`, `sts`) of each credential role,
 * `static-creds` and `rotate-role` of each static role, `config/rotate-root`, and the
 * configuration a token could rewrite (root and lease config, role definitions, the JWT trust,
 * policies, token minting). Each list of names ends with `*`, any other name.
 */
export function reachTargets(inputs: AccessInputs): ReachTarget[] {
  const m = inputs.mount;
  const roles = [...namesOf(inputs.roles, inputs.policies, m, ['creds', 'sts', 'roles']), ANY_OTHER_NAME];
  const staticRoles = [
    ...namesOf(inputs.staticRoles, inputs.policies, m, ['static-creds', 'rotate-role', 'static-roles']),
    ANY_OTHER_NAME,
  ];
  const jwt = inputs.jwtMount;
  return [
    ...roles.flatMap((r) => [
      { kind: 'credentials' as const, target: r, path: `${m}/creds/${r}` },
      { kind: 'credentials' as const, target: r, path: `${m}/sts/${r}` },
    ]),
    ...staticRoles.map((s) => ({ kind: 'static-credentials' as const, target: s, path: `${m}/static-creds/${s}` })),
    { kind: 'rotation', target: 'root', path: `${m}/config/rotate-root` },
    ...staticRoles.map((s) => ({ kind: 'rotation' as const, target: s, path: `${m}/rotate-role/${s}` })),
    { kind: 'configuration', target: 'config/root', path: `${m}/config/root` },
    { kind: 'configuration', target: 'config/lease', path: `${m}/config/lease` },
    ...roles.map((r) => ({ kind: 'configuration' as const, target: `roles/${r}`, path: `${m}/roles/${r}` })),
    ...staticRoles.map((s) => ({
      kind: 'configuration' as const,
      target: `static-roles/${s}`,
      path: `${m}/static-roles/${s}`,
    })),
    { kind: 'configuration', target: `auth/${jwt}/config`, path: `auth/${jwt}/config` },
    { kind: 'configuration', target: `auth/${jwt}/role/*`, path: `auth/${jwt}/role/${ANY_OTHER_NAME}` },
    { kind: 'configuration', target: 'sys/policies/acl/*', path: `sys/policies/acl/${ANY_OTHER_NAME}` },
    { kind: 'configuration', target: 'auth/token/create', path: 'auth/token/create' },
  ];
}

/** The known names, or (unknown) the plain names policies write after `MOUNT/<segment>/`. */
function namesOf(
  known: readonly string[] | undefined,
  policies: ReadonlyMap<string, AclPolicy>,
  mount: string,
  segments: readonly string[],
): string[] {
  if (known) return [...new Set(known)].sort();
  const names = new Set<string>();
  for (const policy of policies.values()) {
    for (const rule of policy.rules) {
      for (const segment of segments) {
        const prefix = `${mount}/${segment}/`;
        const name = rule.path.startsWith(prefix) ? rule.path.slice(prefix.length) : '';
        if (/^[\w][\w.@-]*$/.test(name)) names.add(name);
      }
    }
  }
  return [...names].sort();
}
