import type { OffsetRange } from '../problem.ts';

/** Where a text sits in lines: 1-based lines and columns, `endColumn` exclusive. */
export interface LineSpan {
  readonly line: number;
  readonly column: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/** A span of source text: its offsets and its lines. */
export interface TextSpan extends OffsetRange, LineSpan {}

/** Only the lines of a span (a match's place in an annotation or a report). */
export function lineSpanOf(span: LineSpan): LineSpan {
  return { line: span.line, column: span.column, endLine: span.endLine, endColumn: span.endColumn };
}

/** Only the offsets and lines of a span (a match's place in a diagnostic). */
export function textSpanOf(span: TextSpan): TextSpan {
  return { start: span.start, end: span.end, ...lineSpanOf(span) };
}
