import type { CodeInfo } from './code-info.ts';

/** Problem codes of response wrapping (the engine's X-Vault-Wrap-TTL, the action's wrap-ttl and unwrap). Codes are stable. */
export const wrappingCodes = {
  WRAPPING_TTL_TOO_SHORT: {
    severity: 'warning',
    summary:
      'An `X-Vault-Wrap-TTL` is under 1s: the engine wraps as asked (the real engine does too), but the wrapping token expires before most clients can unwrap it and `wrap_info.ttl` reads 0.',
  },
  WRAPPING_REQUIRED: {
    severity: 'error',
    summary:
      "A policy rule's `min_wrapping_ttl`/`max_wrapping_ttl` refused the request (403): it must ask for response wrapping within those bounds (`X-Vault-Wrap-TTL`, the action's `wrap-ttl`).",
  },
  WRAPPING_PATH_MISMATCH: {
    severity: 'error',
    summary:
      "A wrapping token's `creation_path` (from `sys/wrapping/lookup`) is not a credential call of the expected role and mount, so it was not unwrapped: it could hold anything its maker chose.",
  },
} as const satisfies Record<string, CodeInfo>;
