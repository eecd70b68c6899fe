import { createAccessCalls, type AccessCalls } from './access-calls.ts';
import { createClientCore } from './client-core.ts';
import { createConfigCalls, type ConfigCalls } from './config-calls.ts';
import { createCredentialCalls, type CredentialCalls } from './credential-calls.ts';
import { createDevCalls, type DevCalls } from './dev-calls.ts';
import type { EngineClientOptions, EngineFlavor } from './engine-client-options.ts';
import { createSysCalls, type SysCalls } from './health.ts';
import { createLeaseCalls, type LeaseCalls } from './lease-calls.ts';
import { resolveSettings } from './resolve-settings.ts';
import { createRoleCalls, type RoleCalls } from './role-calls.ts';
import { createStaticRoleCalls, type StaticRoleCalls } from './static-role-calls.ts';
import { createTokenCalls, type TokenCalls } from './token-calls.ts';
import { createWrappingCalls, type WrappingCalls } from './wrapping-calls.ts';

/** A typed client for the engine's HTTP API (seed 1 plus leases, tokens, logins and the dev API). */
export interface EngineClient
  extends
    ConfigCalls,
    RoleCalls,
    AccessCalls,
    CredentialCalls,
    StaticRoleCalls,
    LeaseCalls,
    TokenCalls,
    SysCalls,
    WrappingCalls {
  /** Base URL in use (without `/v1`). */
  readonly url: string;
  readonly mount: string;
  readonly flavor: EngineFlavor;
  /** The development control API of `keyfob serve --dev`. */
  readonly dev: DevCalls;
  /** A copy of this client that sends `token` instead (e.g. after a login). */
  withToken(token: string): EngineClient;
}

/**
 * Creates an engine client. Every call retries what may pass on another attempt (network errors,
 * timeouts, 412, 429, 5xx) with jittered backoff, within `requestTimeoutMs` per request and
 * `totalTimeoutMs` per call, and rejects with an `EngineError` that never holds a secret.
 * Throws `TypeError`/`RangeError` for an unusable URL or limit.
 *
 * @example
 * const client = createEngineClient({ url: 'http://127.0.0.1:8200', token, fetch });
 * const creds = await client.sts('deploy', { ttl: '15m' });
 */
export function createEngineClient(options: EngineClientOptions): EngineClient {
  const settings = resolveSettings(options);
  const core = createClientCore(settings);
  return Object.freeze({
    url: settings.baseUrl,
    mount: settings.mount,
    flavor: options.flavor ?? 'keyfob',
    ...createConfigCalls(core),
    ...createRoleCalls(core),
    ...createAccessCalls(core),
    ...createCredentialCalls(core),
    ...createStaticRoleCalls(core),
    ...createLeaseCalls(core),
    ...createTokenCalls(core),
    ...createSysCalls(core),
    ...createWrappingCalls(core),
    dev: Object.freeze(createDevCalls(core)),
    // The copy shares the read-after-write state: it sends the index of this client's login and writes.
    withToken: (token: string) => createEngineClient({ ...options, token, consistency: settings.consistency }),
  });
}
