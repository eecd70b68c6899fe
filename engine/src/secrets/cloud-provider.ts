import type { AssumeRoleInput } from '../cloud/sts-operations.ts';

/** Temporary credentials as the engine keeps them (expiry in engine milliseconds). */
export interface ProviderSession {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken: string;
  readonly expiresAt: number;
  /** The assumed-role or federated-user ARN (empty for session tokens). */
  readonly arn: string;
}

/** What an iam_user issuance made before a failure, so it can be undone. */
export interface MadeUser {
  readonly policies: readonly string[];
  readonly inlinePolicy: string | undefined;
  readonly groups: readonly string[];
}

/**
 * The provider calls the engine's credential paths make. Two implementations: the AWS SDK clients
 * (sdk-provider.ts) for configured endpoints, and direct calls into the embedded cloud
 * (embedded-provider.ts) for the default, which skip the SDK's per-call cost (see its comment).
 * Failures are CloudError or AWS SDK errors; `viaProvider` words them.
 */
export interface CloudProvider {
  createUser(input: {
    readonly name: string;
    readonly path: string;
    readonly permissionsBoundary?: string;
  }): Promise<void>;
  attachUserPolicy(user: string, policyArn: string): Promise<void>;
  putUserPolicy(user: string, policyName: string, document: string): Promise<void>;
  addUserToGroup(user: string, group: string): Promise<void>;
  tagUser(user: string, tags: Readonly<Record<string, string>>): Promise<void>;
  createAccessKey(user: string): Promise<{ readonly accessKeyId: string; readonly secretAccessKey: string }>;
  /** GetUser: the named user, or the caller's own when `name` is absent (rotate-root's "who am I"). */
  getUser(name?: string): Promise<{ readonly name: string; readonly userId: string }>;
  /** ListAccessKeys, oldest first. */
  listAccessKeys(user: string): Promise<readonly { readonly id: string; readonly createdAt: number }[]>;
  deleteAccessKey(user: string, accessKeyId: string): Promise<void>;
  /**
   * Revocation of an iam_user lease, in the real engine's order: the user's groups, attached and
   * inline policies and access keys, then the user. Throws the provider's NoSuchEntity when the
   * user is already gone.
   */
  deleteUser(user: string): Promise<void>;
  /** Best-effort removal of a half-made user; never throws. */
  removeUser(user: string, made: MadeUser): Promise<void>;
  assumeRole(input: AssumeRoleInput): Promise<ProviderSession>;
  getFederationToken(input: {
    readonly name: string;
    readonly durationSeconds: number;
    readonly policy?: string;
    readonly policyArns: readonly string[];
  }): Promise<ProviderSession>;
  getSessionToken(input: {
    readonly durationSeconds: number;
    readonly serialNumber?: string;
    readonly tokenCode?: string;
  }): Promise<ProviderSession>;
}
