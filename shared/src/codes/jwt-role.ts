import type { CodeInfo } from './code-info.ts';

/** Problem codes of JWT role files (`*.jwt-role.yaml`, `auth/jwt/role/:name`): what the engine refuses to store. Codes are stable: never rename one, add a new one instead. */
export const jwtRoleCodes = {
  JWT_ROLE_USER_CLAIM_REQUIRED: {
    severity: 'error',
    summary: 'The role has no `user_claim`; the engine refuses it with `a user claim must be defined on the role`.',
  },
  JWT_ROLE_INVALID_VALUE: {
    severity: 'error',
    summary:
      '`role_type`, `bound_claims_type` or `token_type` holds a value the engine does not know (`data.suggestion` holds the closest).',
  },
  JWT_ROLE_REDIRECT_URIS_REQUIRED: {
    severity: 'error',
    summary: 'An `oidc` role without `allowed_redirect_uris`; the engine refuses it.',
  },
  JWT_ROLE_NO_BOUND_CONSTRAINT: {
    severity: 'error',
    summary:
      'A `jwt` role binds no audience, subject, claim or CIDR; the engine refuses it (`must have at least one bound constraint`).',
  },
  JWT_ROLE_GLOB_NOT_STRING: {
    severity: 'error',
    summary:
      'With `bound_claims_type: glob`, every bound claim value must be a string; the engine refuses numbers and booleans.',
  },
  JWT_ROLE_BOUND_CIDR_INVALID: {
    severity: 'error',
    summary:
      'A `token_bound_cidrs` (or `bound_cidrs`) item is neither an IP address nor a CIDR block; the engine refuses it (`error parsing address`).',
  },
  JWT_ROLE_TTL_ABOVE_MAX: {
    severity: 'error',
    summary:
      '`token_ttl` is longer than `token_max_ttl`; the engine refuses it (`ttl should not be greater than max ttl`).',
  },
  JWT_ROLE_NUM_USES_NEGATIVE: {
    severity: 'error',
    summary:
      "`token_num_uses` (or `num_uses`) is negative; the engine refuses it (`'token_num_uses' cannot be negative`).",
  },
  JWT_ROLE_BATCH_TOKEN_LIMIT: {
    severity: 'error',
    summary:
      '`token_type: batch` with `token_period` or `token_num_uses`; batch tokens cannot be periodic or use-limited, and the engine refuses it.',
  },
  JWT_ROLE_CLAIM_MAPPING_TARGET: {
    severity: 'error',
    summary:
      'A `claim_mappings` target is `role` (reserved) or the target of another claim too; the engine refuses it.',
  },
  JWT_ROLE_DEPRECATED_FIELD: {
    severity: 'warning',
    summary:
      'An older field name (`policies`, `ttl`, `max_ttl`, `num_uses`, `period`, `bound_cidrs`); `data.replacement` holds the current one.',
  },
} as const satisfies Record<string, CodeInfo>;
