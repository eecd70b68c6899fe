import { envNameList } from '@keyfob/shared';
import type { ActionConfig } from './action-config.ts';
import { CLEANUP_STATE, type CleanupState } from './cleanup-state.ts';
import type { Issued } from './issued.ts';
import type { Runner } from './runner.ts';

/**
 * Exports one credential set under its names. A set without a session token blanks the session-token
 * variable, so a token left by an earlier step cannot pair with the new keys. The region goes to
 * every region name of the set when the `region` input is given.
 */
export function exportCredentials(issued: Issued, config: ActionConfig, runner: Runner): void {
  const names = issued.request.env;
  if (!names) return;
  runner.exportVariable(names.accessKey, issued.accessKey);
  runner.exportVariable(names.secretKey, issued.secretKey);
  runner.exportVariable(names.sessionToken, issued.sessionToken ?? '');
  if (config.region !== undefined) for (const name of names.region) runner.exportVariable(name, config.region);
}

/**
 * Saves what the post step must undo for everything issued so far: the revocable leases (iam_user;
 * an STS lease's revoke does not end its keys) and every exported variable name.
 */
export function recordCleanup(issued: readonly Issued[], runner: Runner): void {
  const state: CleanupState = {
    leases: issued.filter((i) => i.revocable).map((i) => ({ role: i.request.role, leaseId: i.leaseId })),
    variables: [...new Set(issued.flatMap((i) => (i.request.env ? envNameList(i.request.env) : [])))],
  };
  runner.saveState(CLEANUP_STATE, JSON.stringify(state));
}
