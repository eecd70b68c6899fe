import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { ChangeLevel } from './data-types.ts';
import type { ChangeForUs, ChangesReport } from './changes-since.ts';
import { changeMessage } from './changes-annotations.ts';
import { LEVELS } from './change-level.ts';

/** SARIF result level for each change level. */
const SARIF_LEVEL: Readonly<Record<ChangeLevel, 'error' | 'warning' | 'note'>> = { breaking: 'error', deprecation: 'warning', info: 'note' };

/** Where the rules' help lives (the history's own page in the repository's docs). */
const HELP_URI = 'https://github.com/keyfob/keyfob/blob/main/docs/history.md';

/**
 * The report as a SARIF 2.1.0 log: one rule per change id (its summary as the description, its
 * level, date and sunset as properties), one result per place the changed subject is used. The
 * rule id is the change id, so code scanning groups and dismisses per change.
 */
export function changesSarif(report: ChangesReport, version: string): Log {
  const changes = LEVELS.flatMap((level) => report.levels[level]);
  const rules = new Map<string, ReportingDescriptor>();
  for (const change of changes) if (!rules.has(change.id)) rules.set(change.id, rule(change));
  const ids = [...rules.keys()];
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'keyfob', informationUri: HELP_URI, version, rules: [...rules.values()] } },
        results: changes.flatMap((change) =>
          change.places.map((place): Result => ({
            ruleId: change.id,
            ruleIndex: ids.indexOf(change.id),
            level: SARIF_LEVEL[change.level],
            message: { text: changeMessage(change) },
            locations: [
              {
                physicalLocation: {
                  artifactLocation: { uri: encodeURI(place.file) },
                  region: { startLine: place.line, startColumn: place.column, endLine: place.endLine, endColumn: place.endColumn },
                },
              },
            ],
            partialFingerprints: { 'keyfobChange/v1': `${change.id}|${change.subject.id}|${place.text}` },
            properties: { subject: change.subject.id, change: change.change, new: change.new },
          })),
        ),
      },
    ],
  };
}

function rule(change: ChangeForUs): ReportingDescriptor {
  return {
    id: change.id,
    name: `PlatformApiChange${change.date.replace(/-/g, '')}`,
    shortDescription: { text: `${change.level}: ${change.date}` },
    fullDescription: { text: change.summary },
    helpUri: HELP_URI,
    help: { text: `${change.summary} See docs/history.md for the platform API history and \`keyfob history show SUBJECT\` for a subject's timeline.` },
    defaultConfiguration: { level: SARIF_LEVEL[change.level] },
    properties: { level: change.level, date: change.date, ...(change.sunset === null ? {} : { sunset: change.sunset }), tags: ['platform-api', change.level] },
  };
}
