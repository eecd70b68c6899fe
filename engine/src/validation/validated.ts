import type {
  CredentialType,
  LeaseConfig,
  RoleFieldValues,
  RootConfig,
  StaticRoleFieldValues,
} from '@keyfob/shared/rules';

export type { CredentialType };

/**
 * A body checked against the shared rules: the normalised value when there is no error, the
 * error lines for a 400 (`<message> [<CODE>]`) and the warning lines for the response.
 */
export interface Validated<T> {
  readonly value: T | undefined;
  readonly errors: readonly string[];
  readonly warnings: readonly string[];
  /** Status of the refusal when there are errors (400, or 500 where the real engine answers a plain error). */
  readonly status?: number;
}

/**
 * A role as the engine stores it: the shared role fields, with TTLs as seconds where 0 means unset
 * (the persisted form) and a flag for roles made from the legacy `policy`/`arn` parameters (the
 * creds/sts path guard applies to them).
 */
export interface StoredRole extends Omit<RoleFieldValues, 'defaultStsTtl' | 'maxStsTtl'> {
  readonly credentialTypes: readonly CredentialType[];
  readonly defaultStsTtl: number;
  readonly maxStsTtl: number;
  readonly legacy: boolean;
}

/** A static role's settings: its wire table's fields (`rotationPeriod` in seconds). */
export type StaticRoleInput = Required<StaticRoleFieldValues>;

/** Root configuration as stored: the shared rules' normalised form (the secret stays inside the engine). */
export type RootConfigRecord = RootConfig;

/** Lease configuration in seconds: the shared rules' normalised form. */
export type LeaseConfigRecord = LeaseConfig;

/** Parameters of a credentials request. */
export interface CredentialRequestInput {
  readonly roleArn?: string;
  readonly roleSessionName?: string;
  /** Seconds. */
  readonly ttl?: number;
  readonly mfaCode?: string;
}
