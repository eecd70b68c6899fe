import type { Problem } from '@keyfob/shared/problem';
import { countProblems, describeCounts, type FileReport } from './report.ts';

const COLOURS = {
  error: '\u001b[31m',
  warning: '\u001b[33m',
  info: '\u001b[36m',
  dim: '\u001b[2m',
  reset: '\u001b[0m',
};

/**
 * Compiler-style output: `file:line:col severity CODE message`, then the source line and a caret
 * under the range, then a summary line.
 */
export function formatText(reports: readonly FileReport[], options: { colour: boolean }): string {
  const paint = (colour: keyof typeof COLOURS, text: string) =>
    options.colour ? COLOURS[colour] + text + COLOURS.reset : text;
  const out: string[] = [];
  for (const report of reports) {
    const lines = report.text.split('\n');
    for (const problem of report.problems) {
      const line = problem.range?.startLine ?? 1;
      const column = problem.range?.startColumn ?? 1;
      out.push(
        `${report.file}:${line}:${column} ${paint(problem.severity, problem.severity)} ${problem.code} ${problem.message}`,
      );
      out.push(...excerpt(lines, problem, paint));
    }
  }
  const counts = countProblems(reports);
  const documents = reports.reduce((sum, r) => sum + r.documents, 0);
  out.push(
    `${describeCounts(counts)} in ${reports.length} file${reports.length === 1 ? '' : 's'} (${documents} document${documents === 1 ? '' : 's'})`,
  );
  return out.join('\n') + '\n';
}

function excerpt(
  lines: readonly string[],
  problem: Problem,
  paint: (colour: 'error' | 'warning' | 'info' | 'dim', text: string) => string,
): string[] {
  const range = problem.range;
  if (!range) return [];
  const source = (lines[range.startLine - 1] ?? '').replace(/\r$/, '');
  const gutter = String(range.startLine).padStart(5);
  const endColumn = range.endLine === range.startLine ? range.endColumn : source.length + 1;
  const width = Math.max(1, endColumn - range.startColumn);
  const caret =
    ' '.repeat(range.startColumn - 1) + '^'.repeat(Math.min(width, Math.max(1, source.length - range.startColumn + 1)));
  return [
    `${paint('dim', `${gutter} |`)} ${source.replace(/\t/g, ' ')}`,
    `${paint('dim', `${' '.repeat(5)} |`)} ${paint(problem.severity, caret)}`,
  ];
}
