/**
 * @keyfob/schemas — the JSON Schemas of every resource of the engine (draft-07), their stable
 * `$id`s, and the shape validators compiled from them by `build.mjs`.
 */
import credentialRequest from './credential-request.schema.json' with { type: 'json' };
import jwtRole from './jwt-role.schema.json' with { type: 'json' };
import leaseConfig from './lease-config.schema.json' with { type: 'json' };
import manifest from './manifest.schema.json' with { type: 'json' };
import policy from './policy.schema.json' with { type: 'json' };
import role from './role.schema.json' with { type: 'json' };
import rootConfig from './root-config.schema.json' with { type: 'json' };
import staticRole from './static-role.schema.json' with { type: 'json' };

export * as shapeValidators from './generated/shape-validators.js';
export type { ShapeError, ShapeValidator } from './generated/shape-validators.js';

/** A JSON Schema as plain data; fields are read through `shared/src/rules/field-info.ts`. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** The resource kinds keyfob has a schema for. */
export type SchemaKind =
  'role' | 'static-role' | 'root-config' | 'lease-config' | 'credential-request' | 'manifest' | 'jwt-role' | 'policy';

/** Stable `$id` of each schema (what a file's `$schema` names). */
export const schemaIds: Readonly<Record<SchemaKind, string>> = {
  role: role.$id,
  'static-role': staticRole.$id,
  'root-config': rootConfig.$id,
  'lease-config': leaseConfig.$id,
  'credential-request': credentialRequest.$id,
  manifest: manifest.$id,
  'jwt-role': jwtRole.$id,
  policy: policy.$id,
};

/** The schema objects by kind, as published (for editors, ajv and other tools). */
export const schemas: Readonly<Record<SchemaKind, JsonSchema>> = {
  role,
  'static-role': staticRole,
  'root-config': rootConfig,
  'lease-config': leaseConfig,
  'credential-request': credentialRequest,
  manifest,
  'jwt-role': jwtRole,
  policy,
};
