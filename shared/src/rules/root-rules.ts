import type { ProblemCode } from '../codes/index.ts';
import { checkIamArn } from './arn.ts';
import { fieldTable } from './field-info.ts';
import { defineRule, fieldPath, isSupplied, quote, reportListItems, type Rule, type RuleContext } from './rule.ts';

/** What root rules see beyond the common context. */
export interface RootContext extends RuleContext {
  /** `file`: the configuration is written in a file (secrets there are a leak); `request`: an HTTP body. */
  readonly source: 'file' | 'request';
}

const has = (context: RuleContext, field: string): boolean => isSupplied(context.fields, field);

const accessKeyOrAudience = defineRule<RootContext>(
  'root-config',
  'ROOT_ACCESS_KEY_WITH_AUDIENCE',
  'seed 1, Root configuration table (access_key, identity_token_audience: mutually exclusive)',
  (context, report) => {
    if (!has(context, 'access_key') || !has(context, 'identity_token_audience')) return;
    report({
      path: fieldPath(context, 'identity_token_audience'),
      target: 'key',
      message:
        'identity_token_audience cannot be set together with access_key; use either static keys or workload identity federation.',
      data: { conflictsWith: 'access_key' },
    });
  },
);

/** A rule for a field that is only meaningful with another: reported on `field`'s key when `needs` is absent. */
function requiresField(
  code: ProblemCode,
  source: string,
  field: string,
  needs: string,
  message: string,
): Rule<RootContext> {
  return defineRule<RootContext>('root-config', code, source, (context, report) => {
    if (!has(context, field) || has(context, needs)) return;
    report({ path: fieldPath(context, field), target: 'key', message, data: { field: needs } });
  });
}

const secretNeedsAccessKey = requiresField(
  'ROOT_SECRET_KEY_WITHOUT_ACCESS_KEY',
  'seed 1, Root configuration table (secret_key: together with access_key)',
  'secret_key',
  'access_key',
  'secret_key is set without access_key; add access_key or remove secret_key.',
);

const accessKeyNeedsSecret = requiresField(
  'ROOT_ACCESS_KEY_WITHOUT_SECRET_KEY',
  'seed 1, Root configuration table (secret_key: together with access_key)',
  'access_key',
  'secret_key',
  'access_key is set without secret_key; static credentials need both (configure them on the engine, not in a file).',
);

const audienceNeedsRoleArn = requiresField(
  'ROOT_AUDIENCE_WITHOUT_ROLE_ARN',
  'seed 1, Root configuration table (role_arn: required with identity_token_audience)',
  'identity_token_audience',
  'role_arn',
  'identity_token_audience needs role_arn, the role to assume with the identity token; add role_arn.',
);

const roleArnFormat = defineRule<RootContext>(
  'root-config',
  'ROOT_INVALID_ROLE_ARN',
  'seed 1, Root configuration table (role_arn)',
  (context, report) => {
    const value = context.fields.strings.get('role_arn');
    const fault = value ? checkIamArn(value, 'role') : undefined;
    if (value === undefined || fault === undefined) return;
    report({
      path: fieldPath(context, 'role_arn'),
      target: 'value',
      message: `role_arn ${quote(value)} is not an IAM role ARN: ${fault}.`,
    });
  },
);

const enterpriseFields = defineRule<RootContext>(
  'root-config',
  'ROOT_ENTERPRISE_FIELD',
  'seed 1, Root configuration table (fields marked Enterprise)',
  (context, report) => {
    for (const info of fieldTable('root-config').values()) {
      if (!info.enterprise || !context.fields.present.has(info.name)) continue;
      report({
        path: fieldPath(context, info.name),
        target: 'key',
        message: `${info.name} exists only in the enterprise edition of the engine; a community engine refuses it.`,
        data: { edition: 'enterprise' },
      });
    }
  },
);

