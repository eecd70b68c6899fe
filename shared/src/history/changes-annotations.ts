import { LEVELS } from './change-level.ts';
import type { ChangeLevel } from './data-types.ts';
import type { ChangeForUs, ChangesReport } from './changes-since.ts';
import { lineSpanOf, type LineSpan } from './text-span.ts';

/** The annotation severity GitHub shows for each level. */
const ANNOTATION_LEVEL: Readonly<Record<ChangeLevel, 'error' | 'warning' | 'notice'>> = {
  breaking: 'error',
  deprecation: 'warning',
  info: 'notice',
};

/** One line annotation of a change, for GitHub (`::warning file=…::`) or the action's runner. */
export interface ChangeAnnotation extends LineSpan {
  readonly severity: 'error' | 'warning' | 'notice';
  readonly file: string;
  /** `keyfob ph-2024-09-02 (deprecation)`: the change id, so a reviewer can look it up or allow it. */
  readonly title: string;
  readonly message: string;
}

/** One sentence about a change: what happened to the subject, when, and what to do. */
export function changeMessage(change: ChangeForUs): string {
  const owner = change.subject.resource === null ? '' : ` (${change.subject.resource})`;
  const parts = [`${change.subject.name}${owner}: ${change.change} ${change.date}`];
  if (change.sunset !== null) parts.push(`removal announced for ${change.sunset}`);
  if (change.replacedBy !== null && change.level !== 'info') parts.push(`use ${change.replacedBy}`);
  return `${parts.join('; ')}. ${change.summary}${change.note === null ? '' : ` ${change.note}`}`;
}

/**
 * One annotation per place of every change, most pressing first. With `onlyNew`, changes to
 * subjects the baseline already used are left out (the old code was reviewed already).
 */
export function changeAnnotations(
  report: ChangesReport,
  options: { readonly minLevel?: ChangeLevel; readonly onlyNew?: boolean } = {},
): ChangeAnnotation[] {
  const out: ChangeAnnotation[] = [];
  const last = LEVELS.indexOf(options.minLevel ?? 'info');
  for (const level of LEVELS.slice(0, last + 1)) {
    for (const change of report.levels[level]) {
      if (options.onlyNew === true && !change.new) continue;
      for (const place of change.places) {
        out.push({
          severity: ANNOTATION_LEVEL[level],
          file: place.file,
          ...lineSpanOf(place),
          title: `keyfob ${change.id} (${level})`,
          message: changeMessage(change),
        });
      }
    }
  }
  return out;
}
