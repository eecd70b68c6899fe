// JSON Pointer (RFC 6901), the one implementation: problems carry pointers, documents map them to
// ranges, the editor walks them and the engine reads claims with them.

const NEEDS_ESCAPE = /[~/]/;

/** Escapes one segment: `~` becomes `~0`, `/` becomes `~1`. */
export function escapePointerSegment(segment: string): string {
  // Most segments are plain field names; skip the replaces for them (this runs once per node).
  if (!NEEDS_ESCAPE.test(segment)) return segment;
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Unescapes one segment: `~1` first, then `~0`, so `~01` decodes to `~1` and not to `/`. */
function unescapePointerSegment(segment: string): string {
  return segment.includes('~') ? segment.replaceAll('~1', '/').replaceAll('~0', '~') : segment;
}

/**
 * The pointer of a descendant: `base` plus escaped segments (object keys or array indexes).
 *
 * @example appendPointer('/roles', 'a/b', 0) // '/roles/a~1b/0'
 */
export function appendPointer(base: string, ...segments: readonly (string | number)[]): string {
  let pointer = base;
  for (const segment of segments) pointer += `/${escapePointerSegment(String(segment))}`;
  return pointer;
}

/**
 * Joins segments into a pointer; `[]` gives `""`, the document root.
 *
 * @example segmentsToPointer(['role_arns', '0']) // '/role_arns/0'
 */
export function segmentsToPointer(segments: readonly (string | number)[]): string {
  return appendPointer('', ...segments);
}

/**
 * Splits a pointer into its unescaped segments; `""` (the root) gives `[]`. Throws a TypeError for a
 * non-empty pointer that does not start with `/`: callers check text from outside before splitting it.
 *
 * @example pointerToSegments('/session_tags/team~1a') // ['session_tags', 'team/a']
 */
export function pointerToSegments(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new TypeError(`not a JSON Pointer: ${JSON.stringify(pointer)}`);
  return pointer.slice(1).split('/').map(unescapePointerSegment);
}

/** The pointer of the parent node; the root (`""`) has none and gives `undefined`. */
export function parentPointer(pointer: string): string | undefined {
  if (pointer === '') return undefined;
  const slash = pointer.lastIndexOf('/');
  return slash <= 0 ? '' : pointer.slice(0, slash);
}
