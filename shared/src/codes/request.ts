import type { CodeInfo } from './code-info.ts';

/** Problem codes of credential requests (`/creds/:name`, `/sts/:name`). Codes are stable: never rename one, add a new one instead. */
export const requestCodes = {
  REQUEST_TTL_NOT_ALLOWED: {
    severity: 'error',
    engineAccepts: true,
    summary:
      '`ttl` is given for an `iam_user` role; it is valid only for `assumed_role`, `federation_token` and `session_token`.',
  },
  REQUEST_TTL_CAPPED: {
    severity: 'info',
    summary: "`ttl` is longer than the role's `max_sts_ttl`; the engine silently shortens it.",
  },
  REQUEST_ROLE_ARN_REQUIRED: {
    severity: 'error',
    summary: 'The role allows several `role_arns`, so the request must name one in `role_arn`.',
  },
  REQUEST_ROLE_ARN_NOT_IN_ROLE: {
    severity: 'error',
    summary: "`role_arn` is not one of the role's allowed `role_arns`.",
  },
  REQUEST_FIELD_UNUSED: {
    severity: 'warning',
    summary: '`role_arn` or `role_session_name` is given for a role that is not `assumed_role`; the engine ignores it.',
  },
  REQUEST_SESSION_NAME_TOO_LONG: {
    severity: 'warning',
    summary: '`role_session_name` is longer than 64 characters; the engine truncates it to 64.',
  },
  REQUEST_SESSION_NAME_CHARSET: {
    severity: 'warning',
    summary:
      '`role_session_name` holds characters outside letters, digits and `+=,.@_-` (or fewer than 2 characters); the engine replaces them with `_`.',
  },
  REQUEST_MFA_CODE_REQUIRED: {
    severity: 'error',
    engineAccepts: true,
    summary: 'The role has `mfa_serial_number`, so the request needs an `mfa_code`.',
  },
  REQUEST_LEGACY_WRONG_ENDPOINT: {
    severity: 'error',
    summary:
      'A role written with legacy `policy`/`arn` is read through the wrong path: `/sts` needs `assumed_role` or `federation_token`, `/creds` needs `iam_user`.',
  },
  REQUEST_MFA_CODE_NOT_ALLOWED: {
    severity: 'error',
    engineAccepts: true,
    summary: '`mfa_code` is given but the role has no `mfa_serial_number`.',
  },
} as const satisfies Record<string, CodeInfo>;
