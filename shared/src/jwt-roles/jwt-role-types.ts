/** A JWT auth role (`auth/jwt/role/:name`) as the engine stores it. */
export interface JwtRole {
  readonly roleType: 'jwt' | 'oidc';
  readonly boundAudiences: readonly string[];
  readonly boundSubject: string;
  /** Claim name (or JSON Pointer `/a/b`) -> accepted values (any one matches). */
  readonly boundClaims: Readonly<Record<string, readonly unknown[]>>;
  readonly boundClaimsType: 'string' | 'glob';
  readonly userClaim: string;
  /** Read `user_claim` as a JSON Pointer (`/a/b`) into the claims; else it names a top-level claim. */
  readonly userClaimJsonPointer: boolean;
  readonly groupsClaim: string;
  /** Claim -> metadata key of the login token. */
  readonly claimMappings: Readonly<Record<string, string>>;
  readonly allowedRedirectUris: readonly string[];
  /** Browser (`oidc`) flow settings; JWT logins do not use them. */
  readonly oidcScopes: readonly string[];
  readonly verboseOidcLogging: boolean;
  /** Seconds; 0 = no limit. */
  readonly maxAge: number;
  readonly oauth2Metadata: readonly string[];
  /** Seconds; 0 = default, -1 = none. */
  readonly clockSkewLeeway: number;
  readonly expirationLeeway: number;
  readonly notBeforeLeeway: number;
  readonly tokenPolicies: readonly string[];
  /** Seconds; 0 = the engine's default. */
  readonly tokenTtl: number;
  readonly tokenMaxTtl: number;
  readonly tokenExplicitMaxTtl: number;
  readonly tokenPeriod: number;
  readonly tokenNoDefaultPolicy: boolean;
  readonly tokenNumUses: number;
  /** `default`, `service` or `batch` (the schema's `token_type` values). */
  readonly tokenType: string;
  /** Addresses and CIDR blocks (canonical form) logins must come from and login tokens may be used from; empty = any. */
  readonly tokenBoundCidrs: readonly string[];
}

/** Default leeways of the real engine's JWT method, in seconds. */
export const JWT_LEEWAY_DEFAULTS = { clockSkew: 60, expiration: 150, notBefore: 150 } as const;
