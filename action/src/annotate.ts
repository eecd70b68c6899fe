import type { FileProblems } from '@keyfob/shared/apply';
import type { Problem } from '@keyfob/shared/problem';
import type { Annotation, Runner } from './runner.ts';
import { table } from './summary.ts';

/** One problem of one file, flattened for outputs and the summary. */
export interface FileProblem {
  readonly file: string;
  readonly line: number | undefined;
  readonly column: number | undefined;
  readonly severity: Problem['severity'];
  readonly code: string;
  readonly message: string;
}

/**
 * One annotation per problem, on its file, line and column (errors as errors, warnings as warnings,
 * info as notices), titled with the problem code so it can be looked up and suppressed.
 */
export function annotateProblems(runner: Runner, files: readonly FileProblems[]): FileProblem[] {
  const flat: FileProblem[] = [];
  for (const { file, problems } of files) {
    for (const problem of problems) {
      const range = problem.range;
      const where: Annotation = {
        title: problem.code,
        ...(file === '' ? {} : { file }),
        ...(range === undefined
          ? {}
          : {
              startLine: range.startLine,
              startColumn: range.startColumn,
              endLine: range.endLine,
              endColumn: range.endColumn,
            }),
      };
      annotateAs(runner, problem.severity, problem.message, where);
      flat.push({
        file,
        line: range?.startLine,
        column: range?.startColumn,
        severity: problem.severity,
        code: problem.code,
        message: problem.message,
      });
    }
  }
  return flat;
}

/** Most rows a summary table shows; the rest are counted, and all of them are in the output. */
const MAX_ROWS = 50;

/** A Markdown table of problems for the job summary. */
export function problemsTable(problems: readonly FileProblem[]): string {
  const rows = problems
    .slice(0, MAX_ROWS)
    .map((p) => [
      p.file === '' ? '—' : `${p.file}${p.line === undefined ? '' : `:${p.line}:${p.column ?? 1}`}`,
      p.severity,
      `\`${p.code}\``,
      p.message,
    ]);
  const more =
    problems.length > MAX_ROWS ? `\n\n…and ${problems.length - MAX_ROWS} more (see the \`problems\` output).` : '';
  return `${table(['Where', 'Severity', 'Code', 'Message'], rows)}${more}`;
}

/** `N errors, M warnings` for messages. */
export function countText(problems: readonly FileProblem[]): string {
  const count = (severity: Problem['severity']) => problems.filter((p) => p.severity === severity).length;
  const part = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  return `${part(count('error'), 'error')}, ${part(count('warning'), 'warning')}`;
}

/** One annotation at the severity's level: errors as errors, warnings as warnings, anything else (info, notice) as a notice. */
export function annotateAs(runner: Runner, severity: string, message: string, where: Annotation): void {
  if (severity === 'error') runner.error(message, where);
  else if (severity === 'warning') runner.warning(message, where);
  else runner.notice(message, where);
}
