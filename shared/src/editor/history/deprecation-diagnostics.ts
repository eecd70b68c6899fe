import type { ProblemCode } from '../../codes/index.ts';
import type { Severity } from '../../problem.ts';
import { judgeChange } from '../../history/newer-than.ts';
import type { Match } from '../../history/match-types.ts';
import { replacementEdit } from '../../history/replacement-edit.ts';
import type { ReplacementEdit } from '../../history/replacement-edit.ts';
import { describeTarget } from '../../history/target.ts';
import { textSpanOf, type TextSpan } from '../../history/text-span.ts';
import type { Target } from '../../history/target.ts';
import { subjectLabel } from './subject-label.ts';

/** Code of the diagnostic on a deprecated API subject (quick fixes key on it). */
export const HISTORY_DEPRECATED = 'HISTORY_DEPRECATED' satisfies ProblemCode;

/** A diagnostic on a use of a deprecated API subject; offsets and 1-based line/column of the match. */
export interface DeprecationDiagnostic extends TextSpan {
  readonly code: typeof HISTORY_DEPRECATED;
  readonly severity: Extract<Severity, 'warning' | 'info'>;
  readonly message: string;
  readonly subjectId: string;
  readonly deprecatedOn: string;
  /** Stable id of the deprecating change (`ph-2023-05-25`). */
  readonly changeId: string;
  /** Announced removal (`2025-08`), when the history gives one. */
  readonly sunset: string | undefined;
  readonly replacedBy: string | undefined;
  /** The move to the replacement, when it is textual (see `replacementEdit`). */
  readonly fix: ReplacementEdit | undefined;
}

/**
 * One diagnostic per use of a deprecated subject (the editor strikes it through). Severity:
 * `warning` when the match is certain and the deprecation applies to the target; `info` when the
 * match needed its surroundings (a generic word could still be something else), or when the
 * deprecation came after the target, where the replacement may not exist yet (then the fix is
 * never marked preferred either).
 *
 * @example
 * deprecationDiagnostics(scanText('{"terraform-build-worker-plan-timeout": "2h"}', { languageId: 'json' }))[0]?.message;
 * // 'platform-build-worker-plan-timeout (general-settings) is deprecated since 2024-08-01: use plan-timeout'
 */
export function deprecationDiagnostics(matches: readonly Match[], target?: Target): DeprecationDiagnostic[] {
  const out: DeprecationDiagnostic[] = [];
  for (const match of matches) {
    const deprecation = match.subject.deprecation;
    if (!deprecation) continue;
    const afterTarget = target !== undefined && judgeChange(deprecation, target).newer;
    const replacedBy = match.subject.replacedBy;
    const use = replacedBy === undefined ? '' : `: use ${replacedBy}`;
    const note =
      afterTarget && target ? ` (after ${describeTarget(target)}, where the replacement may not exist yet)` : '';
    const fix = replacementEdit(match);
    out.push({
      code: HISTORY_DEPRECATED,
      ...textSpanOf(match),
      severity: match.confidence === 'exact' && !afterTarget ? 'warning' : 'info',
      message: `${subjectLabel(match.subject)} is deprecated since ${deprecation.date}${deprecation.sunset === undefined ? '' : `, removal announced for ${deprecation.sunset}`}${note}${use}`,
      subjectId: match.subject.id,
      deprecatedOn: deprecation.date,
      changeId: deprecation.id,
      sunset: deprecation.sunset,
      replacedBy,
      fix: fix && afterTarget ? { ...fix, isPreferred: false } : fix,
    });
  }
  return out;
}
