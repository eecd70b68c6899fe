import { hasErrors, type Problem } from '../problem.ts';
import { checkUsernameTemplate } from '../template/index.ts';
import { fieldInfo } from './field-info.ts';
import { joinPointer } from './json-pointer.ts';
import { parseFields } from './parse-fields.ts';
import { isPlainObject, notAnObject, type CheckOptions } from './resource-input.ts';
import { rootRules, type RootContext } from './root-rules.ts';
import { relaxForRequest } from './request-severity.ts';
import { runRules } from './rule.ts';
import { checkShape } from './shape.ts';
import type { RootConfig } from './types.ts';

/** Options of `validateRootConfig`. */
export interface ValidateRootConfigOptions {
  /** `file` adds the warning for a literal `secret_key`; default `request` (an HTTP body). */
  readonly source?: 'file' | 'request';
}

/** Result of `validateRootConfig`. */
export interface RootConfigValidation {
  /** The normalised configuration with defaults filled in; undefined when any problem is an error. */
  readonly config: RootConfig | undefined;
  readonly problems: Problem[];
}

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
export function checkRootConfig(input: unknown, options: CheckOptions & ValidateRootConfigOptions): RootConfigValidation {
  const basePath = options.basePath ?? '';
  if (!isPlainObject(input)) return { config: undefined, problems: [notAnObject('root configuration', input, basePath)] };
  const shape = checkShape('root-config', input, basePath);
  const problems = [...shape.problems];
  const fields = parseFields('root-config', input, basePath, shape.badFields, problems);
  const context: RootContext = { input, fields, basePath, source: options.source ?? 'request' };
  runRules(rootRules, context, problems);
  relaxForRequest(problems, context.source);
  const template = fields.strings.get('username_template');
  if (template !== undefined) problems.push(...checkUsernameTemplate(template, { path: joinPointer(basePath, 'username_template') }));
  if (hasErrors(problems)) return { config: undefined, problems };
  const text = (field: string): string => fields.strings.get(field) ?? '';
  const config: RootConfig = {
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
  };
  return { config, problems };
}

/** A numeric default as the schema states it (3600 for identity_token_ttl, -1 for max_retries). */
function schemaDefault(field: string): number {
  return Number(fieldInfo('root-config', field)?.default);
}
