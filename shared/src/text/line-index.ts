import type { LineColumn, OffsetRange, TextRange } from '../problem.ts';

/**
 * Maps offsets of one text to 1-based line/column and back in O(log lines).
 * Lines end at `\n`; a `\r` before it belongs to the line's end, so columns match editors.
 */
export class LineIndex {
  readonly #starts: number[];
  readonly #length: number;

  constructor(text: string) {
    const starts = [0];
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    this.#starts = starts;
    this.#length = text.length;
  }

  /** Number of lines (a text without a final newline still counts its last line). */
  get lineCount(): number {
    return this.#starts.length;
  }

  /** 1-based line/column of an offset; offsets outside the text are clamped into it. */
  position(offset: number): LineColumn {
    const at = Math.max(0, Math.min(offset, this.#length));
    let lo = 0;
    let hi = this.#starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.#starts[mid] ?? 0) <= at) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: at - (this.#starts[lo] ?? 0) + 1 };
  }

  /** Offset of a 1-based line/column, clamped into the text. */
  offset(position: LineColumn): number {
    const lineStart = this.#starts[Math.max(0, Math.min(position.line - 1, this.#starts.length - 1))] ?? 0;
    return Math.max(0, Math.min(lineStart + position.column - 1, this.#length));
  }

  /** Offset where a 1-based line starts. */
  lineStart(line: number): number {
    return this.#starts[Math.max(0, Math.min(line - 1, this.#starts.length - 1))] ?? 0;
  }

  /** An offset range with its line/column ends. */
  range(span: OffsetRange): TextRange {
    const start = this.position(span.start);
    const end = this.position(Math.max(span.start, span.end));
    return {
      start: span.start,
      end: Math.max(span.start, span.end),
      startLine: start.line,
      startColumn: start.column,
      endLine: end.line,
      endColumn: end.column,
    };
  }
}
