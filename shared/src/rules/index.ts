// Public surface of the rules area: validation and normalisation of every resource of seed 1.
export { validateRole } from './validate-role.ts';
export { validateStaticRole } from './validate-static-role.ts';
export { validateRootConfig } from './validate-root-config.ts';
export { validateLeaseConfig } from './validate-lease-config.ts';
export { validateCredentialRequest } from './validate-credential-request.ts';
export { validateManifest } from './validate-manifest.ts';
export { validateJwtRole } from './validate-jwt-role.ts';
export { MAX_BOUND_CIDRS } from './jwt-role-rules.ts';
export { ruleFor, ruleTable } from './rule-table.ts';
export type { Rule } from './rule.ts';
export { fieldInfo, fieldsFor } from './field-info.ts';
export type { FieldInfo, FieldKind } from './field-info.ts';
export { didYouMean } from './did-you-mean.ts';
export { IAM_PATH_RULE, IAM_USER_NAME_RULE, iamConstraintFaults } from './iam-names.ts';
export type { IamStringRule } from './iam-names.ts';
export { CREDENTIAL_TYPES } from './types.ts';
export { isSecret, isUnset, ROLE_WIRE, ROOT_CONFIG_WIRE, STATIC_ROLE_WIRE, wireBody, wireRead } from './wire-table.ts';
export type { WireKind, WireRow, WireValues } from './wire-table.ts';
export type {
  CredentialType,
  LeaseConfig,
  ManifestDefinition,
  RoleDefinition,
  RoleFieldValues,
  RootConfig,
  StaticRoleDefinition,
  StaticRoleFieldValues,
} from './types.ts';
