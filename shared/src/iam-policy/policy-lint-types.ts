/** Which checks of the policy-document linter a finding comes from (codes of the catalogue). */
export type PolicyLintCode =
  | 'IAM_POLICY_GRAMMAR'
  | 'IAM_POLICY_ACTION_FORMAT'
  | 'IAM_POLICY_UNKNOWN_ACTION'
  | 'IAM_POLICY_UNKNOWN_SERVICE'
  | 'IAM_POLICY_UNKNOWN_CONDITION_OPERATOR'
  | 'IAM_POLICY_UNKNOWN_CONDITION_KEY'
  | 'IAM_POLICY_INVALID_ARN'
  | 'IAM_POLICY_RESOURCE_MISMATCH'
  | 'IAM_POLICY_PLACEHOLDER'
  | 'IAM_POLICY_CHARACTERS'
  | 'IAM_POLICY_ESCALATION'
  | 'IAM_POLICY_FULL_ACCESS';

/** One finding inside a policy document: where (path segments inside the policy), what, and which part. */
export interface PolicyLint {
  readonly code: PolicyLintCode;
  readonly segments: readonly (string | number)[];
  readonly target: 'key' | 'value';
  readonly message: string;
  readonly suggestion?: string;
}
