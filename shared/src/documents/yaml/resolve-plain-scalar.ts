import { isScalar, Schema } from 'yaml';
import type { ScalarTag } from 'yaml';
import { YAML_OPTIONS } from './yaml-options.ts';

/** The core schema's implicit scalar tags (null, bool, int, float), in the library's own order. */
const IMPLICIT_TAGS: readonly ScalarTag[] = new Schema(YAML_OPTIONS).tags.filter(
  (tag): tag is ScalarTag => !('collection' in tag && tag.collection) && tag.default === true && tag.test !== undefined,
);

/**
 * The value of an untagged plain scalar under the YAML 1.2 core schema, resolved by the `yaml`
 * package's own tag definitions so the fast reader and the library always agree.
 */
export function resolvePlainScalar(source: string): string | number | boolean | null {
  // Every implicit tag of the core schema starts with one of these characters (or is empty, null);
  // any other first character is a string, which skips eight regular expressions per scalar.
  if (source !== '' && !'~nNtTfF0123456789+-.'.includes(source.charAt(0))) return source;
  for (const tag of IMPLICIT_TAGS) {
    if (!tag.test?.test(source)) continue;
    const resolved: unknown = tag.resolve(source, () => undefined, YAML_OPTIONS);
    return toPlain(isScalar(resolved) ? resolved.value : resolved);
  }
  return source;
}

/**
 * A scalar's value as JSON-like data. Anything else (a `!!binary` tag gives bytes) becomes the
 * scalar's source text, which is what a JSON reader of the same file would see.
 */
export function toPlain(value: unknown, source?: string): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return Number(value);
  return source ?? null;
}
