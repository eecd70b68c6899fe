import { schemas } from '@keyfob/schemas';
import { parseDuration } from '../duration/index.ts';
import { readBoundCidrs } from './bound-cidrs.ts';
import type { JwtRole } from './jwt-role-types.ts';

/** `token_type` values, from the JWT role schema. */
const TOKEN_TYPES = (schemas['jwt-role'].properties as Record<string, { enum?: string[] }>).token_type?.enum ?? [];

/**
 * Reads a JWT role write (`auth/jwt/role/:name` body or a role file) with the real engine's rules
 * and messages: `role_type` omitted means `oidc` (which needs `allowed_redirect_uris`), a user
 * claim is required, a jwt role needs a bound constraint (`token_bound_cidrs` counts), each bound
 * CIDR must be an address or a block, `token_ttl` may not exceed `token_max_ttl`, claim mappings
 * may not target `role` or one key twice, `token_type` is `default`, `service` or `batch` (and not
 * `batch` with a period or a use limit). The older names (`policies`, `ttl`, `max_ttl`, `period`,
 * `num_uses`, `bound_cidrs`) are read too; the current name wins when both are given.
 */
export function readJwtRole(params: Readonly<Record<string, unknown>>): { role?: JwtRole; errors: string[] } {
  const errors: string[] = [];
  const roleType = str(params.role_type).toLowerCase() || 'oidc';
  if (roleType !== 'jwt' && roleType !== 'oidc') errors.push(`invalid 'role_type': ${roleType}`);
  const allowedRedirectUris = list(params.allowed_redirect_uris);
  if (roleType === 'oidc' && allowedRedirectUris.length === 0)
    errors.push("'allowed_redirect_uris' must be set if 'role_type' is 'oidc' or unspecified.");
  const userClaim = str(params.user_claim);
  if (userClaim === '') errors.push('a user claim must be defined on the role');
  const boundClaimsType = str(params.bound_claims_type) || 'string';
  if (boundClaimsType !== 'string' && boundClaimsType !== 'glob')
    errors.push(`invalid 'bound_claims_type': ${boundClaimsType}`);
  const boundClaims = readBoundClaims(params.bound_claims, boundClaimsType === 'glob', errors);
  const boundAudiences = list(params.bound_audiences);
  const boundSubject = str(params.bound_subject);
  const cidrField = params.token_bound_cidrs !== undefined ? 'token_bound_cidrs' : 'bound_cidrs';
  const bound = readBoundCidrs(params[cidrField], cidrField);
  errors.push(...bound.errors);
  if (
    roleType === 'jwt' &&
    boundAudiences.length === 0 &&
    boundSubject === '' &&
    Object.keys(boundClaims).length === 0 &&
    bound.cidrs.length === 0 &&
    bound.errors.length === 0
  ) {
    errors.push('must have at least one bound constraint when creating/updating a role');
  }
  const claimMappings = readClaimMappings(params.claim_mappings, errors);
  const tokenTtl = seconds(params.token_ttl ?? params.ttl, 'token_ttl', errors);
  const tokenMaxTtl = seconds(params.token_max_ttl ?? params.max_ttl, 'token_max_ttl', errors);
  if (tokenMaxTtl > 0 && tokenTtl > tokenMaxTtl) errors.push('ttl should not be greater than max ttl');
  const numUses = params.token_num_uses ?? params.num_uses;
  if (numUses !== undefined && (typeof numUses !== 'number' || !Number.isInteger(numUses) || numUses < 0))
    errors.push("'token_num_uses' cannot be negative");
  const tokenPeriod = seconds(params.token_period ?? params.period, 'token_period', errors);
  const tokenType = str(params.token_type).toLowerCase() || 'default';
  if (!TOKEN_TYPES.includes(tokenType)) errors.push(`invalid 'token_type' value ${JSON.stringify(tokenType)}`);
  if (tokenType === 'batch' && tokenPeriod > 0)
    errors.push("'token_type' cannot be 'batch' or 'default_batch' when set to generate periodic tokens");
  if (tokenType === 'batch' && typeof numUses === 'number' && numUses > 0)
    errors.push("'token_type' cannot be 'batch' or 'default_batch' when set to generate tokens with limited use count");
  const role: JwtRole = {
    roleType: roleType === 'jwt' ? 'jwt' : 'oidc',
    boundAudiences,
    boundSubject,
    boundClaims,
    boundClaimsType: boundClaimsType === 'glob' ? 'glob' : 'string',
    userClaim,
    userClaimJsonPointer: flag(params.user_claim_json_pointer),
    groupsClaim: str(params.groups_claim),
    claimMappings,
    allowedRedirectUris,
    oidcScopes: list(params.oidc_scopes),
    verboseOidcLogging: flag(params.verbose_oidc_logging),
    maxAge: seconds(params.max_age, 'max_age', errors),
    oauth2Metadata: list(params.oauth2_metadata),
    clockSkewLeeway: leeway(params.clock_skew_leeway, 'clock_skew_leeway', errors),
    expirationLeeway: leeway(params.expiration_leeway, 'expiration_leeway', errors),
    notBeforeLeeway: leeway(params.not_before_leeway, 'not_before_leeway', errors),
    tokenPolicies: list(params.token_policies ?? params.policies),
    tokenTtl,
    tokenMaxTtl,
    tokenExplicitMaxTtl: seconds(params.token_explicit_max_ttl, 'token_explicit_max_ttl', errors),
    tokenPeriod,
    tokenNoDefaultPolicy: flag(params.token_no_default_policy),
    tokenNumUses: typeof numUses === 'number' ? numUses : 0,
    tokenType,
    tokenBoundCidrs: bound.cidrs,
  };
  return errors.length > 0 ? { errors } : { role, errors };
}

