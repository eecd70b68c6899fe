/** A JWT auth role (`auth/jwt/role/:name`) as the engine stores it. */
export interface JwtRole {
  readonly roleType: 'jwt' | 'oidc';
  readonly boundAudiences: readonly string[];
  readonly boundSubject: string;
  /** Claim name (or JSON Pointer `/a/b`) -> accepted values (any one matches). */
  readonly boundClaims: Readonly<Record<string, readonly unknown[]>>;
  readonly boundClaimsType: 'string' | 'glob';
  readonly userClaim: string;
  readonly groupsClaim: string;
  /** Claim -> metadata key of the login token. */
  readonly claimMappings: Readonly<Record<string, string>>;
  readonly allowedRedirectUris: readonly string[];
  /** Seconds; 0 = default, -1 = none. */
  readonly clockSkewLeeway: number;
  readonly expirationLeeway: number;
  readonly notBeforeLeeway: number;
  readonly tokenPolicies: readonly string[];
  /** Seconds; 0 = the engine's default. */
  readonly tokenTtl: number;
  readonly tokenMaxTtl: number;
  readonly tokenExplicitMaxTtl: number;
  readonly tokenNoDefaultPolicy: boolean;
  readonly tokenNumUses: number;
}

/** Default leeways of the real engine's JWT method, in seconds. */
export const JWT_LEEWAY_DEFAULTS = { clockSkew: 60, expiration: 150, notBefore: 150 } as const;
