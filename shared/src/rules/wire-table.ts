/**
 * How a field travels between a file, the engine's wire format and the typed value:
 * - `text`: a string, `""` when unset;
 * - `list`: strings (the wire takes an array or a comma string), `[]` when unset;
 * - `map`: string to string (the wire takes an object or `key=value` items), `{}` when unset;
 * - `seconds`: a duration, whole seconds in the typed value, `undefined` when unset (0 means unset);
 * - `policy`: a JSON policy document, compact JSON text in the typed value, `""` when unset.
 */
export type WireKind = 'text' | 'list' | 'map' | 'seconds' | 'policy';

/** One row of a resource's wire table: the typed value's property, the wire (and file) name, the kind. */
export interface WireRow {
  readonly field: string;
  readonly wire: string;
  readonly kind: WireKind;
  /** A wire value the engine treats as unset (the user path `/`): compared as unset. */
  readonly unsetAs?: string;
}

/** The typed value of each kind. */
interface KindValue {
  text: string;
  list: readonly string[];
  map: Readonly<Record<string, string>>;
  seconds: number;
  policy: string;
}

/** The typed value a table describes: a property per row, `seconds` ones optional (unset). */
export type WireValues<Rows extends readonly WireRow[]> = {
  readonly [R in Rows[number] as R['kind'] extends 'seconds' ? never : R['field']]: KindValue[R['kind']];
} & {
  readonly [R in Rows[number] as R['kind'] extends 'seconds' ? R['field'] : never]?: number;
};

/**
 * A dynamic role's fields (besides `credential_type` and the legacy ones), in the engine's
 * documentation order. A new field: its schema entry and one row here.
 */
export const ROLE_WIRE = [
  { field: 'roleArns', wire: 'role_arns', kind: 'list' },
  { field: 'policyArns', wire: 'policy_arns', kind: 'list' },
  { field: 'policyDocument', wire: 'policy_document', kind: 'policy' },
  { field: 'iamGroups', wire: 'iam_groups', kind: 'list' },
  { field: 'iamTags', wire: 'iam_tags', kind: 'map' },
  // Unset: requests default to 3600 s.
  { field: 'defaultStsTtl', wire: 'default_sts_ttl', kind: 'seconds' },
  // Unset: no cap beyond the mount's.
  { field: 'maxStsTtl', wire: 'max_sts_ttl', kind: 'seconds' },
  { field: 'sessionTags', wire: 'session_tags', kind: 'map' },
  { field: 'externalId', wire: 'external_id', kind: 'text' },
  // Unset: the engine creates users under `/`.
  { field: 'userPath', wire: 'user_path', kind: 'text', unsetAs: '/' },
  { field: 'permissionsBoundaryArn', wire: 'permissions_boundary_arn', kind: 'text' },
  { field: 'mfaSerialNumber', wire: 'mfa_serial_number', kind: 'text' },
] as const satisfies readonly WireRow[];

/** Whether a typed value is its kind's unset value (`""`, `[]`, `{}`, `undefined` or 0 seconds). */
export function isUnset(kind: WireKind, value: unknown): boolean {
  if (value === undefined || value === '' || value === 0) return true;
  if (kind === 'list') return (value as readonly unknown[]).length === 0;
  if (kind === 'map') return Object.keys(value as object).length === 0;
  return false;
}

/**
 * The write body of the fields that are set, by wire name: lists and maps as copies in their
 * order, durations through `duration` (the engine takes a Go duration string or seconds).
 */
export function wireBody<Rows extends readonly WireRow[]>(
  rows: Rows,
  value: WireValues<Rows>,
  duration: (seconds: number) => unknown,
): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const { field, wire, kind } of rows) {
    const v = (value as Readonly<Record<string, unknown>>)[field];
    if (isUnset(kind, v)) continue;
    body[wire] = kind === 'seconds' ? duration(v as number) : copy(v);
  }
  return body;
}

/** Every field by wire name as the engine reads it back: unset ones as `""`, `[]`, `{}` or 0 seconds. */
export function wireRead<Rows extends readonly WireRow[]>(
  rows: Rows,
  value: WireValues<Rows>,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const values = value as Readonly<Record<string, unknown>>;
  for (const { field, wire, kind } of rows) out[wire] = values[field] ?? (kind === 'seconds' ? 0 : undefined);
  return out;
}

function copy(value: unknown): unknown {
  if (Array.isArray(value)) return [...(value as unknown[])];
  if (value !== null && typeof value === 'object') return { ...value };
  return value;
}
