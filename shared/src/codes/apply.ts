import type { CodeInfo } from './code-info.ts';

/** Problem codes of the apply area (planning role files against an engine). Codes are stable. */
export const applyCodes = {
  APPLY_DUPLICATE_NAME: {
    severity: 'error',
    summary: 'Two documents declare the same role or static role; the engine can hold only one.',
  },
  APPLY_NO_DOCUMENTS: { severity: 'warning', summary: 'No role or static-role document was found in the given paths.' },
  APPLY_ROTATION_RESET: {
    severity: 'info',
    summary: "Changing a static role's `rotation_period` moves its next rotation to now plus the new period.",
  },
  APPLY_STATIC_USER_KEPT: {
    severity: 'warning',
    summary: 'Deleting a static role leaves its cloud user in place; clean it up by hand.',
  },
  APPLY_USERNAME_CHANGE: {
    severity: 'warning',
    summary: "A static role's `username` changed: the role is deleted and created again for the new user.",
  },
  APPLY_MOUNT_MISMATCH: {
    severity: 'error',
    summary: 'A manifest declares a different `mount` than the one apply writes to.',
  },
  APPLY_NOT_APPLIED: {
    severity: 'info',
    summary: 'Apply manages roles and static roles only; root and lease configuration in the files are left alone.',
  },
  APPLY_POLICY_RESERVED: {
    severity: 'error',
    summary: "A policy file named `root`: the engine's `root` policy cannot be written.",
  },
  APPLY_PRUNE_KIND_SKIPPED: {
    severity: 'info',
    summary: "No file declares a policy (or a JWT role), so `prune` leaves the engine's policies (or JWT roles) alone.",
  },
  APPLY_PRUNE_UNLISTED: {
    severity: 'warning',
    summary: 'The engine cannot list these roles, so `prune` could not look for roles that no file declares.',
  },
  APPLY_WRITE_NOT_READ_BACK: {
    severity: 'error',
    summary:
      "A role, policy or JWT role apply wrote was not there when read back (the read carries the write's index on a cluster): the write did not stick, or something between keyfob and the engine drops the index headers.",
  },
} as const satisfies Record<string, CodeInfo>;
