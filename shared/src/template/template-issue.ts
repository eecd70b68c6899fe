import { describeCode } from '../codes/index.ts';
import type { ProblemCode } from '../codes/index.ts';
import type { Problem } from '../problem.ts';

/** A problem found inside the template text, before it is tied to a document path. */
export interface TemplateIssue {
  readonly code: ProblemCode;
  readonly message: string;
  /** Offsets into the template text (UTF-16, end exclusive). */
  readonly start: number;
  readonly end: number;
  readonly data?: Readonly<Record<string, unknown>>;
}

/** Thrown inside the parser to abandon one action; never escapes the template module. */
export class ActionError extends Error {
  constructor(readonly issue: TemplateIssue) {
    super(issue.message);
  }
}

/**
 * Turns an issue into a Problem on `path`, with `data.valueOffset` / `data.valueLength` giving the
 * span inside the template text (the documents module maps that into the file).
 */
export function toProblem(issue: TemplateIssue, path: string): Problem {
  return {
    code: issue.code,
    severity: describeCode(issue.code).severity,
    message: issue.message,
    path,
    target: 'value',
    data: { ...issue.data, valueOffset: issue.start, valueLength: issue.end - issue.start },
  };
}
