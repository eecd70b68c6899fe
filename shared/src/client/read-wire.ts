import { isSecret, isUnset, type WireRow, type WireValues } from '../rules/index.ts';
import { readNumber, readSeconds, readString, readStringList, readStringMap, type JsonObject } from './read-fields.ts';

/**
 * Each row's typed value from an engine's answer (see `WireKind`): unset seconds and integers are
 * left out, secret rows (never read back) too.
 */
export function readWireValues<Rows extends readonly WireRow[]>(rows: Rows, data: JsonObject): WireValues<Rows> {
  const out: Record<string, unknown> = {};
  for (const row of rows) {
    if (isSecret(row)) continue;
    const value = readWire[row.kind](data, row.wire);
    // Unset seconds and integers are left out (optional properties); the other kinds have an unset value.
    if ((row.kind !== 'seconds' && row.kind !== 'integer') || !isUnset(row, value)) out[row.field] = value;
  }
  return out as WireValues<Rows>;
}

const readWire = {
  text: (data: JsonObject, wire: string): string => readString(data, wire) ?? '',
  list: readStringList,
  map: readStringMap,
  policy: readPolicyDocument,
  seconds: readSeconds,
  integer: readNumber,
};

/** The policy as JSON text; an engine that returns it parsed gets it serialised back. */
function readPolicyDocument(data: JsonObject, wire: string): string {
  const value = data[wire];
  if (typeof value === 'string') return value;
  return value === undefined || value === null ? '' : JSON.stringify(value);
}
