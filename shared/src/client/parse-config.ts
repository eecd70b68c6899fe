import { ROOT_CONFIG_WIRE, fieldInfo, type RootConfig } from '../rules/index.ts';
import { UnusableResponse, payloadOf, readSeconds, requireString, type JsonObject } from './read-fields.ts';
import { readWireValues } from './read-wire.ts';

/**
 * Root configuration as read back: the fields of its wire table (`ROOT_CONFIG_WIRE`) but the secret
 * key, which no engine returns. `identityTokenTtl` (seconds) is absent when the engine does not return it.
 */
export interface EngineRootConfig extends Omit<RootConfig, 'secretKey' | 'identityTokenTtl'> {
  readonly identityTokenTtl?: number;
  readonly raw: JsonObject;
}

/** Lease configuration: the durations as the engine prints them and in seconds. */
export interface EngineLeaseConfig {
  /** Go duration form, e.g. `30m0s`. */
  readonly lease: string;
  readonly leaseMax: string;
  readonly leaseSeconds: number;
  readonly leaseMaxSeconds: number;
}

/** Result of a root rotation. */
export interface RotateRootResult {
  /** The new access key id (not secret; only the engine knows its secret). */
  readonly accessKey: string;
}

/** Reads `GET /config/root`; unset strings read as `''`, unset lists as `[]`, `max_retries` as its default (-1). */
export function parseRootConfig(body: unknown): EngineRootConfig {
  const data = payloadOf(body);
  const values = readWireValues(ROOT_CONFIG_WIRE, data);
  return {
    ...values,
    maxRetries: values.maxRetries ?? Number(fieldInfo('root-config', 'max_retries')?.default),
    raw: data,
  };
}

/** Reads `GET /config/lease` (`30m0s` forms, or integer seconds from other engines). */
export function parseLeaseConfig(body: unknown): EngineLeaseConfig {
  const data = payloadOf(body);
  const leaseSeconds = readSeconds(data, 'lease');
  const leaseMaxSeconds = readSeconds(data, 'lease_max');
  if (leaseSeconds === undefined || leaseMaxSeconds === undefined) {
    throw new UnusableResponse('missing or unreadable "lease" or "lease_max"');
  }
  return {
    lease: String(data.lease),
    leaseMax: String(data.lease_max),
    leaseSeconds,
    leaseMaxSeconds,
  };
}

/** Reads `POST /config/rotate-root`: the new key id in `data.access_key`. */
export function parseRotateRoot(body: unknown): RotateRootResult {
  return { accessKey: requireString(payloadOf(body), 'access_key') };
}
