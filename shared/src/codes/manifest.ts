import type { CodeInfo } from './code-info.ts';

/** Problem codes of manifests (files declaring several roles at once). Codes are stable: never rename one, add a new one instead. */
export const manifestCodes = {
  MANIFEST_EMPTY: {
    severity: 'warning',
    summary: 'A manifest declares no roles, static roles, lease or root settings.',
  },
  MANIFEST_NAME_MISMATCH: {
    severity: 'error',
    summary: 'A role inside a manifest has a `name` key that differs from the key it is declared under.',
  },
  MANIFEST_INVALID_MOUNT: {
    severity: 'error',
    summary:
      '`mount` is not a mount path (segments of letters, digits and `_.-` separated by `/`, no leading or trailing `/`).',
  },
} as const satisfies Record<string, CodeInfo>;
