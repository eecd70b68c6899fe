import { formatDuration } from '../duration/index.ts';
import { didYouMean } from './did-you-mean.ts';
import { fieldInfo } from './field-info.ts';
import { defineRule, fieldPath, quote, reportAboveCap, reportListItems, type Rule, type RuleContext } from './rule.ts';
import { appendPointer } from '../text/json-pointer.ts';
import { canonicalIpBlock } from '../text/ip-blocks.ts';

/** Most CIDR blocks one role (or token) may be bound to. */
export const MAX_BOUND_CIDRS = 256;

/** Where the real engine states these rules. */
const SOURCE = "the real engine's JWT auth method, role create/update";

/** Older field names the engine still reads, and the current name of each. */
const DEPRECATED: Readonly<Record<string, string>> = {
  policies: 'token_policies',
  ttl: 'token_ttl',
  max_ttl: 'token_max_ttl',
  num_uses: 'token_num_uses',
  period: 'token_period',
  bound_cidrs: 'token_bound_cidrs',
};

/** `role_type` as the engine reads it (omitted means `oidc`). */
function roleType(context: RuleContext): string {
  return (context.fields.strings.get('role_type') ?? '').trim().toLowerCase() || 'oidc';
}

function supplied(context: RuleContext, field: string): boolean {
  const list = context.fields.lists.get(field);
  if (list) return list.items.length > 0;
  const text = context.fields.strings.get(field);
  if (text !== undefined) return text.trim() !== '';
  const object = context.fields.objects.get(field);
  return object !== undefined && Object.keys(object).length > 0;
}

const userClaim = defineRule(
  'jwt-role',
  'JWT_ROLE_USER_CLAIM_REQUIRED',
  `${SOURCE}: user_claim required`,
  (context, report) => {
    if (supplied(context, 'user_claim')) return;
    report({
      path: fieldPath(context, 'user_claim'),
      target: context.fields.present.has('user_claim') ? 'value' : 'key',
      message:
        'The role has no user_claim (the engine: "a user claim must be defined on the role"); add user_claim: repository (or sub).',
      data: { field: 'user_claim' },
    });
  },
);

const enums = defineRule(
  'jwt-role',
  'JWT_ROLE_INVALID_VALUE',
  `${SOURCE}: role_type, bound_claims_type, token_type`,
  (context, report) => {
    for (const field of ['role_type', 'bound_claims_type', 'token_type']) {
      const value = context.fields.strings.get(field);
      const allowed = fieldInfo('jwt-role', field)?.enum ?? [];
      if (value === undefined || value === '' || allowed.includes(value.trim().toLowerCase())) continue;
      const suggestion = didYouMean(value, allowed);
      report({
        path: fieldPath(context, field),
        target: 'value',
        message: `${field} ${quote(value)} is not one the engine knows (invalid '${field}'); write ${allowed.map((a) => `"${a}"`).join(', ')}${suggestion ? ` (did you mean "${suggestion}"?)` : ''}.`,
        data: suggestion ? { suggestion, replacement: suggestion } : { expected: allowed },
      });
    }
  },
);

const redirectUris = defineRule(
  'jwt-role',
  'JWT_ROLE_REDIRECT_URIS_REQUIRED',
  `${SOURCE}: oidc roles need allowed_redirect_uris`,
  (context, report) => {
    // In a file an omitted role_type is JWT_TRUST_ROLE_TYPE_OMITTED's finding (the fix there is
    // role_type: jwt, and lint always runs it); a request body has no trust lint, so it is found here.
    if (
      (!context.fields.present.has('role_type') && context.source !== 'request') ||
      roleType(context) !== 'oidc' ||
      supplied(context, 'allowed_redirect_uris')
    )
      return;
    report({
      path: fieldPath(context, 'role_type'),
      target: context.fields.present.has('role_type') ? 'value' : 'key',
      message:
        "role_type oidc needs allowed_redirect_uris (the engine: \"'allowed_redirect_uris' must be set if 'role_type' is 'oidc' or unspecified\"); for GitHub Actions write role_type: jwt.",
      data: { replacement: 'jwt' },
    });
  },
);

