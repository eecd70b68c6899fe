import { loadHclParser } from '@keyfob/shared/hcl';
import {
  applyOutcome,
  collectDesiredState,
  describeApplyOutcome,
  executePlan,
  PLAN_SYMBOL,
  planApply,
  planLine,
  readCurrentState,
  stepLine,
  type Plan,
  type PlanStep,
} from '@keyfob/shared/apply';
import { summarizeAccess } from '../access-summary.ts';
import { annotateProblems, countText, problemsTable, type FileProblem } from '../annotate.ts';
import { trustContextOf } from '@keyfob/shared/lint';
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
  const collected = collectDesiredState(files, {
    mount: engine.mount,
    trust: trustContextOf(files, await readWorkflows(config.workspace)),
  });
  const fileProblems = annotateProblems(runner, collected.files);
  if (!collected.ok) {
    runner.setOutput('problems', JSON.stringify(fileProblems));
    throw new StepFailure(
      `Role files have errors (${countText(fileProblems)}); nothing was applied. See the annotations.`,
    );
  }
  const current = await readCurrentState(client, collected.desired, { prune: config.prune });
  const plan = planApply(collected.desired, current, { prune: config.prune });
  const notes = annotateProblems(runner, [{ file: '', problems: plan.problems }]);
  showPlan(step, plan);
  runner.setOutput(
    'plan',
    JSON.stringify(plan.steps.map(({ op, kind, name, fields }) => ({ op, kind, name, fields }))),
  );
  runner.setOutput('changed', String(plan.changed));
  runner.setOutput('problems', JSON.stringify([...fileProblems, ...notes]));
  if (config.dryRun || !plan.changed) {
    runner.info(config.dryRun ? 'dry-run: the engine was not changed.' : 'The engine already matches the role files.');
    await summarize(step, plan, [...fileProblems, ...notes], config.dryRun ? 'planned (dry run)' : 'unchanged');
    await summarizeAccess(step, config.dryRun ? 'now (before the plan)' : 'on the engine');
    return;
  }
  const done: PlanStep[] = [];
  try {
    await executePlan(client, plan, ({ step: s, warnings }) => {
      done.push(s);
      runner.info(
        `  ${s.op} ${s.kind} ${s.name}: done${warnings.length > 0 ? ` (engine warnings: ${warnings.join('; ')})` : ''}`,
      );
    });
  } catch (error) {
    // Exactly what the engine now holds, in the same words as `keyfob apply`.
    const outcome = applyOutcome(plan, done.length);
    for (const line of describeApplyOutcome(outcome)) runner.info(line);
    runner.error(
      `Apply stopped after ${outcome.applied.length} of ${outcome.applied.length + 1 + outcome.notAttempted.length} changes; not applied: ${[
        outcome.failed,
        ...outcome.notAttempted,
      ]
        .filter((s) => s !== undefined)
        .map(stepLine)
        .join(', ')}.`,
    );
    throw error;
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
