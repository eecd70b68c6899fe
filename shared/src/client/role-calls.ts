import type { ClientCore } from './client-core.ts';
import type { EngineBody, WriteResult } from './config-calls.ts';
import type { CallOptions } from './engine-client-options.ts';
import { assertValidName } from './engine-name.ts';
import { deleteOptional, listKeys, readOptional } from './optional-read.ts';
import { parseRole, type EngineRole } from './parse-role.ts';

/** Calls under `/roles`. Names are checked against the engine's pattern before anything is sent. */
export interface RoleCalls {
  /** `POST /roles/:name`: creates or updates (only the fields sent change). */
  writeRole(name: string, body: EngineBody, options?: CallOptions): Promise<WriteResult>;
  /** `GET /roles/:name`; `undefined` when there is no such role. */
  readRole(name: string, options?: CallOptions): Promise<EngineRole | undefined>;
  /** Role names (`GET /roles?list=true`, or `LIST` with `listMethod: 'LIST'`); `[]` when none. */
  listRoles(options?: CallOptions): Promise<string[]>;
  /** `DELETE /roles/:name`; resolves `false` when the engine answered 404 (no such role). */
  deleteRole(name: string, options?: CallOptions): Promise<boolean>;
}

/** The role calls of a client, built on its core. */
export function createRoleCalls(core: ClientCore): RoleCalls {
  const rolePath = (method: string, name: string): string => {
    const path = core.mountPath('roles', name);
    assertValidName('role', name, method, path);
    return path;
  };
  return {
    async writeRole(name, body, options) {
      const path = rolePath('POST', name);
      return await core.call({ method: 'POST', path, body, options }, (_body, warnings) => ({ warnings }));
    },
    async readRole(name, options) {
      const path = rolePath('GET', name);
      return await readOptional(core, { method: 'GET', path, options }, (body) => parseRole(name, body));
    },
    listRoles: (options) => listKeys(core, { path: core.mountPath('roles'), options }),
    async deleteRole(name, options) {
      const path = rolePath('DELETE', name);
      return await deleteOptional(core, { method: 'DELETE', path, options });
    },
  };
}
