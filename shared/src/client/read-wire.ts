import { isSecret, type WireRow, type WireValues } from '../rules/index.ts';
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
    if (value !== undefined) out[row.field] = value;
  }
  return out as WireValues<Rows>;
}

const readWire = {
  text: (data: JsonObject, wire: string): string => readString(data, wire) ?? '',
  list: readStringList,
  map: readStringMap,
  policy: readPolicyDocument,
  // Zero means unset, as in the engine.
  seconds: (data: JsonObject, wire: string): number | undefined => readSeconds(data, wire) || undefined,
  integer: readNumber,
};

/** The policy as JSON text; an engine that returns it parsed gets it serialised back. */
function readPolicyDocument(data: JsonObject, wire: string): string {
  const value = data[wire];
  if (typeof value === 'string') return value;
  return value === undefined || value === null ? '' : JSON.stringify(value);
}
