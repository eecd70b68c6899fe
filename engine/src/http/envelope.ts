import { newRequestId } from '../ids.ts';
import type { HandlerResult } from './handler-result.ts';

/**
 * The standard response body, keys in the real engine's order: `request_id`, `lease_id`,
 * `renewable`, `lease_duration`, `data`, `wrap_info`, `warnings`, `auth`, `mount_type`.
 */
export function buildEnvelope(
  result: Extract<HandlerResult, { kind: 'data' }>,
  frameworkWarnings: readonly string[],
  mountType: string,
): Record<string, unknown> {
  // The request framework's own warnings (unrecognized parameters) come first, as in the real
  // engine; the handler's, keyfob's explanations among them, follow.
  const warnings =
    frameworkWarnings.length === 0 ? (result.warnings ?? []) : [...frameworkWarnings, ...(result.warnings ?? [])];
  return {
    request_id: newRequestId(),
    lease_id: result.lease?.leaseId ?? '',
    renewable: result.lease?.renewable ?? false,
    lease_duration: result.lease?.leaseDuration ?? 0,
    data: result.data,
    wrap_info: null,
    warnings: warnings.length > 0 ? warnings : null,
    auth: result.auth ?? null,
    mount_type: mountType,
  };
}

/** The warning the real engine adds when a request carried parameters the endpoint does not know. */
export function unknownParametersWarning(names: readonly string[]): string {
  return `Endpoint ignored these unrecognized parameters: [${[...names].sort().join(' ')}]`;
}
