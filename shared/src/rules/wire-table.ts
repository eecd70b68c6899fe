/**
 * How a field travels between a file, the engine's wire format and the typed value:
 * - `text`: a string, `""` when unset;
 * - `list`: strings (the wire takes an array or a comma string), `[]` when unset;
 * - `map`: string to string (the wire takes an object or `key=value` items), `{}` when unset;
 * - `seconds`: a duration, whole seconds in the typed value, `undefined` when unset (0 means unset,
 *   but in a row marked `zeroIsValue`);
 * - `policy`: a JSON policy document, compact JSON text in the typed value, `""` when unset;
 * - `integer`: a whole number, `undefined` when unset (its schema default, where it has one, is the
 *   validator's to fill in).
 */
export type WireKind = 'text' | 'list' | 'map' | 'seconds' | 'policy' | 'integer';

/**
 * One row of a resource's wire table: the typed value's property, the wire (and file) name, the kind
 * (one of the table's kinds: `WireKind` here, `JwtWireKind` for JWT roles).
 */
export interface WireRow<Kind extends string = WireKind> {
  readonly field: string;
  readonly wire: string;
  readonly kind: Kind;
  /** A wire value the engine treats as unset (the user path `/`): compared as unset. */
  readonly unsetAs?: string;
  /** Written, never read back (the root `secret_key`): left out of reads and diffs. */
  readonly secret?: true;
  /**
   * A `seconds` row whose 0 is a value, kept and read back as sent, not unset: the real engine stores
   * a sent `identity_token_ttl: 0` (its field framework counts a sent 0 as given) and reads 0 back.
   */
  readonly zeroIsValue?: true;
  /** The older parameter the engine also takes (`policies` for `token_policies`): read, never written; the current name wins. */
  readonly older?: string;
}

/** The typed value of each kind. */
interface KindValue {
  text: string;
  list: readonly string[];
  map: Readonly<Record<string, string>>;
  seconds: number;
  policy: string;
  integer: number;
}

/** Kinds whose unset value is `undefined` (an optional property of the typed value). */
type OptionalKind = 'seconds' | 'integer';

/** The typed value a table describes: a property per row, `seconds` and `integer` ones optional (unset). */
export type WireValues<Rows extends readonly WireRow[]> = {
  readonly [R in Rows[number] as R['kind'] extends OptionalKind ? never : R['field']]: KindValue[R['kind']];
} & {
  readonly [R in Rows[number] as R['kind'] extends OptionalKind ? R['field'] : never]?: number;
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

/** A static role's fields (`POST /static-roles/:name`; `name` is the path's). Both are required. */
export const STATIC_ROLE_WIRE = [
  { field: 'username', wire: 'username', kind: 'text' },
  { field: 'rotationPeriod', wire: 'rotation_period', kind: 'seconds' },
] as const satisfies readonly WireRow[];

/**
 * The root configuration's fields (`POST /config/root`), in the schema's order. `secret_key` is
 * written and never read back by any engine.
 */
export const ROOT_CONFIG_WIRE = [
  { field: 'accessKey', wire: 'access_key', kind: 'text' },
  { field: 'secretKey', wire: 'secret_key', kind: 'text', secret: true },
  { field: 'roleArn', wire: 'role_arn', kind: 'text' },
  { field: 'identityTokenAudience', wire: 'identity_token_audience', kind: 'text' },
  // Unset: the schema's default, 3600; a sent 0 stays 0, as the real engine reads it back.
  { field: 'identityTokenTtl', wire: 'identity_token_ttl', kind: 'seconds', zeroIsValue: true },
  // Unset: the schema's default, -1 (the provider SDK's own).
  { field: 'maxRetries', wire: 'max_retries', kind: 'integer' },
  { field: 'region', wire: 'region', kind: 'text' },
  { field: 'iamEndpoint', wire: 'iam_endpoint', kind: 'text' },
  { field: 'stsEndpoint', wire: 'sts_endpoint', kind: 'text' },
  { field: 'stsRegion', wire: 'sts_region', kind: 'text' },
  { field: 'stsFallbackEndpoints', wire: 'sts_fallback_endpoints', kind: 'list' },
  { field: 'stsFallbackRegions', wire: 'sts_fallback_regions', kind: 'list' },
  // Unset: the engine's default template.
  { field: 'usernameTemplate', wire: 'username_template', kind: 'text' },
] as const satisfies readonly WireRow[];

/** Whether a typed value is its row's unset value (`""`, `[]`, `{}`, `undefined` or 0 seconds but where 0 is a value). */
export function isUnset(row: Pick<WireRow, 'kind' | 'zeroIsValue'>, value: unknown): boolean {
  const { kind } = row;
  if (value === undefined || value === '') return true;
  if (value === 0) return kind !== 'integer' && row.zeroIsValue !== true;
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
  for (const row of rows) {
    const { field, wire, kind } = row;
    const v = (value as Readonly<Record<string, unknown>>)[field];
    if (isUnset(row, v)) continue;
    body[wire] = kind === 'seconds' ? duration(v as number) : copy(v);
  }
  return body;
}

/**
 * Every field by wire name as the engine reads it back: unset ones as `""`, `[]`, `{}` or 0 seconds;
 * secret ones never. Any table's rows (a JWT role's too: its typed value has every property).
 */
export function wireRead<Rows extends readonly WireRow<string>[]>(
  rows: Rows,
  value: Rows extends readonly WireRow[] ? WireValues<Rows> : object,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const values = value as Readonly<Record<string, unknown>>;
  for (const row of rows)
    if (!isSecret(row)) out[row.wire] = values[row.field] ?? (row.kind === 'seconds' ? 0 : undefined);
  return out;
}

/** A row written and never read back (the root `secret_key`). */
export function isSecret(row: WireRow<string>): boolean {
  return row.secret === true;
}

function copy(value: unknown): unknown {
  if (Array.isArray(value)) return [...(value as unknown[])];
  if (value !== null && typeof value === 'object') return { ...value };
  return value;
}
