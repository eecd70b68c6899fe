import { LEVELS, levelAtLeast } from './change-level.ts';
import type { ChangeKind, ChangeLevel, Edition, SubjectType } from './data-types.ts';
import type { Match } from './match-types.ts';
import { judgeChange } from './newer-than.ts';
import type { TargetConfidence } from './newer-than.ts';
import { describeTarget } from './target.ts';
import type { Target } from './target.ts';
import { lineSpanOf, type LineSpan } from './text-span.ts';
import type { HistorySubject, SubjectChange } from './types.ts';

/** One place in the code that uses a subject (1-based lines and columns, `endColumn` exclusive). */
interface UsePlace extends LineSpan {
  readonly file: string;
  /** The source text that matched. */
  readonly text: string;
}

/** One change to one subject the code uses, with the places that use it. */
export interface ChangeForUs {
  /** Stable change id (`ph-2024-09-02`). */
  readonly id: string;
  readonly level: ChangeLevel;
  readonly date: string;
  readonly change: ChangeKind;
  readonly summary: string;
  readonly subject: {
    readonly id: string;
    readonly type: SubjectType;
    readonly name: string;
    readonly resource: string | null;
  };
  readonly replacedBy: string | null;
  readonly sunset: string | null;
  readonly note: string | null;
  readonly editions: readonly Edition[];
  readonly selfHostedRelease: string | null;
  /** How the change was placed after `since`: by date, by the release it states, or by the release month. */
  readonly confidence: TargetConfidence;
  /** False when the subject was already used in the baseline (see `ChangesOptions.baseline`). */
  readonly new: boolean;
  readonly places: readonly UsePlace[];
}

/** Everything that changed, since a date or release, for the subjects some code uses. */
export interface ChangesReport {
  /** As given: `2024-06-30` or `self-hosted v202207-1`. */
  readonly since: string;
  readonly files: number;
  /** Ids of every subject the code uses (with or without changes since); a later run can take this report as its baseline. */
  readonly subjectsUsed: readonly string[];
  readonly counts: Readonly<Record<ChangeLevel, number>>;
  /** By level, most pressing first; inside a level newest first, then by subject. */
  readonly levels: Readonly<Record<ChangeLevel, readonly ChangeForUs[]>>;
}

/** The matches of one file. */
export interface FileMatches {
  readonly file: string;
  readonly matches: readonly Match[];
}

/** Options of `changesSince`. */
export interface ChangesOptions {
  /** Subject ids an earlier run saw used (its `subjectsUsed`): their changes are listed with `new: false`. */
  readonly baseline?: ReadonlySet<string>;
}

/**
 * For the subjects the matched code uses, every change after `since`: a date target takes changes
 * dated after it; a self-hosted release takes changes on the self-hosted edition that came after
 * the release (stated, or inferred from the release month). Grouped by level, each with its places.
 *
 * @example
 * changesSince([{ file: 'a.json', matches: scanText('{"enforce": []}', { languageId: 'json' }) }], { kind: 'date', date: '2023-01-01' })
 *   .levels.deprecation[0]?.id; // 'ph-2023-05-25'
 */
export function changesSince(
  files: readonly FileMatches[],
  since: Target,
  options: ChangesOptions = {},
): ChangesReport {
  const places = new Map<string, { subject: HistorySubject; places: UsePlace[] }>();
  for (const { file, matches } of files) {
    for (const match of matches) {
      let used = places.get(match.subject.id);
      if (!used) places.set(match.subject.id, (used = { subject: match.subject, places: [] }));
      used.places.push({ file, ...lineSpanOf(match), text: match.text });
    }
  }
  const levels: Record<ChangeLevel, ChangeForUs[]> = { breaking: [], deprecation: [], info: [] };
  for (const { subject, places: where } of places.values()) {
    for (const change of subject.changes) {
      const verdict = judgeChange(change, since);
      if (!verdict.available || !verdict.newer) continue;
      levels[change.level].push(
        present(subject, change, verdict.confidence, options.baseline?.has(subject.id) !== true, where),
      );
    }
  }
  for (const level of LEVELS) levels[level].sort(byDateThenSubject);
  return {
    since: describeTarget(since),
    files: files.length,
    subjectsUsed: [...places.keys()].sort(),
    counts: { breaking: levels.breaking.length, deprecation: levels.deprecation.length, info: levels.info.length },
    levels,
  };
}

/**
 * True when the report holds a new change at `threshold` or above (`deprecation` also counts
 * breaking changes). Changes to subjects of the baseline do not count.
 */
export function failsOn(report: ChangesReport, threshold: ChangeLevel): boolean {
  return LEVELS.some((level) => levelAtLeast(level, threshold) && report.levels[level].some((c) => c.new));
}

function present(
  subject: HistorySubject,
  change: SubjectChange,
  confidence: TargetConfidence,
  isNew: boolean,
  places: readonly UsePlace[],
): ChangeForUs {
  return {
    id: change.id,
    level: change.level,
    date: change.date,
    change: change.change,
    summary: change.entry.summary,
    subject: { id: subject.id, type: subject.type, name: subject.name, resource: subject.resource ?? null },
    replacedBy: change.replacedBy ?? subject.replacedBy ?? null,
    sunset: change.sunset ?? null,
    note: change.note ?? null,
    editions: change.editions,
    selfHostedRelease: change.selfHostedRelease ?? null,
    confidence,
    new: isNew,
    places: [...places].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column),
  };
}

function byDateThenSubject(a: ChangeForUs, b: ChangeForUs): number {
  if (a.date !== b.date) return a.date < b.date ? 1 : -1;
  return a.subject.id.localeCompare(b.subject.id);
}
