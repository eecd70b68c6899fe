import type { ActionConfig } from './action-config.ts';
import { CLEANUP_STATE, type CleanupState } from './cleanup-state.ts';
import type { Issued } from './issued.ts';
import type { Runner } from './runner.ts';

/**
 * Exports one credential set under its names. A set without a session token blanks the session-token
 * variable, so a token left by an earlier step cannot pair with the new keys. The region goes to
 * every region name of the set when the `region` input is given.
 */
export function exportCredentials(issued: Issued, config: ActionConfig, runner: Runner): string[] {
  const names = issued.request.env;
  if (!names) return [];
  const exported: [string, string][] = [
    [names.accessKey, issued.accessKey],
    [names.secretKey, issued.secretKey],
    [names.sessionToken, issued.sessionToken ?? ''],
    ...(config.region === undefined ? [] : names.region.map((name): [string, string] => [name, config.region ?? ''])),
  ];
  for (const [name, value] of exported) runner.exportVariable(name, value);
  return exported.map(([name]) => name);
}

/**
 * Saves what the post step must undo for everything issued so far: the revocable leases (iam_user;
 * an STS lease's revoke does not end its keys) and the variables this step exported (only those: a
 * CLOUD_REGION the workflow set itself must survive the clean-up).
 */
export function recordCleanup(
  issued: readonly Issued[],
  exported: readonly string[],
  runner: Runner,
  profileDirs: readonly string[] = [],
): void {
  const state: CleanupState = {
    leases: issued.filter((i) => i.revocable).map((i) => ({ role: i.request.role, leaseId: i.leaseId })),
    variables: [...new Set(exported)],
    profileDirs: [...profileDirs],
  };
  // The state as before profiles existed when there are none (older post steps read it too).
  const saved = profileDirs.length === 0 ? { leases: state.leases, variables: state.variables } : state;
  runner.saveState(CLEANUP_STATE, JSON.stringify(saved));
}
