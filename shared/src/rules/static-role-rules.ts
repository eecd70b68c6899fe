import { formatDuration } from '../duration/index.ts';
import { IAM_USER_NAME_RULE, iamConstraintFaults } from './iam-names.ts';
import { nameRule } from './role-value-rules.ts';
import { defineRule, fieldPath, quote, type Rule, type RuleContext } from './rule.ts';

/** What static-role rules see beyond the common context. */
export interface StaticRoleContext extends RuleContext {
  readonly name: { readonly value: string; readonly from: 'key' | 'given' } | undefined;
}

/** Seed 1: the minimum rotation period; exactly one minute is accepted. */
const MIN_ROTATION_SECONDS = 60;

/** The missing-field finding: on the absent field's pointer, with the field named in data. */
function missing(context: RuleContext, field: string, message: string) {
  return { path: fieldPath(context, field), target: 'key' as const, message, data: { field } };
}

const staticName = nameRule<StaticRoleContext>(
  'static-role',
  'STATIC_ROLE_INVALID_NAME',
  'seed 1, Static role table (name, from the URL)',
  'Static role',
);

const usernamePresent = defineRule<StaticRoleContext>(
  'static-role',
  'STATIC_ROLE_MISSING_USERNAME',
  'seed 1, Static role table (username: required)',
  (context, report) => {
    const { present, readable, strings } = context.fields;
    if (present.has('username') && !readable.has('username')) return;
    const value = strings.get('username');
    if (value === undefined)
      report(
        missing(
          context,
          'username',
          'The static role has no username; add the name of the existing IAM user to adopt.',
        ),
      );
    else if (value.trim() === '')
      report({
        path: fieldPath(context, 'username'),
        target: 'value',
        message: 'username is empty; give the name of the existing IAM user to adopt.',
      });
  },
);

const usernameValid = defineRule<StaticRoleContext>(
  'static-role',
  'STATIC_ROLE_INVALID_USERNAME',
  'seed 1, Static role table (username: an existing IAM user)',
  (context, report) => {
    const value = context.fields.strings.get('username');
    if (value === undefined || value.trim() === '' || iamConstraintFaults(value, IAM_USER_NAME_RULE).length === 0)
      return;
    const why =
      value.length > IAM_USER_NAME_RULE.max
        ? `is ${value.length} characters long (at most ${IAM_USER_NAME_RULE.max})`
        : 'holds characters other than ASCII letters, digits and +=,.@_-';
    report({
      path: fieldPath(context, 'username'),
      target: 'value',
      message: `username ${quote(value)} is not an IAM user name: it ${why}.`,
    });
  },
);

const rotationPresent = defineRule<StaticRoleContext>(
  'static-role',
  'STATIC_ROLE_MISSING_ROTATION_PERIOD',
  'seed 1, Static role table (rotation_period: required)',
  (context, report) => {
    if (context.fields.present.has('rotation_period')) return;
    report(
      missing(
        context,
        'rotation_period',
        'The static role has no rotation_period; add one such as "24h" (at least one minute).',
      ),
    );
  },
);

const rotationMinimum = defineRule<StaticRoleContext>(
  'static-role',
  'STATIC_ROLE_ROTATION_TOO_SHORT',
  'seed 1, Static role table (rotation_period: minimum 1 minute) and Limits',
  (context, report) => {
    const seconds = context.fields.seconds.get('rotation_period');
    if (seconds === undefined || seconds >= MIN_ROTATION_SECONDS) return;
    report({
      path: fieldPath(context, 'rotation_period'),
      target: 'value',
      message: `rotation_period ${formatDuration(seconds)} is shorter than the minimum of one minute; use at least "1m".`,
      data: { replacement: '1m' },
    });
  },
);

/** Every rule of a static role, in the order they run. */
export const staticRoleRules: readonly Rule<StaticRoleContext>[] = [
  staticName,
  usernamePresent,
  usernameValid,
  rotationPresent,
  rotationMinimum,
];
