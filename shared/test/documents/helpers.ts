import type { ParsedFile } from '@keyfob/shared/documents';
import type { OffsetRange, TextRange } from '@keyfob/shared/problem';

/** A range as `[startLine, startColumn, endLine, endColumn]`, 1-based, the way the tables write them. */
export type Span = readonly [number, number, number, number];

/** The line/column form of an offset range in a parsed file. */
export function span(file: ParsedFile, range: OffsetRange | undefined): Span | undefined {
  if (!range) return undefined;
  const r = file.lines.range(range);
  return [r.startLine, r.startColumn, r.endLine, r.endColumn];
}

/** The line/column form of a problem's range. */
export function textSpan(range: TextRange | undefined): Span | undefined {
  return range ? [range.startLine, range.startColumn, range.endLine, range.endColumn] : undefined;
}
