// Public surface of the engine client: the only HTTP code in shared/.
export { createEngineClient } from './create-engine-client.ts';
export type { EngineClient } from './create-engine-client.ts';
export type {
  CallOptions,
  EngineClientOptions,
  EngineFlavor,
  RetryInfo,
  RetryOptions,
  RetryPredicate,
} from './engine-client-options.ts';
export { ENGINE_CLIENT_DEFAULTS } from './resolve-settings.ts';
export { clientOptionsOf, CONNECTION_BOUNDS, CONNECTION_DEFAULTS, PROXY_VARIABLES } from './connection-settings.ts';
export type { ConnectionField, ConnectionInput, ConnectionNames, ConnectionSettings } from './connection-settings.ts';
export { readConnectionSettings } from './read-connection-settings.ts';
export type { ConnectionContext, ConnectionResult } from './read-connection-settings.ts';
export { EngineError, EngineUnsupportedError, isEngineError } from './engine-error.ts';
export type { EngineErrorCode, EngineErrorInit } from './engine-error.ts';
export { REDACTED, redactSecrets } from './redact-secrets.ts';
export { MAX_LOG_LINE, printableCharacters, sanitizeLine } from './sanitize-line.ts';
export { shouldRetry, isRetryableStatus } from './should-retry.ts';
export { createConsistencyState, INDEX_HEADER, INCONSISTENT_HEADER, waitKind } from './read-your-writes.ts';
export type { ConsistencyState, WaitKind } from './read-your-writes.ts';
export { retryDelay } from './retry-delay.ts';
export type { RetryDelayInput } from './retry-delay.ts';
export { parseRetryAfter } from './parse-retry-after.ts';
export { ENGINE_NAME_PATTERN, isValidEngineName } from './engine-name.ts';
export type { EngineBody, LeaseConfigBody, WriteResult } from './config-calls.ts';
export type { GenerateCredentialParams, GenerateOptions } from './credential-calls.ts';
export type { StaticRoleBody } from './static-role-calls.ts';
export type { CreateTokenBody, JwtLogin } from './token-calls.ts';
export type {
  DevAccessKeyFixture,
  DevCloudFixtures,
  DevCredentials,
  DevUserFixture,
  WhoAmIResult,
} from './dev-calls.ts';
export type { GeneratedCredentials } from './parse-credentials.ts';
export type { EngineRole } from './parse-role.ts';
export type { StaticCredentials, EngineStaticRole } from './parse-static-role.ts';
export type { EngineLeaseConfig, EngineRootConfig, RotateRootResult } from './parse-config.ts';
export type { LeaseInfo, RenewedLease } from './parse-lease.ts';
export type { AuthResult, TokenInfo } from './parse-auth.ts';
export { HEALTH_STATUS } from './health-status.ts';
export type { NodeHealth, ServerFlavor } from './health.ts';
export type { JsonObject } from './read-fields.ts';
