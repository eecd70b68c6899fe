import type { Target } from '../../history/target.ts';

/** Which subjects get an inline annotation: deprecated, breaking and newer-than-target only, every match, or none. */
export type AnnotationMode = 'important' | 'all' | 'off';

/** A run of lines, 1-based and inclusive at both ends (VS Code's visible ranges, converted). */
export interface LineSpan {
  readonly startLine: number;
  readonly endLine: number;
}

/** Defaults of `lineAnnotations`: lines around the visible ones that are drawn too, and the most lines per editor. */
export const VIEW_DEFAULTS = { margin: 50, cap: 200 } as const;

/** How annotations are chosen and bounded for one editor. */
export interface ViewOptions {
  readonly mode: AnnotationMode;
  /** What the code runs against; without one nothing is "newer". */
  readonly target?: Target | undefined;
  /** Lines above and below each visible span that are annotated as well, so short scrolls show them at once. Default 50. */
  readonly margin?: number;
  /** Most annotated lines per editor; visible lines win over margin lines. Default 200. */
  readonly cap?: number;
}