const boundConstraint = defineRule(
  'jwt-role',
  'JWT_ROLE_NO_BOUND_CONSTRAINT',
  `${SOURCE}: jwt roles need a bound constraint`,
  (context, report) => {
    if (roleType(context) !== 'jwt') return;
    if (
      ['bound_audiences', 'bound_subject', 'bound_claims', 'token_bound_cidrs', 'bound_cidrs'].some((f) =>
        supplied(context, f),
      )
    )
      return;
    report({
      path: fieldPath(context, 'role_type'),
      target: 'key',
      message:
        'A jwt role must bind something (the engine: "must have at least one bound constraint when creating/updating a role"); add bound_audiences and bound_claims.repository_id.',
    });
  },
);

const globStrings = defineRule(
  'jwt-role',
  'JWT_ROLE_GLOB_NOT_STRING',
  `${SOURCE}: glob bound claims are strings`,
  (context, report) => {
    if ((context.fields.strings.get('bound_claims_type') ?? '').trim().toLowerCase() !== 'glob') return;
    const claims = context.fields.objects.get('bound_claims') ?? {};
    for (const [claim, value] of Object.entries(claims)) {
      const values = Array.isArray(value) ? value : [value];
      values.forEach((v: unknown, i) => {
        if (typeof v === 'string') return;
        const path = appendPointer(fieldPath(context, 'bound_claims'), claim);
        report({
          path: Array.isArray(value) ? appendPointer(path, i) : path,
          target: 'value',
          message: `bound_claims.${claim} holds ${JSON.stringify(v)}, but glob claims must be strings (the engine: "claim is not a string or list: ${claim}"); quote it.`,
          data: { replacement: JSON.stringify(String(v)) },
        });
      });
    }
  },
);

const boundCidrs = defineRule(
  'jwt-role',
  'JWT_ROLE_BOUND_CIDR_INVALID',
  `${SOURCE}: token_bound_cidrs are addresses or CIDR blocks`,
  (context, report) => {
    for (const field of ['token_bound_cidrs', 'bound_cidrs']) {
      const list = context.fields.lists.get(field);
      if (list !== undefined && list.items.length > MAX_BOUND_CIDRS) {
        report({
          path: fieldPath(context, field),
          target: 'value',
          message: `${field} holds ${list.items.length} entries; the engine accepts at most ${MAX_BOUND_CIDRS}: use wider blocks.`,
          data: { count: list.items.length },
        });
        continue;
      }
      reportListItems(context, report, field, (item) =>
        canonicalIpBlock(item) !== undefined
          ? undefined
          : {
              message: `${field} holds ${quote(item)}, which is neither an IP address nor a CIDR block (the engine: error parsing address ${quote(item)}); write an address such as 10.0.0.7 or a block such as 10.0.0.0/8 or ::1/128.`,
            },
      );
    }
  },
);

const ttlWithinMax = defineRule(
  'jwt-role',
  'JWT_ROLE_TTL_ABOVE_MAX',
  `${SOURCE}: token_ttl at most token_max_ttl`,
  (context, report) => {
    const ttlField = context.fields.seconds.has('token_ttl') ? 'token_ttl' : 'ttl';
    const max = context.fields.seconds.get('token_max_ttl') ?? context.fields.seconds.get('max_ttl');
    reportAboveCap(
      context,
      report,
      ttlField,
      context.fields.seconds.get(ttlField),
      max !== undefined && max > 0 ? max : undefined,
      (ttl, cap) =>
        `${ttlField} (${formatDuration(ttl)}) is longer than token_max_ttl (${formatDuration(cap)}); the engine refuses it ("ttl should not be greater than max ttl"). Shorten ${ttlField} or raise token_max_ttl.`,
    );
  },
);

