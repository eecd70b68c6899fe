import type { ProblemCode } from './codes/index.ts';
import type { Severity } from './codes/severity.ts';

export type { Severity };

/** A half-open span of UTF-16 offsets into a source text. */
export interface OffsetRange {
  readonly start: number;
  readonly end: number;
}

/** A 1-based line/column position (columns count UTF-16 code units, as editors do). */
export interface LineColumn {
  readonly line: number;
  readonly column: number;
}

/** An offset range with its 1-based line/column ends, derived from the offsets. */
export interface TextRange extends OffsetRange {
  readonly startLine: number;
  readonly startColumn: number;
  readonly endLine: number;
  readonly endColumn: number;
}

/**
 * A problem found in user content: a role file, an action input, a template, an HTTP body.
 *
 * Rules fill `path` (a JSON Pointer into the document) and `target` (which part of the node is at
 * fault); `attachRanges` (documents) turns that into a `range` when the source text is known.
 */
export interface Problem {
  readonly code: ProblemCode;
  readonly severity: Severity;
  /** One sentence that names the field, the value when safe, and the fix. */
  readonly message: string;
  /** JSON Pointer of the node at fault, `""` for the document itself. */
  readonly path: string;
  /** Which part of the node the range covers: the key (field not allowed, unknown) or the value. */
  readonly target?: 'key' | 'value';
  /** Where in the source text; absent when the content had no text (an HTTP body). */
  readonly range?: TextRange;
  /** 0-based index of the document in a multi-document file. */
  readonly document?: number;
  /** Machine-readable extras for quick fixes: `suggestion`, `replacement`, `expected`, ... */
  readonly data?: Readonly<Record<string, unknown>>;
  /** Tags an editor can render: a deprecated field, or a field the variant ignores. */
  readonly tags?: readonly ('deprecated' | 'unnecessary')[];
}

/** A value together with the problems found while producing it (collect, do not throw). */
export interface Result<T> {
  readonly value: T;
  readonly problems: readonly Problem[];
}

/** True when any problem is an error. */
export function hasErrors(problems: readonly Problem[]): boolean {
  return problems.some((p) => p.severity === 'error');
}
