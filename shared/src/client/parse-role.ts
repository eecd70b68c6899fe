import type { RoleFieldValues } from '../rules/types.ts';
import { payloadOf, readSeconds, readString, readStringList, readStringMap, type JsonObject } from './read-fields.ts';

/** A dynamic role as the engine reads it back, normalised across seed 1 and Vault. */
export interface EngineRole extends RoleFieldValues {
  readonly name: string;
  /** From `credential_types` (seed 1, a list) or `credential_type` (Vault, comma-joined string). */
  readonly credentialTypes: readonly string[];
  /** Stored data the engine could not upgrade (legacy roles). */
  readonly invalidData?: string;
  /** The fields exactly as received, for diffs against role files. */
  readonly raw: JsonObject;
}

/** Reads a role from `GET /roles/:name`; the name comes from the request. */
export function parseRole(name: string, body: unknown): EngineRole {
  const data = payloadOf(body);
  const defaultStsTtl = readSeconds(data, 'default_sts_ttl');
  const maxStsTtl = readSeconds(data, 'max_sts_ttl');
  const invalidData = readString(data, 'invalid_data');
  const types = readStringList(data, 'credential_types');
  return {
    name,
    credentialTypes: types.length > 0 ? types : readStringList(data, 'credential_type'),
    roleArns: readStringList(data, 'role_arns'),
    policyArns: readStringList(data, 'policy_arns'),
    policyDocument: readPolicyDocument(data),
    iamGroups: readStringList(data, 'iam_groups'),
    iamTags: readStringMap(data, 'iam_tags'),
    sessionTags: readStringMap(data, 'session_tags'),
    ...(defaultStsTtl ? { defaultStsTtl } : {}),
    ...(maxStsTtl ? { maxStsTtl } : {}),
    externalId: readString(data, 'external_id') ?? '',
    userPath: readString(data, 'user_path') ?? '',
    permissionsBoundaryArn: readString(data, 'permissions_boundary_arn') ?? '',
    mfaSerialNumber: readString(data, 'mfa_serial_number') ?? '',
    ...(invalidData ? { invalidData } : {}),
    raw: data,
  };
}

/** The policy as JSON text; an engine that returns it parsed gets it serialised back. */
function readPolicyDocument(data: JsonObject): string {
  const value = data.policy_document;
  if (typeof value === 'string') return value;
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

/** Names from a list response (`data.keys`). */
export function parseKeys(body: unknown): string[] {
  return readStringList(payloadOf(body), 'keys');
}
