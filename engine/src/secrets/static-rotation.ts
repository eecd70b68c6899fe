import { CloudError } from '../cloud/cloud-error.ts';
import type { EngineCore } from '../engine-core.ts';
import { ENGINE_DEFAULTS } from '../engine-options.ts';
import { HttpError, internalError, wrapMultiError } from '../http/http-error.ts';
import type { MountData, StaticRoleRecord } from './mount-data.ts';
import { providerProblem } from './provider-error.ts';
import { cloudProvider } from './provider.ts';
import { serialised } from './serialised.ts';

/** A fresh key of a static role's user. */
export interface RotatedKey {
  readonly accessKey: string;
  readonly secretKey: string;
}

/**
 * Runs `task` alone for the cloud user `username` of `mount`: a rotation's steps (list keys, delete
 * the oldest, create one, record it) never interleave with another change of the same user, so no
 * third key and no recorded key that a concurrent rotation already deleted.
 */
export function withUserLock<T>(
  core: EngineCore,
  mount: MountData,
  username: string,
  task: () => Promise<T>,
): Promise<T> {
  return serialised(core, `${mount.mount}/user/${username.toLowerCase()}`, task);
}

/**
 * Seed 1 static-role rules 1-2, through the mount's provider: check the user is still the adopted
 * one, delete the OLDEST key when the user already has the maximum (two), then create a new key.
 * A user with no keys gets its first key, one key gets a second (the old stays valid), two keys
 * lose the oldest. Callers hold the user's lock (`withUserLock`).
 */
export async function rotateStaticKey(
  core: EngineCore,
  mount: MountData,
  username: string,
  userId: string | undefined,
): Promise<RotatedKey> {
  const provider = cloudProvider(core, mount);
  const user = await provider.getUser(username);
  if (userId !== undefined && user.userId !== userId) {
    throw new CloudError(
      'NoSuchEntity',
      `GetUser returned a user, but the ID did not match the adopted user "${username}"`,
      404,
    );
  }
  const keys = await provider.listAccessKeys(username);
  const oldest = keys[0];
  if (keys.length >= 2 && oldest) await provider.deleteAccessKey(username, oldest.id);
  const key = await provider.createAccessKey(username);
  return { accessKey: key.accessKeyId, secretKey: key.secretAccessKey };
}

/** A provider failure of a static-role step as the real engine answers it: 500, or 502 when throttled. */
export function staticRoleFailure(prefix: string, error: unknown): unknown {
  const problem = providerProblem(error);
  if (!problem) return error;
  const message = `${prefix}: ${problem.text}`;
  return problem.throttled ? new HttpError(502, [wrapMultiError(message)]) : internalError(message);
}

/** Rotates a static role now and schedules the next rotation one period later. Throws HttpError. */
export function rotateNow(core: EngineCore, mount: MountData, record: StaticRoleRecord): Promise<StaticRoleRecord> {
  return withUserLock(core, mount, record.username, async () => {
    const current = mount.staticRoles.get(record.name) ?? record;
    let key: RotatedKey;
    try {
      key = await rotateStaticKey(core, mount, current.username, current.userId);
    } catch (error) {
      throw staticRoleFailure(`unable to rotate credentials of static role "${current.name}"`, error);
    }
    const expiresAt = core.clock.now() + current.rotationPeriod * 1000;
    const next = { ...current, ...key, expiresAt, nextAttemptAt: expiresAt };
    mount.staticRoles.set(current.name, next);
    return next;
  });
}

/** Most rotations replayed for one role in one tick after a long clock jump. */
const MAX_CATCH_UP = 10;

/**
 * Scheduler step for one mount: every static role whose time came is rotated, once per period
 * that passed (a jump of the dev clock counts as that much time), up to a cap. A failed
 * rotation is retried 10 s later; `static-creds` keeps the old expiration until it succeeds.
 */
export async function rotateDueStaticRoles(core: EngineCore, mount: MountData): Promise<number> {
  let rotations = 0;
  for (const name of mount.staticRoles.names()) {
    const due = mount.staticRoles.get(name);
    if (!due || due.nextAttemptAt > core.clock.now()) continue;
    rotations += await withUserLock(core, mount, due.username, () => catchUp(core, mount, name));
  }
  return rotations;
}

/** The rotations of one role that are due, under its user's lock (the record is read afresh). */
async function catchUp(core: EngineCore, mount: MountData, name: string): Promise<number> {
  let rotations = 0;
  let record = mount.staticRoles.get(name);
  for (let i = 0; record && record.nextAttemptAt <= core.clock.now() && i < MAX_CATCH_UP; i++) {
    try {
      const key = await rotateStaticKey(core, mount, record.username, record.userId);
      // Deleted while the provider answered: the user keeps its new key (seed rule 4), no record.
      if (!mount.staticRoles.get(name)) break;
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
      const problem = providerProblem(error);
      core.log(
        `static role ${mount.mount}/${name}: rotation failed, retrying in ${ENGINE_DEFAULTS.rotationRetrySeconds}s: ${problem?.text ?? (error instanceof Error ? error.message : String(error))}`,
      );
      mount.staticRoles.set(name, {
        ...record,
        nextAttemptAt: core.clock.now() + ENGINE_DEFAULTS.rotationRetrySeconds * 1000,
      });
      break;
    }
  }
  return rotations;
}
