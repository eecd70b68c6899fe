import { checkUsernameTemplate } from '../template/index.ts';
import { fieldInfo } from './field-info.ts';
import { appendPointer } from '../text/json-pointer.ts';
import { readResource, settle, type Validation } from './read-resource.ts';
import type { CheckOptions } from './resource-input.ts';
import { rootRules, type RootContext } from './root-rules.ts';
import { relaxForRequest } from './request-severity.ts';
import { runRules } from './rule.ts';
import type { RootConfig } from './types.ts';

/** Options of `validateRootConfig`. */
export interface ValidateRootConfigOptions {
  /** `file` adds the warning for a literal `secret_key`; default `request` (an HTTP body). */
  readonly source?: 'file' | 'request';
}

/** Result of `validateRootConfig`: the configuration with defaults filled in, undefined when any problem is an error. */
export type RootConfigValidation = Validation<RootConfig>;

/**
 * Validates a root configuration (`POST /config/root` body or a manifest's `root`): exclusive and
 * paired credential fields, enterprise-only fields (info), fallback lists, `max_retries`, endpoint
 * URLs, and the username template. Messages never contain `access_key` or `secret_key` values.
 *
 * Codes: `FIELD_*`, `DURATION_*`, `ROOT_*`, `TEMPLATE_*`.
 */
export function validateRootConfig(input: unknown, options: ValidateRootConfigOptions = {}): RootConfigValidation {
  return checkRootConfig(input, { ...options, basePath: '' });
}

/** `validateRootConfig` for an object inside a larger document. */
export function checkRootConfig(
  input: unknown,
  options: CheckOptions & ValidateRootConfigOptions,
): RootConfigValidation {
  const basePath = options.basePath ?? '';
  const read = readResource('root-config', input, { what: 'root configuration', basePath });
  if (!read.ok) return { value: undefined, problems: read.problems };
  const { fields, problems } = read;
  const context: RootContext = { input: read.input, fields, basePath, source: options.source ?? 'request' };
  runRules(rootRules, context, problems);
  const template = fields.strings.get('username_template');
  if (template !== undefined)
    problems.push(...checkUsernameTemplate(template, { path: appendPointer(basePath, 'username_template') }));
  // After the template's findings too: the real engine accepts a template whose names the provider refuses.
  relaxForRequest(problems, context.source);
  const text = (field: string): string => fields.strings.get(field) ?? '';
  return settle(problems, (): RootConfig => ({
    accessKey: text('access_key'),
    secretKey: text('secret_key'),
    roleArn: text('role_arn'),
    identityTokenAudience: text('identity_token_audience'),
    identityTokenTtl: fields.seconds.get('identity_token_ttl') ?? schemaDefault('identity_token_ttl'),
    maxRetries: fields.integers.get('max_retries') ?? schemaDefault('max_retries'),
    region: text('region'),
    iamEndpoint: text('iam_endpoint'),
    stsEndpoint: text('sts_endpoint'),
    stsRegion: text('sts_region'),
    stsFallbackEndpoints: fields.lists.get('sts_fallback_endpoints')?.items ?? [],
    stsFallbackRegions: fields.lists.get('sts_fallback_regions')?.items ?? [],
    usernameTemplate: text('username_template'),
  }));
}

/** A numeric default as the schema states it (3600 for identity_token_ttl, -1 for max_retries). */
function schemaDefault(field: string): number {
  return Number(fieldInfo('root-config', field)?.default);
}
