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
  /** UpdateAccessKey `Inactive`: the provider refuses the key until it is made `Active` again. */
  readonly inactive?: boolean;
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
  /**
   * Fixture users given without any policy act as account administrators (the engine's own root
   * user usually is one); every other user gets exactly what its policies allow.
   */
  readonly administrator?: boolean;
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
  /** The IAM user whose long-term keys asked for the session (federation and session tokens). */
  readonly sourceUser?: string;
  /** The role an assumed-role session acts as. */
  readonly roleArn?: string;
  /** The role session name or federated user name. */
  readonly sessionName?: string;
  /** GetSessionToken with an MFA code. */
  readonly mfa?: boolean;
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
  /** The role's own identity policies; a role fixture without any acts with full access (only session policies limit it). */
  readonly policyArns?: readonly string[];
  readonly policyDocument?: string;
  readonly permissionsBoundary?: string;
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
  /** Customer-managed policies by ARN (JSON text), for `policy_arns` and attachments. */
  readonly managedPolicies?: Readonly<Record<string, string>>;
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
  /** The STS session behind temporary credentials. */
  readonly session?: StsSession;
}
