import { hasErrors, type Problem } from '../problem.ts';
import { joinPointer } from './json-pointer.ts';
import { manifestRules } from './manifest-rules.ts';
import { parseFields } from './parse-fields.ts';
import { isPlainObject, notAnObject } from './resource-input.ts';
import { runRules } from './rule.ts';
import { checkShape } from './shape.ts';
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

/** Result of `validateManifest`. */
export interface ManifestValidation {
  /** Every declaration normalised; undefined when any problem is an error. */
  readonly manifest: ManifestDefinition | undefined;
  readonly problems: Problem[];
}

/**
 * Validates a manifest: `{ $schema?, mount?, roles?: {name: role}, static_roles?: {name: static
 * role}, lease?, root? }` (see schemas/README.md). Each entry is checked by its own validator with
 * paths below the manifest (`/roles/deploy/role_arns`); the map key is the engine name.
 *
 * Codes: those of every resource plus `MANIFEST_*`.
 */
export function validateManifest(input: unknown, options: ValidateManifestOptions = {}): ManifestValidation {
  if (!isPlainObject(input)) return { manifest: undefined, problems: [notAnObject('manifest', input, '')] };
  const shape = checkShape('manifest', input, '');
  const problems = [...shape.problems];
  const fields = parseFields('manifest', input, '', shape.badFields, problems);
  runRules(manifestRules, { input, fields, basePath: '' }, problems);
  const roles: Record<string, RoleDefinition> = {};
  for (const [name, entry] of Object.entries(fields.objects.get('roles') ?? {})) {
    const checked = checkRole(entry, { name, basePath: joinPointer('/roles', name) });
    problems.push(...checked.problems);
    if (checked.role) roles[name] = { ...checked.role, name };
  }
  const staticRoles: Record<string, StaticRoleDefinition> = {};
  for (const [name, entry] of Object.entries(fields.objects.get('static_roles') ?? {})) {
    const checked = checkStaticRole(entry, { name, basePath: joinPointer('/static_roles', name) });
    problems.push(...checked.problems);
    if (checked.staticRole) staticRoles[name] = { ...checked.staticRole, name };
  }
  let lease: LeaseConfig | undefined;
  if (fields.present.has('lease') && !shape.badFields.has('lease')) {
    const checked = checkLeaseConfig(input.lease, { basePath: '/lease' });
    problems.push(...checked.problems);
    lease = checked.config;
  }
  let root: RootConfig | undefined;
  if (fields.present.has('root') && !shape.badFields.has('root')) {
    const checked = checkRootConfig(input.root, { basePath: '/root', source: options.source ?? 'file' });
    problems.push(...checked.problems);
    root = checked.config;
  }
  if (hasErrors(problems)) return { manifest: undefined, problems };
  const mount = fields.strings.get('mount');
  const manifest: ManifestDefinition = {
    ...(mount !== undefined ? { mount } : {}),
    roles,
    staticRoles,
    ...(lease ? { lease } : {}),
    ...(root ? { root } : {}),
  };
  return { manifest, problems };
}
