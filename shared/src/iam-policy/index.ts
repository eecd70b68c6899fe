/**
 * IAM policy documents: the provider's evaluation logic (identity policies, permissions
 * boundaries, session policies, conditions) and the managed policies the emulated cloud knows.
 */
export { wildcardMatch } from './wildcard.ts';
export { type RequestContext } from './context.ts';
export { CONDITION_OPERATORS, parseOperator, type OperatorName } from './conditions.ts';
export {
  evaluate,
  accessDeniedMessage,
  type PolicySource,
  type PolicyType,
  type EvaluationInput,
  type Evaluation,
  type DecidingStatement,
} from './evaluate.ts';
export { managedPolicyDocument } from './managed-policies.ts';
export {
  createIamCatalogue,
  installIamCatalogue,
  iamCatalogue,
  type IamCatalogue,
  type CatalogueFileReader,
  type CatalogueAction,
  type CatalogueResourceType,
} from './catalogue.ts';
export { temporaryCredentialLimit, type CredentialKind } from './temporary-limits.ts';
export { canI, describeStatement, type RolePolicies, type CanIQuestion, type CanIAnswer } from './can-i.ts';
export { lintPolicy, type PolicyLint, type PolicyLintCode, type Suggest } from './lint-policy.ts';
