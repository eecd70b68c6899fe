import { spanHolds } from './source-span.ts';
import type { ParsedDocument } from './types.ts';

/** The node under a cursor: its JSON Pointer and whether the cursor is on its key or its value. */
export interface NodeAtOffset {
  readonly path: string;
  readonly part: 'key' | 'value';
}

/**
 * The innermost node whose key or value range holds `offset` (ends included, so a cursor right
 * after a word still hits it). `undefined` when the offset is outside the document's nodes.
 * Linear in the document's node count; used for hover and completion.
 *
 * @example nodeAtOffset(doc, 2) // { path: '/name', part: 'key' } for "name: deploy"
 */
export function nodeAtOffset(document: ParsedDocument, offset: number): NodeAtOffset | undefined {
  let found: NodeAtOffset | undefined;
  let foundStart = -1;
  // Locations are in document order, parents first: among spans holding the offset, the one that
  // starts last is the innermost, and on a tie the later (deeper) entry wins.
  for (const [path, location] of document.locations) {
    if (location.key && location.key.start >= foundStart && spanHolds(location.key, offset)) {
      found = { path, part: 'key' };
      foundStart = location.key.start;
    } else if (location.value.start >= foundStart && spanHolds(location.value, offset)) {
      found = { path, part: 'value' };
      foundStart = location.value.start;
    }
  }
  return found;
}
