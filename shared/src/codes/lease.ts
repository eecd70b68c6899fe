import type { CodeInfo } from './code-info.ts';

/** Problem codes of the lease-configuration area (`/config/lease`). Codes are stable: never rename one, add a new one instead. */
export const leaseCodes = {
  LEASE_MISSING_LEASE: {
    severity: 'error',
    summary: 'The lease configuration has no `lease`.',
  },
  LEASE_MISSING_LEASE_MAX: {
    severity: 'error',
    summary: 'The lease configuration has no `lease_max`.',
  },
  LEASE_EXCEEDS_MAX: {
    severity: 'warning',
    summary: '`lease` is longer than `lease_max`, so every lease is capped at `lease_max`.',
  },
} as const satisfies Record<string, CodeInfo>;
