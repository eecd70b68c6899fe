import { Hash } from '@smithy/hash-node';
import { SignatureV4 } from '@smithy/signature-v4';
import { readAtMost } from '../client/read-at-most.ts';

/** Who a key pair is, as STS GetCallerIdentity answers. */
export interface CallerIdentity {
  readonly account: string;
  readonly arn: string;
}

/** Where and how GetCallerIdentity is asked. */
export interface CallerIdentityRequest {
  /** The STS endpoint (`https://sts.eu-west-1.amazonaws.com`, the emulated cloud's URL). */
  readonly endpoint: string;
  /** The region the request is signed for. */
  readonly region: string;
  readonly credentials: {
    readonly accessKey: string;
    readonly secretKey: string;
    readonly sessionToken: string | null;
  };
  readonly fetch: typeof fetch;
  /** Clock in ms: the signature's date. */
  readonly now: () => number;
  readonly timeoutMs: number;
}

/** Longest answer read (a GetCallerIdentity answer is well under 1 KiB). */
const MAX_ANSWER_BYTES = 64 * 1024;

/** The default STS endpoint of a region (the global one without a region), as the AWS SDKs pick it. */
export function defaultStsEndpoint(region: string | undefined): string {
  return region === undefined ? 'https://sts.amazonaws.com' : `https://sts.${region}.amazonaws.com`;
}

/**
 * Asks STS who the credentials are (`GetCallerIdentity`, Query protocol, SigV4-signed with the
 * credentials themselves; the call needs no permission). Throws an `Error` whose message holds the
 * endpoint's origin, the HTTP status and the provider's error code and message, never a key.
 */
export async function getCallerIdentity(request: CallerIdentityRequest): Promise<CallerIdentity> {
  const url = new URL(request.endpoint);
  const body = 'Action=GetCallerIdentity&Version=2011-06-15';
  const signer = new SignatureV4({
    credentials: {
      accessKeyId: request.credentials.accessKey,
      secretAccessKey: request.credentials.secretKey,
      ...(request.credentials.sessionToken ? { sessionToken: request.credentials.sessionToken } : {}),
    },
    region: request.region,
    service: 'sts',
    sha256: Hash.bind(null, 'sha256'),
  });
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  const signed = await signer.sign(
    {
      method: 'POST',
      protocol: url.protocol,
      hostname: url.hostname,
      ...(url.port === '' ? {} : { port: Number(url.port) }),
      path,
      query: {},
      headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
      body,
    },
    { signingDate: new Date(request.now()) },
  );
  const where = `STS GetCallerIdentity at ${url.origin}`;
  let answer: Response;
  try {
    answer = await request.fetch(new URL(path, url.origin), {
      method: 'POST',
      headers: signed.headers,
      body,
      signal: AbortSignal.timeout(request.timeoutMs),
    });
  } catch (error) {
    const cause =
      (error as { cause?: { code?: string } }).cause?.code ?? (error instanceof Error ? error.name : 'error');
    throw new Error(`${where} did not answer (${cause})`, { cause: error });
  }
  const text = new TextDecoder().decode((await readAtMost(answer, MAX_ANSWER_BYTES)).bytes);
  if (!answer.ok) {
    const code = tag(text, 'Code') ?? 'no error code';
    throw new Error(`${where} answered ${answer.status} (${code}: ${tag(text, 'Message') ?? 'no message'})`);
  }
  const account = tag(text, 'Account');
  if (account === undefined || !/^\d{12}$/.test(account)) throw new Error(`${where} answered without an account id`);
  return { account, arn: tag(text, 'Arn') ?? '' };
}

/** The text of the first `<name>` element of an XML answer. */
function tag(xml: string, name: string): string | undefined {
  return new RegExp(`<${name}>([^<]{0,2048})</${name}>`).exec(xml)?.[1];
}
