import type { Plan, PlanOp, PlanStep } from './plan-types.ts';

/** What a run of a plan did: the changes made, the one that failed, and those never tried. */
export interface ApplyOutcome {
  /** Changing steps the engine accepted, in order. */
  readonly applied: readonly PlanStep[];
  /** The step the engine refused (or that could not reach it); `undefined` when every step was made. */
  readonly failed: PlanStep | undefined;
  /** Changing steps after the failed one: not tried, so not made. */
  readonly notAttempted: readonly PlanStep[];
}

/** The sign of each plan operation in plans and outcomes (`+` create, `-/+` replace, ...). */
export const PLAN_SYMBOL: Readonly<Record<PlanOp, string>> = {
  create: '+',
  update: '~',
  replace: '-/+',
  delete: '-',
  unchanged: '=',
};

/**
 * Splits a plan's changing steps (`unchanged` ones are left out) after `doneCount` of them succeeded:
 * the next one is the one that failed, when the run stopped early.
 */
export function applyOutcome(plan: Plan, doneCount: number): ApplyOutcome {
  const changing = plan.steps.filter((s) => s.op !== 'unchanged');
  const applied = changing.slice(0, doneCount);
  const failed = changing[doneCount];
  return { applied, failed, notAttempted: failed === undefined ? [] : changing.slice(doneCount + 1) };
}

/** One plan step as a line: `+ role deploy`. */
export function stepLine(step: PlanStep): string {
  return `${PLAN_SYMBOL[step.op]} ${step.kind} ${step.name}`;
}

/** One plan step as a plan listing shows it, the same in the CLI and the action: `~   role deploy (ttl)`. */
export function planLine(step: PlanStep): string {
  const fields = step.fields.length > 0 ? ` (${step.fields.join(', ')})` : '';
  return `${PLAN_SYMBOL[step.op].padEnd(3)} ${step.kind} ${step.name}${fields}`;
}

/**
 * The outcome as lines for a log or a terminal, the same in the CLI and the action: how many changes
 * were made, each made change, the failed one (with what a half-done replace leaves), and each change
 * not attempted, so a reader knows exactly what the engine now holds.
 */
export function describeApplyOutcome(outcome: ApplyOutcome): string[] {
  const total = outcome.applied.length + (outcome.failed ? 1 : 0) + outcome.notAttempted.length;
  const lines = [
    `applied ${outcome.applied.length} of ${total} change${total === 1 ? '' : 's'}${outcome.failed ? '; the engine now holds only these' : ''}:`,
  ];
  for (const step of outcome.applied) lines.push(`  ${stepLine(step)}`);
  if (outcome.applied.length === 0) lines.push('  (none)');
  if (outcome.failed) {
    const half = outcome.failed.op === 'replace' ? ' (its old version may already be deleted)' : '';
    lines.push(`not applied: ${1 + outcome.notAttempted.length}`, `  ${stepLine(outcome.failed)}: failed${half}`);
    for (const step of outcome.notAttempted) lines.push(`  ${stepLine(step)}: not attempted`);
  }
  return lines;
}
