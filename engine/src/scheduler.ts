import type { EngineCore } from './engine-core.ts';
import { rotateDueStaticRoles } from './secrets/static-rotation.ts';

/** What one scheduler pass did. */
export interface TickReport {
  readonly expiredTokens: number;
  readonly expiredLeases: number;
  readonly rotations: number;
  readonly expiredSessions: number;
}

/**
 * Runs everything the engine clock made due: token expiry (which revokes their leases), lease
 * expiry (revoking like an explicit revoke), static role rotations, and the cleanup of expired
 * STS sessions. Synchronous; the caller commits.
 */
export function runDue(core: EngineCore): TickReport {
  const now = core.clock.now();
  const expiredTokens = core.tokens.expire(now);
  const expiredLeases = core.leases.expire(now);
  let rotations = 0;
  for (const name of core.settings.mounts) {
    const mount = core.mount(name);
    if (mount) rotations += rotateDueStaticRoles(core, mount);
  }
  const expiredSessions = core.cloud.purgeExpiredSessions();
  return { expiredTokens, expiredLeases, rotations, expiredSessions };
}
