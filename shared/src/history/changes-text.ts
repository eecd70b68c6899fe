import { LEVELS } from './change-level.ts';
import type { ChangeForUs, ChangesReport } from './changes-since.ts';
import { changeMessage } from './changes-annotations.ts';

const HEADINGS = { breaking: 'Breaking', deprecation: 'Deprecations', info: 'Other changes' } as const;

/** Most places listed under one change in the job summary; the rest are counted. */
const MAX_PLACES = 10;

/**
 * The report for a terminal: a headline with the counts, then each level with its changes (id,
 * date, subject, what to do) and the places that use the subject.
 */
export function changesText(report: ChangesReport): string {
  const lines = [headline(report)];
  for (const level of LEVELS) {
    const changes = report.levels[level];
    if (changes.length === 0) continue;
    lines.push('', `${HEADINGS[level]} (${changes.length})`);
    for (const change of changes) {
      lines.push(
        `  ${change.id}  ${change.date}  ${changeMessage(change)}${change.new ? '' : ' [already used in the baseline]'}`,
      );
      for (const place of change.places) lines.push(`    ${place.file}:${place.line}:${place.column}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The report as Markdown for a job summary: counts, then one table per level. */
export function changesMarkdown(report: ChangesReport): string {
  const parts = [`### keyfob: platform API changes since ${report.since}`, '', headline(report)];
  for (const level of LEVELS) {
    const changes = report.levels[level];
    if (changes.length === 0) continue;
    parts.push(
      '',
      `#### ${HEADINGS[level]} (${changes.length})`,
      '',
      '| Change | Date | Subject | What it means | Used at |',
      '|---|---|---|---|---|',
    );
    for (const change of changes) parts.push(row(change));
  }
  return `${parts.join('\n')}\n`;
}

/**
 * The pull request's view of the report: only the deprecated and breaking subjects the code newly
 * uses (not used at the baseline), one table; `count` is how many such changes there are.
 */
export function newChangesMarkdown(report: ChangesReport): { markdown: string; count: number } {
  const fresh = [...report.levels.breaking, ...report.levels.deprecation].filter((c) => c.new);
  const parts = [
    `### keyfob: deprecated or breaking API subjects this change starts to use (since ${report.since})`,
    '',
  ];
  if (fresh.length === 0)
    parts.push('None: the code uses no deprecated or breaking API subject it did not use before.');
  else
    parts.push(
      `${fresh.length} change${fresh.length === 1 ? '' : 's'} to API subjects the code now uses:`,
      '',
      '| Change | Date | Subject | What it means | Used at |',
      '|---|---|---|---|---|',
      ...fresh.map(row),
    );
  return { markdown: `${parts.join('\n')}\n`, count: fresh.length };
}

function headline(report: ChangesReport): string {
  const { breaking, deprecation, info } = report.counts;
  const total = breaking + deprecation + info;
  const used = report.subjectsUsed.length;
  if (total === 0)
    return `No changes since ${report.since} to the ${used} API subject${used === 1 ? '' : 's'} used in ${report.files} file${report.files === 1 ? '' : 's'}.`;
  return `${total} change${total === 1 ? '' : 's'} since ${report.since} to the ${used} API subject${used === 1 ? '' : 's'} used in ${report.files} file${report.files === 1 ? '' : 's'}: ${breaking} breaking, ${deprecation} deprecation${deprecation === 1 ? '' : 's'}, ${info} other.`;
}

function row(change: ChangeForUs): string {
  const shown = change.places.slice(0, MAX_PLACES).map((p) => `\`${cell(p.file)}:${p.line}\``);
  if (change.places.length > MAX_PLACES) shown.push(`and ${change.places.length - MAX_PLACES} more`);
  const known = change.new ? '' : ' (already used before)';
  return `| \`${change.id}\` | ${change.date} | \`${cell(change.subject.name)}\`${known} | ${cell(changeMessage(change))} | ${shown.join(', ')} |`;
}

/** Table cells: no line breaks, no pipes, no backticks that would close a code span. */
function cell(text: string): string {
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/\|/g, '\\|')
    .replace(/`/g, "'");
}
