import { readResource, settle, type Validation } from './read-resource.ts';
import type { CheckOptions } from './resource-input.ts';
import { relaxForRequest } from './request-severity.ts';
import { runRules } from './rule.ts';
import { staticRoleRules, type StaticRoleContext } from './static-role-rules.ts';
import type { StaticRoleDefinition, StaticRoleFieldValues } from './types.ts';
import { valuesFromFields } from './parse-fields.ts';
import { STATIC_ROLE_WIRE } from './wire-table.ts';

/** Result of `validateStaticRole`: the normalised static role, undefined when any problem is an error. */
export type StaticRoleValidation = Validation<StaticRoleDefinition>;

/**
 * Validates one static role (a file document or a `POST /static-roles/:name` body) and
 * normalises `rotation_period` to seconds. `options.name` is used when the input has no `name`.
 *
 * Codes: `FIELD_*`, `DURATION_*` and the `STATIC_ROLE_*` rules of `ruleTable`.
 *
 * @example validateStaticRole({ username: 'backup', rotation_period: '24h' }).value?.rotationPeriod // 86400
 */
export function validateStaticRole(
  input: unknown,
  options: { readonly name?: string; readonly source?: 'file' | 'request' } = {},
): StaticRoleValidation {
  return checkStaticRole(input, { ...options, basePath: '' });
}

/** `validateStaticRole` for an object inside a larger document (a manifest entry). */
export function checkStaticRole(
  input: unknown,
  options: CheckOptions & { readonly name?: string },
): StaticRoleValidation {
  const basePath = options.basePath ?? '';
  const read = readResource('static-role', input, { what: 'static role', basePath });
  if (!read.ok) return { value: undefined, problems: read.problems };
  const { fields, problems } = read;
  const keyName = fields.strings.get('name');
  const name = keyName ?? options.name;
  const context: StaticRoleContext = {
    input: read.input,
    fields,
    basePath,
    name: name === undefined ? undefined : { value: name, from: keyName !== undefined ? 'key' : 'given' },
  };
  runRules(staticRoleRules, context, problems);
  relaxForRequest(problems, options.source);
  // Both fields are required: a value without errors has them.
  return settle(problems, (): StaticRoleDefinition => ({
    ...(name !== undefined ? { name } : {}),
    ...(valuesFromFields(STATIC_ROLE_WIRE, fields) as Required<StaticRoleFieldValues>),
  }));
}
