import { loadHclParser } from '@keyfob/shared/hcl';
import {
  applyFiles,
  describeApplyOutcome,
  PLAN_SYMBOL,
  planLine,
  stepLine,
  type Plan,
  type PlanStep,
} from '@keyfob/shared/apply';
import { summarizeAccess } from '../access-summary.ts';
import { annotateProblems, countText, problemsTable, type FileProblem } from '../annotate.ts';
import { readWorkflows } from '../read-workflows.ts';
import { readRoleFiles } from '../role-files.ts';
import { StepFailure, type EngineStep } from '../step.ts';
import { table } from '../summary.ts';

/**
 * `apply`: makes the engine's roles and static roles (and ACL policies and JWT roles) match the files. The files are linted
 * first (nothing is applied while any has an error); the plan is shown in the log, the job summary and
 * the `plan` output; `dry-run` stops there; `prune` also deletes what no file declares. The job
 * summary ends with who can get what on the engine (JWT roles, their logins and what they reach).
 */
export async function runApply(step: EngineStep): Promise<void> {
  const { config, runner, client, engine } = step;
  await loadHclParser(); // policies and Terraform are HCL
  const files = await readRoleFiles(config.files, config.workspace);
  let fileProblems: FileProblem[] = [];
  let notes: FileProblem[] = [];
  const result = await applyFiles(
    client,
    files,
    {
      mount: engine.mount,
      workflows: await readWorkflows(config.workspace),
      prune: config.prune,
      dryRun: config.dryRun,
    },
    {
      linted: (collected) => {
        fileProblems = annotateProblems(runner, collected.files);
      },
      planned: (plan) => {
        notes = annotateProblems(runner, [{ file: '', problems: plan.problems }]);
        showPlan(step, plan);
        runner.setOutput(
          'plan',
          JSON.stringify(plan.steps.map(({ op, kind, name, fields }) => ({ op, kind, name, fields }))),
        );
        runner.setOutput('changed', String(plan.changed));
        runner.setOutput('problems', JSON.stringify([...fileProblems, ...notes]));
      },
      applied: ({ step: s, warnings }) =>
        runner.info(
          `  ${s.op} ${s.kind} ${s.name}: done${warnings.length > 0 ? ` (engine warnings: ${warnings.join('; ')})` : ''}`,
        ),
    },
  );
  if (result.status === 'invalid') {
    runner.setOutput('problems', JSON.stringify(fileProblems));
    throw new StepFailure(
      `Role files have errors (${countText(fileProblems)}); nothing was applied. See the annotations.`,
    );
  }
  if (result.status === 'unread') throw result.error;
  const plan = result.plan;
  if (result.status === 'planned') {
    runner.info(config.dryRun ? 'dry-run: the engine was not changed.' : 'The engine already matches the role files.');
    await summarize(step, plan, [...fileProblems, ...notes], config.dryRun ? 'planned (dry run)' : 'unchanged');
    await summarizeAccess(step, config.dryRun ? 'now (before the plan)' : 'on the engine');
    return;
  }
  const outcome = result.outcome;
  if (outcome.failed !== undefined) {
    // Exactly what the engine now holds, in the same words as `keyfob apply`.
    for (const line of describeApplyOutcome(outcome)) runner.info(line);
    runner.error(
      `Apply stopped after ${outcome.applied.length} of ${outcome.applied.length + 1 + outcome.notAttempted.length} changes; not applied: ${[
        outcome.failed,
        ...outcome.notAttempted,
      ]
        .map(stepLine)
        .join(', ')}.`,
    );
    throw result.error;
  }
  await summarize(step, plan, [...fileProblems, ...notes], 'applied');
  await summarizeAccess(step, 'after this apply');
}

function showPlan(step: EngineStep, plan: Plan): void {
  const { runner } = step;
  runner.startGroup(`Plan for mount ${step.engine.mount}: ${describeCounts(plan)}`);
  for (const s of plan.steps) runner.info(planLine(s));
  runner.endGroup();
}

function describeCounts(plan: Plan): string {
  const count = (op: PlanStep['op']) => plan.steps.filter((s) => s.op === op).length;
  return (['create', 'update', 'replace', 'delete', 'unchanged'] as const)
    .map((op) => `${count(op)} to ${op === 'unchanged' ? 'leave' : op}`)
    .join(', ');
}

async function summarize(
  step: EngineStep,
  plan: Plan,
  problems: readonly FileProblem[],
  outcome: string,
): Promise<void> {
  if (!step.config.summary) return;
  const rows = plan.steps.map((s) => [
    `${PLAN_SYMBOL[s.op]} ${s.op}`,
    s.kind,
    s.name,
    s.fields.join(', ') || '—',
    s.source ? s.source.file : '—',
  ]);
  const notes = problems.length > 0 ? `\n\n${problemsTable(problems)}` : '';
  await step.runner.appendSummary(
    `### keyfob: apply ${outcome}\n\n${describeCounts(plan)}.\n\n${table(['Change', 'Kind', 'Name', 'Fields', 'File'], rows)}${notes}\n\n`,
  );
}
