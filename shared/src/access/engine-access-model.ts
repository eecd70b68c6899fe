import type { EngineClient, EngineRole } from '../client/index.ts';
import { CREDENTIAL_TYPES, type CredentialType, type RoleDefinition } from '../rules/index.ts';
import type { AccessModel } from './access-model.ts';
import { readEngineAccess, type AccessClient } from './read-engine-access.ts';

/** The client calls an engine's access model needs: `keyfob access`'s, and each role's definition. */
export type AccessModelClient = AccessClient & Pick<EngineClient, 'readRole'>;

/** Roles read at once (a bounded number of requests in flight). */
const ROLE_READS_IN_FLIGHT = 8;

/**
 * One side of `keyfob access diff` read from a running engine: the inputs of `keyfob access` from
 * the engine (policies, JWT roles, role names) and every credential role's definition read back
 * (`GET <mount>/roles/:name`), so logins, capabilities, cloud actions and lifetimes compare as
 * between files. Nothing is written anywhere, so `locate` answers nothing; what the engine holds
 * but keyfob cannot read is named in `errors`.
 *
 * @example diffAccess(await readEngineAccessModel(baseClient, { jwtMount: 'jwt' }).then((r) => r.model), head)
 */
export async function readEngineAccessModel(
  client: AccessModelClient,
  options: { readonly jwtMount: string },
): Promise<{ model: AccessModel; errors: string[] }> {
  const { inputs, errors } = await readEngineAccess(client, options);
  const roles = new Map<string, RoleDefinition>();
  const names = [...(inputs.roles ?? [])];
  for (let i = 0; i < names.length; i += ROLE_READS_IN_FLIGHT) {
    const batch = names.slice(i, i + ROLE_READS_IN_FLIGHT);
    const read = await Promise.all(batch.map((name) => client.readRole(name)));
    read.forEach((role, j) => {
      const name = batch[j] ?? '';
      if (!role) return;
      const definition = roleDefinitionOf(role);
      if (definition) roles.set(name, definition);
      else
        errors.push(
          `role ${name}: the engine names no credential type keyfob knows (${role.credentialTypes.join(', ').slice(0, 80) || 'none'})`,
        );
    });
  }
  return { model: { inputs, roles, locate: () => undefined }, errors };
}

/** A role as the engine reads it back, as the definition a role file gives (the wire table's fields are the same). */
function roleDefinitionOf(role: EngineRole): RoleDefinition | undefined {
  const known = (type: string): type is CredentialType => (CREDENTIAL_TYPES as readonly string[]).includes(type);
  const types = role.credentialTypes.filter(known);
  const [first] = types;
  if (first === undefined) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the client's extra fields are not a definition's
  const { raw, invalidData, credentialTypes, ...fields } = role;
  return { ...fields, credentialType: first, credentialTypes: types };
}
