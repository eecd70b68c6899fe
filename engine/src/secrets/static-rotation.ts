import { CloudError } from '../cloud/cloud-error.ts';
import { rootCredentials, type EngineCore } from '../engine-core.ts';
import { ENGINE_DEFAULTS } from '../engine-options.ts';
import { HttpError, internalError, wrapMultiError } from '../http/http-error.ts';
import type { MountData, StaticRoleRecord } from './mount-data.ts';

/** A fresh key of a static role's user. */
export interface RotatedKey {
  readonly accessKey: string;
  readonly secretKey: string;
}

/**
 * Seed 1 static-role rules 1-2: check the user is still the adopted one, delete the OLDEST key
 * when the user already has the maximum (two), then create a new key. A user with no keys gets
 * its first key, one key gets a second (the old stays valid), two keys lose the oldest.
 * Synchronous: no other request can slip in between listing and creating.
 */
export function rotateStaticKey(core: EngineCore, mount: MountData, username: string, userId: string | undefined): RotatedKey {
  const creds = rootCredentials(core, mount);
  const user = core.cloud.getUser(creds, username);
  if (userId !== undefined && user.userId !== userId) {
    throw new CloudError('NoSuchEntity', `GetUser returned a user, but the ID did not match the adopted user "${username}"`, 404);
  }
  const keys = core.cloud.listAccessKeys(creds, username);
  const oldest = keys[0];
  if (keys.length >= 2 && oldest) core.cloud.deleteAccessKey(creds, username, oldest.id);
  const key = core.cloud.createAccessKey(creds, username);
  return { accessKey: key.accessKeyId, secretKey: key.secretAccessKey };
}

/** Rotates a static role now and schedules the next rotation one period later. Throws HttpError. */
export function rotateNow(core: EngineCore, mount: MountData, record: StaticRoleRecord): StaticRoleRecord {
  let key: RotatedKey;
  try {
    key = rotateStaticKey(core, mount, record.username, record.userId);
  } catch (error) {
    if (error instanceof CloudError) {
      const message = `unable to rotate credentials of static role "${record.name}": ${error.message}`;
      throw error.throttled ? new HttpError(502, [wrapMultiError(message)]) : internalError(message);
    }
    throw error;
  }
  const expiresAt = core.clock.now() + record.rotationPeriod * 1000;
  const next = { ...record, ...key, expiresAt, nextAttemptAt: expiresAt };
  mount.staticRoles.set(record.name, next);
  return next;
}

/** Most rotations replayed for one role in one tick after a long clock jump. */
const MAX_CATCH_UP = 10;

/**
 * Scheduler step for one mount: every static role whose time came is rotated, once per period
 * that passed (a jump of the dev clock counts as that much time), up to a cap. A failed
 * rotation is retried 10 s later; `static-creds` keeps the old expiration until it succeeds.
 */
export function rotateDueStaticRoles(core: EngineCore, mount: MountData): number {
  let rotations = 0;
  for (const name of mount.staticRoles.names()) {
    let record = mount.staticRoles.get(name);
    for (let i = 0; record && record.nextAttemptAt <= core.clock.now() && i < MAX_CATCH_UP; i++) {
      try {
        const key = rotateStaticKey(core, mount, record.username, record.userId);
        const now = core.clock.now();
        const period = record.rotationPeriod * 1000;
        // On schedule the next one is a period after the one just due; after a failed attempt it is
        // a period after now. The last catch-up step re-bases on now.
        const onSchedule = record.nextAttemptAt <= record.expiresAt;
        let expiresAt = onSchedule ? record.expiresAt + period : now + period;
        if (i === MAX_CATCH_UP - 1 && expiresAt <= now) expiresAt = now + period;
        record = { ...record, ...key, expiresAt, nextAttemptAt: expiresAt };
        mount.staticRoles.set(name, record);
        rotations++;
      } catch (error) {
        core.log(`static role ${mount.mount}/${name}: rotation failed, retrying in ${ENGINE_DEFAULTS.rotationRetrySeconds}s: ${error instanceof Error ? error.message : String(error)}`);
        mount.staticRoles.set(name, { ...record, nextAttemptAt: core.clock.now() + ENGINE_DEFAULTS.rotationRetrySeconds * 1000 });
        break;
      }
    }
  }
  return rotations;
}
