import { loadHclParser } from '@keyfob/shared/hcl';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { lintText, trustContextOf } from '@keyfob/shared/lint';
import type { Problem } from '@keyfob/shared/problem';
import { fileFindings, toSarif } from '@keyfob/shared/sarif';
import packageJson from '../../package.json' with { type: 'json' };
import { annotateProblems, countText, problemsTable } from '../annotate.ts';
import { readGithubIdsFile } from '../read-github-ids.ts';
import { readWorkflows } from '../read-workflows.ts';
import { readRoleFiles } from '../role-files.ts';
import { StepFailure, type Step } from '../step.ts';

/**
 * `lint`: checks role files (JWT roles and ACL policies too; JWT roles against the workspace's
 * policies and `.github/workflows`) with the same rules as the engine, the CLI and the editor. One annotation
 * per problem (file, line, column), a summary table, and the `problems` output; the step fails when
 * any problem is an error. Needs no engine.
 */
export async function runLint(step: Step): Promise<void> {
  const { config, runner } = step;
  await loadHclParser(); // policies and Terraform are HCL
  const files = await readRoleFiles(config.files, config.workspace);
  const ids = await readGithubIdsFile(config.workspace, config.repositoryIds);
  for (const problem of ids.problems) step.runner.warning(problem);
  const trust = trustContextOf(files, await readWorkflows(config.workspace), ids.ids);
  const linted = files.map(({ file, text }) => ({
    file,
    problems: lintText(text, { fileName: file, trust }).problems,
  }));
  const problems = annotateProblems(runner, linted);
  runner.setOutput('problems', JSON.stringify(problems));
  if (config.sarifFile !== undefined) await writeSarif(step, config.sarifFile, linted);
  const verdict = `${files.length} role file${files.length === 1 ? '' : 's'} checked: ${countText(problems)}.`;
  runner.info(verdict);
  if (config.summary) {
    await runner.appendSummary(
      `### keyfob: role files\n\n${verdict}\n\n${problems.length > 0 ? `${problemsTable(problems)}\n\n` : ''}`,
    );
  }
  if (files.length === 0)
    runner.warning(
      `No role files found in ${config.files.join(', ')}. Hint: name them *.role.yaml, *.static-role.yaml, *.manifest.yaml, *.jwt-role.yaml or *.policy.hcl, or list them in \`files\`.`,
    );
  if (problems.some((p) => p.severity === 'error'))
    throw new StepFailure(`Role files have errors: ${verdict} See the annotations.`);
}

/** Writes the SARIF log (every problem, warnings too) where `sarif-file` says, before any failure. */
async function writeSarif(
  step: Step,
  path: string,
  linted: readonly { file: string; problems: readonly Problem[] }[],
): Promise<void> {
  const absolute = resolve(step.config.workspace, path);
  const sarif = toSarif(fileFindings(linted), { version: packageJson.version, command: 'keyfob action lint' });
  try {
    await mkdir(dirname(absolute), { recursive: true });
    await writeFile(absolute, `${JSON.stringify(sarif, null, 2)}\n`);
  } catch (error) {
    throw new StepFailure(
      `Could not write the SARIF file "${path}": ${(error as NodeJS.ErrnoException).code ?? 'error'}. Hint: check the \`sarif-file\` input; it is relative to the workspace.`,
    );
  }
  step.runner.info(`SARIF written to ${path} (${linted.reduce((n, f) => n + f.problems.length, 0)} results).`);
}
