import type { Severity } from './severity.ts';

/** One catalogue line: the default severity and a one-line description used in docs and hovers. */
export interface CodeInfo {
  readonly severity: Severity;
  readonly summary: string;
  /**
   * The real engine's API accepts what this finding describes (keyfob knows more than the engine):
   * on an HTTP request the error becomes a warning, so keyfob accepts what the engine accepts. In
   * files it keeps its severity. A finding can also set `data.engineAccepts`.
   */
  readonly engineAccepts?: boolean;
}
