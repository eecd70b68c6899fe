// Public surface of the credentials area: pure pieces shared by the action and `keyfob creds`.
export { inputProblem } from './input-problem.ts';
export { defaultRoleSessionName, sanitizeRoleSessionName } from './role-session-name.ts';
export type { RunContext } from './role-session-name.ts';
export { computeExpiration } from './expiration.ts';
export { secretParts } from './secret-parts.ts';
export { DEFAULT_ENV_NAMES, envNameList, resolveEnvNames } from './env-names.ts';
export { ROLE_NAME, parseRolesInput } from './roles-input.ts';
export type { CredentialMethod } from './roles-input.ts';
export { buildCredentialFetches } from './credential-fetches.ts';
export type { CredentialFetch, RequestDefaults } from './credential-fetches.ts';
export { describeEngineFailure } from './describe-failure.ts';
export type { EngineFailure, SettingNames } from './describe-failure.ts';
export { isConsistencyError } from './consistency.ts';
export { issueCredentials } from './issue-credentials.ts';
export type { CredentialClient, IssuedCredentials } from './issue-credentials.ts';
export { credentialCache, credentialProcessOutput } from './credential-process.ts';
export type { CacheFiles, CredentialCache, CredentialProcessOutput } from './credential-process.ts';
