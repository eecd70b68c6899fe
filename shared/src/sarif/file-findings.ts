import type { Problem } from '../problem.ts';
import type { SarifFinding } from './to-sarif.ts';

/** The problems of checked files as SARIF findings, in file order (the CLI's lint and the action's lint mode). */
export function fileFindings(
  files: readonly { readonly file: string; readonly problems: readonly Problem[] }[],
): SarifFinding[] {
  return files.flatMap(({ file, problems }) =>
    problems.map((p) => ({ file, code: p.code, severity: p.severity, message: p.message, range: p.range })),
  );
}
