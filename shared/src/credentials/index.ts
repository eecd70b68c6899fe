// Public surface of the credentials area: pure pieces shared by the action and `keyfob creds`.
export { inputProblem } from './input-problem.ts';
export { ROLE_SESSION_NAME_MAX, defaultRoleSessionName, sanitizeRoleSessionName } from './role-session-name.ts';
export type { RunContext, SanitizedSessionName } from './role-session-name.ts';
export { computeExpiration } from './expiration.ts';
export type { LifetimeFacts } from './expiration.ts';
export { secretParts } from './secret-parts.ts';
export { ENV_PRESETS, envNameList, resolveEnvNames } from './env-names.ts';
export type { EnvNameSet } from './env-names.ts';
export { ACTION_PARAM_NAMES, buildCredentialParams } from './credential-params.ts';
export type { BuiltParams, CredentialParamInputs, CredentialParams, ParamNames } from './credential-params.ts';
export { CREDENTIAL_METHODS, ROLE_NAME, parseRolesInput } from './roles-input.ts';
export type { CredentialMethod, RoleLine } from './roles-input.ts';
export { buildCredentialFetches } from './credential-fetches.ts';
export type { CredentialFetch, RequestDefaults } from './credential-fetches.ts';
export { ACTION_SETTING_NAMES, describeEngineFailure } from './describe-failure.ts';
export type { EngineFailure, FailureContext, SettingNames } from './describe-failure.ts';
export { isConsistencyError } from './consistency.ts';
export { issueCredentials } from './issue-credentials.ts';
export type { CredentialClient, IssueOptions, IssuedCredentials } from './issue-credentials.ts';
export {
  CREDENTIAL_CACHE_MARGIN_MS,
  credentialCache,
  credentialProcessOutput,
  freshCachedCredentials,
} from './credential-process.ts';
export type { CacheFiles, CredentialCache, CredentialProcessOutput } from './credential-process.ts';
