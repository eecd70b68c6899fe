import { isRecord, quoted, splitCommaList } from '../text/index.ts';
import { parseDuration } from '../duration/index.ts';

/** A JSON object as read from a response. */
export type JsonObject = Readonly<Record<string, unknown>>;

/** Thrown by parsers when a success body lacks what the call promises; becomes `ENGINE_BAD_RESPONSE`. */
export class UnusableResponse extends Error {
  override readonly name = 'UnusableResponse';
}

/**
 * The object a result is read from: `data` when the body has one, else the body itself. Seed 1 puts
 * static-role and static-creds fields at the top level; Vault wraps every result in `data`.
 */
export function payloadOf(body: unknown): JsonObject {
  if (!isRecord(body)) return {};
  return isRecord(body.data) ? body.data : body;
}

/** The first of `keys` that holds a string. */
export function readString(object: JsonObject, ...keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = object[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

/** A string that must be present and non-empty; names the field when it is not. */
export function requireString(object: JsonObject, key: string): string {
  const value = readString(object, key);
  if (value === undefined || value === '') throw new UnusableResponse(`missing "${key}"`);
  return value;
}

/** A finite number, also from a numeric string (`"3600"`). */
export function readNumber(object: JsonObject, key: string): number | undefined {
  const value = object[key];
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value.trim())) return Number(value);
  return undefined;
}

/** A boolean field, or `undefined` when absent or of another type. */
export function readBoolean(object: JsonObject, key: string): boolean | undefined {
  const value = object[key];
  return typeof value === 'boolean' ? value : undefined;
}

/**
 * Seconds from an integer (Vault reads TTLs and periods back as integers) or a duration string
 * (seed 1 reads `rotation_period` back as `1h0m0s`). `undefined` when absent or unreadable.
 */
export function readSeconds(object: JsonObject, key: string): number | undefined {
  const value = object[key];
  if (value === undefined || value === null || value === '') return undefined;
  return parseDuration(value, { allowInteger: true, field: key }).seconds;
}

/** A list from an array, a comma-separated string (`"a,b"`), or nothing (`null` reads as `[]`). */
export function readStringList(object: JsonObject, key: string): string[] {
  const value = object[key];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  if (typeof value === 'string') return splitCommaList(value);
  return [];
}

/** A tag map from an object or from `key=value` strings (list or comma-separated). */
export function readStringMap(object: JsonObject, key: string): Record<string, string> {
  const value = object[key];
  const result: Record<string, string> = {};
  if (isRecord(value)) {
    for (const [name, item] of Object.entries(value)) if (typeof item === 'string') result[name] = item;
    return result;
  }
  for (const pair of readStringList(object, key)) {
    const at = pair.indexOf('=');
    if (at > 0) result[pair.slice(0, at).trim()] = pair.slice(at + 1).trim();
  }
  return result;
}

/** The response's top-level `warnings`, or `[]`. */
export function readWarnings(body: unknown): string[] {
  return isRecord(body) ? readStringList(body, 'warnings') : [];
}

/** Normalises an RFC 3339 time to `Date.toISOString()` form. */
export function toIsoTime(text: string): string {
  const time = Date.parse(text);
  if (Number.isNaN(time)) throw new UnusableResponse(`unreadable time ${quoted(text, 40)}`);
  return new Date(time).toISOString();
}
