import type { Lines } from './lines.ts';
import type { Confidence, Match, MatchVia, MethodToken } from './match-types.ts';
import type { HistorySubject } from './types.ts';

/** The parts of a match that are not derived from its offsets. */
export interface MatchFields {
  readonly start: number;
  readonly end: number;
  readonly subject: HistorySubject;
  readonly confidence: Confidence;
  readonly via: MatchVia;
  readonly alternatives?: readonly HistorySubject[];
  readonly method?: MethodToken | undefined;
  readonly path?: Match['path'];
}

const NONE: readonly HistorySubject[] = [];

/** Builds a match: 1-based line/column from the offsets, text and history from the subject. */
export function makeMatch(text: string, lines: Lines, fields: MatchFields): Match {
  const line = lines.lineOf(fields.start);
  const endLine = fields.end === fields.start ? line : lines.lineOf(fields.end);
  const match: { -readonly [K in keyof Match]: Match[K] } = {
    start: fields.start,
    end: fields.end,
    line: line + 1,
    column: fields.start - lines.startOf(line) + 1,
    endLine: endLine + 1,
    endColumn: fields.end - lines.startOf(endLine) + 1,
    subject: fields.subject,
    entries: fields.subject.changes,
    confidence: fields.confidence,
    via: fields.via,
    text: text.slice(fields.start, fields.end),
    alternatives: fields.alternatives ?? NONE,
  };
  if (fields.method) match.method = fields.method;
  if (fields.path) match.path = fields.path;
  return match;
}
