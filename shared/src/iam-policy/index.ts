/**
 * IAM policy documents: the provider's evaluation logic (identity policies, permissions
 * boundaries, session policies, conditions) and the managed policies the emulated cloud knows.
 */
export { wildcardMatch } from './wildcard.ts';
export { type RequestContext } from './context.ts';
export {
  evaluate,
  accessDeniedMessage,
  type PolicySource,
  type EvaluationInput,
  type Evaluation,
  type DecidingStatement,
} from './evaluate.ts';
export { managedPolicyDocument } from './managed-policies.ts';
export { installIamCatalogue, iamCatalogue, type IamCatalogue, type CatalogueAction } from './catalogue.ts';
export { temporaryCredentialLimit } from './temporary-limits.ts';
export { canI, describeStatement, type RolePolicies, type CanIAnswer } from './can-i.ts';
export { lintPolicy, policyBreadthLint, type PolicyLint, type PolicyLintCode } from './lint-policy.ts';
export { statementPositions } from './statement-positions.ts';
export {
  simulatePolicies,
  documentText,
  type SimulatedPolicy,
  type SimulatedPolicyType,
  type SimulationResult,
} from './simulate.ts';
