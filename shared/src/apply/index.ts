// Public surface of the apply area: planning role files against the engine's state, and carrying
// the plan out through an injected client.
export { planApply } from './plan-apply.ts';
export type { PlanOptions } from './plan-apply.ts';
export type {
  ApplyKind,
  CurrentState,
  Declared,
  DesiredState,
  Plan,
  PlanOp,
  PlanStep,
  SourceRef,
} from './plan-types.ts';
export { ROLE_FIELDS, changedFields, roleBody, roleFields } from './role-fields.ts';
export type { RoleField, RoleFields } from './role-fields.ts';
export { canonicalJson } from './canonical-json.ts';
export { readCurrentState } from './read-current-state.ts';
export type { ApplyClient } from './read-current-state.ts';
export { executePlan } from './execute-plan.ts';
export type { ExecutedStep } from './execute-plan.ts';
export { applyOutcome, describeApplyOutcome, PLAN_SYMBOL, planLine, stepLine } from './apply-outcome.ts';
export type { ApplyOutcome } from './apply-outcome.ts';
export { collectDesiredState } from './desired-state.ts';
export type { DesiredStateResult, FileProblems, RoleFileText } from './desired-state.ts';
