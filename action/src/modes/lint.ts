import { lintText } from '@keyfob/shared/lint';
import { annotateProblems, countText, problemsTable } from '../annotate.ts';
import { readRoleFiles } from '../role-files.ts';
import { StepFailure, type Step } from '../step.ts';

/**
 * `lint`: checks role files with the same rules as the engine, the CLI and the editor. One annotation
 * per problem (file, line, column), a summary table, and the `problems` output; the step fails when
 * any problem is an error. Needs no engine.
 */
export async function runLint(step: Step): Promise<void> {
  const { config, runner } = step;
  const files = await readRoleFiles(config.files, config.workspace);
  const linted = files.map(({ file, text }) => ({ file, problems: lintText(text, { fileName: file }).problems }));
  const problems = annotateProblems(runner, linted);
  runner.setOutput('problems', JSON.stringify(problems));
  const verdict = `${files.length} role file${files.length === 1 ? '' : 's'} checked: ${countText(problems)}.`;
  runner.info(verdict);
  if (config.summary) {
    await runner.appendSummary(`### keyfob: role files\n\n${verdict}\n\n${problems.length > 0 ? `${problemsTable(problems)}\n\n` : ''}`);
  }
  if (files.length === 0) runner.warning(`No role files found in ${config.files.join(', ')}. Hint: name them *.role.yaml, *.static-role.yaml or *.manifest.yaml, or list them in \`files\`.`);
  if (problems.some((p) => p.severity === 'error')) throw new StepFailure(`Role files have errors: ${verdict} See the annotations.`);
}
