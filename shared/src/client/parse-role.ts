import { ROLE_WIRE, type RoleFieldValues } from '../rules/index.ts';
import { payloadOf, readString, readStringList, type JsonObject } from './read-fields.ts';
import { readWireValues } from './read-wire.ts';

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

/** Names from a list response (`data.keys`). */
export function parseKeys(body: unknown): string[] {
  return readStringList(payloadOf(body), 'keys');
}
