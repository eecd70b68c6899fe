/**
 * Splits a JSON Pointer (RFC 6901) into its unescaped segments: `~1` becomes `/`, `~0` becomes `~`.
 *
 * `""` (the document root) gives `[]`. Throws a TypeError for a non-empty pointer that does not start
 * with `/`: pointers come from our own code, so a malformed one is a bug, not user content.
 *
 * @example pointerToSegments('/session_tags/team~1a') // ['session_tags', 'team/a']
 */
export function pointerToSegments(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new TypeError(`not a JSON Pointer: ${JSON.stringify(pointer)}`);
  return pointer.slice(1).split('/').map(unescapeSegment);
}

/**
 * Joins segments into a JSON Pointer (RFC 6901), escaping `~` as `~0` and `/` as `~1`.
 *
 * @example segmentsToPointer(['role_arns', '0']) // '/role_arns/0'
 */
export function segmentsToPointer(segments: readonly string[]): string {
  let pointer = '';
  for (const segment of segments) pointer = appendPointer(pointer, segment);
  return pointer;
}

/** The pointer of a child: `parent` plus one escaped segment (an object key or an array index). */
export function appendPointer(parent: string, segment: string): string {
  return `${parent}/${escapeSegment(segment)}`;
}

/** The pointer of the parent node; the root (`""`) has none and gives `undefined`. */
export function parentPointer(pointer: string): string | undefined {
  if (pointer === '') return undefined;
  const slash = pointer.lastIndexOf('/');
  return slash <= 0 ? '' : pointer.slice(0, slash);
}

const NEEDS_ESCAPE = /[~/]/;

function escapeSegment(segment: string): string {
  // Most keys hold neither character; skip the two replaces for them (this runs once per node).
  if (!NEEDS_ESCAPE.test(segment)) return segment;
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

function unescapeSegment(segment: string): string {
  // RFC 6901 order: `~1` first, then `~0`, so `~01` decodes to `~1` and not to `/`.
  return segment.includes('~') ? segment.replaceAll('~1', '/').replaceAll('~0', '~') : segment;
}
