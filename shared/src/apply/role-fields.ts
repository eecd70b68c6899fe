import { formatDuration } from '../duration/index.ts';
import type { RoleDefinition, RoleFieldValues } from '../rules/index.ts';
import { canonicalJson } from './canonical-json.ts';

/** A role's settings in one comparable shape: each field's wire value, `undefined` when unset. */
export type RoleFields = Readonly<Record<RoleField, unknown>>;

/** The fields apply manages, by their wire (snake_case) names, in the engine's documentation order. */
export const ROLE_FIELDS = [
  'credential_type',
  'role_arns',
  'policy_arns',
  'policy_document',
  'iam_groups',
  'iam_tags',
  'default_sts_ttl',
  'max_sts_ttl',
  'session_tags',
  'external_id',
  'user_path',
  'permissions_boundary_arn',
  'mfa_serial_number',
] as const;

/** One managed role field. */
export type RoleField = (typeof ROLE_FIELDS)[number];

const list = (items: readonly string[]): readonly string[] | undefined =>
  items.length === 0 ? undefined : [...items].sort();
const map = (m: Readonly<Record<string, string>>): Readonly<Record<string, string>> | undefined =>
  Object.keys(m).length === 0 ? undefined : Object.fromEntries(Object.entries(m).sort(([a], [b]) => (a < b ? -1 : 1)));
const text = (s: string): string | undefined => (s === '' ? undefined : s);
const seconds = (n: number | undefined): number | undefined => (n === undefined || n === 0 ? undefined : n);
/** The engine creates users under `/` when no path is set, so `/` and unset mean the same. */
const userPath = (s: string): string | undefined => (s === '' || s === '/' ? undefined : s);

const duration = (n: number | undefined): string | undefined =>
  seconds(n) === undefined ? undefined : formatDuration(n ?? 0);

/**
 * The comparable fields of a role, the same way for a role file's definition (desired) and for
 * what the engine reads back (current), so a role applied once compares as unchanged.
 */
export function roleFields(role: RoleFieldValues & { readonly credentialTypes: readonly string[] }): RoleFields {
  return {
    credential_type: [...role.credentialTypes].sort().join(','),
    role_arns: list(role.roleArns),
    policy_arns: list(role.policyArns),
    policy_document: text(canonicalJson(role.policyDocument)),
    iam_groups: list(role.iamGroups),
    iam_tags: map(role.iamTags),
    default_sts_ttl: seconds(role.defaultStsTtl),
    max_sts_ttl: seconds(role.maxStsTtl),
    session_tags: map(role.sessionTags),
    external_id: text(role.externalId),
    user_path: userPath(role.userPath),
    permissions_boundary_arn: text(role.permissionsBoundaryArn),
    mfa_serial_number: text(role.mfaSerialNumber),
  };
}

/** Fields whose values differ, in documentation order. */
export function changedFields(desired: RoleFields, current: RoleFields): RoleField[] {
  return ROLE_FIELDS.filter((field) => JSON.stringify(desired[field]) !== JSON.stringify(current[field]));
}

/**
 * The body that writes a role: every field the file sets (the engine changes only the fields sent,
 * so sending them all makes the write idempotent). A legacy role is written with its legacy field
 * alone, since the engine refuses legacy and current fields together.
 */
export function roleBody(role: RoleDefinition): Record<string, unknown> {
  if (role.legacy) return { ...role.legacy };
  const body: Record<string, unknown> = { credential_type: role.credentialType };
  const put = (field: RoleField, value: unknown): void => {
    if (value !== undefined) body[field] = value;
  };
  put('role_arns', list(role.roleArns) && [...role.roleArns]);
  put('policy_arns', list(role.policyArns) && [...role.policyArns]);
  put('policy_document', text(role.policyDocument));
  put('iam_groups', list(role.iamGroups) && [...role.iamGroups]);
  put('iam_tags', map(role.iamTags) && { ...role.iamTags });
  // Durations go as Go duration strings: the seed's TTL fields take strings with a unit.
  put('default_sts_ttl', duration(role.defaultStsTtl));
  put('max_sts_ttl', duration(role.maxStsTtl));
  put('session_tags', map(role.sessionTags) && { ...role.sessionTags });
  put('external_id', text(role.externalId));
  put('user_path', text(role.userPath));
  put('permissions_boundary_arn', text(role.permissionsBoundaryArn));
  put('mfa_serial_number', text(role.mfaSerialNumber));
  return body;
}
