import { didYouMean } from './did-you-mean.ts';
import { fieldInfo, fieldTable } from './field-info.ts';
import { orList, type RoleContext } from './role-context.ts';
import { defineRule, fieldPath, isSupplied, quote, type Rule } from './rule.ts';
import { CREDENTIAL_TYPES } from './types.ts';

const TYPES = CREDENTIAL_TYPES as readonly string[];

/** Where a missing field is reported: its own pointer (absent from the document), drawn at `credential_type`. */
function missingAt(
  context: RoleContext,
  field: string,
): { path: string; target: 'key'; data: Record<string, unknown> } {
  return {
    path: fieldPath(context, field),
    target: 'key',
    data: { field, anchor: `${context.basePath}/credential_type` },
  };
}

const credentialTypePresent = defineRule<RoleContext>(
  'role',
  'ROLE_MISSING_CREDENTIAL_TYPE',
  'seed 1, Role table (credential_type: required)',
  (context, report) => {
    if (
      context.legacy ||
      (context.fields.present.has('credential_type') && !context.fields.readable.has('credential_type'))
    )
      return;
    const value = context.fields.strings.get('credential_type');
    if (value === undefined) {
      report({
        path: fieldPath(context, 'credential_type'),
        target: 'key',
        message: `The role has no credential_type; add one of ${orList(TYPES)}.`,
        data: { field: 'credential_type', allowed: TYPES },
      });
    } else if (value.trim() === '') {
      report({
        path: fieldPath(context, 'credential_type'),
        target: 'value',
        message: `credential_type is empty; give one of ${orList(TYPES)}.`,
        data: { allowed: TYPES },
      });
    }
  },
);

const credentialTypeKnown = defineRule<RoleContext>(
  'role',
  'ROLE_UNKNOWN_CREDENTIAL_TYPE',
  'seed 1, Role table (credential_type: one of four)',
  (context, report) => {
    const value = context.fields.strings.get('credential_type');
    if (value === undefined || value.trim() === '' || context.type) return;
    const suggestion = didYouMean(value.trim(), TYPES) ?? (TYPES.includes(value.trim()) ? value.trim() : undefined);
    const hint = suggestion ? `did you mean "${suggestion}"?` : `use one of ${orList(TYPES)}.`;
    const several = value.includes(',') ? ' A role has exactly one type.' : '';
    report({
      path: fieldPath(context, 'credential_type'),
      target: 'value',
      message: `credential_type ${quote(value)} is not a credential type; ${hint}${several}`,
      data: { allowed: TYPES, ...(suggestion ? { suggestion, replacement: suggestion } : {}) },
    });
  },
);

const roleArnsRequired = defineRule<RoleContext>(
  'role',
  'ROLE_ARNS_REQUIRED',
  'seed 1, Role table (role_arns: required for assumed_role)',
  (context, report) => {
    if (context.legacy || context.type !== 'assumed_role' || isSupplied(context.fields, 'role_arns')) return;
    if (context.fields.present.has('role_arns') && !context.fields.readable.has('role_arns')) return;
    const empty = context.fields.present.has('role_arns');
    report({
      ...(empty
        ? { path: fieldPath(context, 'role_arns'), target: 'value' as const }
        : missingAt(context, 'role_arns')),
      message: empty
        ? 'role_arns is empty; an assumed_role role needs at least one role ARN to assume.'
        : 'credential_type assumed_role needs role_arns, the role ARNs it may assume; add role_arns.',
    });
  },
);

const policyRequired = defineRule<RoleContext>(
  'role',
  'ROLE_POLICY_REQUIRED',
  'seed 1, Role rule 2',
  (context, report) => {
    if (context.legacy || (context.type !== 'iam_user' && context.type !== 'federation_token')) return;
    const fields = ['policy_arns', 'policy_document'];
    if (
      fields.some(
        (f) => isSupplied(context.fields, f) || (context.fields.present.has(f) && !context.fields.readable.has(f)),
      )
    )
      return;
    report({
      ...missingAt(context, 'policy_arns'),
      message: `credential_type ${context.type} needs policy_arns or policy_document; add at least one of them.`,
      data: { field: 'policy_arns', alternatives: fields, anchor: `${context.basePath}/credential_type` },
    });
  },
);

