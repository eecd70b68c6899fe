import { CloudError } from './cloud/cloud-error.ts';
import { rootCredentials, type EngineCore } from './engine-core.ts';
import type { LeaseRecord } from './leases/lease-manager.ts';

/**
 * Connects revocation paths: revoking a token revokes the leases issued under it, and revoking an
 * iam_user lease deletes the user (keys, policies, groups, user). STS leases have nothing to undo:
 * their credentials live until the provider's expiry. A user that is already gone counts as revoked.
 */
export function wireRevocation(core: EngineCore): void {
  core.tokens.onRevoke = (hash) => core.leases.revokeByToken(hash);
  core.leases.revoker = (lease: LeaseRecord) => {
    if (lease.userName === undefined) return;
    const mount = core.mount(lease.mount);
    if (!mount) return;
    try {
      core.cloud.deleteUserCompletely(rootCredentials(core, mount), lease.userName);
    } catch (error) {
      if (error instanceof CloudError && error.code === 'NoSuchEntity') return;
      throw error;
    }
  };
}
