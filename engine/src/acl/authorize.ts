import { addressAllowed } from '@keyfob/shared/jwt-roles';
import { allowOperation, type AclOperation } from '@keyfob/shared/policies';
import type { Caller } from '../auth/token-store.ts';
import { HttpError, PERMISSION_DENIED, permissionDenied } from '../http/http-error.ts';
import type { PolicyStore } from './policy-store.ts';
import { isRootPath } from './root-paths.ts';

/** A request as the access check sees it. */
export interface AccessRequest {
  readonly operation: AclOperation;
  /** Full path under `/v1/`, e.g. `cloud/creds/deploy` (a LIST path already ends in `/`: the dispatcher adds it). */
  readonly path: string;
  readonly params: Readonly<Record<string, unknown>>;
  /** The client's address as the socket reports it; undefined when unknown (a token bound to CIDRs is then refused). */
  readonly remoteAddress?: string | undefined;
  /** Seconds of response wrapping asked for (`X-Vault-Wrap-TTL`); policies' wrapping bounds check it. */
  readonly wrapTtl?: number | undefined;
}

/**
 * The check every authenticated request passes before routing, as the real engine does it: a
 * token bound to CIDRs (a JWT login's `token_bound_cidrs`) is used from one of them (every token
 * but a non-expiring root token), the caller's policies allow the operation on the path
 * (parameter rules included), and a root-protected path also has `sudo`. Anything else is 403
 * `permission denied`, whether or not the path exists.
 */
export function authorize(policies: PolicyStore, caller: Caller, request: AccessRequest): void {
  const bound = caller.record.boundCidrs ?? [];
  if (caller.record.ttl !== 0 && !addressAllowed(request.remoteAddress, bound)) throw permissionDenied();
  const { path } = request;
  const decision = allowOperation(policies.acl(caller.record.policies), {
    operation: request.operation,
    path,
    params: request.params,
    ...(request.wrapTtl !== undefined ? { wrapTtl: request.wrapTtl } : {}),
  });
  if (!decision.allowed) {
    const bounds = decision.wrappingBounds;
    if (!bounds) throw permissionDenied();
    // The real engine says only "permission denied"; keyfob adds which wrapping the rule requires.
    throw new HttpError(403, [PERMISSION_DENIED, wrappingRequiredMessage(path, bounds, request.wrapTtl)]);
  }
  if (!decision.rootPrivs && isRootPath(path)) throw permissionDenied();
}

/** keyfob's explanation of a refusal by a rule's `min_wrapping_ttl`/`max_wrapping_ttl`. */
function wrappingRequiredMessage(
  path: string,
  bounds: { readonly min: number; readonly max: number },
  asked: number | undefined,
): string {
  const range = [bounds.min > 0 ? `at least ${bounds.min}s` : '', bounds.max > 0 ? `at most ${bounds.max}s` : '']
    .filter(Boolean)
    .join(' and ');
  const given = asked === undefined ? 'the request asked for none' : `the request asked for ${asked}s`;
  return `the policy rule for ${path} requires response wrapping (min_wrapping_ttl/max_wrapping_ttl): a wrap TTL of ${range}, ${given}; send X-Vault-Wrap-TTL within those bounds (the keyfob action's wrap-ttl input) [WRAPPING_REQUIRED]`;
}
