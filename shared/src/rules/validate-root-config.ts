import { checkUsernameTemplate } from '../template/index.ts';
import { fieldInfo } from './field-info.ts';
import { appendPointer } from '../text/json-pointer.ts';
import { readResource, settle, type Validation } from './read-resource.ts';
import type { CheckOptions } from './resource-input.ts';
import { rootRules, type RootContext } from './root-rules.ts';
import { relaxForRequest } from './request-severity.ts';
import { runRules } from './rule.ts';
import type { RootConfig } from './types.ts';
import { valuesFromFields } from './parse-fields.ts';
import { ROOT_CONFIG_WIRE, type WireValues } from './wire-table.ts';

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
  return settle(problems, (): RootConfig => withDefaults(valuesFromFields(ROOT_CONFIG_WIRE, fields)));
}

/** The values with each unset number given its schema default (3600 for identity_token_ttl, -1 for max_retries). */
function withDefaults(values: WireValues<typeof ROOT_CONFIG_WIRE>): RootConfig {
  const out: Record<string, unknown> = { ...values };
  for (const row of ROOT_CONFIG_WIRE)
    if (out[row.field] === undefined) out[row.field] = Number(fieldInfo('root-config', row.wire)?.default);
  return out as unknown as RootConfig;
}
