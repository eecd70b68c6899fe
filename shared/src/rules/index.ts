// Public surface of the rules area: validation and normalisation of every resource of seed 1.
export { validateRole } from './validate-role.ts';
export type { RoleValidation, ValidateRoleOptions } from './validate-role.ts';
export { validateStaticRole } from './validate-static-role.ts';
export type { StaticRoleValidation } from './validate-static-role.ts';
export { validateRootConfig } from './validate-root-config.ts';
export type { RootConfigValidation, ValidateRootConfigOptions } from './validate-root-config.ts';
export { validateLeaseConfig } from './validate-lease-config.ts';
export type { LeaseConfigValidation } from './validate-lease-config.ts';
export { validateCredentialRequest } from './validate-credential-request.ts';
export type { CredentialRequestValidation, ValidateCredentialRequestOptions } from './validate-credential-request.ts';
export { validateManifest } from './validate-manifest.ts';
export type { ManifestValidation, ValidateManifestOptions } from './validate-manifest.ts';
export { validateJwtRole } from './validate-jwt-role.ts';
export { MAX_BOUND_CIDRS } from './jwt-role-rules.ts';
export type { JwtRoleValidation } from './validate-jwt-role.ts';
export { ruleFor, ruleTable } from './rule-table.ts';
export type { Rule, RuleFinding, RuleKind } from './rule.ts';
export { fieldInfo, fieldsFor, isCredentialType } from './field-info.ts';
export type { FieldInfo, FieldKind, ValueKind } from './field-info.ts';
export { didYouMean } from './did-you-mean.ts';
export { checkIamArn } from './arn.ts';
export { IAM_PATH_RULE, IAM_USER_NAME_RULE, iamConstraintFaults } from './iam-names.ts';
export type { IamStringRule } from './iam-names.ts';
export { CREDENTIAL_TYPES } from './types.ts';
export type {
  CredentialRequest,
  CredentialType,
  LeaseConfig,
  ManifestDefinition,
  ResourceKind,
  RoleDefinition,
  RoleFieldValues,
  RootConfig,
  StaticRoleDefinition,
} from './types.ts';
