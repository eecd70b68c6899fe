import { isUnset, STATIC_ROLE_WIRE, type StaticRoleFieldValues } from '../rules/index.ts';
import { UnusableResponse, payloadOf, readString, requireString, toIsoTime, type JsonObject } from './read-fields.ts';
import { readWireValues } from './read-wire.ts';

/**
 * A static role as read back: its wire table's fields (`rotationPeriod` in seconds, from an integer
 * (Vault) or a duration string (seed 1)).
 */
export interface EngineStaticRole extends Required<StaticRoleFieldValues> {
  readonly name: string;
  /** The cloud user's id, when the engine returns it (Vault). */
  readonly id?: string;
  readonly raw: JsonObject;
}

/** The current key of a static role's user. */
export interface StaticCredentials {
  readonly accessKey: string;
  readonly secretKey: string;
  /**
   * When the key is next rotated, as ISO 8601 UTC (`2024-06-01T12:00:00.123Z`; Vault's nanoseconds are
   * cut to milliseconds). `null` when the engine does not say (Vault before 1.17, OpenBao).
   */
  readonly expiration: string | null;
}

/** Reads `GET /static-roles/:name` (fields at the top level in seed 1, inside `data` in Vault). */
export function parseStaticRole(name: string, body: unknown): EngineStaticRole {
  const data = payloadOf(body);
  const values = readWireValues(STATIC_ROLE_WIRE, data);
  // Every field is required: an answer without one is no static role.
  for (const row of STATIC_ROLE_WIRE)
    if (isUnset(row, values[row.field])) throw new UnusableResponse(`missing or unreadable "${row.wire}"`);
  const id = readString(data, 'id');
  return {
    name: readString(data, 'name') || name,
    ...(values as Required<StaticRoleFieldValues>),
    ...(id ? { id } : {}),
    raw: data,
  };
}

/** Reads `GET /static-creds/:name`. */
export function parseStaticCredentials(body: unknown): StaticCredentials {
  const data = payloadOf(body);
  const expiration = readString(data, 'expiration');
  return {
    accessKey: requireString(data, 'access_key'),
    secretKey: requireString(data, 'secret_key'),
    expiration: expiration ? toIsoTime(expiration) : null,
  };
}
