import { annotationFor } from '../../history/annotation-for.ts';
import type { Annotation, AnnotationSeverity } from '../../history/annotation-for.ts';
import type { Match } from '../../history/match-types.ts';
import type { Target } from '../../history/target.ts';
import type { AnnotationMode } from './view-options.ts';

/** Order of importance, most important first: one line shows its most pressing note first. */
export const SEVERITY_RANK: Readonly<Record<AnnotationSeverity, number>> = {
  deprecated: 0,
  breaking: 1,
  newer: 2,
  info: 3,
};

/**
 * The annotation a match gets inline, or undefined when it gets none: `off` shows nothing,
 * `important` only deprecated, breaking and newer-than-target subjects (what a reader must act
 * on; the rest stays in the hover), `all` every match. The text is `annotationFor`'s, so the
 * editor and `keyfob history scan` say the same thing.
 */
export function chooseAnnotation(match: Match, mode: AnnotationMode, target?: Target): Annotation | undefined {
  if (mode === 'off') return undefined;
  const annotation = annotationFor(match, target);
  return mode === 'all' || annotation.severity !== 'info' ? annotation : undefined;
}
