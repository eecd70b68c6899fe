import { iamArnKind } from './arn.ts';
import { policyShapeFault } from './policy-faults.ts';
import type { RoleContext } from './role-context.ts';
import { defineRule, fieldPath, type Rule } from './rule.ts';

const LEGACY = ['policy', 'arn'] as const;
/** Keys that may sit beside a legacy field: they are not sent as role parameters. */
const NEUTRAL = new Set(['$schema', 'name', 'narrow', ...LEGACY]);

/** The modern field a legacy value maps to: JSON → policy_document, policy ARN → policy_arns, role ARN → role_arns. */
export function legacyReplacement(value: string): 'policy_document' | 'policy_arns' | 'role_arns' {
  if (!value.trimStart().startsWith('arn:')) return 'policy_document';
  return iamArnKind(value.trim()) === 'role' ? 'role_arns' : 'policy_arns';
}

const legacyDeprecated = defineRule<RoleContext>(
  'role',
  'ROLE_LEGACY_FIELD',
  'seed 1, Role table (policy, arn: legacy)',
  (context, report) => {
    for (const field of LEGACY) {
      if (!context.fields.present.has(field)) continue;
      const suggestion = legacyReplacement(context.fields.strings.get(field) ?? '');
      report({
        path: fieldPath(context, field),
        target: 'key',
        message: `${field} is a legacy field; write ${suggestion} with an explicit credential_type instead.`,
        data: { suggestion },
        tags: ['deprecated'],
      });
    }
  },
);

const legacyNotMixed = defineRule<RoleContext>(
  'role',
  'ROLE_LEGACY_MIXED',
  'seed 1, Role rule 1',
  (context, report) => {
    const legacy = LEGACY.find((f) => context.fields.present.has(f));
    if (!legacy) return;
    for (const field of Object.keys(context.input)) {
      if (NEUTRAL.has(field) || !context.fields.present.has(field)) continue;
      report({
        path: fieldPath(context, field),
        target: 'key',
        message: `${field} cannot be mixed with the legacy field ${legacy}; remove ${legacy} (and use ${legacyReplacement(context.fields.strings.get(legacy) ?? '')}) or remove ${field}.`,
        data: { legacyField: legacy },
      });
    }
  },
);

const legacyNotBoth = defineRule<RoleContext>(
  'role',
  'ROLE_LEGACY_CONFLICT',
  'seed 1, Role table (policy: required unless arn; arn: required unless policy)',
  (context, report) => {
    if (!context.fields.present.has('policy') || !context.fields.present.has('arn')) return;
    report({
      path: fieldPath(context, 'arn'),
      target: 'key',
      message: 'Give only one of the legacy fields policy and arn; remove one of them.',
    });
  },
);

const legacyParsable = defineRule<RoleContext>(
  'role',
  'ROLE_LEGACY_INVALID',
  'seed 1, Role table (policy: IAM policy JSON; arn: policy reference)',
  (context, report) => {
    for (const field of LEGACY) {
      const value = context.fields.strings.get(field);
      if (value === undefined) continue;
      const fault = legacyFault(value);
      if (!fault) continue;
      report({ path: fieldPath(context, field), target: 'value', message: `${field} ${fault}.` });
    }
  },
);

/** Why a legacy value cannot be upgraded, following the engine: `arn:` values are ARNs, all else JSON. */
function legacyFault(value: string): string | undefined {
  const text = value.trim();
  if (text === '') return 'is empty; give a JSON policy or an IAM policy ARN';
  if (text.startsWith('arn:')) {
    return iamArnKind(text) ? undefined : 'is not an IAM policy or role ARN (arn:aws:iam::<account>:policy/<name>)';
  }
  try {
    const fault = policyShapeFault(JSON.parse(text));
    return fault ? `must be a JSON policy object: ${fault}` : undefined;
  } catch (error) {
    return `is neither an ARN nor JSON that parses (${(error as Error).message})`;
  }
}

/** Rules on the legacy `policy` and `arn` fields. */
export const roleLegacyRules: readonly Rule<RoleContext>[] = [
  legacyDeprecated,
  legacyNotMixed,
  legacyNotBoth,
  legacyParsable,
];
