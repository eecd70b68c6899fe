import { printableCharacters } from '@keyfob/shared/text';
import type { Problem } from '@keyfob/shared/problem';
import { countProblems, describeCounts, type FileReport } from './report.ts';
import { sourceExcerpt } from './source-excerpt.ts';

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
        `${printableCharacters(report.file)}:${line}:${column} ${paint(problem.severity, problem.severity)} ${problem.code} ${printableCharacters(problem.message)}`,
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
  const source = lines[range.startLine - 1] ?? '';
  const gutter = String(range.startLine).padStart(5);
  const endColumn = range.endLine === range.startLine ? range.endColumn : source.length + 1;
  const shown = sourceExcerpt(source, range.startColumn, endColumn);
  const caret = ' '.repeat(shown.caretStart) + '^'.repeat(shown.caretWidth);
  return [
    `${paint('dim', `${gutter} |`)} ${shown.text}`,
    `${paint('dim', `${' '.repeat(5)} |`)} ${paint(problem.severity, caret)}`,
  ];
}
