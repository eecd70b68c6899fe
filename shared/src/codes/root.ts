import type { CodeInfo } from './code-info.ts';

/** Problem codes of the root-configuration area (`/config/root`). Codes are stable: never rename one, add a new one instead. */
export const rootCodes = {
  ROOT_ACCESS_KEY_WITH_AUDIENCE: {
    severity: 'error',
    summary: '`access_key` and `identity_token_audience` are both set; they are mutually exclusive.',
  },
  ROOT_SECRET_KEY_WITHOUT_ACCESS_KEY: {
    severity: 'error',
    summary: '`secret_key` is set without `access_key`; the two come together.',
  },
  ROOT_ACCESS_KEY_WITHOUT_SECRET_KEY: {
    severity: 'error',
    summary: '`access_key` is set without `secret_key`; the two come together.',
  },
  ROOT_AUDIENCE_WITHOUT_ROLE_ARN: {
    severity: 'error',
    summary: '`identity_token_audience` is set without `role_arn`, which workload identity federation requires.',
  },
  ROOT_INVALID_ROLE_ARN: {
    severity: 'error',
    engineAccepts: true,
    summary: 'The root `role_arn` is not an IAM role ARN (`arn:<partition>:iam::<12-digit account>:role/<name>`).',
  },
  ROOT_ENTERPRISE_FIELD: {
    severity: 'info',
    summary:
      'A field that exists only in the enterprise edition (`role_arn`, `identity_token_audience`, `identity_token_ttl`).',
  },
  ROOT_FALLBACK_LENGTH_MISMATCH: {
    severity: 'error',
    summary: '`sts_fallback_endpoints` and `sts_fallback_regions` have different lengths.',
  },
  ROOT_FALLBACK_WITHOUT_ENDPOINT: {
    severity: 'warning',
    summary:
      'STS fallback endpoints are set without `sts_endpoint`; the engine tries fallbacks only after a custom `sts_endpoint`.',
  },
  ROOT_STS_REGION_WITHOUT_ENDPOINT: {
    severity: 'warning',
    summary: '`sts_region` is set without `sts_endpoint`; it should match a custom token-service endpoint.',
  },
  ROOT_INVALID_ENDPOINT: {
    severity: 'warning',
    summary: 'An endpoint (`iam_endpoint`, `sts_endpoint` or a fallback) is not an `http://` or `https://` URL.',
  },
  ROOT_INVALID_MAX_RETRIES: {
    severity: 'error',
    engineAccepts: true,
    summary: '`max_retries` is below -1 (`-1` means the provider SDK default).',
  },
  ROOT_SECRET_IN_FILE: {
    severity: 'warning',
    summary: 'A literal `secret_key` is written in a file; secrets belong in the engine, not in version control.',
  },
} as const satisfies Record<string, CodeInfo>;
