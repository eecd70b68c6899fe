import { formatDuration } from '@keyfob/shared/duration';
import { fieldsFor, STATIC_ROLE_WIRE, wireBody, wireRead } from '@keyfob/shared/rules';
import { isoTime } from '../clock.ts';
import type { EngineCore } from '../engine-core.ts';
import { dataResult, EMPTY, type HandlerResult } from '../http/handler-result.ts';
import { badRequest, internalError, notFound } from '../http/http-error.ts';
import type { Params } from '../http/parse-params.ts';
import { NAME, path, type RequestContext, type Route } from '../http/route.ts';
import { checkStaticRole, refusal } from '../validation/rules-adapter.ts';
import type { MountData, StaticRoleRecord } from './mount-data.ts';
import { isProviderError } from './provider-error.ts';
import { cloudProvider } from './provider.ts';
import { rotateNow, rotateStaticKey, staticRoleFailure, withUserLock } from './static-rotation.ts';

/** `static-roles/:name`, `LIST static-roles`, `static-creds/:name` and the keyfob extension `rotate-role/:name`. */
export function staticRoleRoutes(core: EngineCore, mount: MountData): Route[] {
  const name = (ctx: RequestContext): string => ctx.vars.name ?? '';
  return [
    { pattern: path('static-roles/?'), fields: [], operations: { list: () => listStaticRoles(mount) } },
    {
      pattern: path(`static-roles/${NAME}`),
      fields: fieldsFor('static-role').filter((field) => field !== '$schema'),
      operations: {
        read: (ctx) => readStaticRole(mount, name(ctx)),
        update: (ctx) => writeStaticRole(core, mount, name(ctx), ctx.params),
        delete: (ctx) => deleteStaticRole(core, mount, name(ctx)),
      },
    },
    {
      pattern: path(`static-creds/${NAME}`),
      fields: [],
      operations: { read: (ctx) => readStaticCreds(mount, name(ctx)) },
    },
    {
      pattern: path(`rotate-role/${NAME}`),
      fields: [],
      operations: { update: (ctx) => rotateRole(core, mount, name(ctx)) },
    },
  ];
}

/**
 * Create: adopt the user (it must exist) and give it a new key (seed rule 1). Update: a new
 * rotation_period resets the schedule to now + period, and static-creds shows it (seed rule 3).
 */
function writeStaticRole(core: EngineCore, mount: MountData, roleName: string, params: Params): Promise<HandlerResult> {
  const existing = mount.staticRoles.get(roleName);
  const merged: Params = {
    ...(existing ? wireRead(STATIC_ROLE_WIRE, existing) : {}),
    ...params,
  };
  delete merged.name;
  const checked = checkStaticRole(merged, roleName);
  if (!checked.value) throw refusal(checked);
  const { username, rotationPeriod } = checked.value;
  return withUserLock(core, mount, username, async () => {
    const user = await adopt(core, mount, username);
    const before = mount.staticRoles.get(roleName);
    if (before && before.userId !== user.userId) {
      throw internalError(
        `GetUser returned a user, but the ID did not match the static role's user "${before.username}"`,
      );
    }
    const now = core.clock.now();
    let record: StaticRoleRecord;
    if (!before) {
      const key = await rotationStep(() => rotateStaticKey(core, mount, username, undefined), roleName);
      record = {
        name: roleName,
        username,
        userId: user.userId,
        rotationPeriod,
        ...key,
        expiresAt: now + rotationPeriod * 1000,
        nextAttemptAt: now + rotationPeriod * 1000,
      };
    } else if (params.rotation_period !== undefined) {
      const due = now + rotationPeriod * 1000;
      record = { ...before, rotationPeriod, expiresAt: due, nextAttemptAt: due };
    } else {
      record = before;
    }
    mount.staticRoles.set(roleName, record);
    return dataResult({ name: roleName, id: user.userId, ...staticRoleBody(record) }, checked.warnings);
  });
}

async function adopt(core: EngineCore, mount: MountData, username: string): Promise<{ userId: string }> {
  try {
    return await cloudProvider(core, mount).getUser(username);
  } catch (error) {
    throw staticRoleFailure(`unable to validate username "${username}"`, error);
  }
}

async function rotationStep<T>(run: () => Promise<T>, roleName: string): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw staticRoleFailure(`unable to create credentials for static role "${roleName}"`, error);
  }
}

/** Seed 1: fields at the top level, rotation_period as a duration string. */
function readStaticRole(mount: MountData, roleName: string): HandlerResult {
  const record = mount.staticRoles.get(roleName);
  if (!record) throw notFound();
  return {
    kind: 'raw',
    body: { name: record.name, ...staticRoleBody(record) },
  };
}

/** A static role's fields by wire name, `rotation_period` as a duration string (seed 1). */
function staticRoleBody(record: StaticRoleRecord): Record<string, unknown> {
  return wireBody(STATIC_ROLE_WIRE, record, formatDuration);
}

/** Seed rule 4: the user (and its keys) stay in the cloud. */
/**
 * As the real engine: the access key the engine made for the role is deleted (one already gone is
 * no error), the user and any key the engine did not make stay. A failed deletion is 500 and keeps
 * the role, so it can be deleted again.
 */
function deleteStaticRole(
  core: EngineCore,
  mount: MountData,
  roleName: string,
): Promise<HandlerResult> | HandlerResult {
  const record = mount.staticRoles.get(roleName);
  if (!record) return EMPTY;
  return withUserLock(core, mount, record.username, async () => {
    const current = mount.staticRoles.get(roleName);
    if (!current) return EMPTY;
    try {
      await cloudProvider(core, mount).deleteAccessKey(current.username, current.accessKey);
    } catch (error) {
      if (!isProviderError(error, 'NoSuchEntity'))
        throw staticRoleFailure(`unable to delete access key of static role "${roleName}"`, error);
    }
    mount.staticRoles.delete(roleName);
    return EMPTY;
  });
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
  return {
    kind: 'raw',
    body: { access_key: record.accessKey, secret_key: record.secretKey, expiration: isoTime(record.expiresAt) },
  };
}

/**
 * keyfob extension, modelled on the database engine's `rotate-role/:name`: rotate now (same
 * algorithm as the schedule), answer 204, next rotation one period from now.
 */
async function rotateRole(core: EngineCore, mount: MountData, roleName: string): Promise<HandlerResult> {
  const record = mount.staticRoles.get(roleName);
  if (!record) throw badRequest('no static role found for role name');
  await rotateNow(core, mount, record);
  return EMPTY;
}
