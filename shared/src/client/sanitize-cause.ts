import { redactSecrets } from './redact-secrets.ts';

/** How deep a cause chain is copied; fetch nests two levels (`fetch failed` -> `connect ECONNREFUSED`). */
const MAX_CAUSE_DEPTH = 3;

/**
 * A safe copy of a thrown value for `EngineError.cause`: a new `Error` with the same name, a redacted
 * message and the string `code`, with its own cause copied the same way. The original object is
 * dropped because libraries hang request options (headers with the token) on their errors.
 */
export function sanitizeCause(value: unknown, secrets: readonly string[], depth = 0): Error | undefined {
  if (value === undefined || value === null || depth >= MAX_CAUSE_DEPTH) return undefined;
  const source = value as { name?: unknown; message?: unknown; code?: unknown; cause?: unknown; errors?: unknown };
  const message =
    typeof source.message === 'string' ? source.message : typeof value === 'string' ? value : 'unknown failure';
  const nested = source.cause ?? (Array.isArray(source.errors) ? (source.errors as unknown[])[0] : undefined);
  const inner = sanitizeCause(nested, secrets, depth + 1);
  const copy = new Error(redactSecrets(message, secrets), inner === undefined ? undefined : { cause: inner });
  copy.name = typeof source.name === 'string' ? source.name : 'Error';
  if (typeof source.code === 'string') Object.defineProperty(copy, 'code', { value: source.code, enumerable: true });
  return copy;
}

/** The first string `code` in a cause chain (`ECONNREFUSED`, `ENOTFOUND`, `UND_ERR_SOCKET`...). */
export function findErrorCode(value: unknown, depth = 0): string | undefined {
  if (value === null || typeof value !== 'object' || depth >= MAX_CAUSE_DEPTH + 1) return undefined;
  const source = value as { code?: unknown; cause?: unknown; errors?: unknown };
  if (typeof source.code === 'string') return source.code;
  const fromCause = findErrorCode(source.cause, depth + 1);
  if (fromCause !== undefined) return fromCause;
  return Array.isArray(source.errors) ? findErrorCode((source.errors as unknown[])[0], depth + 1) : undefined;
}
