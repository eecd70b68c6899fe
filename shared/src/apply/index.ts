// Public surface of the apply area: planning role files against the engine's state, and carrying
// the plan out through an injected client.
export { planApply } from './plan-apply.ts';
export type { CurrentState, DesiredState, Plan, PlanStep } from './plan-types.ts';
export { readCurrentState } from './read-current-state.ts';
export type { ApplyClient } from './read-current-state.ts';
export { executePlan } from './execute-plan.ts';
export { applyOutcome, describeApplyOutcome, PLAN_SYMBOL, planLine, stepLine } from './apply-outcome.ts';
export type { ApplyOutcome } from './apply-outcome.ts';
export { collectDesiredState } from './desired-state.ts';
export type { FileProblems, RoleFileText } from './desired-state.ts';
