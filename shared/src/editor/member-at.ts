import type { ParsedDocument, ParsedFile } from '../documents/types.ts';
import type { OffsetRange } from '../problem.ts';

/** The innermost node under an offset: its document, JSON Pointer, the part hit and that part's span. */
export interface MemberAt {
  readonly document: ParsedDocument;
  readonly pointer: string;
  readonly part: 'key' | 'value';
  readonly range: OffsetRange;
}

/**
 * Finds the innermost key or value containing `offset` (end inclusive, so a cursor right after a
 * word still hits it). Linear in the document's node count, which is small for role files.
 */
export function memberAt(file: ParsedFile, offset: number): MemberAt | undefined {
  let best: MemberAt | undefined;
  for (const document of file.documents) {
    if (offset < document.range.start || offset > document.range.end) continue;
    for (const [pointer, location] of document.locations) {
      if (pointer === '') continue;
      const hits: [MemberAt['part'], OffsetRange | undefined][] = [
        ['key', location.key],
        ['value', location.value],
      ];
      for (const [part, range] of hits) {
        if (!range || offset < range.start || offset > range.end) continue;
        if (!best || range.end - range.start < best.range.end - best.range.start)
          best = { document, pointer, part, range };
      }
    }
  }
  return best;
}
