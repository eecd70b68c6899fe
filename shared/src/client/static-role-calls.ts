import type { ClientCore } from './client-core.ts';
import type { WriteResult } from './config-calls.ts';
import type { CallOptions } from './engine-client-options.ts';
import { EngineUnsupportedError } from './engine-error.ts';
import { assertValidName } from './engine-name.ts';
import type { EngineRequest } from './engine-request.ts';
import { deleteOptional, errorsOf, failureOf, listKeys, readOptional } from './optional-read.ts';
import {
  parseStaticCredentials,
  parseStaticRole,
  type StaticCredentials,
  type EngineStaticRole,
} from './parse-static-role.ts';
import { isUnsupportedPath } from './response-errors.ts';

/** A static role as sent. */
export interface StaticRoleBody {
  /** The existing cloud user to adopt. */
  readonly username: string;
  /** Duration (`24h`) or seconds; at least one minute. */
  readonly rotation_period: string | number;
  readonly [extra: string]: unknown;
}

/** Calls for static roles and their credentials. */
export interface StaticRoleCalls {
  /** `POST /static-roles/:name`: creates (the engine makes a key) or updates (resets the schedule). */
  writeStaticRole(name: string, body: StaticRoleBody, options?: CallOptions): Promise<WriteResult>;
  /** `GET /static-roles/:name`; `undefined` when there is no such static role. */
  readStaticRole(name: string, options?: CallOptions): Promise<EngineStaticRole | undefined>;
  /** Static role names; `[]` when none (or when the engine cannot list them). */
  listStaticRoles(options?: CallOptions): Promise<string[]>;
  /** `DELETE /static-roles/:name` (the cloud user stays); `false` on 404. */
  deleteStaticRole(name: string, options?: CallOptions): Promise<boolean>;
  /** `GET /static-creds/:name`; `undefined` when there is no such static role. */
  readStaticCredentials(name: string, options?: CallOptions): Promise<StaticCredentials | undefined>;
  /**
   * `POST /rotate-role/:name`, a keyfob extension (modelled on Vault's database engine): rotates the
   * key now. Vault's and OpenBao's cloud engines lack it: rejects with `EngineUnsupportedError`.
   */
  rotateStaticRole(name: string, options?: CallOptions): Promise<void>;
}

/** The static-role calls of a client, built on its core. */
export function createStaticRoleCalls(core: ClientCore): StaticRoleCalls {
  const namedPath = (kind: string, method: string, name: string): string => {
    const path = core.mountPath(kind, name);
    assertValidName('static role', name, method, path);
    return path;
  };
  return {
    async writeStaticRole(name, body, options) {
      const path = namedPath('static-roles', 'POST', name);
      return await core.call({ method: 'POST', path, body, options }, (_body, warnings) => ({ warnings }));
    },
    async readStaticRole(name, options) {
      const path = namedPath('static-roles', 'GET', name);
      return await readOptional(core, { method: 'GET', path, options }, (body) => parseStaticRole(name, body));
    },
    listStaticRoles: (options) => listKeys(core, { path: core.mountPath('static-roles'), options }),
    async deleteStaticRole(name, options) {
      const path = namedPath('static-roles', 'DELETE', name);
      return await deleteOptional(core, { method: 'DELETE', path, options });
    },
    async readStaticCredentials(name, options) {
      const path = namedPath('static-creds', 'GET', name);
      return await readOptional(core, { method: 'GET', path, options }, (body) => parseStaticCredentials(body));
    },
    async rotateStaticRole(name, options) {
      const path = namedPath('rotate-role', 'POST', name);
      await rotate(core, { method: 'POST', path, options });
    },
  };
}

/**
 * 405, and a 404 that is bare or says `unsupported path`, mean the engine has no such endpoint. A 404
 * with any other message (for example that the static role does not exist) is an ordinary failure.
 */
async function rotate(core: ClientCore, request: EngineRequest): Promise<void> {
  const response = await core.send({ ...request, accept: [404, 405] });
  if (response.status !== 404 && response.status !== 405) return;
  const errors = errorsOf(core, request, response);
  if (response.status === 404 && errors.length > 0 && !isUnsupportedPath(errors))
    throw failureOf(core, request, response);
  throw new EngineUnsupportedError({
    message: `${request.method} ${request.path} failed with ${response.status}: the engine lacks this endpoint (rotate-role is a keyfob engine extension; Vault and OpenBao rotate static roles only on their schedule)`,
    method: request.method,
    path: request.path,
    status: response.status,
    errors,
    attempts: response.attempts,
  });
}
