import type { WireRow } from '../rules/index.ts';
import type { JwtRole } from './jwt-role-types.ts';

/**
 * How a JWT role's field travels between a write (or a file), the typed `JwtRole` and a read:
 * - `text`: a trimmed string, `""` when unset;
 * - `choice`: one of the schema's values, lower-cased, the schema's default when unset;
 * - `list`: strings (an array or a comma string), `[]` when unset;
 * - `cidrs`: addresses and CIDR blocks in canonical form, `[]` when unset;
 * - `map`: claim to metadata key, `{}` when unset;
 * - `claims`: claim to accepted values (a value or a list each), `{}` when unset;
 * - `seconds`: a duration in seconds, 0 when unset;
 * - `leeway`: seconds, 0 when unset (the engine's default), -1 for none;
 * - `boolean`: `true` or `"true"`, false when unset;
 * - `integer`: a number, 0 when unset.
 */
export type JwtWireKind =
  'text' | 'choice' | 'list' | 'cidrs' | 'map' | 'claims' | 'seconds' | 'leeway' | 'boolean' | 'integer';

/** One row: the `JwtRole` property, the wire (and file) name, the kind, and the older name the engine also takes. */
export interface JwtWireRow extends WireRow<JwtWireKind> {
  readonly field: keyof JwtRole;
}

/**
 * A JWT role's fields, in the real engine's documentation order. A new field: its schema entry, its
 * `JwtRole` property and one row here (reading, the engine's read through `wireRead`, apply's write
 * and diff derive from the rows).
 */
export const JWT_ROLE_WIRE = [
  { field: 'roleType', wire: 'role_type', kind: 'choice' },
  { field: 'boundAudiences', wire: 'bound_audiences', kind: 'list' },
  { field: 'boundSubject', wire: 'bound_subject', kind: 'text' },
  { field: 'boundClaims', wire: 'bound_claims', kind: 'claims' },
  { field: 'boundClaimsType', wire: 'bound_claims_type', kind: 'choice' },
  { field: 'userClaim', wire: 'user_claim', kind: 'text' },
  { field: 'userClaimJsonPointer', wire: 'user_claim_json_pointer', kind: 'boolean' },
  { field: 'groupsClaim', wire: 'groups_claim', kind: 'text' },
  { field: 'claimMappings', wire: 'claim_mappings', kind: 'map' },
  { field: 'allowedRedirectUris', wire: 'allowed_redirect_uris', kind: 'list' },
  { field: 'oidcScopes', wire: 'oidc_scopes', kind: 'list' },
  { field: 'verboseOidcLogging', wire: 'verbose_oidc_logging', kind: 'boolean' },
  { field: 'maxAge', wire: 'max_age', kind: 'seconds' },
  { field: 'oauth2Metadata', wire: 'oauth2_metadata', kind: 'list' },
  { field: 'clockSkewLeeway', wire: 'clock_skew_leeway', kind: 'leeway' },
  { field: 'expirationLeeway', wire: 'expiration_leeway', kind: 'leeway' },
  { field: 'notBeforeLeeway', wire: 'not_before_leeway', kind: 'leeway' },
  { field: 'tokenPolicies', wire: 'token_policies', kind: 'list', older: 'policies' },
  { field: 'tokenTtl', wire: 'token_ttl', kind: 'seconds', older: 'ttl' },
  { field: 'tokenMaxTtl', wire: 'token_max_ttl', kind: 'seconds', older: 'max_ttl' },
  { field: 'tokenExplicitMaxTtl', wire: 'token_explicit_max_ttl', kind: 'seconds' },
  { field: 'tokenPeriod', wire: 'token_period', kind: 'seconds', older: 'period' },
  { field: 'tokenNoDefaultPolicy', wire: 'token_no_default_policy', kind: 'boolean' },
  { field: 'tokenNumUses', wire: 'token_num_uses', kind: 'integer', older: 'num_uses' },
  { field: 'tokenType', wire: 'token_type', kind: 'choice' },
  { field: 'tokenBoundCidrs', wire: 'token_bound_cidrs', kind: 'cidrs', older: 'bound_cidrs' },
] as const satisfies readonly JwtWireRow[];

/** The older parameter names (`policies`, `ttl`, ...): read, never written. */
export const JWT_OLDER_NAMES: readonly string[] = JWT_ROLE_WIRE.flatMap((row) => ('older' in row ? [row.older] : []));
