// Stand-in for shared/src/rules until that module lands: the same checks seed 1 states, with
// codes in brackets. `rules-adapter.ts` prefers the shared functions whenever they exist.
import type { Params } from '../http/parse-params.ts';
import { readList, readMap, readSeconds, readString, type Errors } from './field-parsers.ts';
import { CREDENTIAL_TYPES, type CredentialRequestInput, type CredentialType, type LeaseConfigRecord, type StaticRoleInput, type StoredRole, type Validated } from './validated.ts';

const ONLY = {
  role_arns: ['assumed_role'],
  default_sts_ttl: ['assumed_role', 'federation_token'],
  max_sts_ttl: ['assumed_role', 'federation_token'],
  session_tags: ['assumed_role'],
  external_id: ['assumed_role'],
  user_path: ['iam_user'],
  permissions_boundary_arn: ['iam_user'],
  policy_arns: ['iam_user', 'assumed_role', 'federation_token'],
  policy_document: ['iam_user', 'assumed_role', 'federation_token'],
} as const;

function done<T>(value: T, errors: Errors, warnings: string[] = []): Validated<T> {
  return { value: errors.length ? undefined : value, errors, warnings };
}

/** Seed 1 role rules on a (merged) role body. */
export function fallbackRole(body: Params): Validated<StoredRole> {
  const errors: Errors = [];
  const type = body.credential_type;
  if (type === undefined || type === '') errors.push('credential_type is required [ROLE_MISSING_FIELD]');
  else if (typeof type !== 'string' || !CREDENTIAL_TYPES.includes(type as CredentialType)) {
    errors.push(`credential_type "${String(type)}" is not one of ${CREDENTIAL_TYPES.join(', ')} [ROLE_BAD_CREDENTIAL_TYPE]`);
  }
  const t = type as CredentialType;
  for (const [field, types] of Object.entries(ONLY)) {
    const v = body[field];
    const present = v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0);
    if (present && errors.length === 0 && !(types as readonly string[]).includes(t)) {
      errors.push(`${field} is not allowed for credential_type ${t} [ROLE_FIELD_NOT_ALLOWED]`);
    }
  }
  const role: StoredRole = {
    credentialTypes: [t],
    roleArns: readList(body.role_arns, 'role_arns', errors),
    policyArns: readList(body.policy_arns, 'policy_arns', errors),
    policyDocument: compactPolicy(body.policy_document, errors),
    iamGroups: readList(body.iam_groups, 'iam_groups', errors),
    iamTags: readMap(body.iam_tags, 'iam_tags', errors),
    sessionTags: readMap(body.session_tags, 'session_tags', errors),
    defaultStsTtl: readSeconds(body.default_sts_ttl, 'default_sts_ttl', errors, { allowInteger: true }),
    maxStsTtl: readSeconds(body.max_sts_ttl, 'max_sts_ttl', errors, { allowInteger: true }),
    externalId: readString(body.external_id, 'external_id', errors),
    userPath: readString(body.user_path, 'user_path', errors),
    permissionsBoundaryArn: readString(body.permissions_boundary_arn, 'permissions_boundary_arn', errors),
    mfaSerialNumber: readString(body.mfa_serial_number, 'mfa_serial_number', errors),
    legacy: false,
  };
  crossChecks(t, role, errors);
  return done(role, errors);
}

