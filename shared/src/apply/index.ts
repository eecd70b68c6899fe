// Public surface of the apply area: the one apply sequence (applyFiles: lint, read, plan, write and
// read back, outcome) the CLI and the action render, and its parts for tests and planning alone.
export { planApply } from './plan-apply.ts';
export type { CurrentState, DesiredState, Plan, PlanStep } from './plan-types.ts';
export { readCurrentState, runLimited } from './read-current-state.ts';
export type { ApplyClient } from './read-current-state.ts';
export { executePlan } from './execute-plan.ts';
export { applyOutcome, describeApplyOutcome, PLAN_SYMBOL, planLine, stepLine } from './apply-outcome.ts';
export type { ApplyOutcome } from './apply-outcome.ts';
export { collectDesiredState } from './desired-state.ts';
export type { FileProblems, RoleFileText } from './desired-state.ts';
export { applyFiles } from './apply-files.ts';
