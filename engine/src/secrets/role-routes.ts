import { fieldsFor, ROLE_WIRE, wireBody, wireRead } from '@keyfob/shared/rules';
import { dataResult, EMPTY, type HandlerResult } from '../http/handler-result.ts';
import { notFound } from '../http/http-error.ts';
import type { Params } from '../http/parse-params.ts';
import { NAME, path, type RequestContext, type Route } from '../http/route.ts';
import { checkRole, refusal } from '../validation/rules-adapter.ts';
import type { StoredRole } from '../validation/validated.ts';
import { isLegacyBody, LEGACY_WARNING } from './legacy-role.ts';
import type { MountData, NamedRole } from './mount-data.ts';
import { readRoleSource, type RoleSource } from './role-source.ts';

/**
 * Fields of a role write: the role schema's (`name` is the path's; `$schema` is a file's alone),
 * plus `credential_types`, the list seed 1's role read returns beside `credential_type`: a role
 * read and written back carries it, and files (the schema) use `credential_type` alone.
 */
const ROLE_FIELDS = [...fieldsFor('role').filter((field) => field !== '$schema'), 'credential_types'];

/** `roles/:name` (read, write, delete) and `LIST roles`. */
export function roleRoutes(mount: MountData): Route[] {
  return [
    { pattern: path('roles/?'), fields: [], operations: { list: () => listRoles(mount) } },
    {
      pattern: path(`roles/${NAME}`),
      fields: ROLE_FIELDS,
      operations: {
        read: (ctx) => readRole(mount, name(ctx)),
        update: (ctx) => writeRole(mount, name(ctx), ctx.params, readRoleSource(ctx.keyfobSource)),
        delete: (ctx) => deleteRole(mount, name(ctx)),
      },
    },
  ];
}

function name(ctx: RequestContext): string {
  return ctx.vars.name ?? '';
}

/**
 * Create or update (seed note 4); an update changes only the fields it sends. The source `keyfob
 * apply` sent is kept with the role (a write without one clears it: the file no longer describes it).
 */
function writeRole(mount: MountData, roleName: string, params: Params, source: RoleSource | undefined): HandlerResult {
  const existing = mount.roles.get(roleName);
  // A legacy write rebuilds the role from `policy`/`arn` alone; any other write changes only the
  // fields it sends (read-modify-write, as the real engine does).
  const legacy = isLegacyBody(params);
  const sent = withoutReadOnly(params);
  const merged = legacy ? sent : { ...(existing ? roleToBody(existing) : {}), ...sent };
  const checked = checkRole(merged, roleName);
  if (!checked.value) throw refusal(checked);
  const warnings = legacy ? [LEGACY_WARNING, ...checked.warnings] : [...checked.warnings];
  mount.roles.set(roleName, { name: roleName, ...checked.value, ...(source ? { source } : {}) });
  return warnings.length > 0 ? dataResult(null, warnings) : EMPTY;
}

function readRole(mount: MountData, roleName: string): HandlerResult {
  const role = mount.roles.get(roleName);
  if (!role) throw notFound();
  return dataResult(roleResponse(role));
}

/** Seed 1 wins over the real engine: 404 for a missing role. */
function deleteRole(mount: MountData, roleName: string): HandlerResult {
  if (!mount.roles.delete(roleName)) throw notFound();
  return EMPTY;
}

function listRoles(mount: MountData): HandlerResult {
  const keys = mount.roles.names();
  if (keys.length === 0) throw notFound();
  return dataResult({ keys });
}

/**
 * Role read data: seed 1's `credential_types` list beside the real engine's `credential_type`
 * (comma-joined string), then the role's wire table: `[]` for unset lists, `""` for unset text,
 * TTLs in integer seconds.
 */
function roleResponse(role: NamedRole): Record<string, unknown> {
  return {
    credential_type: role.credentialTypes.join(','),
    credential_types: role.credentialTypes,
    ...wireRead(ROLE_WIRE, role),
  };
}

/** A stored role back as request parameters, only the fields that are set (for read-modify-write). */
function roleToBody(role: StoredRole): Params {
  return {
    ...(role.credentialTypes.length === 1 ? { credential_type: role.credentialTypes[0] } : {}),
    ...wireBody(ROLE_WIRE, role, (seconds) => `${seconds}s`),
  };
}

/**
 * The body without `name` (from the URL) and without `credential_types` when it only repeats
 * `credential_type`: keyfob's read adds that list (seed 1), so a role read and written back
 * unchanged carries it.
 */
function withoutReadOnly(params: Params): Params {
  const { name: _ignored, credential_types: types, ...rest } = params;
  const repeats = Array.isArray(types) && types.join(',') === rest.credential_type;
  return types === undefined || repeats ? rest : { ...rest, credential_types: types };
}