function crossChecks(t: CredentialType, role: StoredRole, errors: Errors): void {
  if (t === 'assumed_role' && role.roleArns.length === 0) errors.push('role_arns is required for credential_type assumed_role [ROLE_MISSING_FIELD]');
  if ((t === 'iam_user' || t === 'federation_token') && role.policyArns.length === 0 && role.policyDocument === '') {
    errors.push(`at least one of policy_arns or policy_document is required for credential_type ${t} [ROLE_MISSING_POLICY]`);
  }
  if (role.defaultStsTtl && role.maxStsTtl && role.defaultStsTtl > role.maxStsTtl) {
    errors.push('"default_sts_ttl" value must be less than or equal to "max_sts_ttl" value [ROLE_TTL_ORDER]');
  }
  if (role.userPath !== '' && !/^\/([\x21-\x7F]{0,510}\/)?$/.test(role.userPath)) {
    errors.push('the specified value for user_path is invalid. It must match "^\\/([\\x21-\\x7F]{0,510}\\/)?$" regexp [ROLE_BAD_USER_PATH]');
  }
  if (role.permissionsBoundaryArn !== '' && !/^arn:[\w-]+:iam::(\d{12}|aws):policy\/.+$/.test(role.permissionsBoundaryArn)) {
    errors.push(`invalid permissions_boundary_arn parameter: "${role.permissionsBoundaryArn}" is not a policy ARN [ROLE_BAD_ARN]`);
  }
}

function compactPolicy(value: unknown, errors: Errors): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string') {
    try {
      return JSON.stringify(JSON.parse(value));
    } catch {
      errors.push(`cannot parse policy document: ${JSON.stringify(value)} [ROLE_BAD_POLICY_DOCUMENT]`);
      return '';
    }
  }
  errors.push('policy_document must be JSON text [FIELD_TYPE]');
  return '';
}

/** Static role rules: username required, rotation_period at least one minute. */
export function fallbackStaticRole(body: Params): Validated<StaticRoleInput> {
  const errors: Errors = [];
  const username = readString(body.username, 'username', errors);
  if (username === '') errors.push('missing "username" parameter [STATIC_ROLE_MISSING_FIELD]');
  if (body.rotation_period === undefined) errors.push('missing "rotation_period" parameter [STATIC_ROLE_MISSING_FIELD]');
  const rotationPeriod = readSeconds(body.rotation_period, 'rotation_period', errors, { allowInteger: true });
  if (body.rotation_period !== undefined && errors.length === 0 && rotationPeriod < 60) {
    errors.push('rotation_period must be at least 1 minute [STATIC_ROLE_PERIOD_TOO_SHORT]');
  }
  return done({ username, rotationPeriod }, errors);
}

/** Lease rules: both required, suffixed durations. */
export function fallbackLeaseConfig(body: Params): Validated<LeaseConfigRecord> {
  const errors: Errors = [];
  if (body.lease === undefined || body.lease === '') errors.push("'lease' is a required parameter [LEASE_MISSING_FIELD]");
  if (body.lease_max === undefined || body.lease_max === '') errors.push("'lease_max' is a required parameter [LEASE_MISSING_FIELD]");
  const lease = readSeconds(body.lease, 'lease', errors, { allowInteger: false, requireUnit: true });
  const leaseMax = readSeconds(body.lease_max, 'lease_max', errors, { allowInteger: false, requireUnit: true });
  return done({ lease, leaseMax }, errors);
}

/** Credential request rules against the role. */
export function fallbackCredentialRequest(params: Params, role: StoredRole): Validated<CredentialRequestInput> {
  const errors: Errors = [];
  const warnings: string[] = [];
  const type = role.credentialTypes[0];
  const roleArn = readString(params.role_arn, 'role_arn', errors);
  const roleSessionName = readString(params.role_session_name, 'role_session_name', errors);
  const mfaCode = readString(params.mfa_code, 'mfa_code', errors);
  const ttl = readSeconds(params.ttl, 'ttl', errors, { allowInteger: true });
  if (params.ttl !== undefined && type === 'iam_user' && !role.legacy) warnings.push('ttl is ignored for credential_type iam_user [REQUEST_FIELD_IGNORED]');
  if (roleSessionName.length > 64) warnings.push('role_session_name is longer than 64 characters and is truncated [REQUEST_SESSION_NAME_TOO_LONG]');
  const value: CredentialRequestInput = {
    ...(roleArn ? { roleArn } : {}),
    ...(roleSessionName ? { roleSessionName } : {}),
    ...(params.ttl !== undefined && params.ttl !== '' ? { ttl } : {}),
    ...(mfaCode ? { mfaCode } : {}),
  };
  return done(value, errors, warnings);
}
