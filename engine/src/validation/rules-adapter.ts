import * as shared from '@keyfob/shared';
import type { Params } from '../http/parse-params.ts';
import { fallbackCredentialRequest, fallbackLeaseConfig, fallbackRole, fallbackStaticRole } from './fallback-rules.ts';
import { fallbackRootConfig } from './fallback-root-config.ts';
import type { CredentialRequestInput, LeaseConfigRecord, RootConfigRecord, StaticRoleInput, StoredRole, Validated } from './validated.ts';

/**
 * Validation of request bodies with the shared rules, so the engine, the linter and the editor
 * report the same codes. Until shared/src/rules exports its validators the stand-ins in
 * fallback-*.ts answer (same seed rules).
 */
const api = shared as unknown as Record<string, unknown>;
void api;

/** Role body (already merged with the stored role) -> stored role. */
export function checkRole(body: Params, _name: string): Validated<StoredRole> {
  return fallbackRole(body);
}

/** Static role body (merged) -> username and period. */
export function checkStaticRole(body: Params, _name: string): Validated<StaticRoleInput> {
  return fallbackStaticRole(body);
}

/** Root configuration body. */
export function checkRootConfig(body: Params): Validated<RootConfigRecord> {
  return fallbackRootConfig(body);
}

/** Lease configuration body. */
export function checkLeaseConfig(body: Params): Validated<LeaseConfigRecord> {
  return fallbackLeaseConfig(body);
}

/** Credentials request parameters against the role. */
export function checkCredentialRequest(params: Params, role: StoredRole): Validated<CredentialRequestInput> {
  return fallbackCredentialRequest(params, role);
}
