import { addressAllowed } from '@keyfob/shared/jwt-roles';
import { allowOperation, type AclOperation } from '@keyfob/shared/policies';
import type { Caller } from '../auth/token-store.ts';
import { permissionDenied } from '../http/http-error.ts';
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
  });
  if (!decision.allowed) throw permissionDenied();
  if (!decision.rootPrivs && isRootPath(path)) throw permissionDenied();
}
