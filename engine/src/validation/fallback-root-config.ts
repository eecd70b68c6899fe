import type { Params } from '../http/parse-params.ts';
import { readList, readSeconds, readString, type Errors } from './field-parsers.ts';
import type { RootConfigRecord, Validated } from './validated.ts';

/** Root configuration rules of seed 1 (stand-in for the shared rules; see rules-adapter.ts). */
export function fallbackRootConfig(body: Params): Validated<RootConfigRecord> {
  const errors: Errors = [];
  const value: RootConfigRecord = {
    accessKey: readString(body.access_key, 'access_key', errors),
    secretKey: readString(body.secret_key, 'secret_key', errors),
    region: readString(body.region, 'region', errors),
    iamEndpoint: readString(body.iam_endpoint, 'iam_endpoint', errors),
    stsEndpoint: readString(body.sts_endpoint, 'sts_endpoint', errors),
    stsRegion: readString(body.sts_region, 'sts_region', errors),
    stsFallbackEndpoints: readList(body.sts_fallback_endpoints, 'sts_fallback_endpoints', errors),
    stsFallbackRegions: readList(body.sts_fallback_regions, 'sts_fallback_regions', errors),
    maxRetries: readRetries(body.max_retries, errors),
    usernameTemplate: readString(body.username_template, 'username_template', errors),
    roleArn: readString(body.role_arn, 'role_arn', errors),
    identityTokenAudience: readString(body.identity_token_audience, 'identity_token_audience', errors),
    identityTokenTtl: body.identity_token_ttl === undefined ? 3600 : readSeconds(body.identity_token_ttl, 'identity_token_ttl', errors, { allowInteger: true }),
  };
  if (value.stsFallbackEndpoints.length !== value.stsFallbackRegions.length) {
    errors.push('fallback endpoints and fallback regions must be the same length [ROOT_FALLBACK_LENGTH]');
  }
  if (value.accessKey !== '' && value.identityTokenAudience !== '') {
    errors.push("only one of 'access_key' or 'identity_token_audience' can be set [ROOT_EXCLUSIVE]");
  }
  if (value.identityTokenAudience !== '' && value.roleArn === '') {
    errors.push("missing required 'role_arn' when 'identity_token_audience' is set [ROOT_MISSING_ROLE_ARN]");
  }
  if ((value.accessKey === '') !== (value.secretKey === '')) {
    errors.push('access_key and secret_key must be given together [ROOT_KEY_PAIR]');
  }
  return { value: errors.length ? undefined : value, errors, warnings: [] };
}

function readRetries(value: unknown, errors: Errors): number {
  if (value === undefined || value === null || value === '') return -1;
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < -1) {
    errors.push('max_retries must be an integer of -1 or more [ROOT_BAD_MAX_RETRIES]');
    return -1;
  }
  return n;
}
