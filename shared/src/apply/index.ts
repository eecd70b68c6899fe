// Public surface of the apply area: the one apply sequence (applyFiles: lint, read, plan, write and
// read back, outcome) the CLI and the action render, and what they render it with. Its parts (planApply,
// executePlan, readCurrentState) are for shared's own tests, which import them from their files.
export type { Plan, PlanStep } from './plan-types.ts';
export { runLimited } from './read-current-state.ts';
export { describeApplyOutcome, PLAN_SYMBOL, planLine, stepLine } from './apply-outcome.ts';
export type { ApplyOutcome } from './apply-outcome.ts';
export { collectDesiredState } from './desired-state.ts';
export type { FileProblems, RoleFileText } from './desired-state.ts';
export { applyFiles } from './apply-files.ts';
