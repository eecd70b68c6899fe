import { formatDuration } from '../duration/index.ts';
import { didYouMean } from './did-you-mean.ts';
import { defineRule, fieldPath, quote, reportAboveCap, type Rule, type RuleContext } from './rule.ts';
import type { RoleDefinition } from './types.ts';

/** What request rules see: the role being generated for, when the caller knows it. */
export interface RequestContext extends RuleContext {
  readonly role: RoleDefinition | undefined;
  /** The path the request came through, when known. */
  readonly endpoint: 'creds' | 'sts' | undefined;
}

/** Seed 1: role_session_name is capped at 64 characters (longer is truncated). */
export const SESSION_NAME_LIMIT = 64;
const SESSION_NAME = /^[\w+=,.@-]{2,64}$/;
const STS_TYPES = ['assumed_role', 'federation_token', 'session_token'];

const stsOnlyTtl = defineRule<RequestContext>(
  'credential-request',
  'REQUEST_TTL_NOT_ALLOWED',
  'seed 1, Generate credentials parameters (ttl: only STS types)',
  (context, report) => {
    const role = context.role;
    if (!role || !context.fields.present.has('ttl') || role.credentialTypes.some((t) => STS_TYPES.includes(t))) return;
    report({
      path: fieldPath(context, 'ttl'),
      target: 'key',
      message: `ttl is valid only for assumed_role, federation_token and session_token roles, not ${role.credentialType}; iam_user leases follow the lease configuration. Remove ttl.`,
    });
  },
);

const ttlCapped = defineRule<RequestContext>(
  'credential-request',
  'REQUEST_TTL_CAPPED',
  'seed 1, Role table (max_sts_ttl: upper cap on STS TTLs)',
  (context, report) =>
    reportAboveCap(
      context,
      report,
      'ttl',
      context.fields.seconds.get('ttl'),
      context.role?.maxStsTtl,
      (ttl, max) =>
        `ttl ${formatDuration(ttl)} is longer than the role's max_sts_ttl ${formatDuration(max)}; the credentials will last ${formatDuration(max)}.`,
    ),
);

const roleArnNeeded = defineRule<RequestContext>(
  'credential-request',
  'REQUEST_ROLE_ARN_REQUIRED',
  'seed 1, Generate credentials parameters (role_arn: required unless the role allows one)',
  (context, report) => {
    const role = context.role;
    if (role?.credentialType !== 'assumed_role' || role.roleArns.length <= 1 || context.fields.present.has('role_arn'))
      return;
    report({
      path: fieldPath(context, 'role_arn'),
      target: 'key',
      message: `The role allows ${role.roleArns.length} role ARNs, so the request must choose one in role_arn.`,
      data: { field: 'role_arn', allowed: role.roleArns },
    });
  },
);

const roleArnAllowed = defineRule<RequestContext>(
  'credential-request',
  'REQUEST_ROLE_ARN_NOT_IN_ROLE',
  "seed 1, Generate credentials parameters (role_arn: one of the role's role_arns)",
  (context, report) => {
    const role = context.role;
    const value = context.fields.strings.get('role_arn');
    if (role?.credentialType !== 'assumed_role' || value === undefined || role.roleArns.includes(value)) return;
    const suggestion = didYouMean(value, role.roleArns) ?? (role.roleArns.length === 1 ? role.roleArns[0] : undefined);
    report({
      path: fieldPath(context, 'role_arn'),
      target: 'value',
      message: `role_arn ${quote(value)} is not one of the role's role_arns${suggestion ? `; did you mean ${quote(suggestion)}?` : '.'}`,
      data: { allowed: role.roleArns, ...(suggestion ? { suggestion, replacement: suggestion } : {}) },
    });
  },
);

const assumedRoleOnlyFields = defineRule<RequestContext>(
  'credential-request',
  'REQUEST_FIELD_UNUSED',
  'seed 1, Generate credentials parameters (role_arn, role_session_name: for assumed_role)',
  (context, report) => {
    const role = context.role;
    if (!role || role.credentialType === 'assumed_role') return;
    for (const field of ['role_arn', 'role_session_name']) {
      if (!context.fields.present.has(field)) continue;
      report({
        path: fieldPath(context, field),
        target: 'key',
        message: `${field} applies only to assumed_role roles; this role is ${role.credentialType}, so the engine ignores it.`,
        tags: ['unnecessary'],
      });
    }
  },
);

