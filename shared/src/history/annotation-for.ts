import type { ChangeKind, ChangeLevel } from './data-types.ts';
import { judgeChange, subjectVsTarget } from './newer-than.ts';
import { describeTarget } from './target.ts';
import type { Target } from './target.ts';
import type { HistorySubject, SubjectChange } from './types.ts';

/** How an annotation should be shown: strike-through, a warning colour, a target warning, or muted. */
export type AnnotationSeverity = 'deprecated' | 'breaking' | 'newer' | 'info';

/** A one-line note about a matched subject, for end-of-line decorations and CLI output. */
export interface Annotation {
  /** Short text, e.g. `deprecated 2021-06-08 → use POST /organizations/:organization_name/registry-modules/vcs`. */
  readonly text: string;
  /** Kind of the change the text is about. */
  readonly kind: ChangeKind;
  /** Date of that change. */
  readonly date: string;
  readonly replacedBy: string | undefined;
  readonly severity: AnnotationSeverity;
  /** Stable id of that change (`ph-2023-05-25`). */
  readonly changeId: string;
  /** Level of that change: breaking, deprecation or info. */
  readonly level: ChangeLevel;
}

/** Longest summary quoted in a `breaking` annotation; longer ones are cut with an ellipsis. */
const MAX_SUMMARY = 90;

/**
 * The annotation for a match (or a subject). In order: with a target, a subject missing there
 * (added after it, or not on its edition) is `newer`; a deprecated subject is `deprecated`; one
 * whose newest change is breaking or removed is `breaking`; anything else is `info`, naming the
 * newest change (and whether it came after the target).
 *
 * @example
 * annotationFor(match).text; // 'deprecated 2023-05-25 → use enforcement-level'
 */
export function annotationFor(match: { readonly subject: HistorySubject }, target?: Target): Annotation {
  const { subject } = match;
  const newest = subject.changes[0];
  if (!newest) throw new Error(`subject without history: ${subject.id}`);
  const replacedBy = subject.replacedBy;
  if (target) {
    const { state, verdict } = subjectVsTarget(subject, target);
    const introduced = subject.changes[subject.changes.length - 1] ?? newest;
    if (state === 'unavailable')
      return make(`${editionLabel(subject)} — not on ${describeTarget(target)}`, introduced, replacedBy, 'newer');
    if (state === 'newer') {
      const how = verdict.confidence === 'inferred' ? ' (by date; no release stated)' : '';
      return make(
        `added ${introduced.date} — newer than ${describeTarget(target)}${how}`,
        introduced,
        replacedBy,
        'newer',
      );
    }
  }
  const deprecation = subject.deprecation;
  if (deprecation) {
    const removal = deprecation.sunset === undefined ? '' : `, removal ${deprecation.sunset}`;
    return make(
      `deprecated ${deprecation.date}${removal}${replacedBy === undefined ? '' : ` → use ${replacedBy}`}`,
      deprecation,
      replacedBy,
      'deprecated',
    );
  }
  if (newest.change === 'breaking' || newest.change === 'removed')
    return make(
      `${newest.change} ${newest.date}: ${shorten(newest.note ?? newest.entry.summary)}`,
      newest,
      replacedBy,
      'breaking',
    );
  const after = target !== undefined && judgeChange(newest, target).newer ? ` (after ${describeTarget(target)})` : '';
  const only = target === undefined && subject.editions.length === 1 ? ` (${editionLabel(subject)})` : '';
  return make(`${newest.change} ${newest.date}${after}${only}`, newest, replacedBy, 'info');
}

function make(
  text: string,
  change: SubjectChange,
  replacedBy: string | undefined,
  severity: AnnotationSeverity,
): Annotation {
  return {
    text,
    kind: change.change,
    date: change.date,
    replacedBy,
    severity,
    changeId: change.id,
    level: change.level,
  };
}

function shorten(text: string): string {
  return text.length > MAX_SUMMARY ? `${text.slice(0, MAX_SUMMARY - 1).trimEnd()}…` : text;
}

function editionLabel(subject: HistorySubject): string {
  return subject.editions.length === 1 ? `${subject.editions[0] ?? ''} only` : 'both editions';
}
