import type { CodeInfo } from './code-info.ts';

/** Problem codes of the static-role area (`/static-roles/:name`). Codes are stable: never rename one, add a new one instead. */
export const staticRoleCodes = {
  STATIC_ROLE_INVALID_NAME: {
    severity: 'error',
    summary: "A static role name does not match the engine's pattern `\\w(([\\w-.@]+)?\\w)?`.",
  },
  STATIC_ROLE_MISSING_USERNAME: {
    severity: 'error',
    summary: 'A static role has no `username`; name the existing IAM user it adopts.',
  },
  STATIC_ROLE_INVALID_USERNAME: {
    severity: 'error',
    engineAccepts: true,
    summary: '`username` is not an IAM user name (1 to 64 characters from letters, digits and `+=,.@_-`).',
  },
  STATIC_ROLE_MISSING_ROTATION_PERIOD: {
    severity: 'error',
    summary: 'A static role has no `rotation_period`.',
  },
  STATIC_ROLE_ROTATION_TOO_SHORT: {
    severity: 'error',
    summary: '`rotation_period` is shorter than the minimum of one minute.',
  },
} as const satisfies Record<string, CodeInfo>;
