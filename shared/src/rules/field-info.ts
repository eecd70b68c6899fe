import { schemas, type JsonSchema } from '@keyfob/schemas';
import { CREDENTIAL_TYPES, type CredentialType, type ResourceKind } from './types.ts';

/** How a field's value is read (the schema's `x-keyfob-value` annotation). */
export type ValueKind =
  | 'string'
  | 'list'
  | 'tags'
  | 'duration'
  | 'duration-or-seconds'
  | 'policy-json'
  | 'integer'
  | 'map'
  | 'object'
  | 'boolean'
  | 'leeway';

/** Kinds `fieldInfo` knows: the resources plus the manifest's top level. */
export type FieldKind = ResourceKind | 'manifest';

/** Everything an editor shows about one field, read from the schema. */
export interface FieldInfo {
  readonly name: string;
  /** Plain-text description (hover fallback, docs). */
  readonly description: string;
  /** Markdown description (hover). */
  readonly markdown: string;
  /** How the value is written, in words: "list of strings or a comma-separated string". */
  readonly type: string;
  readonly value: ValueKind;
  readonly default?: unknown;
  readonly enum?: readonly string[];
  readonly examples: readonly unknown[];
  /** Credential types that accept (or use) the field; undefined when every type does. */
  readonly credentialTypes?: readonly CredentialType[];
  /** Whether other credential types reject the field (error) or merely ignore it (warning). */
  readonly otherTypes: 'prohibited' | 'ignored';
  readonly enterprise: boolean;
  readonly deprecated: boolean;
  /** A legacy field that cannot be mixed with the non-legacy ones (`policy`, `arn`). */
  readonly legacy: boolean;
  /** The value is a secret: never echo it in a message. */
  readonly secret: boolean;
  /** A duration that also takes whole days (`7d`), as the real engine reads it (`x-keyfob-days`). */
  readonly days: boolean;
  /** Where seed 1 states the field's rules, e.g. "seed 1, Role table (role_arns)". */
  readonly seedRule?: string;
}

const SCHEMA_OF: Readonly<Record<FieldKind, JsonSchema>> = {
  role: schemas.role,
  'static-role': schemas['static-role'],
  'root-config': schemas['root-config'],
  'lease-config': schemas['lease-config'],
  'credential-request': schemas['credential-request'],
  manifest: schemas.manifest,
  'jwt-role': schemas['jwt-role'],
};

const TYPE_WORDS: Readonly<Record<ValueKind, string>> = {
  string: 'a string',
  list: 'a list of strings or a comma-separated string',
  tags: 'a map of strings or a list of key=value strings',
  duration: 'a duration string with a unit such as "1h"',
  'duration-or-seconds': 'a duration string such as "1h" or a whole number of seconds',
  'policy-json': 'JSON policy text or an object',
  integer: 'an integer',
  map: 'a map of names to definitions',
  object: 'an object',
  boolean: 'true or false',
  leeway: 'a duration string such as "1m", a whole number of seconds, or -1 for none',
};

/** "a list of strings or ..." for a value kind, used in type messages. */
export function describeValueKind(value: ValueKind): string {
  return TYPE_WORDS[value];
}

function readField(name: string, field: JsonSchema): FieldInfo {
  const types = field['x-keyfob-credential-types'] as CredentialType[] | undefined;
  const value = (field['x-keyfob-value'] as ValueKind | undefined) ?? 'string';
  const info: FieldInfo = {
    name,
    description: (field.description as string | undefined) ?? '',
    markdown: (field.markdownDescription as string | undefined) ?? (field.description as string | undefined) ?? '',
    type: TYPE_WORDS[value].replace(/^an? /, ''),
    value,
    examples: (field.examples as unknown[] | undefined) ?? [],
    otherTypes: field['x-keyfob-other-types'] === 'ignored' ? 'ignored' : 'prohibited',
    enterprise: field['x-keyfob-edition'] === 'enterprise',
    deprecated: field.deprecated === true,
    legacy: field['x-keyfob-legacy'] === true,
    secret: field['x-keyfob-secret'] === true,
    days: field['x-keyfob-days'] === true,
  };
  return {
    ...info,
    ...('default' in field ? { default: field.default } : {}),
    ...(Array.isArray(field.enum) ? { enum: field.enum as string[] } : {}),
    ...(types ? { credentialTypes: types } : {}),
    ...(typeof field['x-keyfob-seed-rule'] === 'string' ? { seedRule: field['x-keyfob-seed-rule'] } : {}),
  };
}

const cache = new Map<FieldKind, ReadonlyMap<string, FieldInfo>>();

/** Every field of a kind, in schema order. Built once per kind from the schema. */
export function fieldTable(kind: FieldKind): ReadonlyMap<string, FieldInfo> {
  let table = cache.get(kind);
  if (!table) {
    const properties = (SCHEMA_OF[kind].properties ?? {}) as Record<string, JsonSchema>;
    table = new Map(Object.entries(properties).map(([name, field]) => [name, readField(name, field)]));
    cache.set(kind, table);
  }
  return table;
}

/**
 * Hover and completion data of one field, read from the schema; undefined for an unknown field.
 *
 * @example fieldInfo('role', 'role_arns')?.credentialTypes // ['assumed_role']
 */
export function fieldInfo(kind: FieldKind, field: string): FieldInfo | undefined {
  return fieldTable(kind).get(field);
}

/**
 * Fields worth offering for a kind: for a role with a known credential type, only the fields
 * that type accepts and uses (no legacy fields, none the type ignores); otherwise every field.
 */
export function fieldsFor(kind: FieldKind, credentialType?: string): string[] {
  const all = [...fieldTable(kind).values()];
  if (kind !== 'role' || !isCredentialType(credentialType)) return all.map((f) => f.name);
  return all
    .filter((f) => !f.legacy && (!f.credentialTypes || f.credentialTypes.includes(credentialType)))
    .map((f) => f.name);
}

/** True for one of the four credential types. */
export function isCredentialType(value: unknown): value is CredentialType {
  return typeof value === 'string' && (CREDENTIAL_TYPES as readonly string[]).includes(value);
}
