import { annotationFor } from '../../history/annotation-for.ts';
import type { Annotation } from '../../history/annotation-for.ts';
import type { Match } from '../../history/match-types.ts';
import type { Target } from '../../history/target.ts';
import type { HistorySubject } from '../../history/types.ts';
import { SEVERITY_RANK } from './choose-annotation.ts';
import { subjectLabel } from './subject-label.ts';

/** Where a subject is used: a file (as the caller names it) and a 1-based line and column. */
interface Occurrence {
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

/** One API subject used in a set of files, with its verdict and every place it occurs. */
export interface UsedSubject {
  readonly subject: HistorySubject;
  readonly label: string;
  readonly annotation: Annotation;
  /** In file order as given, then by position. */
  readonly occurrences: readonly Occurrence[];
}

/**
 * The subjects used across scanned files, for the "used in this workspace" tree: what needs
 * action first (deprecated, breaking, newer than the target), then by label. One row per subject
 * however often it occurs.
 */
export function subjectsUsed(
  files: readonly { readonly file: string; readonly matches: readonly Match[] }[],
  target?: Target,
): UsedSubject[] {
  const bySubject = new Map<HistorySubject, Occurrence[]>();
  for (const { file, matches } of files) {
    for (const match of matches) {
      const occurrences = bySubject.get(match.subject);
      const occurrence = { file, line: match.line, column: match.column };
      if (occurrences) occurrences.push(occurrence);
      else bySubject.set(match.subject, [occurrence]);
    }
  }
  const out = [...bySubject].map(([subject, occurrences]) => ({
    subject,
    label: subjectLabel(subject),
    annotation: annotationFor({ subject }, target),
    occurrences,
  }));
  return out.sort(
    (a, b) =>
      SEVERITY_RANK[a.annotation.severity] - SEVERITY_RANK[b.annotation.severity] || a.label.localeCompare(b.label),
  );
}
