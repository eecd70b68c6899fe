import type { ROLE_WIRE, ROOT_CONFIG_WIRE, STATIC_ROLE_WIRE, WireValues } from './wire-table.ts';

/** The four credential types of seed 1. */
export type CredentialType = 'iam_user' | 'assumed_role' | 'federation_token' | 'session_token';

/** Every credential type, in the order of seed 1's table. */
export const CREDENTIAL_TYPES: readonly CredentialType[] = [
  'iam_user',
  'assumed_role',
  'federation_token',
  'session_token',
];

/** The kinds of resource the rules validate one at a time. */
export type ResourceKind = 'role' | 'static-role' | 'root-config' | 'lease-config' | 'credential-request' | 'jwt-role';

/**
 * The fields every normalised dynamic role carries, whether it was read from a role file (rules)
 * or back from the engine (client), so apply can compare the two with one function: one property
 * per row of the role's wire table (`ROLE_WIRE`).
 */
export type RoleFieldValues = WireValues<typeof ROLE_WIRE>;

/**
 * A dynamic role normalised to typed values: lists split and trimmed, tags as maps, durations
 * in seconds, `policy_document` as compact JSON text. Unset text fields are `""`, unset lists
 * `[]`, unset maps `{}` (seed 1, Role rule 3), unset TTLs `undefined`.
 */
export interface RoleDefinition extends RoleFieldValues {
  /** The `name` key, else the name given by the caller (file base name, URL); may be absent. */
  readonly name?: string;
  /** The credential type; for a legacy role, the type it upgrades to (see `credentialTypes`). */
  readonly credentialType: CredentialType;
  /** Usually `[credentialType]`; a legacy JSON `policy` upgrades to `['iam_user', 'federation_token']`. */
  readonly credentialTypes: readonly CredentialType[];
  /** The legacy field the role was written with, kept for the engine's legacy-path guard. */
  readonly legacy?: { readonly policy: string } | { readonly arn: string };
}

/** A static role's fields, one per row of its wire table (`STATIC_ROLE_WIRE`). */
export type StaticRoleFieldValues = WireValues<typeof STATIC_ROLE_WIRE>;

/** A static role normalised: the adopted IAM user and the rotation period in seconds (at least 60). */
export interface StaticRoleDefinition extends Required<StaticRoleFieldValues> {
  readonly name?: string;
}

/**
 * Root configuration normalised, one property per row of its wire table (`ROOT_CONFIG_WIRE`):
 * unset strings are `""`, unset lists `[]`, the numbers' schema defaults filled in
 * (`identityTokenTtl` 3600 seconds, `maxRetries` -1, the provider SDK's default).
 */
export type RootConfig = Required<WireValues<typeof ROOT_CONFIG_WIRE>>;

/** Lease configuration in seconds. */
export interface LeaseConfig {
  readonly lease: number;
  readonly leaseMax: number;
}

/** Parameters of a credential request, normalised. */
export interface CredentialRequest {
  /**
   * The role ARN to assume: as sent, or the role's only `role_arns` entry when the request named
   * none and a role was given. `""` when not applicable.
   */
  readonly roleArn: string;
  /** As sent, truncated to 64 characters as the engine does; `""` when absent (the engine generates one). */
  readonly roleSessionName: string;
  /** Seconds as sent; undefined when absent (the engine uses the role's `default_sts_ttl`, then 3600). */
  readonly ttl?: number;
  readonly mfaCode: string;
}

/** A manifest normalised: names map to definitions; `lease` and `root` only when present. */
export interface ManifestDefinition {
  readonly mount?: string;
  readonly roles: Readonly<Record<string, RoleDefinition>>;
  readonly staticRoles: Readonly<Record<string, StaticRoleDefinition>>;
  readonly lease?: LeaseConfig;
  readonly root?: RootConfig;
}
