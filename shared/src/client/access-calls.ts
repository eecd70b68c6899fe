import type { ClientCore } from './client-core.ts';
import type { CallOptions } from './engine-client-options.ts';
import { splitPathValue, systemPath } from './engine-path.ts';
import { listKeys, readOptional } from './optional-read.ts';
import { payloadOf, readString, type JsonObject } from './read-fields.ts';

/** Reads of the engine's access control: ACL policies and JWT auth roles (what `keyfob access` evaluates). */
export interface AccessCalls {
  /** `LIST /v1/sys/policies/acl`: policy names (the engine lists `root` too). */
  listPolicies(options?: CallOptions): Promise<string[]>;
  /** `GET /v1/sys/policies/acl/:name`: the policy's text (HCL or JSON), `undefined` when there is none. */
  readPolicyText(name: string, options?: CallOptions): Promise<string | undefined>;
  /** `LIST /v1/auth/<path>/role`: JWT role names (`path` default `jwt`). */
  listJwtRoles(path?: string, options?: CallOptions): Promise<string[]>;
  /** `GET /v1/auth/<path>/role/:name`: the role's fields as the engine answers them, `undefined` when there is none. */
  readJwtRole(name: string, path?: string, options?: CallOptions): Promise<JsonObject | undefined>;
}

/** The access-control reads of a client, built on its core. */
export function createAccessCalls(core: ClientCore): AccessCalls {
  const authPath = (path: string | undefined, ...rest: string[]): string => {
    const mount = splitPathValue(path ?? 'jwt');
    if (mount.length === 0) throw new TypeError('the JWT auth path is empty; give one such as "jwt".');
    return systemPath('auth', ...mount, ...rest);
  };
  return {
    listPolicies: (options) => listKeys(core, { path: systemPath('sys', 'policies', 'acl'), options }),
    readPolicyText: (name, options) => readOptional(core, { method: 'GET', path: systemPath('sys', 'policies', 'acl', name), options }, (body) => readString(payloadOf(body), 'policy') ?? ''),
    listJwtRoles: (path, options) => listKeys(core, { path: authPath(path, 'role'), options }),
    readJwtRole: (name, path, options) => readOptional(core, { method: 'GET', path: authPath(path, 'role', name), options }, (body) => payloadOf(body)),
  };
}
