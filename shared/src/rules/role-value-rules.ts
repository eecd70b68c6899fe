import { formatDuration } from '../duration/index.ts';
import { checkIamArn } from './arn.ts';
import { firstNonPrintable, IAM_PATH_RULE, iamConstraintFaults } from './iam-names.ts';
import type { RoleContext } from './role-context.ts';
import type { ProblemCode } from '../codes/index.ts';
import {
  defineRule,
  fieldPath,
  quote,
  reportAboveCap,
  reportListItems,
  type Report,
  type Rule,
  type RuleContext,
  type RuleKind,
} from './rule.ts';

/** The engine's role-name pattern; a name outside it matches no URL path. */
const ROLE_NAME_PATTERN = /^\w(?:[\w\-.@]*\w)?$/;
// Seed 1 leaves user_path's format to the engine, whose own regexp is looser than AWS's: it lets DEL
// (0x7F) and "//" through, which CreateUser then refuses. What it refuses is a 400 on the engine's API.
const ENGINE_USER_PATH = /^\/(?:[\x21-\x7f]{0,510}\/)?$/;

/** What a name rule reads: the name from the URL (a manifest key, or given: a file's base name). */
interface NamedContext extends RuleContext {
  readonly name: { readonly value: string; readonly from: 'key' | 'given' } | undefined;
}

/**
 * A rule that a role's name is addressable: the engine's path pattern. `label` starts the message
 * ("Role", "Static role"). A given name (file base name, manifest key) has no value node: the
 * problem lands on the manifest key or on the absent name key (the document's first key).
 */
export function nameRule<C extends NamedContext>(
  kind: RuleKind,
  code: ProblemCode,
  source: string,
  label: string,
): Rule<C> {
  return defineRule<C>(kind, code, source, (context, report) => {
    const name = context.name;
    if (!name || ROLE_NAME_PATTERN.test(name.value)) return;
    report({
      path: fieldPath(context, 'name'),
      target: name.from === 'key' ? 'value' : 'key',
      message: `${label} name ${quote(name.value)} is not valid; use letters, digits, _ - . @, starting and ending with a letter, digit or _.`,
      data: { name: name.value, replacement: sanitizeName(name.value) },
    });
  });
}

/** The role name must be addressable: the engine's path pattern. */
export const roleNameRule = nameRule<RoleContext>(
  'role',
  'ROLE_INVALID_NAME',
  'seed 1, Role table (name, from the URL)',
  'Role',
);

/** A best-effort valid name: invalid characters become `-`, ends trimmed to word characters. */
function sanitizeName(name: string): string {
  const replaced = name.replace(/[^\w\-.@]/g, '-').replace(/^[^\w]+|[^\w]+$/g, '');
  return replaced === '' ? 'role' : replaced;
}

const ttlOrder = defineRule<RoleContext>(
  'role',
  'ROLE_TTL_ORDER',
  'seed 1, Role table (max_sts_ttl is the upper cap)',
  (context, report) => {
    const max = context.fields.seconds.get('max_sts_ttl');
    reportAboveCap(
      context,
      report,
      'default_sts_ttl',
      context.fields.seconds.get('default_sts_ttl'),
      max !== undefined && max > 0 ? max : undefined,
      (byDefault, cap) =>
        `default_sts_ttl (${formatDuration(byDefault)}) is longer than max_sts_ttl (${formatDuration(cap)}); make it at most ${formatDuration(cap, { compact: true })}.`,
    );
  },
);

const userPath = defineRule<RoleContext>(
  'role',
  'ROLE_INVALID_USER_PATH',
  'seed 1, Role table (user_path); AWS IAM pathType',
  (context, report) => {
    const value = context.fields.strings.get('user_path');
    if (value === undefined || value === '' || iamConstraintFaults(value, IAM_PATH_RULE).length === 0) return;
    const trimmed = value.replace(/^\/+|\/+$/g, '');
    const replacement = trimmed === '' ? '/' : `/${trimmed}/`;
    const fixable = iamConstraintFaults(replacement, IAM_PATH_RULE).length === 0;
    const engineAccepts = ENGINE_USER_PATH.test(value);
    const stored = engineAccepts ? "; the engine stores it, but AWS's CreateUser refuses it (ValidationError)" : '';
    report({
      path: fieldPath(context, 'user_path'),
      target: 'value',
      message: `user_path ${quote(value)} is not an IAM path: ${userPathFault(value)}${stored}${fixable ? `; write ${quote(replacement)}` : ''}.`,
      ...(fixable || engineAccepts
        ? { data: { ...(fixable ? { replacement } : {}), ...(engineAccepts ? { engineAccepts: true } : {}) } }
        : {}),
    });
  },
);

/** Why a path fails AWS's pathType, in words. */
function userPathFault(value: string): string {
  if (value.length > IAM_PATH_RULE.max) return `it is ${value.length} characters long (at most ${IAM_PATH_RULE.max})`;
  const odd = firstNonPrintable(value);
  if (odd !== undefined) return `it holds ${odd}; only printable ASCII from "!" to "~" (U+0021 to U+007E) may appear`;
  return 'it must be "/" alone or start and end with "/" with at least one character between';
}

/** Reports each item of a list field that is not an ARN of the given kind. */
function checkArnList(context: RoleContext, report: Report, field: string, kind: 'role' | 'policy'): void {
  reportListItems(context, report, field, (item) => {
    const fault = checkIamArn(item, kind);
    if (!fault) return undefined;
    const move = fault.startsWith('it is a') ? `; move it to ${kind === 'role' ? 'policy_arns' : 'role_arns'}` : '';
    return { message: `${field} item ${quote(item)} is not an IAM ${kind} ARN: ${fault}${move}.` };
  });
}

const roleArns = defineRule<RoleContext>(
  'role',
  'ROLE_INVALID_ROLE_ARN',
  'seed 1, Role table (role_arns)',
  (context, report) => checkArnList(context, report, 'role_arns', 'role'),
);

const policyArns = defineRule<RoleContext>(
  'role',
  'ROLE_INVALID_POLICY_ARN',
  'seed 1, Role table (policy_arns)',
  (context, report) => checkArnList(context, report, 'policy_arns', 'policy'),
);

const boundaryArn = defineRule<RoleContext>(
  'role',
  'ROLE_INVALID_BOUNDARY_ARN',
  'seed 1, Role table (permissions_boundary_arn)',
  (context, report) => {
    const value = context.fields.strings.get('permissions_boundary_arn');
    if (value === undefined || value === '') return;
    const fault = checkIamArn(value, 'policy');
    if (!fault) return;
    report({
      path: fieldPath(context, 'permissions_boundary_arn'),
      target: 'value',
      message: `permissions_boundary_arn ${quote(value)} is not an IAM policy ARN: ${fault}.`,
    });
  },
);

/** Rules on the format of single role fields: TTL order, user_path and ARNs. */
export const roleValueRules: readonly Rule<RoleContext>[] = [ttlOrder, userPath, roleArns, policyArns, boundaryArn];
