import { isCredentialType } from './field-info.ts';
import { valuesFromFields, type ParsedFields } from './parse-fields.ts';
import { readResource, settle, sourceOf, type Validation } from './read-resource.ts';
import type { CheckOptions } from './resource-input.ts';
import type { RoleContext } from './role-context.ts';
import { legacyReplacement } from './role-legacy-rules.ts';
import { roleRules } from './role-rules.ts';
import { relaxForRequest } from './request-severity.ts';
import { runRules } from './rule.ts';
import type { CredentialType, RoleDefinition } from './types.ts';
import { ROLE_WIRE } from './wire-table.ts';

/** Options of `validateRole`. */
export interface ValidateRoleOptions {
  /** The role name when the input has no `name` key: the file's base name, or the URL's `:name`. */
  readonly name?: string;
  /** `request` for an HTTP body (see `CheckOptions.source`); default `file`. */
  readonly source?: 'file' | 'request';
}

/** Result of `validateRole`: the normalised role, undefined when any problem is an error. */
export type RoleValidation = Validation<RoleDefinition>;

/**
 * Validates one dynamic role (a role file's document or a `POST /roles/:name` body) against every
 * role rule of seed 1 and normalises it. Pure and fast (no schema compilation at run time).
 *
 * Codes: `FIELD_*` (unknown keys, types), `DURATION_*` (TTLs), and the `ROLE_*` rules of
 * `ruleTable`. Paths are JSON Pointers into the input; a missing field is reported on the object
 * with `data.field` and `data.anchor` (`/credential_type`) to draw it on.
 *
 * @example
 * validateRole({ credential_type: 'assumed_role', role_arns: 'arn:aws:iam::123456789012:role/deploy' }).value?.roleArns
 * // ['arn:aws:iam::123456789012:role/deploy']
 */
export function validateRole(input: unknown, options: ValidateRoleOptions = {}): RoleValidation {
  return checkRole(input, { ...options, basePath: '' });
}

/** `validateRole` for an object inside a larger document (a manifest entry). */
export function checkRole(input: unknown, options: CheckOptions & ValidateRoleOptions): RoleValidation {
  const basePath = options.basePath ?? '';
  const read = readResource('role', input, { what: 'role', basePath, ...sourceOf(options) });
  if (!read.ok) return { value: undefined, problems: read.problems };
  const { fields, problems } = read;
  const typeText = fields.strings.get('credential_type');
  const keyName = fields.strings.get('name');
  const context: RoleContext = {
    input: read.input,
    fields,
    basePath,
    type: isCredentialType(typeText) ? typeText : undefined,
    legacy: fields.present.has('policy') || fields.present.has('arn'),
    name:
      keyName !== undefined
        ? { value: keyName, from: 'key' }
        : options.name !== undefined
          ? { value: options.name, from: 'given' }
          : undefined,
  };
  runRules(roleRules, context, problems);
  relaxForRequest(problems, options.source);
  const name = keyName ?? options.name;
  return settle(problems, () => buildRole(context, name));
}

function buildRole(context: RoleContext, name: string | undefined): RoleDefinition {
  const f = context.fields;
  const base: Mutable<RoleBase> = valuesFromFields(ROLE_WIRE, f);
  if (name !== undefined) base.name = name;
  if (!context.type) return upgradeLegacy(base, f);
  // Completed in place, not copied: lint keeps this value with its document (a copy doubled what it kept).
  const role = base as Mutable<RoleDefinition>;
  role.credentialType = context.type;
  role.credentialTypes = [context.type];
  return role;
}

type RoleBase = Omit<RoleDefinition, 'credentialType' | 'credentialTypes' | 'legacy'>;
type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** The engine's upgrade of a legacy role: a role ARN → assumed_role, a policy ARN → iam_user, JSON → iam_user + federation_token. */
function upgradeLegacy(base: RoleBase, fields: ParsedFields): RoleDefinition {
  const policy = fields.strings.get('policy');
  const arn = fields.strings.get('arn');
  const value = (policy ?? arn ?? '').trim();
  const legacy = policy !== undefined ? { policy } : { arn: arn ?? '' };
  const target = legacyReplacement(value);
  const typed = (types: CredentialType[]): Pick<RoleDefinition, 'credentialType' | 'credentialTypes'> => ({
    credentialType: types[0] ?? 'iam_user',
    credentialTypes: types,
  });
  if (target === 'role_arns') return { ...base, ...typed(['assumed_role']), roleArns: [value], legacy };
  if (target === 'policy_arns') return { ...base, ...typed(['iam_user']), policyArns: [value], legacy };
  const compact = JSON.stringify(JSON.parse(value));
  return { ...base, ...typed(['iam_user', 'federation_token']), policyDocument: compact, legacy };
}
