import { loadHclParser } from '@keyfob/shared/hcl';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { lintText, TerraformTree, trustContextOf, type TerraformContext } from '@keyfob/shared/lint';
import { nodeTerraformFs } from '@keyfob/shared/node';
import { isTerraformFileName } from '@keyfob/shared/terraform';
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
  const modules = terraformModules(files, config.workspace);
  const results = files.map(({ file, text }) => {
    const terraform = modules.get(dirname(file));
    const result = lintText(text, { fileName: file, trust, ...(terraform ? { terraform } : {}) });
    return { file, problems: result.problems, recognised: result.documents.some((d) => d.kind !== undefined) };
  });
  // A Terraform file without a Vault-provider resource is not one of ours.
  const linted = results.filter((r) => r.recognised || !isTerraformFileName(r.file));
  const problems = annotateProblems(runner, linted);
  runner.setOutput('problems', JSON.stringify(problems));
  if (config.sarifFile !== undefined) await writeSarif(step, config.sarifFile, linted);
  const verdict = `${linted.length} role file${linted.length === 1 ? '' : 's'} checked: ${countText(problems)}.`;
  runner.info(verdict);
  if (config.summary) {
    await runner.appendSummary(
      `### keyfob: role files\n\n${verdict}\n\n${problems.length > 0 ? `${problemsTable(problems)}\n\n` : ''}`,
    );
  }
  if (linted.length === 0) {
    const message = `No role files found in ${config.files.join(', ')}: nothing was checked. Hint: name them *.role.yaml, *.static-role.yaml, *.manifest.yaml, *.jwt-role.yaml or *.policy.hcl, keep Vault-provider resources in *.tf files, or list them in \`files\`; set allow-empty: true if that is expected.`;
    if (!config.allowEmpty) throw new StepFailure(message);
    runner.warning(message);
  }
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

/**
 * Each folder's Terraform module through the one reader (TerraformTree, as `keyfob lint` reads it):
 * rooted at the workspace, `file()` reads above the module and from the root modules that call it,
 * never outside the workspace (a link whose target is outside it is not followed), within
 * WORKSPACE_LIMITS; the files read are read first.
 */
function terraformModules(
  files: readonly { file: string; text: string }[],
  workspace: string,
): Map<string, TerraformContext> {
  const terraform = files.filter((x) => isTerraformFileName(x.file));
  const tree = new TerraformTree(nodeTerraformFs(workspace), new Map(terraform.map((f) => [f.file, f.text])));
  return new Map(terraform.map((f) => [dirname(f.file), tree.contextOf(dirname(f.file))]));
}
