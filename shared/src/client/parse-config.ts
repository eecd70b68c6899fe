import {
  UnusableResponse,
  payloadOf,
  readNumber,
  readSeconds,
  readString,
  readStringList,
  requireString,
  type JsonObject,
} from './read-fields.ts';

/** Root configuration as read back. The secret key is never returned by any engine. */
export interface EngineRootConfig {
  readonly accessKey: string;
  readonly region: string;
  readonly iamEndpoint: string;
  readonly stsEndpoint: string;
  readonly stsRegion: string;
  readonly stsFallbackEndpoints: readonly string[];
  readonly stsFallbackRegions: readonly string[];
  /** -1 means the provider SDK's own default. */
  readonly maxRetries: number;
  readonly usernameTemplate: string;
  readonly roleArn: string;
  readonly identityTokenAudience: string;
  /** Seconds; absent when the engine does not return it. */
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

/** Reads `GET /config/root`; unset strings read as `''`, unset lists as `[]`. */
export function parseRootConfig(body: unknown): EngineRootConfig {
  const data = payloadOf(body);
  const identityTokenTtl = readSeconds(data, 'identity_token_ttl');
  return {
    accessKey: readString(data, 'access_key') ?? '',
    region: readString(data, 'region') ?? '',
    iamEndpoint: readString(data, 'iam_endpoint') ?? '',
    stsEndpoint: readString(data, 'sts_endpoint') ?? '',
    stsRegion: readString(data, 'sts_region') ?? '',
    stsFallbackEndpoints: readStringList(data, 'sts_fallback_endpoints'),
    stsFallbackRegions: readStringList(data, 'sts_fallback_regions'),
    maxRetries: readNumber(data, 'max_retries') ?? -1,
    usernameTemplate: readString(data, 'username_template') ?? '',
    roleArn: readString(data, 'role_arn') ?? '',
    identityTokenAudience: readString(data, 'identity_token_audience') ?? '',
    ...(identityTokenTtl === undefined ? {} : { identityTokenTtl }),
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
