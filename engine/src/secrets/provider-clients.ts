import { IAMClient } from '@aws-sdk/client-iam';
import { STSClient } from '@aws-sdk/client-sts';
import { SignatureV4 } from '@smithy/signature-v4';
import { EMBEDDED_ENDPOINT, InProcessHandler } from '../cloud/protocol/in-process-handler.ts';
import { Sha256 } from '../cloud/protocol/sha256.ts';
import { rootCredentials, type EngineCore } from '../engine-core.ts';
import type { MountData } from './mount-data.ts';

/** The SDK clients one mount talks to its cloud with: IAM, and STS in the order to try. */
export interface ProviderClients {
  readonly iam: IAMClient;
  /** The primary STS endpoint first, then `sts_fallback_endpoints` in order. */
  readonly sts: readonly STSClient[];
}

const cache = new Map<string, ProviderClients>();
/** Client sets kept at once (one per mount and configuration is the normal case). */
const MAX_CACHED = 32;

/**
 * The mount's provider clients from config/root (seed 1): `iam_endpoint`, `sts_endpoint` and
 * `sts_region`, `sts_fallback_endpoints`/`sts_fallback_regions`, `region` (else `CLOUD_REGION`,
 * `CLOUD_DEFAULT_REGION`, `us-east-1`), `max_retries` (-1: the SDK's default of 3 attempts; N:
 * N retries). An empty endpoint is the embedded cloud, reached in process through the SDK (see
 * InProcessHandler); any other endpoint is reached over HTTP, like a real account's. Credentials:
 * config/root's pair, else `CLOUD_ACCESS_KEY`/`CLOUD_SECRET_KEY`, else the engine's ambient key.
 */
export function providerClients(core: EngineCore, mount: MountData): ProviderClients {
  const config = mount.rootConfig;
  const env = core.settings.env;
  const region = config?.region || env.CLOUD_REGION || env.CLOUD_DEFAULT_REGION || 'us-east-1';
  const creds = rootCredentials(core, mount);
  const credentials = creds
    ? { accessKeyId: creds.accessKey, secretAccessKey: creds.secretKey }
    : core.cloud.state.ambientKey;
  const maxRetries = config?.maxRetries ?? -1;
  const sts = [{ endpoint: config?.stsEndpoint ?? '', region: config?.stsRegion || region }];
  (config?.stsFallbackEndpoints ?? []).forEach((endpoint, i) =>
    sts.push({ endpoint, region: config?.stsFallbackRegions[i] || region }),
  );
  const key = JSON.stringify([
    mount.mount,
    region,
    credentials.accessKeyId,
    credentials.secretAccessKey,
    maxRetries,
    config?.iamEndpoint ?? '',
    sts,
  ]);
  const hit = cache.get(key);
  if (hit) return followEngineClock(hit, core);
  const embedded = new InProcessHandler({ cloud: core.cloud, commit: () => Promise.resolve(), log: core.log });
  const target = (endpoint: string): { endpoint: string; requestHandler?: InProcessHandler } =>
    endpoint === '' ? { endpoint: EMBEDDED_ENDPOINT, requestHandler: embedded } : { endpoint };
  const clients: ProviderClients = {
    // IAM is global: the provider signs it for us-east-1 whatever the configured region.
    iam: new IAMClient({
      ...clientOptions(credentials, 'us-east-1', 'iam', maxRetries),
      ...target(config?.iamEndpoint ?? ''),
    }),
    sts: sts.map(
      (s) => new STSClient({ ...clientOptions(credentials, s.region, 'sts', maxRetries), ...target(s.endpoint) }),
    ),
  };
  if ((config?.iamEndpoint ?? '') === '') embeddedClients.add(clients.iam);
  sts.forEach((s, i) => {
    const client = clients.sts[i];
    if (s.endpoint === '' && client) embeddedClients.add(client);
  });
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, clients);
  return followEngineClock(clients, core);
}

/** Clients that reach the embedded cloud in process. */
const embeddedClients = new WeakSet<IAMClient | STSClient>();

/**
 * One clock for the whole double: the emulated cloud judges signature dates by the engine clock,
 * so the provider clients sign by it. Their `systemClockOffset` (the SDK's own skew correction) is
 * set to the dev clock's offset before every use: always for the embedded cloud, and for endpoints
 * over HTTP once the dev clock has moved (before that they keep what the SDK learnt from the
 * answers' Date header, as against a real cloud).
 */
function followEngineClock(clients: ProviderClients, core: EngineCore): ProviderClients {
  const offset = core.clock.offsetMs;
  for (const client of [clients.iam, ...clients.sts]) {
    if (offset !== 0 || embeddedClients.has(client)) client.config.systemClockOffset = offset;
  }
  return clients;
}

/** The access key a provider client signs with. */
interface KeyPair {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
}

/** What a provider client is made with besides its endpoint and request handler. */
export interface ClientOptions {
  readonly credentials: KeyPair;
  readonly region: string;
  readonly maxAttempts?: number;
  readonly cacheMiddleware: true;
  readonly signer: SignatureV4;
}

/**
 * The options of one provider client: its credentials and region, `max_retries` as the SDK's
 * `maxAttempts` (-1 leaves the SDK's default), and two settings that cut the SDK's own cost per call
 * without changing what it sends: `cacheMiddleware` (the SDK's documented option: resolve the
 * middleware stack once per command class, since nothing here changes it after the client is made)
 * and AWS's signer made once, which the SDK otherwise builds anew for every call.
 */
export function clientOptions(
  credentials: KeyPair,
  region: string,
  service: 'iam' | 'sts',
  maxRetries: number,
): ClientOptions {
  return {
    credentials,
    region,
    ...(maxRetries >= 0 ? { maxAttempts: maxRetries + 1 } : {}),
    cacheMiddleware: true,
    signer: new SignatureV4({ credentials, region, service, sha256: Sha256, uriEscapePath: true }),
  };
}

/**
 * Runs an STS call against each configured endpoint in turn until one answers: a failure to
 * reach an endpoint, a 5xx or throttling moves on to the next; the provider's refusal (4xx) is the
 * answer. The last failure is thrown when every endpoint failed.
 */
export async function withStsFallback<T>(
  clients: ProviderClients,
  call: (client: STSClient) => Promise<T>,
): Promise<T> {
  let last: unknown;
  for (const client of clients.sts) {
    try {
      return await call(client);
    } catch (error) {
      last = error;
      if (!retryElsewhere(error)) throw error;
    }
  }
  throw last;
}

function retryElsewhere(error: unknown): boolean {
  const e = error as { $metadata?: { httpStatusCode?: number }; $retryable?: { throttling?: boolean } };
  const status = e.$metadata?.httpStatusCode;
  if (status === undefined) return true;
  return (
    status >= 500 ||
    e.$retryable?.throttling === true ||
    /^(Throttling|ThrottlingException|RequestLimitExceeded)$/.test(String((error as { name?: string }).name))
  );
}
