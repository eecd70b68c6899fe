import { ROLE_WIRE, type RoleFieldValues, type WireRow, type WireValues } from '../rules/index.ts';
import { payloadOf, readSeconds, readString, readStringList, readStringMap, type JsonObject } from './read-fields.ts';

/** A dynamic role as the engine reads it back, normalised across seed 1 and Vault. */
export interface EngineRole extends RoleFieldValues {
  readonly name: string;
  /** From `credential_types` (seed 1, a list) or `credential_type` (Vault, comma-joined string). */
  readonly credentialTypes: readonly string[];
  /** Stored data the engine could not upgrade (legacy roles). */
  readonly invalidData?: string;
  /** The fields exactly as received, for diffs against role files. */
  readonly raw: JsonObject;
}

/** Reads a role from `GET /roles/:name`; the name comes from the request. */
export function parseRole(name: string, body: unknown): EngineRole {
  const data = payloadOf(body);
  const invalidData = readString(data, 'invalid_data');
  const types = readStringList(data, 'credential_types');
  return {
    name,
    credentialTypes: types.length > 0 ? types : readStringList(data, 'credential_type'),
    ...readWireValues(ROLE_WIRE, data),
    ...(invalidData ? { invalidData } : {}),
    raw: data,
  };
}

/** Each row's typed value from an engine's answer (see `WireKind`); unset seconds are left out. */
function readWireValues<Rows extends readonly WireRow[]>(rows: Rows, data: JsonObject): WireValues<Rows> {
  const out: Record<string, unknown> = {};
  for (const { field, wire, kind } of rows) {
    if (kind === 'seconds') {
      const seconds = readSeconds(data, wire);
      if (seconds) out[field] = seconds;
    } else out[field] = readWire[kind](data, wire);
  }
  return out as WireValues<Rows>;
}

const readWire = {
  text: (data: JsonObject, wire: string): string => readString(data, wire) ?? '',
  list: readStringList,
  map: readStringMap,
  policy: readPolicyDocument,
};

/** The policy as JSON text; an engine that returns it parsed gets it serialised back. */
function readPolicyDocument(data: JsonObject, wire: string): string {
  const value = data[wire];
  if (typeof value === 'string') return value;
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

/** Names from a list response (`data.keys`). */
export function parseKeys(body: unknown): string[] {
  return readStringList(payloadOf(body), 'keys');
}
