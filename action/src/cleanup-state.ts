/** The state key the post step reads. */
export const CLEANUP_STATE = 'keyfob-cleanup';

/** What the post step must undo: leases to revoke and variables to blank. No secret is kept here. */
export interface CleanupState {
  readonly leases: readonly { readonly role: string; readonly leaseId: string }[];
  readonly variables: readonly string[];
  /** Profile directories in RUNNER_TEMP (their ledgers name what refreshes created); removed whole. */
  readonly profileDirs: readonly string[];
}

/** Reads the saved state; an empty or foreign value means nothing to do. */
export function parseCleanupState(text: string): CleanupState {
  if (text.trim() === '') return { leases: [], variables: [], profileDirs: [] };
  try {
    const value = JSON.parse(text) as { leases?: unknown; variables?: unknown; profileDirs?: unknown };
    const leases = Array.isArray(value.leases) ? value.leases.filter(isLease) : [];
    const variables = Array.isArray(value.variables)
      ? value.variables.filter((v): v is string => typeof v === 'string')
      : [];
    const profileDirs = Array.isArray(value.profileDirs)
      ? value.profileDirs.filter((v): v is string => typeof v === 'string')
      : [];
    return { leases, variables, profileDirs };
  } catch {
    return { leases: [], variables: [], profileDirs: [] };
  }
}

function isLease(value: unknown): value is CleanupState['leases'][number] {
  const lease = value as { leaseId?: unknown; role?: unknown } | null;
  return typeof lease?.leaseId === 'string' && typeof lease.role === 'string';
}