const fallbackLengths = defineRule<RootContext>(
  'root-config',
  'ROOT_FALLBACK_LENGTH_MISMATCH',
  'seed 1, Root configuration table (sts_fallback_regions: should match the fallback endpoints)',
  (context, report) => {
    const endpoints = context.fields.lists.get('sts_fallback_endpoints')?.items.length ?? 0;
    const regions = context.fields.lists.get('sts_fallback_regions')?.items.length ?? 0;
    if (endpoints === regions) return;
    const field = context.fields.present.has('sts_fallback_regions')
      ? 'sts_fallback_regions'
      : 'sts_fallback_endpoints';
    report({
      path: fieldPath(context, field),
      target: context.fields.present.has(field) ? 'value' : 'key',
      message: `sts_fallback_endpoints has ${endpoints} item(s) but sts_fallback_regions has ${regions}; give one region per fallback endpoint.`,
      data: { endpoints, regions },
    });
  },
);

const fallbackNeedsEndpoint = requiresField(
  'ROOT_FALLBACK_WITHOUT_ENDPOINT',
  'engine behaviour: fallbacks are tried only after a custom sts_endpoint',
  'sts_fallback_endpoints',
  'sts_endpoint',
  'sts_fallback_endpoints is set without sts_endpoint, so the engine never tries the fallbacks; set sts_endpoint too.',
);

const stsRegionNeedsEndpoint = requiresField(
  'ROOT_STS_REGION_WITHOUT_ENDPOINT',
  'seed 1, Root configuration table (sts_region: should match sts_endpoint)',
  'sts_region',
  'sts_endpoint',
  'sts_region is set without sts_endpoint; it should describe a custom sts_endpoint, so set both or remove sts_region.',
);

const endpointUrls = defineRule<RootContext>(
  'root-config',
  'ROOT_INVALID_ENDPOINT',
  'seed 1, Root configuration table (custom HTTP endpoints)',
  (context, report) => {
    const url = /^https?:\/\/[^\s/?#]+[^\s]*$/;
    for (const field of ['iam_endpoint', 'sts_endpoint']) {
      const value = context.fields.strings.get(field);
      if (value && !url.test(value))
        report({
          path: fieldPath(context, field),
          target: 'value',
          message: `${field} ${quote(value)} is not an http:// or https:// URL.`,
        });
    }
    reportListItems(context, report, 'sts_fallback_endpoints', (item) =>
      url.test(item)
        ? undefined
        : { message: `sts_fallback_endpoints item ${quote(item)} is not an http:// or https:// URL.` },
    );
  },
);

const maxRetries = defineRule<RootContext>(
  'root-config',
  'ROOT_INVALID_MAX_RETRIES',
  'seed 1, Root configuration table (max_retries: -1 means SDK default)',
  (context, report) => {
    const value = context.fields.integers.get('max_retries');
    if (value === undefined || value >= -1) return;
    report({
      path: fieldPath(context, 'max_retries'),
      target: 'value',
      message: `max_retries ${value} is below -1; use -1 for the provider SDK default or a count of 0 or more.`,
      data: { replacement: -1 },
    });
  },
);

const noSecretInFile = defineRule<RootContext>(
  'root-config',
  'ROOT_SECRET_IN_FILE',
  'seed 1, Root configuration table (secret_key: never returned); keep secrets out of git',
  (context, report) => {
    if (context.source !== 'file' || !has(context, 'secret_key')) return;
    // Never echo the value: the message and data name the field only.
    report({
      path: fieldPath(context, 'secret_key'),
      target: 'value',
      message:
        'secret_key is written in this file; remove it and configure it on the engine directly (secrets do not belong in version control).',
    });
  },
);

/** Every rule of the root configuration except the username template (checked by the template area). */
export const rootRules: readonly Rule<RootContext>[] = [
  accessKeyOrAudience,
  secretNeedsAccessKey,
  accessKeyNeedsSecret,
  audienceNeedsRoleArn,
  roleArnFormat,
  enterpriseFields,
  fallbackLengths,
  fallbackNeedsEndpoint,
  stsRegionNeedsEndpoint,
  endpointUrls,
  maxRetries,
  noSecretInFile,
];
