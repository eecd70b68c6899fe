import type { Problem, Severity } from '@keyfob/shared/problem';

/** One checked file as the formatters see it. */
export interface FileReport {
  /** Path as shown to the user (relative, `/`-separated). */
  readonly file: string;
  readonly text: string;
  readonly documents: number;
  /** A Terraform file's checked resources in document order: address (`type.name`), keyfob kind and 1-based line. */
  readonly resources?: readonly { readonly address: string; readonly kind: string; readonly line: number }[];
  /** Problems with ranges and document indexes, sorted by position. */
  readonly problems: readonly Problem[];
}

/** Counts by severity over every file. */
export function countProblems(reports: readonly FileReport[]): Record<Severity, number> {
  const counts: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  for (const report of reports) for (const problem of report.problems) counts[problem.severity]++;
  return counts;
}

/** `N errors, N warnings` with singulars, for summaries. */
export function describeCounts(counts: Record<Severity, number>): string {
  const part = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [part(counts.error, 'error'), part(counts.warning, 'warning')];
  if (counts.info > 0) parts.push(part(counts.info, 'note'));
  return parts.join(', ');
}
