import { fieldInfo, validateJwtRole } from '../rules/index.ts';
import type { Problem } from '../problem.ts';
import { parseDuration } from '../duration/index.ts';
import { pointerToSegments, readCommaList } from '../text/index.ts';
import { readBoundCidrs } from './bound-cidrs.ts';
import type { JwtRole } from './jwt-role-types.ts';
import { JWT_ROLE_WIRE, type JwtWireKind } from './jwt-role-wire.ts';

/**
 * Reads a JWT role write (`auth/jwt/role/:name` body or a role file): checked by the one JWT role
 * validator (`validateJwtRole`, the rule table lint runs, in request mode), each error given as the
 * real engine's message (keyfob's message and code when the real engine has no such check), then
 * normalised: `role_type` omitted means `oidc`, lists from lists or comma-separated text, durations
 * in seconds, bound CIDRs in canonical form. The older names (`policies`, `ttl`, `max_ttl`,
 * `period`, `num_uses`, `bound_cidrs`) are read too; the current name wins when both are given.
 */
export function readJwtRole(written: Readonly<Record<string, unknown>>): { role?: JwtRole; errors: string[] } {
  // A null (as the engine reads a role back) or undefined field is an unset one.
  const params = Object.fromEntries(
    Object.entries(written).filter(([, value]) => value !== undefined && value !== null),
  );
  const errors = validateJwtRole(params, { source: 'request' }).problems.filter((p) => p.severity === 'error');
  if (errors.length > 0) return { errors: [...new Set(errors.map((p) => engineMessage(p, params)))] };
  return { role: normalise(params), errors: [] };
}

/** The real engine's message for a problem of the JWT role rules, else keyfob's with its code. */
function engineMessage(problem: Problem, params: Readonly<Record<string, unknown>>): string {
  const [field = '', key = ''] = pointerToSegments(problem.path);
  const value = (name: string) => str(params[name]);
  switch (problem.code) {
    case 'JWT_ROLE_USER_CLAIM_REQUIRED':
      return 'a user claim must be defined on the role';
    case 'JWT_ROLE_REDIRECT_URIS_REQUIRED':
      return "'allowed_redirect_uris' must be set if 'role_type' is 'oidc' or unspecified.";
    case 'JWT_ROLE_NO_BOUND_CONSTRAINT':
      return 'must have at least one bound constraint when creating/updating a role';
    case 'JWT_ROLE_INVALID_VALUE':
      return field === 'token_type'
        ? `invalid 'token_type' value ${JSON.stringify(value(field).toLowerCase())}`
        : `invalid '${field}': ${field === 'role_type' ? value(field).toLowerCase() : value(field)}`;
    case 'JWT_ROLE_GLOB_NOT_STRING':
      return `claim is not a string or list: ${key}`;
    case 'JWT_ROLE_BOUND_CIDR_INVALID':
      return readBoundCidrs(params[field], field).errors[0] ?? problem.message;
    case 'JWT_ROLE_TTL_ABOVE_MAX':
      return 'ttl should not be greater than max ttl';
    case 'JWT_ROLE_NUM_USES_NEGATIVE':
      return "'token_num_uses' cannot be negative";
    case 'JWT_ROLE_BATCH_TOKEN_LIMIT':
      return field === 'token_period' || field === 'period'
        ? "'token_type' cannot be 'batch' or 'default_batch' when set to generate periodic tokens"
        : "'token_type' cannot be 'batch' or 'default_batch' when set to generate tokens with limited use count";
    case 'JWT_ROLE_CLAIM_MAPPING_TARGET': {
      const target = String((params.claim_mappings as Record<string, unknown> | undefined)?.[key]);
      return target === 'role'
        ? 'metadata key "role" is reserved and may not be a mapping destination'
        : `multiple keys are mapped to metadata key "${target}"`;
    }
    default:
      return `${problem.message} [${problem.code}]`;
  }
}

/** A validated write as the engine stores it: each row of the wire table read by its kind. */
function normalise(params: Readonly<Record<string, unknown>>): JwtRole {
  const role: Record<string, unknown> = {};
  for (const row of JWT_ROLE_WIRE) {
    const name: string = 'older' in row && params[row.wire] === undefined ? row.older : row.wire;
    role[row.field] = READ[row.kind](params[name], name, row.wire);
  }
  return role as unknown as JwtRole;
}

/** Each kind's reader: the value, the parameter it came from, the row's wire name. */
const READ: Readonly<Record<JwtWireKind, (value: unknown, name: string, wire: string) => unknown>> = {
  text: str,
  choice: (value, _name, wire) => str(value).toLowerCase() || str(fieldInfo('jwt-role', wire)?.default),
  list: readCommaList,
  cidrs: (value, name) => readBoundCidrs(value, name).cidrs,
  map: (value) => Object.fromEntries(Object.entries(record(value)).map(([claim, target]) => [claim, String(target)])),
  claims: boundClaims,
  seconds,
  leeway,
  boolean: flag,
  integer: (value) => (typeof value === 'number' ? value : 0),
};

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function boundClaims(value: unknown): Record<string, unknown[]> {
  return Object.fromEntries(
    Object.entries(record(value)).map(([claim, allowed]) => [claim, Array.isArray(allowed) ? allowed : [allowed]]),
  );
}

function leeway(value: unknown): number {
  return value === -1 || value === '-1' ? -1 : seconds(value);
}

function seconds(value: unknown): number {
  if (value === undefined || value === null || value === '') return 0;
  return Math.floor(parseDuration(value, { allowInteger: true }).seconds ?? 0);
}

function flag(value: unknown): boolean {
  return value === true || value === 'true';
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}
