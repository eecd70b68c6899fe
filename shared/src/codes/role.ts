import type { CodeInfo } from './code-info.ts';

/** Problem codes of the role area (dynamic roles, `/roles/:name`). Codes are stable: never rename one, add a new one instead. */
export const roleCodes = {
  ROLE_INVALID_NAME: {
    severity: 'error',
    summary: "A role name does not match the engine's pattern `\\w(([\\w-.@]+)?\\w)?`, so no URL can address the role.",
  },
  ROLE_MISSING_CREDENTIAL_TYPE: {
    severity: 'error',
    summary:
      'A role has no `credential_type`; give one of `iam_user`, `assumed_role`, `federation_token`, `session_token`.',
  },
  ROLE_UNKNOWN_CREDENTIAL_TYPE: {
    severity: 'error',
    summary: '`credential_type` is not one of the four credential types (`data.suggestion` holds the closest one).',
  },
  ROLE_ARNS_REQUIRED: {
    severity: 'error',
    summary: 'An `assumed_role` role lists no `role_arns`, so the engine has no role to assume.',
  },
  ROLE_ARNS_NOT_ALLOWED: {
    severity: 'error',
    summary: '`role_arns` is given for a credential type other than `assumed_role`.',
  },
  ROLE_POLICY_REQUIRED: {
    severity: 'error',
    summary: 'An `iam_user` or `federation_token` role gives neither `policy_arns` nor `policy_document`.',
  },
  ROLE_POLICY_NOT_ALLOWED: {
    severity: 'error',
    summary: '`policy_arns` or `policy_document` is given for a `session_token` role, which takes no policy.',
  },
  ROLE_STS_TTL_NOT_ALLOWED: {
    severity: 'error',
    summary:
      '`default_sts_ttl` or `max_sts_ttl` is given for a credential type other than `assumed_role` or `federation_token`.',
  },
  ROLE_ASSUMED_ROLE_FIELD_NOT_ALLOWED: {
    severity: 'error',
    summary: '`session_tags` or `external_id` is given for a credential type other than `assumed_role`.',
  },
  ROLE_IAM_USER_FIELD_NOT_ALLOWED: {
    severity: 'error',
    summary: '`user_path` or `permissions_boundary_arn` is given for a credential type other than `iam_user`.',
  },
  ROLE_FIELD_UNUSED: {
    severity: 'warning',
    summary:
      "A field the role's credential type ignores (`iam_tags` outside `iam_user`, `mfa_serial_number` outside `session_token`, `iam_groups` for `session_token`, or an empty value).",
  },
  ROLE_TTL_ORDER: {
    severity: 'error',
    summary: '`default_sts_ttl` is longer than `max_sts_ttl`.',
  },
  ROLE_INVALID_USER_PATH: {
    severity: 'error',
    summary:
      "`user_path` is not an IAM path (AWS's `(\\u002F)|(\\u002F[\\u0021-\\u007E]+\\u002F)`, at most 512 characters: `/` or `/…/` with printable ASCII, no space or DEL, between). What the engine's own looser regexp `^/([\\x21-\\x7F]{0,510}/)?$` refuses is a 400 on its API; DEL and `//`, which it stores but CreateUser refuses, are warnings there.",
  },
  ROLE_INVALID_ROLE_ARN: {
    severity: 'error',
    engineAccepts: true,
    summary: 'An item of `role_arns` is not an IAM role ARN (`arn:<partition>:iam::<12-digit account>:role/<name>`).',
  },
  ROLE_INVALID_POLICY_ARN: {
    severity: 'error',
    engineAccepts: true,
    summary:
      'An item of `policy_arns` is not an IAM policy ARN (`arn:<partition>:iam::<account or aws>:policy/<name>`).',
  },
  ROLE_INVALID_BOUNDARY_ARN: {
    severity: 'error',
    summary: '`permissions_boundary_arn` is not an IAM policy ARN.',
  },
  ROLE_INVALID_POLICY_DOCUMENT: {
    severity: 'error',
    summary: '`policy_document` is not a JSON object (the text does not parse, or it is an array, string or number).',
  },
  ROLE_POLICY_DOCUMENT_SUSPECT: {
    severity: 'warning',
    summary:
      '`policy_document` parses but does not look like an IAM policy (unknown `Version`, no `Statement`, a statement without `Effect` or action).',
  },
  ROLE_LEGACY_FIELD: {
    severity: 'warning',
    summary:
      'The legacy `policy` or `arn` field is deprecated; use `policy_document` or `policy_arns` with an explicit `credential_type`.',
  },
  ROLE_LEGACY_MIXED: {
    severity: 'error',
    summary: 'A legacy field (`policy`, `arn`) is mixed with non-legacy fields.',
  },
  ROLE_LEGACY_CONFLICT: {
    severity: 'error',
    summary: 'Both legacy fields `policy` and `arn` are given; only one of them may be.',
  },
  ROLE_LEGACY_INVALID: {
    severity: 'error',
    summary: 'A legacy `policy` is not a JSON policy, or a legacy `arn` is not an IAM policy or role ARN.',
  },
} as const satisfies Record<string, CodeInfo>;