const sessionNameLength = defineRule<RequestContext>(
  'credential-request',
  'REQUEST_SESSION_NAME_TOO_LONG',
  'seed 1, Generate credentials parameters (role_session_name: limit 64, truncated)',
  (context, report) => {
    const value = context.fields.strings.get('role_session_name');
    if (value === undefined || value.length <= SESSION_NAME_LIMIT) return;
    const replacement = value.slice(0, SESSION_NAME_LIMIT);
    report({
      path: fieldPath(context, 'role_session_name'),
      target: 'value',
      message: `role_session_name is ${value.length} characters long; the engine truncates it to ${quote(replacement)} (64 characters).`,
      data: { replacement },
    });
  },
);

const sessionNameCharset = defineRule<RequestContext>(
  'credential-request',
  'REQUEST_SESSION_NAME_CHARSET',
  'provider rule for session names ([\\w+=,.@-]{2,64}); the engine replaces other characters',
  (context, report) => {
    const value = context.fields.strings.get('role_session_name');
    if (value === undefined || value === '' || SESSION_NAME.test(value.slice(0, SESSION_NAME_LIMIT))) return;
    const replacement = value
      .slice(0, SESSION_NAME_LIMIT)
      .replace(/[^\w+=,.@-]/g, '_')
      .padEnd(2, '_');
    report({
      path: fieldPath(context, 'role_session_name'),
      target: 'value',
      message: `role_session_name ${quote(value)} must be 2 to 64 characters from letters, digits and +=,.@_-; write ${quote(replacement)}.`,
      data: { replacement },
    });
  },
);

const legacyEndpoint = defineRule<RequestContext>(
  'credential-request',
  'REQUEST_LEGACY_WRONG_ENDPOINT',
  'seed 1, Endpoints note 6 (legacy roles: /sts for assumed_role or federation_token, /creds for iam_user)',
  (context, report) => {
    const role = context.role;
    if (!role?.legacy || !context.endpoint) return;
    const wanted = context.endpoint === 'sts' ? ['assumed_role', 'federation_token'] : ['iam_user'];
    if (role.credentialTypes.some((t) => wanted.includes(t))) return;
    const other = context.endpoint === 'sts' ? 'creds' : 'sts';
    report({
      path: '',
      target: 'value',
      message: `This role was written with the legacy ${'policy' in role.legacy ? 'policy' : 'arn'} field and issues ${role.credentialType} credentials, which legacy roles give only through /${other}; request it there.`,
      data: { endpoint: other },
    });
  },
);

const mfaRequired = defineRule<RequestContext>(
  'credential-request',
  'REQUEST_MFA_CODE_REQUIRED',
  'seed 1, Generate credentials parameters (mfa_code: required iff mfa_serial_number)',
  (context, report) => {
    const role = context.role;
    if (!role || role.mfaSerialNumber === '' || (context.fields.strings.get('mfa_code') ?? '') !== '') return;
    const empty = context.fields.present.has('mfa_code');
    report({
      path: fieldPath(context, 'mfa_code'),
      target: empty ? 'value' : 'key',
      message:
        'The role has mfa_serial_number, so the request needs mfa_code, the current one-time code of the MFA device.',
      data: { field: 'mfa_code' },
    });
  },
);

const mfaOnlyWithSerial = defineRule<RequestContext>(
  'credential-request',
  'REQUEST_MFA_CODE_NOT_ALLOWED',
  'seed 1, Generate credentials parameters (mfa_code: required iff mfa_serial_number)',
  (context, report) => {
    const role = context.role;
    if (!role || role.mfaSerialNumber !== '' || (context.fields.strings.get('mfa_code') ?? '') === '') return;
    report({
      path: fieldPath(context, 'mfa_code'),
      target: 'key',
      message: 'mfa_code is given but the role has no mfa_serial_number; remove mfa_code.',
    });
  },
);

/** Every rule of a credential request; role-dependent rules run only when the role is known. */
export const requestRules: readonly Rule<RequestContext>[] = [
  stsOnlyTtl,
  ttlCapped,
  roleArnNeeded,
  roleArnAllowed,
  assumedRoleOnlyFields,
  sessionNameLength,
  sessionNameCharset,
  legacyEndpoint,
  mfaRequired,
  mfaOnlyWithSerial,
];