function readBoundClaims(value: unknown, glob: boolean, errors: string[]): Record<string, unknown[]> {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    errors.push('bound_claims must be a map of claim names to a value or a list of values');
    return {};
  }
  const out: Record<string, unknown[]> = {};
  for (const [claim, allowed] of Object.entries(value as Record<string, unknown>)) {
    const values = Array.isArray(allowed) ? allowed : [allowed];
    if (!values.every((v) => ['string', 'number', 'boolean'].includes(typeof v)))
      errors.push(`bound claim is not a string or list: ${claim}`);
    if (glob && !values.every((v) => typeof v === 'string')) errors.push(`claim is not a string or list: ${claim}`);
    out[claim] = values;
  }
  return out;
}

function readClaimMappings(value: unknown, errors: string[]): Record<string, string> {
  if (value === undefined || value === null || value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    errors.push('claim_mappings must be a map of claim names to metadata keys');
    return {};
  }
  const out: Record<string, string> = {};
  const targets = new Set<string>();
  for (const [claim, target] of Object.entries(value as Record<string, unknown>)) {
    const key = String(target);
    if (key === 'role') errors.push(`metadata key "role" is reserved and may not be a mapping destination`);
    else if (targets.has(key)) errors.push(`multiple keys are mapped to metadata key "${key}"`);
    targets.add(key);
    out[claim] = key;
  }
  return out;
}

function leeway(value: unknown, field: string, errors: string[]): number {
  if (value === -1 || value === '-1') return -1;
  return seconds(value, field, errors);
}

function seconds(value: unknown, field: string, errors: string[]): number {
  if (value === undefined || value === null || value === '') return 0;
  const parsed = parseDuration(value, { allowInteger: true, field });
  for (const p of parsed.problems) errors.push(`${p.message} [${p.code}]`);
  return Math.floor(parsed.seconds ?? 0);
}

function flag(value: unknown): boolean {
  return value === true || value === 'true';
}

function str(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

function list(value: unknown): string[] {
  if (Array.isArray(value))
    return value.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
  if (typeof value === 'string')
    return value
      .split(',')
      .map((v) => v.trim())
      .filter((v) => v !== '');
  return [];
}
