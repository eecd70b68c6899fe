import {
  validateCredentialRequest,
  validateLeaseConfig,
  validateRole,
  validateRootConfig,
  validateStaticRole,
  type CredentialType,
  type Problem,
  type RoleDefinition,
} from '@keyfob/shared';
import type { Params } from '../http/parse-params.ts';
import type { CredentialRequestInput, LeaseConfigRecord, RootConfigRecord, StaticRoleInput, StoredRole, Validated } from './validated.ts';

/**
 * Request bodies are validated with the shared rules, so the engine, the linter and the editor can
 * never disagree: each error becomes one line of a 400's `errors` (`<message> [<CODE>]`), each
 * warning one line of the response's `warnings`. Info problems (enterprise-only hints) are left out.
 */
export function problemLines(problems: readonly Problem[]): { errors: string[]; warnings: string[] } {
  const line = (p: Problem): string => `${p.message} [${p.code}]`;
  return {
    errors: problems.filter((p) => p.severity === 'error').map(line),
    warnings: problems.filter((p) => p.severity === 'warning').map(line),
  };
}

function validated<T>(value: T | undefined, problems: readonly Problem[]): Validated<T> {
  const { errors, warnings } = problemLines(problems);
  return { value: errors.length > 0 ? undefined : value, errors, warnings };
}

/** A role body (already merged with the stored role on update) -> the stored role. */
export function checkRole(body: Params, name: string): Validated<StoredRole> {
  const { role, problems } = validateRole(body, { name });
  return validated(role ? fromRoleDefinition(role) : undefined, problems);
}

/** A static role body (merged on update). */
export function checkStaticRole(body: Params, name: string): Validated<StaticRoleInput> {
  const { staticRole, problems } = validateStaticRole(body, { name });
  return validated(staticRole ? { username: staticRole.username, rotationPeriod: staticRole.rotationPeriod } : undefined, problems);
}

/** A root configuration body (an HTTP request: a literal secret is expected here). */
export function checkRootConfig(body: Params): Validated<RootConfigRecord> {
  const { config, problems } = validateRootConfig(body, { source: 'request' });
  return validated(config, problems);
}

/** A lease configuration body. */
export function checkLeaseConfig(body: Params): Validated<LeaseConfigRecord> {
  const { config, problems } = validateLeaseConfig(body);
  return validated(config, problems);
}

/** Credential request parameters against the role, as the role resolves on this path (`type`). */
export function checkCredentialRequest(params: Params, role: StoredRole, type: CredentialType): Validated<CredentialRequestInput> {
  const { request, problems } = validateCredentialRequest(params, { role: toRoleDefinition(role, type) });
  const value: CredentialRequestInput | undefined = request && {
    ...(request.roleArn !== '' ? { roleArn: request.roleArn } : {}),
    ...(request.roleSessionName !== '' ? { roleSessionName: request.roleSessionName } : {}),
    ...(request.ttl !== undefined ? { ttl: Math.floor(request.ttl) } : {}),
    ...(request.mfaCode !== '' ? { mfaCode: request.mfaCode } : {}),
  };
  return validated(value, problems);
}

/** The shared rules' role definition -> the engine's stored form. */
export function fromRoleDefinition(role: RoleDefinition): StoredRole {
  const { name: _name, credentialType: _type, legacy, defaultStsTtl, maxStsTtl, ...fields } = role;
  return { ...fields, defaultStsTtl: Math.floor(defaultStsTtl ?? 0), maxStsTtl: Math.floor(maxStsTtl ?? 0), legacy: legacy !== undefined };
}

function toRoleDefinition(role: StoredRole, type: CredentialType): RoleDefinition {
  const { legacy: _legacy, defaultStsTtl, maxStsTtl, ...fields } = role;
  return {
    ...fields,
    credentialType: type,
    ...(defaultStsTtl > 0 ? { defaultStsTtl } : {}),
    ...(maxStsTtl > 0 ? { maxStsTtl } : {}),
  };
}
