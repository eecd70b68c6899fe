import type { Acl, AclPermissions } from './build-acl.ts';
import { CAPABILITY_REPORT_ORDER, capabilityFor } from './capabilities.ts';
import { parametersAllowed } from './check-parameters.ts';
import { matchNonExact } from './match-rule.ts';
import type { AclOperation, Capability } from './policy-types.ts';

/** A request as the ACL sees it. */
export interface AclRequest {
  readonly operation: AclOperation;
  /** Full request path without `/v1/` (a LIST path ends in `/`). */
  readonly path: string;
  /** Body or query parameters, for the parameter rules. */
  readonly params?: Readonly<Record<string, unknown>>;
  /** Seconds of a requested response wrapping, when any. */
  readonly wrapTtl?: number;
}

/** What the ACL decided. */
export interface AclDecision {
  readonly allowed: boolean;
  /** The matched rule has `sudo` (or the token is root): root-protected paths need it. */
  readonly rootPrivs: boolean;
  readonly isRoot: boolean;
  /** The rule that decided, as written; undefined when none matched (or root). */
  readonly rulePath?: string;
  /** Policies that grant the needed capability on that rule. */
  readonly grantingPolicies: readonly string[];
  /** Set when the rule's `min_wrapping_ttl`/`max_wrapping_ttl` refused the request (seconds; 0 = no bound). */
  readonly wrappingBounds?: { readonly min: number; readonly max: number };
}

const DENIED: AclDecision = { allowed: false, rootPrivs: false, isRoot: false, grantingPolicies: [] };

/**
 * Decides one request as the real engine's `AllowOperation`: root allows all; an exact rule wins
 * outright (for LIST also without the trailing `/`); otherwise the highest-priority `*`/`+` rule;
 * no rule means denied. Then the operation's capability, wrapping bounds and parameter rules.
 *
 * @example allowOperation(acl, { operation: 'read', path: 'cloud/creds/deploy' }).allowed
 */
export function allowOperation(acl: Acl, request: AclRequest): AclDecision {
  if (acl.root) return { allowed: true, rootPrivs: true, isRoot: true, grantingPolicies: ['root'] };
  if (request.operation === 'help') return { ...DENIED, allowed: true };
  const permissions = findPermissions(acl, request.path.replace(/^\/+/, ''), request.operation === 'list');
  if (!permissions) return DENIED;
  const caps = permissions.capabilities;
  const rootPrivs = caps.has('sudo');
  const needed = capabilityFor(request.operation) as Capability;
  const base = { rootPrivs, isRoot: false, rulePath: permissions.rulePath };
  if (!caps.has(needed) || caps.has('deny')) return { ...base, allowed: false, grantingPolicies: [] };
  const granting = permissions.grantingPolicies.get(needed) ?? [];
  if (!wrappingAllowed(permissions, request.wrapTtl)) {
    const wrappingBounds = { min: permissions.minWrappingTtl, max: permissions.maxWrappingTtl };
    return { ...base, allowed: false, grantingPolicies: [], wrappingBounds };
  }
  const checksParams = ['read', 'update', 'create', 'patch', 'recover'].includes(request.operation);
  if (checksParams && !parametersAllowed(permissions, request.params ?? {}))
    return { ...base, allowed: false, grantingPolicies: [] };
  return { ...base, allowed: true, grantingPolicies: granting };
}

/** The capabilities of a path as `sys/capabilities*` reports them (sorted; `["root"]` or `["deny"]`). */
export function pathCapabilities(acl: Acl, path: string): string[] {
  if (acl.root) return ['root'];
  const permissions = findPermissions(acl, path.replace(/^\/+/, ''), true);
  const caps = permissions?.capabilities;
  if (!caps || caps.has('deny')) return ['deny'];
  const out = CAPABILITY_REPORT_ORDER.filter((c) => caps.has(c));
  return out.length === 0 ? ['deny'] : out.sort();
}

function findPermissions(acl: Acl, path: string, isList: boolean): AclPermissions | undefined {
  const exact = acl.exact.get(path) ?? (isList ? acl.exact.get(path.replace(/\/$/, '')) : undefined);
  if (exact) return exact;
  // LIST checks without the trailing slash first: a `foo*` rule may match `foo` but not `foo/`.
  if (isList && path.endsWith('/')) {
    const trimmed = matchNonExact(acl, path.slice(0, -1));
    if (trimmed) return trimmed;
  }
  return matchNonExact(acl, path);
}

function wrappingAllowed(permissions: AclPermissions, wrapTtl: number | undefined): boolean {
  const { minWrappingTtl: min, maxWrappingTtl: max } = permissions;
  if (max > 0 && (wrapTtl === undefined || wrapTtl > max)) return false;
  if (min > 0 && (wrapTtl === undefined || wrapTtl < min)) return false;
  return !(min !== 0 && max !== 0 && max < min);
}
