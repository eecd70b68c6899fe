import { formatDuration } from '../duration/index.ts';
import {
  isUnset,
  ROLE_WIRE,
  wireBody,
  type RoleDefinition,
  type RoleFieldValues,
  type WireRow,
  type WireValues,
} from '../rules/index.ts';
import { canonicalJson } from './canonical-json.ts';

/** A role's settings in one comparable shape: each field's wire value, `undefined` when unset. */
export type RoleFields = Readonly<Record<RoleField, unknown>>;

/** The fields apply manages, by their wire (snake_case) names, in the engine's documentation order. */
export const ROLE_FIELDS = ['credential_type', ...ROLE_WIRE.map((row) => row.wire)] as const;

/** One managed role field. */
export type RoleField = 'credential_type' | (typeof ROLE_WIRE)[number]['wire'];

/**
 * The comparable fields of a role, the same way for a role file's definition (desired) and for
 * what the engine reads back (current), so a role applied once compares as unchanged: unset values
 * (and values the engine treats as unset, the user path `/`) are `undefined`, lists and maps sorted,
 * policy documents as canonical JSON.
 */
export function roleFields(role: RoleFieldValues & { readonly credentialTypes: readonly string[] }): RoleFields {
  return {
    credential_type: [...role.credentialTypes].sort().join(','),
    ...wireFields(ROLE_WIRE, role),
  } as RoleFields;
}

/** The comparable fields of any resource by its wire table (see `roleFields`): wire name to value. */
function wireFields<Rows extends readonly WireRow[]>(
  rows: Rows,
  value: WireValues<Rows>,
): Readonly<Record<string, unknown>> {
  const fields: Record<string, unknown> = {};
  for (const row of rows) fields[row.wire] = comparable(row, (value as Readonly<Record<string, unknown>>)[row.field]);
  return fields;
}

/** The wire names whose comparable values differ, in the table's order. */
export function changedWireFields<Rows extends readonly WireRow[]>(
  rows: Rows,
  desired: WireValues<Rows>,
  current: WireValues<Rows>,
): string[] {
  const [want, have] = [wireFields(rows, desired), wireFields(rows, current)];
  return rows.map((row) => row.wire).filter((wire) => JSON.stringify(want[wire]) !== JSON.stringify(have[wire]));
}

function comparable(row: WireRow, value: unknown): unknown {
  if (isUnset(row, value) || value === row.unsetAs) return undefined;
  switch (row.kind) {
    case 'list':
      return [...(value as readonly string[])].sort();
    case 'map':
      return Object.fromEntries(
        Object.entries(value as Readonly<Record<string, string>>).sort(([a], [b]) => (a < b ? -1 : 1)),
      );
    case 'policy':
      return canonicalJson(value as string) || undefined;
    default:
      return value;
  }
}

/** Fields whose values differ, in documentation order. */
export function changedFields(desired: RoleFields, current: RoleFields): RoleField[] {
  return ROLE_FIELDS.filter((field) => JSON.stringify(desired[field]) !== JSON.stringify(current[field]));
}

/**
 * The body that writes a role: every field the file sets (the engine changes only the fields sent,
 * so sending them all makes the write idempotent). A legacy role is written with its legacy field
 * alone, since the engine refuses legacy and current fields together. Durations go as Go duration
 * strings: the seed's TTL fields take strings with a unit.
 */
export function roleBody(role: RoleDefinition): Record<string, unknown> {
  if (role.legacy) return { ...role.legacy };
  return { credential_type: role.credentialType, ...wireBody(ROLE_WIRE, role, (seconds) => formatDuration(seconds)) };
}
