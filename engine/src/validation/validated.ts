import type { CredentialType } from '@keyfob/shared';

export type { CredentialType };

/**
 * A body checked against the shared rules: the normalised value when there is no error, the
 * error lines for a 400 (`<message> [<CODE>]`) and the warning lines for the response.
 */
export interface Validated<T> {
  readonly value: T | undefined;
  readonly errors: readonly string[];
  readonly warnings: readonly string[];
}

/** A role as the engine stores it (normalised; seconds for TTLs; empty values for unset fields). */
export interface StoredRole {
  readonly credentialTypes: readonly CredentialType[];
  readonly roleArns: readonly string[];
  readonly policyArns: readonly string[];
  /** Compact JSON text, or `""`. */
  readonly policyDocument: string;
  readonly iamGroups: readonly string[];
  readonly iamTags: Readonly<Record<string, string>>;
  readonly sessionTags: Readonly<Record<string, string>>;
  readonly defaultStsTtl: number;
  readonly maxStsTtl: number;
  readonly externalId: string;
  readonly userPath: string;
  readonly permissionsBoundaryArn: string;
  readonly mfaSerialNumber: string;
  /** Made from the legacy `policy`/`arn` parameters: the creds/sts path guard applies. */
  readonly legacy: boolean;
}

/** A static role's settings. */
export interface StaticRoleInput {
  readonly username: string;
  /** Seconds. */
  readonly rotationPeriod: number;
}

/** Root configuration as stored (the secret stays inside the engine). */
export interface RootConfigRecord {
  readonly accessKey: string;
  readonly secretKey: string;
  readonly region: string;
  readonly iamEndpoint: string;
  readonly stsEndpoint: string;
  readonly stsRegion: string;
  readonly stsFallbackEndpoints: readonly string[];
  readonly stsFallbackRegions: readonly string[];
  readonly maxRetries: number;
  readonly usernameTemplate: string;
  readonly roleArn: string;
  readonly identityTokenAudience: string;
  /** Seconds. */
  readonly identityTokenTtl: number;
}

/** Lease configuration in seconds. */
export interface LeaseConfigRecord {
  readonly lease: number;
  readonly leaseMax: number;
}

/** Parameters of a credentials request. */
export interface CredentialRequestInput {
  readonly roleArn?: string;
  readonly roleSessionName?: string;
  /** Seconds. */
  readonly ttl?: number;
  readonly mfaCode?: string;
}
