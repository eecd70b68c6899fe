import type { Problem } from '@keyfob/shared/problem';
import {
  validateCredentialRequest,
  validateLeaseConfig,
  validateRole,
  validateRootConfig,
  validateStaticRole,
  type CredentialType,
  type RoleDefinition,
} from '@keyfob/shared/rules';
import { HttpError } from '../http/http-error.ts';
import type { Params } from '../http/parse-params.ts';
import { refusalFor, type BodyKind } from './real-messages.ts';
import type {
  CredentialRequestInput,
  LeaseConfigRecord,
  RootConfigRecord,
  StaticRoleInput,
  StoredRole,
  Validated,
} from './validated.ts';

/**
 * Request bodies are validated with the shared rules, so the engine, the linter and the editor can
 * never disagree: each error becomes one line of a 400's `errors` (`<message> [<CODE>]`), each
 * warning one line of the response's `warnings`. Info problems (enterprise-only hints) are left out.
 */
function problemLines(problems: readonly Problem[]): { errors: string[]; warnings: string[] } {
  const line = (p: Problem): string => `${p.message} [${p.code}]`;
  return {
    errors: problems.filter((p) => p.severity === 'error').map(line),
    warnings: problems.filter((p) => p.severity === 'warning').map(line),
  };
}

/**
 * The checked value, or the refusal the real engine would give (its status and message first,
 * keyfob's lines after it, see real-messages.ts).
 */
function validated<T>(
  value: T | undefined,
  problems: readonly Problem[],
  kind: BodyKind,
  body: Params,
  context: { roleName?: string } = {},
): Validated<T> {
  const { warnings } = problemLines(problems);
  const errors = problems.filter((p) => p.severity === 'error');
  if (errors.length === 0) return { value, errors: [], warnings };
  const refusal = refusalFor(kind, errors, body, context);
  return { value: undefined, errors: [refusal.message], warnings, status: refusal.status };
}

/** The HTTP error for a refused body: the real engine's status and message. */
export function refusal(checked: Validated<unknown>): HttpError {
  return new HttpError(checked.status ?? 400, checked.errors);
}

/** A role body (already merged with the stored role on update) -> the stored role. */
export function checkRole(body: Params, name: string): Validated<StoredRole> {
  const { value: role, problems } = validateRole(body, { name, source: 'request' });
  return validated(role ? fromRoleDefinition(role) : undefined, problems, 'role', body);
}

/** A static role body (merged on update). */
export function checkStaticRole(body: Params, name: string): Validated<StaticRoleInput> {
  const { value: staticRole, problems } = validateStaticRole(body, { name });
  return validated(staticRole, problems, 'static-role', body);
}

/** A root configuration body (an HTTP request: a literal secret is expected here). */
export function checkRootConfig(body: Params): Validated<RootConfigRecord> {
  const { value: config, problems } = validateRootConfig(body, { source: 'request' });
  return validated(config, problems, 'root-config', body);
}

/** A lease configuration body. */
export function checkLeaseConfig(body: Params): Validated<LeaseConfigRecord> {
  const { value: config, problems } = validateLeaseConfig(body, { source: 'request' });
  return validated(config, problems, 'lease-config', body);
}

/**
 * Checks of a request without parameters (most credential requests), per stored role record and
 * credential type: the check is a pure function of the two and records are replaced, never changed
 * in place, so the answer stays right until the role is written again (a new record, a new entry).
 */
const emptyRequestChecks = new WeakMap<StoredRole, Map<string, Validated<CredentialRequestInput>>>();

/** Credential request parameters against the role, as the role resolves on this path (`type`). */
export function checkCredentialRequest(
  params: Params,
  role: StoredRole,
  type: CredentialType,
  roleName: string,
): Validated<CredentialRequestInput> {
  if (Object.keys(params).length > 0) return checkRequest(params, role, type, roleName);
  let byType = emptyRequestChecks.get(role);
  if (!byType) emptyRequestChecks.set(role, (byType = new Map<string, Validated<CredentialRequestInput>>()));
  const key = `${type}\n${roleName}`;
  let checked = byType.get(key);
  if (!checked) byType.set(key, (checked = checkRequest(params, role, type, roleName)));
  return checked;
}

function checkRequest(
  params: Params,
  role: StoredRole,
  type: CredentialType,
  roleName: string,
): Validated<CredentialRequestInput> {
  const { value: request, problems } = validateCredentialRequest(params, {
    role: toRoleDefinition(role, type),
    source: 'request',
  });
  const value: CredentialRequestInput | undefined = request && {
    ...(request.roleArn !== '' ? { roleArn: request.roleArn } : {}),
    ...(request.roleSessionName !== '' ? { roleSessionName: request.roleSessionName } : {}),
    ...(request.ttl !== undefined ? { ttl: Math.floor(request.ttl) } : {}),
    ...(request.mfaCode !== '' ? { mfaCode: request.mfaCode } : {}),
  };
  return validated(value, problems, 'credential-request', params, { roleName });
}

/** The shared rules' role definition -> the engine's stored form. */
function fromRoleDefinition(role: RoleDefinition): StoredRole {
  const { name: _name, credentialType: _type, legacy, defaultStsTtl, maxStsTtl, ...fields } = role;
  return {
    ...fields,
    defaultStsTtl: Math.floor(defaultStsTtl ?? 0),
    maxStsTtl: Math.floor(maxStsTtl ?? 0),
    legacy: legacy !== undefined,
  };
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
