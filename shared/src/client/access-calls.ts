import type { ClientCore } from './client-core.ts';
import type { EngineBody, WriteResult } from './config-calls.ts';
import type { CallOptions } from './engine-client-options.ts';
import { assertValidName } from './engine-name.ts';
import { splitPathValue, systemPath } from './engine-path.ts';
import { deleteOptional, listKeys, readOptional } from './optional-read.ts';
import { payloadOf, readString, type JsonObject } from './read-fields.ts';

/**
 * The engine's access control: ACL policies and JWT auth roles, read (what `keyfob access`
 * evaluates) and written (what `keyfob apply` does with policy and JWT role files).
 */
export interface AccessCalls {
  /** `LIST /v1/sys/policies/acl`: policy names (the engine lists `root` too). */
  listPolicies(options?: CallOptions): Promise<string[]>;
  /** `GET /v1/sys/policies/acl/:name`: the policy's text (HCL or JSON), `undefined` when there is none. */
  readPolicyText(name: string, options?: CallOptions): Promise<string | undefined>;
  /** `PUT /v1/sys/policies/acl/:name` with `{policy}`: creates or replaces the policy's text. */
  writePolicy(name: string, text: string, options?: CallOptions): Promise<WriteResult>;
  /** `DELETE /v1/sys/policies/acl/:name`; resolves `false` when there was none. */
  deletePolicy(name: string, options?: CallOptions): Promise<boolean>;
  /** `LIST /v1/auth/<path>/role`: JWT role names (`path` default `jwt`). */
  listJwtRoles(path?: string, options?: CallOptions): Promise<string[]>;
  /** `GET /v1/auth/<path>/role/:name`: the role's fields as the engine answers them, `undefined` when there is none. */
  readJwtRole(name: string, path?: string, options?: CallOptions): Promise<JsonObject | undefined>;
  /** `POST /v1/auth/<path>/role/:name`: creates or updates (fields not sent keep their values). */
  writeJwtRole(name: string, body: EngineBody, path?: string, options?: CallOptions): Promise<WriteResult>;
  /** `DELETE /v1/auth/<path>/role/:name`; resolves `false` when there was none. */
  deleteJwtRole(name: string, path?: string, options?: CallOptions): Promise<boolean>;
}

/** The access-control calls of a client, built on its core. */
export function createAccessCalls(core: ClientCore): AccessCalls {
  const authPath = (path: string | undefined, ...rest: string[]): string => {
    const mount = splitPathValue(path ?? 'jwt');
    if (mount.length === 0) throw new TypeError('the JWT auth path is empty; give one such as "jwt".');
    return systemPath('auth', ...mount, ...rest);
  };
  const policyPath = (method: string, name: string): string => {
    const path = systemPath('sys', 'policies', 'acl', name);
    assertValidName('policy', name, method, path);
    return path;
  };
  const rolePath = (method: string, name: string, path: string | undefined): string => {
    const url = authPath(path, 'role', name);
    assertValidName('JWT role', name, method, url);
    return url;
  };
  return {
    listPolicies: (options) => listKeys(core, { path: systemPath('sys', 'policies', 'acl'), options }),
    readPolicyText: (name, options) =>
      readOptional(
        core,
        { method: 'GET', path: systemPath('sys', 'policies', 'acl', name), options },
        (body) => readString(payloadOf(body), 'policy') ?? '',
      ),
    writePolicy: (name, text, options) =>
      core.call(
        { method: 'PUT', path: policyPath('PUT', name), body: { policy: text }, options },
        (_body, warnings) => ({ warnings }),
      ),
    deletePolicy: (name, options) =>
      deleteOptional(core, { method: 'DELETE', path: policyPath('DELETE', name), options }),
    listJwtRoles: (path, options) => listKeys(core, { path: authPath(path, 'role'), options }),
    readJwtRole: (name, path, options) =>
      readOptional(core, { method: 'GET', path: authPath(path, 'role', name), options }, (body) => payloadOf(body)),
    writeJwtRole: (name, body, path, options) =>
      core.call({ method: 'POST', path: rolePath('POST', name, path), body, options }, (_body, warnings) => ({
        warnings,
      })),
    deleteJwtRole: (name, path, options) =>
      deleteOptional(core, { method: 'DELETE', path: rolePath('DELETE', name, path), options }),
  };
}
