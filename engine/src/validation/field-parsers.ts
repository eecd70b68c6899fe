import { parseDuration } from '@keyfob/shared';

/** Collects error lines while fields are read. */
export type Errors = string[];

/**
 * A comma-string-slice field: a JSON array of strings or `"a, b"` (trimmed; `""` is empty), the
 * real engine's parseutil rules.
 */
export function readList(value: unknown, field: string, errors: Errors): string[] {
  if (value === undefined || value === null || value === '') return [];
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.map((s: string) => s.trim());
  errors.push(`${field} must be a list of strings or a comma-separated string [FIELD_TYPE]`);
  return [];
}

/** A key/value field: a map of strings or a list of `key=value` strings. */
export function readMap(value: unknown, field: string, errors: Errors): Record<string, string> {
  if (value === undefined || value === null || value === '') return {};
  const items = typeof value === 'string' ? value.split(',').map((s) => s.trim()) : value;
  if (Array.isArray(items)) {
    const out: Record<string, string> = {};
    for (const item of items) {
      const eq = typeof item === 'string' ? item.indexOf('=') : -1;
      if (typeof item !== 'string' || eq <= 0) {
        errors.push(`${field}: invalid key pair "${String(item)}" [FIELD_TYPE]`);
        continue;
      }
      out[item.slice(0, eq)] = item.slice(eq + 1);
    }
    return out;
  }
  if (typeof items === 'object' && Object.values(items as object).every((v) => typeof v === 'string')) {
    return { ...(items as Record<string, string>) };
  }
  errors.push(`${field} must be a map of strings or a list of "key=value" strings [FIELD_TYPE]`);
  return {};
}

/** A string field (`""` when absent). */
export function readString(value: unknown, field: string, errors: Errors): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  errors.push(`${field} must be a string [FIELD_TYPE]`);
  return '';
}

/** A duration in seconds (0 when absent), through the shared duration parser. */
export function readSeconds(value: unknown, field: string, errors: Errors, options: { allowInteger: boolean; requireUnit?: boolean }): number {
  if (value === undefined || value === null || value === '') return 0;
  const parsed = parseDuration(value, { allowInteger: options.allowInteger, requireUnit: options.requireUnit ?? false, field, path: `/${field}` });
  for (const p of parsed.problems) errors.push(`${p.message} [${p.code}]`);
  return Math.floor(parsed.seconds ?? 0);
}
