import type { EngineError } from './engine-error.ts';

/**
 * Network failures that another attempt cannot fix: the server's certificate is refused. Retrying
 * them only delays the message the user needs (set the CA certificate or fix the URL).
 */
const PERMANENT_NETWORK_CODES: ReadonlySet<string> = new Set([
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
]);

/**
 * Whether a failed request may succeed when sent again: network errors (refused, reset, DNS), a
 * per-request timeout, 412 (a Vault performance standby has not caught up yet), 429 and every 5xx
 * (502 is provider throttling). Never any other 4xx: a 400, 403 or 404 will say the same again.
 * Certificate failures, the caller's abort, the overall timeout and unusable bodies are final.
 */
export function shouldRetry(error: Pick<EngineError, 'code' | 'status' | 'networkCode'>): boolean {
  switch (error.code) {
    case 'ENGINE_NETWORK':
      return error.networkCode === undefined || !PERMANENT_NETWORK_CODES.has(error.networkCode);
    case 'ENGINE_TIMEOUT':
      return true;
    case 'ENGINE_HTTP':
      return isRetryableStatus(error.status);
    default:
      return false;
  }
}

/** Whether an HTTP status is worth another attempt (412, 429, 5xx). */
function isRetryableStatus(status: number | undefined): boolean {
  if (status === undefined) return false;
  return status === 412 || status === 429 || (status >= 500 && status <= 599);
}
