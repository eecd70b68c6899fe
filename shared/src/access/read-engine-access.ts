import type { EngineClient } from '../client/index.ts';
import { readJwtRole } from '../jwt-roles/index.ts';
import { readPolicy, type AclPolicy } from '../policies/index.ts';
import type { AccessInputs, AccessJwtRole } from './access-types.ts';

/** The client calls the engine reading needs (any `EngineClient` has them). */
export type AccessClient = Pick<
  EngineClient,
  'mount' | 'listPolicies' | 'readPolicyText' | 'listJwtRoles' | 'readJwtRole' | 'listRoles' | 'listStaticRoles'
>;

/** Bounds on what is read, so a huge engine cannot make the answer endless. */
const MAX_ITEMS = 500;

/**
 * Reads the access inputs from a running engine: every ACL policy, every JWT role of the auth
 * path, and the names of the mount's roles and static roles. The token needs `list` and `read`
 * there. What the engine holds but keyfob cannot read (a policy it would refuse) is named in `errors`.
 */
export async function readEngineAccess(
  client: AccessClient,
  options: { readonly jwtMount: string },
): Promise<{ inputs: AccessInputs; errors: string[] }> {
  const errors: string[] = [];
  const policies = new Map<string, AclPolicy>();
  const bounded = (what: string, names: string[]): string[] => {
    if (names.length > MAX_ITEMS) errors.push(`${names.length} ${what}: only the first ${MAX_ITEMS} were read`);
    return names.slice(0, MAX_ITEMS);
  };
  for (const name of bounded(
    'policies',
    (await client.listPolicies()).filter((n) => n !== 'root'),
  )) {
    const text = await client.readPolicyText(name);
    if (text === undefined) continue;
    const read = readPolicy(text, name);
    if (read.value) policies.set(name, read.value);
    else errors.push(`policy ${name}: ${read.problems[0]?.message ?? 'unreadable'}`);
  }
  const jwtRoles = new Map<string, AccessJwtRole>();
  for (const name of bounded('JWT roles', await client.listJwtRoles(options.jwtMount))) {
    const params = await client.readJwtRole(name, options.jwtMount);
    if (!params) continue;
    const read = readJwtRole(params);
    if (read.role) jwtRoles.set(name, { role: read.role, params });
    else errors.push(`JWT role ${name}: ${read.errors.join('; ')}`);
  }
  const roles = bounded('roles', await client.listRoles());
  const staticRoles = bounded('static roles', await client.listStaticRoles());
  return {
    inputs: { mount: client.mount, jwtMount: options.jwtMount, jwtRoles, policies, roles, staticRoles },
    errors,
  };
}
