import type { EngineCore } from './engine-core.ts';
import type { LeaseRecord } from './leases/lease-manager.ts';
import { isProviderError } from './secrets/provider-error.ts';
import { cloudProvider } from './secrets/provider.ts';

/**
 * Connects revocation paths: revoking a token revokes the leases issued under it, and revoking an
 * iam_user lease deletes the user (groups, policies, keys, user) through the mount's provider (the
 * AWS SDK at the configured endpoints, or the embedded cloud). STS leases have nothing to undo:
 * their credentials live until the provider's expiry. A user that is already gone counts as revoked.
 */
export function wireRevocation(core: EngineCore): void {
  core.tokens.onRevoke = (hash) => core.leases.revokeByToken(hash);
  core.leases.revoker = (lease: LeaseRecord) => {
    if (lease.userName === undefined) return undefined;
    const mount = core.mount(lease.mount);
    if (!mount) return undefined;
    return cloudProvider(core, mount)
      .deleteUser(lease.userName)
      .catch((error: unknown) => {
        if (!isProviderError(error, 'NoSuchEntity')) throw error;
      });
  };
}
