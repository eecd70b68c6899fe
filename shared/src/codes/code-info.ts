import type { Severity } from '../problem.ts';

/** One catalogue line: the default severity and a one-line description used in docs and hovers. */
export interface CodeInfo {
  readonly severity: Severity;
  readonly summary: string;
}
