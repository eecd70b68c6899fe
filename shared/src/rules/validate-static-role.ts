import { hasErrors, type Problem } from '../problem.ts';
import { parseFields } from './parse-fields.ts';
import { isPlainObject, notAnObject, type CheckOptions } from './resource-input.ts';
import { relaxForRequest } from './request-severity.ts';
import { runRules } from './rule.ts';
import { checkShape } from './shape.ts';
import { staticRoleRules, type StaticRoleContext } from './static-role-rules.ts';
import type { StaticRoleDefinition } from './types.ts';

/** Result of `validateStaticRole`. */
export interface StaticRoleValidation {
  /** The normalised static role; undefined when any problem is an error. */
  readonly staticRole: StaticRoleDefinition | undefined;
  readonly problems: Problem[];
}

/**
 * Validates one static role (a file document or a `POST /static-roles/:name` body) and
 * normalises `rotation_period` to seconds. `options.name` is used when the input has no `name`.
 *
 * Codes: `FIELD_*`, `DURATION_*` and the `STATIC_ROLE_*` rules of `ruleTable`.
 *
 * @example validateStaticRole({ username: 'backup', rotation_period: '24h' }).staticRole?.rotationPeriod // 86400
 */
export function validateStaticRole(input: unknown, options: { readonly name?: string; readonly source?: 'file' | 'request' } = {}): StaticRoleValidation {
  return checkStaticRole(input, { ...options, basePath: '' });
}

/** `validateStaticRole` for an object inside a larger document (a manifest entry). */
export function checkStaticRole(input: unknown, options: CheckOptions & { readonly name?: string }): StaticRoleValidation {
  const basePath = options.basePath ?? '';
  if (!isPlainObject(input)) return { staticRole: undefined, problems: [notAnObject('static role', input, basePath)] };
  const shape = checkShape('static-role', input, basePath);
  const problems = [...shape.problems];
  const fields = parseFields('static-role', input, basePath, shape.badFields, problems);
  const keyName = fields.strings.get('name');
  const name = keyName ?? options.name;
  const context: StaticRoleContext = {
    input,
    fields,
    basePath,
    name: name === undefined ? undefined : { value: name, from: keyName !== undefined ? 'key' : 'given' },
  };
  runRules(staticRoleRules, context, problems);
  relaxForRequest(problems, options.source);
  if (hasErrors(problems)) return { staticRole: undefined, problems };
  const staticRole: StaticRoleDefinition = {
    ...(name !== undefined ? { name } : {}),
    username: fields.strings.get('username') ?? '',
    rotationPeriod: fields.seconds.get('rotation_period') ?? 0,
  };
  return { staticRole, problems };
}
