import type { ProblemCode } from '../codes/index.ts';
import type { OffsetRange, Problem } from '../problem.ts';
import type { LineIndex } from '../text/line-index.ts';
import { describeCode } from '../codes/index.ts';
import { visibleSpan } from './source-span.ts';
import type { NodeLocation } from './types.ts';

/** A problem whose path is still to be found (syntax errors know only their offset). */
interface PendingProblem {
  readonly code: ProblemCode;
  readonly message: string;
  readonly span: OffsetRange;
  readonly path: string | undefined;
  readonly data: Readonly<Record<string, unknown>> | undefined;
}

/**
 * Collects what a parser learns about one document: the location of every pointer, its problems,
 * and (file-wide, only when the text has suppression comments) the spans of scalar tokens, which
 * tell a real comment from a `#` inside a string.
 */
export class DocumentSink {
  readonly locations = new Map<string, NodeLocation>();
  readonly #pending: PendingProblem[] = [];

  constructor(
    readonly text: string,
    readonly lines: LineIndex,
    readonly index: number,
    /** Flat `[start, end, start, end, ...]` of scalar tokens in document order, or undefined when not needed. */
    readonly scalarSpans: number[] | undefined,
  ) {}

  /** Records (or re-records, keeping its place in document order) the location of a pointer. */
  record(pointer: string, key: OffsetRange | undefined, value: OffsetRange): void {
    this.locations.set(pointer, key ? { key, value } : { value });
  }

  /** Notes a scalar token's span for comment detection (an empty one can hold no `#`). */
  scalar(start: number, end: number): void {
    if (end > start) this.scalarSpans?.push(start, end);
  }

  /**
   * Adds a problem. A `path` of undefined (or one under a node that has no place in the data, which
   * starts with NUL) is resolved later to the innermost node around the span.
   */
  problem(code: ProblemCode, message: string, span: OffsetRange, path?: string, data?: Record<string, unknown>): void {
    // A parser that recovers reports one broken spot several times ("comma expected", "value
    // expected", "not closed"); the first report of a code at a spot says it best.
    const visible = visibleSpan(this.text, span.start, span.end);
    if (this.#pending.some((p) => p.code === code && p.span.start === visible.start)) return;
    const known = path !== undefined && !path.startsWith('\u0000') ? path : undefined;
    this.#pending.push({ code, message, span: visible, path: known, data });
  }

  /** The problems with ranges, paths and the document index filled in. */
  problems(nearest: (offsets: readonly number[]) => string[]): Problem[] {
    const paths = nearest(this.#pending.map((p) => p.span.start));
    return this.#pending.map((p, i): Problem => ({
      code: p.code,
      severity: describeCode(p.code).severity,
      message: p.message,
      path: p.path ?? paths[i] ?? '',
      range: this.lines.range(p.span),
      document: this.index,
      ...(p.data ? { data: p.data } : {}),
    }));
  }
}
