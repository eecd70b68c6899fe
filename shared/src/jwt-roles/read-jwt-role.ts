import { parseDuration } from '../duration/index.ts';
import type { JwtRole } from './jwt-role-types.ts';

/**
 * Reads a JWT role write (`auth/jwt/role/:name` body or a role file) with the real engine's rules
 * and messages: `role_type` omitted means `oidc` (which needs `allowed_redirect_uris`), a user
 * claim is required, a jwt role needs a bound constraint, `token_ttl` may not exceed
 * `token_max_ttl`, claim mappings may not target `role` or one key twice. The older names
 * (`policies`, `ttl`, `max_ttl`) are read too.
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
  if (
    roleType === 'jwt' &&
    boundAudiences.length === 0 &&
    boundSubject === '' &&
    Object.keys(boundClaims).length === 0 &&
    list(params.token_bound_cidrs ?? params.bound_cidrs).length === 0
  ) {
    errors.push('must have at least one bound constraint when creating/updating a role');
  }
  const claimMappings = readClaimMappings(params.claim_mappings, errors);
  const tokenTtl = seconds(params.token_ttl ?? params.ttl, 'token_ttl', errors);
  const tokenMaxTtl = seconds(params.token_max_ttl ?? params.max_ttl, 'token_max_ttl', errors);
  if (tokenMaxTtl > 0 && tokenTtl > tokenMaxTtl) errors.push('ttl should not be greater than max ttl');
  const numUses = params.token_num_uses ?? params.num_uses;
  if (numUses !== undefined && (typeof numUses !== 'number' || !Number.isInteger(numUses) || numUses < 0))
    errors.push('token_num_uses cannot be negative');
  const role: JwtRole = {
    roleType: roleType === 'jwt' ? 'jwt' : 'oidc',
    boundAudiences,
    boundSubject,
    boundClaims,
    boundClaimsType: boundClaimsType === 'glob' ? 'glob' : 'string',
    userClaim,
    groupsClaim: str(params.groups_claim),
    claimMappings,
    allowedRedirectUris,
    clockSkewLeeway: leeway(params.clock_skew_leeway, 'clock_skew_leeway', errors),
    expirationLeeway: leeway(params.expiration_leeway, 'expiration_leeway', errors),
    notBeforeLeeway: leeway(params.not_before_leeway, 'not_before_leeway', errors),
    tokenPolicies: list(params.token_policies ?? params.policies),
    tokenTtl,
    tokenMaxTtl,
    tokenExplicitMaxTtl: seconds(params.token_explicit_max_ttl, 'token_explicit_max_ttl', errors),
    tokenNoDefaultPolicy: params.token_no_default_policy === true || params.token_no_default_policy === 'true',
    tokenNumUses: typeof numUses === 'number' ? numUses : 0,
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
