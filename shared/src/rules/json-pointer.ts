/** Escapes one JSON Pointer segment (`~` → `~0`, `/` → `~1`, RFC 6901). */
export function escapePointerSegment(segment: string): string {
  // Most segments are plain field names; skip the replacements for them (validation is hot).
  if (!segment.includes('~') && !segment.includes('/')) return segment;
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Appends segments to a JSON Pointer: `joinPointer('/roles', 'a/b')` → `/roles/a~1b`. */
export function joinPointer(base: string, ...segments: readonly (string | number)[]): string {
  let out = base;
  for (const segment of segments) out += `/${escapePointerSegment(String(segment))}`;
  return out;
}

/** Splits a JSON Pointer into unescaped segments; `""` gives `[]`. */
export function splitPointer(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
}