/** The use limit under its current name, else its older one (the current name wins, as in the engine). */
function usesField(context: RuleContext): string {
  return context.fields.present.has('token_num_uses') ? 'token_num_uses' : 'num_uses';
}

const usesNotNegative = defineRule(
  'jwt-role',
  'JWT_ROLE_NUM_USES_NEGATIVE',
  `${SOURCE}: token_num_uses is not negative`,
  (context, report) => {
    const field = usesField(context);
    const uses = context.fields.integers.get(field);
    if (uses === undefined || uses >= 0) return;
    report({
      path: fieldPath(context, field),
      target: 'value',
      message: `${field} is ${uses}; the engine refuses a negative use limit ("'token_num_uses' cannot be negative"); write 0 for unlimited or a positive count.`,
      data: { replacement: '0' },
    });
  },
);

const batchLimits = defineRule(
  'jwt-role',
  'JWT_ROLE_BATCH_TOKEN_LIMIT',
  `${SOURCE}: batch tokens are neither periodic nor use-limited`,
  (context, report) => {
    if ((context.fields.strings.get('token_type') ?? '').trim().toLowerCase() !== 'batch') return;
    const periodField = context.fields.present.has('token_period') ? 'token_period' : 'period';
    if ((context.fields.seconds.get(periodField) ?? 0) > 0)
      report({
        path: fieldPath(context, periodField),
        target: 'key',
        message: `token_type batch cannot be periodic (the engine: "'token_type' cannot be 'batch' or 'default_batch' when set to generate periodic tokens"); remove ${periodField} or use token_type service.`,
        data: { field: periodField },
      });
    const field = usesField(context);
    if ((context.fields.integers.get(field) ?? 0) > 0)
      report({
        path: fieldPath(context, field),
        target: 'key',
        message: `token_type batch cannot have a use limit (the engine: "'token_type' cannot be 'batch' or 'default_batch' when set to generate tokens with limited use count"); remove ${field} or use token_type service.`,
        data: { field },
      });
  },
);

const mappingTargets = defineRule(
  'jwt-role',
  'JWT_ROLE_CLAIM_MAPPING_TARGET',
  `${SOURCE}: claim_mappings targets`,
  (context, report) => {
    const mappings = context.fields.objects.get('claim_mappings') ?? {};
    const seen = new Map<string, string>();
    for (const [claim, target] of Object.entries(mappings)) {
      const key = String(target);
      const path = appendPointer(fieldPath(context, 'claim_mappings'), claim);
      if (key === 'role') {
        report({
          path,
          target: 'value',
          message: `claim_mappings.${claim} targets "role", which is reserved (the engine: metadata key "role" is reserved and may not be a mapping destination); pick another key.`,
        });
      } else if (seen.has(key)) {
        report({
          path,
          target: 'value',
          message: `claim_mappings.${claim} targets "${key}", already the target of ${seen.get(key)} (the engine: multiple keys are mapped to metadata key "${key}"); give each claim its own key.`,
        });
      }
      seen.set(key, claim);
    }
  },
);

const deprecatedNames = defineRule(
  'jwt-role',
  'JWT_ROLE_DEPRECATED_FIELD',
  `${SOURCE}: older field names`,
  (context, report) => {
    for (const [old, current] of Object.entries(DEPRECATED)) {
      if (!context.fields.present.has(old)) continue;
      report({
        path: fieldPath(context, old),
        target: 'key',
        message: `${old} is the older name of ${current}${context.fields.present.has(current) ? `, which this role also sets (${current} wins)` : ''}; write ${current}.`,
        data: { replacement: current },
        tags: ['deprecated'],
      });
    }
  },
);

/** Every rule of a JWT role. */
export const jwtRoleRules: readonly Rule[] = [
  userClaim,
  enums,
  redirectUris,
  boundConstraint,
  globStrings,
  boundCidrs,
  ttlWithinMax,
  usesNotNegative,
  batchLimits,
  mappingTargets,
  deprecatedNames,
];
