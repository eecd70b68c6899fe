import { formatDuration } from '@keyfob/shared/duration';
import { CloudError } from '../cloud/cloud-error.ts';
import { isoTime } from '../clock.ts';
import { rootCredentials, type EngineCore } from '../engine-core.ts';
import { dataResult, EMPTY, type HandlerResult } from '../http/handler-result.ts';
import { badRequest, HttpError, internalError, notFound, wrapMultiError } from '../http/http-error.ts';
import type { Params } from '../http/parse-params.ts';
import { NAME, path, type RequestContext, type Route } from '../http/route.ts';
import { checkStaticRole, refusal } from '../validation/rules-adapter.ts';
import type { MountData, StaticRoleRecord } from './mount-data.ts';
import { rotateNow, rotateStaticKey } from './static-rotation.ts';

/** `static-roles/:name`, `LIST static-roles`, `static-creds/:name` and the keyfob extension `rotate-role/:name`. */
export function staticRoleRoutes(core: EngineCore, mount: MountData): Route[] {
  const name = (ctx: RequestContext): string => ctx.vars.name ?? '';
  return [
    { pattern: path('static-roles/?'), fields: [], operations: { list: () => listStaticRoles(mount) } },
    {
      pattern: path(`static-roles/${NAME}`),
      fields: ['name', 'username', 'rotation_period'],
      operations: {
        read: (ctx) => readStaticRole(mount, name(ctx)),
        update: (ctx) => writeStaticRole(core, mount, name(ctx), ctx.params),
        delete: (ctx) => deleteStaticRole(mount, name(ctx)),
      },
    },
    { pattern: path(`static-creds/${NAME}`), fields: [], operations: { read: (ctx) => readStaticCreds(mount, name(ctx)) } },
    { pattern: path(`rotate-role/${NAME}`), fields: [], operations: { update: (ctx) => rotateRole(core, mount, name(ctx)) } },
  ];
}

/**
 * Create: adopt the user (it must exist) and give it a new key (seed rule 1). Update: a new
 * rotation_period resets the schedule to now + period, and static-creds shows it (seed rule 3).
 */
function writeStaticRole(core: EngineCore, mount: MountData, roleName: string, params: Params): HandlerResult {
  const existing = mount.staticRoles.get(roleName);
  const merged: Params = { ...(existing ? { username: existing.username, rotation_period: existing.rotationPeriod } : {}), ...params };
  delete merged.name;
  const checked = checkStaticRole(merged, roleName);
  if (!checked.value) throw refusal(checked);
  const { username, rotationPeriod } = checked.value;
  const user = adopt(core, mount, username);
  if (existing && existing.userId !== user.userId) {
    throw internalError(`GetUser returned a user, but the ID did not match the static role's user "${existing.username}"`);
  }
  const now = core.clock.now();
  let record: StaticRoleRecord;
  if (!existing) {
    const key = rotationStep(() => rotateStaticKey(core, mount, username, undefined), roleName);
    record = { name: roleName, username, userId: user.userId, rotationPeriod, ...key, expiresAt: now + rotationPeriod * 1000, nextAttemptAt: now + rotationPeriod * 1000 };
  } else if (params.rotation_period !== undefined) {
    const due = now + rotationPeriod * 1000;
    record = { ...existing, rotationPeriod, expiresAt: due, nextAttemptAt: due };
  } else {
    record = existing;
  }
  mount.staticRoles.set(roleName, record);
  return dataResult({ name: roleName, id: user.userId, username, rotation_period: formatDuration(rotationPeriod) }, checked.warnings);
}

function adopt(core: EngineCore, mount: MountData, username: string): { userId: string } {
  try {
    return core.cloud.getUser(rootCredentials(core, mount), username);
  } catch (error) {
    if (!(error instanceof CloudError)) throw error;
    const message = `unable to validate username "${username}": ${error.message}`;
    throw error.throttled ? new HttpError(502, [wrapMultiError(message)]) : internalError(message);
  }
}

function rotationStep<T>(run: () => T, roleName: string): T {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof CloudError)) throw error;
    const message = `unable to create credentials for static role "${roleName}": ${error.message}`;
    throw error.throttled ? new HttpError(502, [wrapMultiError(message)]) : internalError(message);
  }
}

/** Seed 1: fields at the top level, rotation_period as a duration string. */
function readStaticRole(mount: MountData, roleName: string): HandlerResult {
  const record = mount.staticRoles.get(roleName);
  if (!record) throw notFound();
  return { kind: 'raw', body: { name: record.name, username: record.username, rotation_period: formatDuration(record.rotationPeriod) } };
}

/** Seed rule 4: the user (and its keys) stay in the cloud. */
function deleteStaticRole(mount: MountData, roleName: string): HandlerResult {
  mount.staticRoles.delete(roleName);
  return EMPTY;
}

function listStaticRoles(mount: MountData): HandlerResult {
  const keys = mount.staticRoles.names();
  if (keys.length === 0) throw notFound();
  return dataResult({ keys });
}

/** Seed 1: fields at the top level; `expiration` in ISO 8601 UTC. */
function readStaticCreds(mount: MountData, roleName: string): HandlerResult {
  const record = mount.staticRoles.get(roleName);
  if (!record) throw notFound();
  return { kind: 'raw', body: { access_key: record.accessKey, secret_key: record.secretKey, expiration: isoTime(record.expiresAt) } };
}

/**
 * keyfob extension, modelled on the database engine's `rotate-role/:name`: rotate now (same
 * algorithm as the schedule), answer 204, next rotation one period from now.
 */
function rotateRole(core: EngineCore, mount: MountData, roleName: string): HandlerResult {
  const record = mount.staticRoles.get(roleName);
  if (!record) throw badRequest('no static role found for role name');
  rotateNow(core, mount, record);
  return EMPTY;
}
