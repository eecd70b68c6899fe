import { validateJwtRole } from '../rules/index.ts';
import type { Problem } from '../problem.ts';
import { parseDuration } from '../duration/index.ts';
import { pointerToSegments, readCommaList } from '../text/index.ts';
import { readBoundCidrs } from './bound-cidrs.ts';
import type { JwtRole } from './jwt-role-types.ts';

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

/** A validated write as the engine stores it. */
function normalise(params: Readonly<Record<string, unknown>>): JwtRole {
  const cidrField = params.token_bound_cidrs !== undefined ? 'token_bound_cidrs' : 'bound_cidrs';
  const numUses = params.token_num_uses ?? params.num_uses;
  return {
    roleType: str(params.role_type).toLowerCase() === 'jwt' ? 'jwt' : 'oidc',
    boundAudiences: readCommaList(params.bound_audiences),
    boundSubject: str(params.bound_subject),
    boundClaims: boundClaims(params.bound_claims),
    boundClaimsType: str(params.bound_claims_type).toLowerCase() === 'glob' ? 'glob' : 'string',
    userClaim: str(params.user_claim),
    userClaimJsonPointer: flag(params.user_claim_json_pointer),
    groupsClaim: str(params.groups_claim),
    claimMappings: Object.fromEntries(
      Object.entries(record(params.claim_mappings)).map(([claim, target]) => [claim, String(target)]),
    ),
    allowedRedirectUris: readCommaList(params.allowed_redirect_uris),
    oidcScopes: readCommaList(params.oidc_scopes),
    verboseOidcLogging: flag(params.verbose_oidc_logging),
    maxAge: seconds(params.max_age),
    oauth2Metadata: readCommaList(params.oauth2_metadata),
    clockSkewLeeway: leeway(params.clock_skew_leeway),
    expirationLeeway: leeway(params.expiration_leeway),
    notBeforeLeeway: leeway(params.not_before_leeway),
    tokenPolicies: readCommaList(params.token_policies ?? params.policies),
    tokenTtl: seconds(params.token_ttl ?? params.ttl),
    tokenMaxTtl: seconds(params.token_max_ttl ?? params.max_ttl),
    tokenExplicitMaxTtl: seconds(params.token_explicit_max_ttl),
    tokenPeriod: seconds(params.token_period ?? params.period),
    tokenNoDefaultPolicy: flag(params.token_no_default_policy),
    tokenNumUses: typeof numUses === 'number' ? numUses : 0,
    tokenType: str(params.token_type).toLowerCase() || 'default',
    tokenBoundCidrs: readBoundCidrs(params[cidrField], cidrField).cidrs,
  };
}

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
