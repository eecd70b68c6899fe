import { countProblems, describeCounts, type FileReport } from './report.ts';

const COMMAND = { error: 'error', warning: 'warning', info: 'notice' } as const;

/** GitHub workflow commands: one annotation per problem, with file, line, column and their ends. */
export function formatGithub(reports: readonly FileReport[]): string {
  const out: string[] = [];
  for (const report of reports) {
    for (const p of report.problems) {
      const r = p.range;
      const props = [
        `file=${escapeProperty(report.file)}`,
        `line=${r?.startLine ?? 1}`,
        `col=${r?.startColumn ?? 1}`,
        `endLine=${r?.endLine ?? 1}`,
        `endColumn=${r?.endColumn ?? 1}`,
        `title=${escapeProperty(p.code)}`,
      ];
      out.push(`::${COMMAND[p.severity]} ${props.join(',')}::${escapeData(p.message)}`);
    }
  }
  out.push(`keyfob lint: ${describeCounts(countProblems(reports))} in ${reports.length} files`);
  return out.join('\n') + '\n';
}

/** Workflow-command escaping of a message (the runner decodes these). */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
