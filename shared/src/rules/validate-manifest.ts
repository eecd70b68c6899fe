import { appendPointer } from '../text/json-pointer.ts';
import { manifestRules } from './manifest-rules.ts';
import { readResource, settle, type Validation } from './read-resource.ts';
import { runRules } from './rule.ts';
import type { LeaseConfig, ManifestDefinition, RoleDefinition, RootConfig, StaticRoleDefinition } from './types.ts';
import { checkLeaseConfig } from './validate-lease-config.ts';
import { checkRole } from './validate-role.ts';
import { checkRootConfig } from './validate-root-config.ts';
import { checkStaticRole } from './validate-static-role.ts';

/** Options of `validateManifest`. */
export interface ValidateManifestOptions {
  /** Where the manifest comes from; default `file` (a literal `root.secret_key` is then a warning). */
  readonly source?: 'file' | 'request';
}

/** Result of `validateManifest`: every declaration normalised, undefined when any problem is an error. */
export type ManifestValidation = Validation<ManifestDefinition>;

/**
 * Validates a manifest: `{ $schema?, mount?, roles?: {name: role}, static_roles?: {name: static
 * role}, lease?, root? }` (see schemas/README.md). Each entry is checked by its own validator with
 * paths below the manifest (`/roles/deploy/role_arns`); the map key is the engine name.
 *
 * Codes: those of every resource plus `MANIFEST_*`.
 */
export function validateManifest(input: unknown, options: ValidateManifestOptions = {}): ManifestValidation {
  const read = readResource('manifest', input, { what: 'manifest', basePath: '' });
  if (!read.ok) return { value: undefined, problems: read.problems };
  const { fields, problems, badFields } = read;
  runRules(manifestRules, { input: read.input, fields, basePath: '' }, problems);
  const roles: Record<string, RoleDefinition> = {};
  for (const [name, entry] of Object.entries(fields.objects.get('roles') ?? {})) {
    const checked = checkRole(entry, { name, basePath: appendPointer('/roles', name) });
    problems.push(...checked.problems);
    if (checked.value) roles[name] = { ...checked.value, name };
  }
  const staticRoles: Record<string, StaticRoleDefinition> = {};
  for (const [name, entry] of Object.entries(fields.objects.get('static_roles') ?? {})) {
    const checked = checkStaticRole(entry, { name, basePath: appendPointer('/static_roles', name) });
    problems.push(...checked.problems);
    if (checked.value) staticRoles[name] = { ...checked.value, name };
  }
  let lease: LeaseConfig | undefined;
  if (fields.present.has('lease') && !badFields.has('lease')) {
    const checked = checkLeaseConfig(read.input.lease, { basePath: '/lease' });
    problems.push(...checked.problems);
    lease = checked.value;
  }
  let root: RootConfig | undefined;
  if (fields.present.has('root') && !badFields.has('root')) {
    const checked = checkRootConfig(read.input.root, { basePath: '/root', source: options.source ?? 'file' });
    problems.push(...checked.problems);
    root = checked.value;
  }
  const mount = fields.strings.get('mount');
  return settle(problems, (): ManifestDefinition => ({
    ...(mount !== undefined ? { mount } : {}),
    roles,
    staticRoles,
    ...(lease ? { lease } : {}),
    ...(root ? { root } : {}),
  }));
}
