// Public surface of the rules area: validation and normalisation of every resource of seed 1.
export { validateRole } from './validate-role.ts';
export type { RoleValidation, ValidateRoleOptions } from './validate-role.ts';
export { fieldInfo, fieldsFor, isCredentialType } from './field-info.ts';
export type { FieldInfo, FieldKind, ValueKind } from './field-info.ts';
export { didYouMean } from './did-you-mean.ts';
export { CREDENTIAL_TYPES } from './types.ts';
export type {
  CredentialRequest,
  CredentialType,
  LeaseConfig,
  ManifestDefinition,
  ResourceKind,
  RoleDefinition,
  RootConfig,
  StaticRoleDefinition,
} from './types.ts';
