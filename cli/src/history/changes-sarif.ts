import type { ChangeLevel, ChangesReport } from '@keyfob/shared/history';
import { changeMessage, LEVELS } from '@keyfob/shared/history';
import type { ProblemCode } from '@keyfob/shared/codes';
import { toSarif } from '@keyfob/shared/sarif';
import type { SarifFinding } from '@keyfob/shared/sarif';

/** The problem code (SARIF rule id) of each change level: the same codes `history scan` reports. */
const LEVEL_CODES: Readonly<Record<ChangeLevel, ProblemCode>> = {
  breaking: 'HISTORY_BREAKING',
  deprecation: 'HISTORY_DEPRECATED',
  info: 'HISTORY_CHANGED',
};

/** The result level of each change level (a breaking change is an error in code scanning). */
const LEVEL_SEVERITY: Readonly<Record<ChangeLevel, SarifFinding['severity']>> = {
  breaking: 'error',
  deprecation: 'warning',
  info: 'info',
};

/**
 * `keyfob history changes --format sarif`: one result per place of every change, written by the
 * shared SARIF writer like `lint` and `history scan`. Rule ids are the history problem codes; the
 * change's stable id rides in the message, in `properties.changeId` and in the fingerprint, so
 * code scanning keeps one alert per change and place.
 */
export function changesSarif(report: ChangesReport, version: string): object {
  const findings: SarifFinding[] = [];
  for (const level of LEVELS) {
    for (const change of report.levels[level]) {
      for (const place of change.places) {
        findings.push({
          file: place.file,
          code: LEVEL_CODES[level],
          severity: LEVEL_SEVERITY[level],
          message: `${changeMessage(change)} [change ${change.id}, ${level}]`,
          range: {
            startLine: place.line,
            startColumn: place.column,
            endLine: place.endLine,
            endColumn: place.endColumn,
          },
          properties: {
            changeId: change.id,
            level,
            date: change.date,
            ...(change.sunset === null ? {} : { sunset: change.sunset }),
            subject: change.subject.id,
            new: change.new,
          },
          fingerprints: { 'keyfobChange/v1': `${change.id}|${change.subject.id}|${place.text}` },
        });
      }
    }
  }
  return toSarif(findings, { version, command: 'keyfob history changes' });
}
