import type { ClientCore } from './client-core.ts';
import type { CallOptions } from './engine-client-options.ts';
import { readOptional } from './optional-read.ts';
import {
  parseLeaseConfig,
  parseRootConfig,
  parseRotateRoot,
  type EngineLeaseConfig,
  type EngineRootConfig,
  type RotateRootResult,
} from './parse-config.ts';

/** Warnings the engine attached to a write (unknown parameters, legacy fields, capped TTLs). */
export interface WriteResult {
  readonly warnings: readonly string[];
}

/** A request body: the resource's fields in the engine's snake_case. */
export type EngineBody = Readonly<Record<string, unknown>>;

/** Lease configuration as sent: durations with a unit (`30m`, `12h`). */
interface LeaseConfigBody {
  readonly lease: string | number;
  readonly lease_max: string | number;
}

/** Calls under `/config`. */
export interface ConfigCalls {
  /** `POST /config/root`. The body's `secret_key` is treated as a secret in errors. */
  writeRootConfig(body: EngineBody, options?: CallOptions): Promise<WriteResult>;
  /** `GET /config/root`; `undefined` when never written. */
  readRootConfig(options?: CallOptions): Promise<EngineRootConfig | undefined>;
  /**
   * `POST /config/rotate-root`. For a few seconds afterwards the cloud may reject the new key; pass
   * `retryOn` on the calls that follow to ride that out.
   */
  rotateRoot(options?: CallOptions): Promise<RotateRootResult>;
  /** `POST /config/lease`. */
  writeLeaseConfig(body: LeaseConfigBody, options?: CallOptions): Promise<WriteResult>;
  /** `GET /config/lease`; `undefined` when never set. */
  readLeaseConfig(options?: CallOptions): Promise<EngineLeaseConfig | undefined>;
}

/** The `/config` calls of a client, built on its core. */
export function createConfigCalls(core: ClientCore): ConfigCalls {
  const write = (name: string, body: EngineBody, options?: CallOptions): Promise<WriteResult> =>
    core.call({ method: 'POST', path: core.mountPath('config', name), body, options }, (_body, warnings) => ({
      warnings,
    }));
  return {
    writeRootConfig: (body, options) => write('root', body, options),
    readRootConfig: (options) =>
      readOptional(core, { method: 'GET', path: core.mountPath('config', 'root'), options }, (body) =>
        parseRootConfig(body),
      ),
    rotateRoot: (options) =>
      core.call({ method: 'POST', path: core.mountPath('config', 'rotate-root'), options }, (body) =>
        parseRotateRoot(body),
      ),
    writeLeaseConfig: (body, options) => write('lease', { lease: body.lease, lease_max: body.lease_max }, options),
    readLeaseConfig: (options) =>
      readOptional(core, { method: 'GET', path: core.mountPath('config', 'lease'), options }, (body) =>
        parseLeaseConfig(body),
      ),
  };
}