/** A rule that rejects fields outside the credential types the schema lists for them. */
function prohibitOutside(code: Rule['code'], seedRule: string, fields: readonly string[]): Rule<RoleContext> {
  return defineRule<RoleContext>('role', code, seedRule, (context, report) => {
    const type = context.type;
    if (!type) return;
    for (const field of fields) {
      const allowed = fieldInfo('role', field)?.credentialTypes ?? CREDENTIAL_TYPES;
      if (allowed.includes(type) || !isSupplied(context.fields, field)) continue;
      const only = allowed.length === 1 ? `only ${allowed[0] ?? ''} takes it` : `only ${orList(allowed)} take it`;
      report({
        path: fieldPath(context, field),
        target: 'key',
        message: `${field} is not allowed for credential_type ${type}; ${only}. Remove ${field} or change credential_type.`,
        data: { allowedTypes: allowed, field },
      });
    }
  });
}

const roleArnsOnlyAssumedRole = prohibitOutside(
  'ROLE_ARNS_NOT_ALLOWED',
  'seed 1, Role table (role_arns: prohibited otherwise)',
  ['role_arns'],
);
const noPolicyForSessionToken = prohibitOutside(
  'ROLE_POLICY_NOT_ALLOWED',
  'seed 1, Role table (policy_arns, policy_document: disallowed for session_token)',
  ['policy_arns', 'policy_document'],
);
const stsTtlsOnlyForSts = prohibitOutside(
  'ROLE_STS_TTL_NOT_ALLOWED',
  'seed 1, Role table (default_sts_ttl, max_sts_ttl: only assumed_role, federation_token)',
  ['default_sts_ttl', 'max_sts_ttl'],
);
const sessionFieldsOnlyAssumedRole = prohibitOutside(
  'ROLE_ASSUMED_ROLE_FIELD_NOT_ALLOWED',
  'seed 1, Role table (session_tags, external_id: only assumed_role)',
  ['session_tags', 'external_id'],
);
const userFieldsOnlyIamUser = prohibitOutside(
  'ROLE_IAM_USER_FIELD_NOT_ALLOWED',
  'seed 1, Role table (user_path, permissions_boundary_arn: only iam_user)',
  ['user_path', 'permissions_boundary_arn'],
);

const unusedFields = defineRule<RoleContext>(
  'role',
  'ROLE_FIELD_UNUSED',
  'seed 1, Role table (iam_tags for iam_user users; mfa_serial_number for session_token)',
  (context, report) => {
    const type = context.type;
    if (!type) return;
    for (const info of fieldTable('role').values()) {
      const types = info.credentialTypes;
      if (!types || types.includes(type) || !context.fields.readable.has(info.name)) continue;
      const ignored = info.otherTypes === 'ignored';
      if (!ignored && isSupplied(context.fields, info.name)) continue; // reported as not allowed
      report({
        path: fieldPath(context, info.name),
        target: 'key',
        message: ignored
          ? `${info.name} has no effect for credential_type ${type}; it applies to ${orList(types)}. Remove it.`
          : `${info.name} is empty and not used by credential_type ${type}; remove it.`,
        data: { allowedTypes: types, field: info.name },
        tags: ['unnecessary'],
      });
    }
  },
);

/** Rules on `credential_type` and on which fields each credential type takes. */
export const roleTypeRules: readonly Rule<RoleContext>[] = [
  credentialTypePresent,
  credentialTypeKnown,
  roleArnsRequired,
  roleArnsOnlyAssumedRole,
  policyRequired,
  noPolicyForSessionToken,
  stsTtlsOnlyForSts,
  sessionFieldsOnlyAssumedRole,
  userFieldsOnlyIamUser,
  unusedFields,
];
