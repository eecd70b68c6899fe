import type { Params } from '../http/parse-params.ts';
import { badRequest, internalError } from '../http/http-error.ts';
import type { StoredRole } from '../validation/validated.ts';

/** The warning of a successful legacy write (the real engine's text). */
export const LEGACY_WARNING = 'Detected use of legacy role or policy parameter. Please upgrade to use the new parameters.';

/** Parameters that may not be mixed with legacy `policy`/`arn`, with the wording of the real engine. */
const NOT_WITH_LEGACY: readonly [string, string][] = [
  ['credential_type', 'an explicit credential_type'],
  ['role_arns', 'role_arns'],
  ['policy_arns', 'policy_arns'],
  ['policy_document', 'policy_document'],
  ['default_sts_ttl', 'default_sts_ttl'],
  ['max_sts_ttl', 'max_sts_ttl'],
  ['user_path', 'user_path'],
  ['permissions_boundary_arn', 'permissions_boundary_arn'],
];

/** True when the body uses the legacy `policy` or `arn` parameters. */
export function isLegacyBody(params: Params): boolean {
  return isSet(params.policy) || isSet(params.arn);
}

/**
 * A role from legacy parameters, upgraded the way the real engine does it (reference section 6):
 * a role ARN gives assumed_role, a policy ARN iam_user, JSON a two-type iam_user + federation_token
 * role. Other fields (groups, tags, MFA, session tags, external id) are discarded.
 */
export function upgradeLegacyBody(params: Params): StoredRole {
  if (isSet(params.policy) && isSet(params.arn)) throw internalError('only one of policy or arn should be provided');
  for (const [field, wording] of NOT_WITH_LEGACY) {
    if (isSet(params[field])) throw badRequest(`cannot supply deprecated role or policy parameters with ${wording}`);
  }
  const raw = typeof params.policy === 'string' ? params.policy : typeof params.arn === 'string' ? params.arn : JSON.stringify(params.policy ?? params.arn);
  const upgraded = upgrade(raw);
  if (!upgraded) throw badRequest(`unable to parse supplied data: ${JSON.stringify(raw)}`);
  return upgraded;
}

function upgrade(raw: string): StoredRole | undefined {
  const base = emptyRole();
  if (raw.startsWith('arn:')) {
    const resource = raw.split(':').slice(5).join(':');
    if (/^arn:[\w-]+:iam::\d{12}:role\/./.test(raw) && resource.startsWith('role/')) return { ...base, credentialTypes: ['assumed_role'], roleArns: [raw] };
    if (/^arn:[\w-]+:iam::(\d{12}|aws):policy\/./.test(raw)) return { ...base, credentialTypes: ['iam_user'], policyArns: [raw] };
    return undefined;
  }
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    return { ...base, credentialTypes: ['iam_user', 'federation_token'], policyDocument: JSON.stringify(parsed) };
  } catch {
    return undefined;
  }
}

function emptyRole(): StoredRole {
  return {
    credentialTypes: [],
    roleArns: [],
    policyArns: [],
    policyDocument: '',
    iamGroups: [],
    iamTags: {},
    sessionTags: {},
    defaultStsTtl: 0,
    maxStsTtl: 0,
    externalId: '',
    userPath: '',
    permissionsBoundaryArn: '',
    mfaSerialNumber: '',
    legacy: true,
  };
}

function isSet(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '';
}
