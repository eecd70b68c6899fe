/** An access key of an emulated IAM user. Times are engine milliseconds. */
export interface AccessKey {
  readonly id: string;
  /** Absent for fixture keys given without a secret: any secret is accepted for them. */
  readonly secret?: string;
  readonly createdAt: number;
  /**
   * Eventual consistency: the provider rejects the key before this engine time (set for keys made
   * by rotate-root, see `--consistency-delay`).
   */
  readonly usableFrom?: number;
}

/** An emulated IAM user. */
export interface CloudUser {
  readonly name: string;
  readonly userId: string;
  /** IAM path, `/` or `/a/b/`. */
  readonly path: string;
  readonly arn: string;
  readonly createdAt: number;
  readonly permissionsBoundary?: string;
  readonly managedPolicies: readonly string[];
  /** Inline policies by name (JSON text). */
  readonly inlinePolicies: Readonly<Record<string, string>>;
  readonly groups: readonly string[];
  readonly tags: Readonly<Record<string, string>>;
  readonly accessKeys: readonly AccessKey[];
}

/** Which provider call issued temporary credentials. */
export type SessionKind = 'assumed_role' | 'federation_token' | 'session_token';

/** Live temporary credentials. */
export interface StsSession {
  readonly accessKeyId: string;
  readonly secret: string;
  readonly sessionToken: string;
  readonly kind: SessionKind;
  /** The identity the credentials act as. */
  readonly arn: string;
  readonly createdAt: number;
  readonly expiresAt: number;
  readonly policyArns: readonly string[];
  readonly policy?: string;
  readonly tags?: Readonly<Record<string, string>>;
  readonly sourceIdentity: string;
}

/** A throttling fixture: the named provider call fails as throttled (`remaining` times, or always). */
export interface ThrottleRule {
  readonly operation: string;
  readonly remaining?: number;
}

/** A role fixture: when any are given, only these role ARNs can be assumed. */
export interface RoleFixture {
  readonly arn: string;
  /** Seconds; the provider's default maximum is 3600, its hard maximum 43200. */
  readonly maxSessionDuration: number;
  readonly externalId?: string;
}

/** A group fixture: when any are given, only these groups exist. */
export interface GroupFixture {
  readonly name: string;
  readonly policyArns: readonly string[];
}

/** Cloud-wide settings and fixtures. */
export interface CloudSettings {
  readonly accountId: string;
  readonly throttle: readonly ThrottleRule[];
  /** Seconds of engine time a key made by rotate-root stays unusable. */
  readonly consistencyDelaySeconds: number;
  readonly rootUserName?: string;
  readonly roles?: readonly RoleFixture[];
  readonly groups?: readonly GroupFixture[];
}

/** Credentials presented to the provider; `undefined` stands for the engine's ambient identity. */
export interface CloudCredentials {
  readonly accessKey: string;
  readonly secretKey: string;
  readonly sessionToken?: string;
}

/** Who a provider call runs as, once the credentials were accepted. */
export interface CloudPrincipal {
  readonly arn: string;
  /** The IAM user behind long-term keys (or the ambient engine user). */
  readonly userName?: string;
  readonly accessKeyId?: string;
}
