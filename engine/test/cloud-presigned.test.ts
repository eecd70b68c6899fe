// Presigned Query requests (query-string SigV4, reference section 3.1 step 4 and check 5): a URL
// made by AWS's own presigner (`SignatureV4.presign` from @smithy/signature-v4) works until its
// X-Amz-Expires runs out, whatever its age within that; tampering, a wrong secret, a missing part or
// an expiry past a week is refused with the provider's code.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GetSessionTokenCommand, STSClient } from '@aws-sdk/client-sts';
import { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '../../test/helpers/aws-signer.ts';
import type { RunningEngine } from '../src/index.ts';
import { engineWithCloudUser } from './helpers/cloud-user.ts';

const KEY = { accessKeyId: 'AKIAPRESIGNTEST00001', secretAccessKey: 'presign-test-secret-0000000000000000000' };

interface Credentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly sessionToken?: string;
}

interface Presign {
  readonly credentials?: Credentials;
  readonly signedAgoSeconds?: number;
  readonly expiresIn?: number;
  readonly action?: string;
  /** Changes the URL after signing. */
  readonly edit?: (url: URL) => void;
}

/** A presigned GET of an STS action, fetched; the status and the error code ('ok' on success). */
async function presigned(
  engine: RunningEngine,
  options: Presign = {},
): Promise<{ status: number; code: string; text: string }> {
  const base = new URL(engine.cloudUrl);
  const signer = new SignatureV4({
    credentials: options.credentials ?? KEY,
    region: 'eu-west-1',
    service: 'sts',
    sha256: Sha256,
  });
  const request = new HttpRequest({
    method: 'GET',
    protocol: 'http:',
    hostname: base.hostname,
    port: Number(base.port),
    path: '/',
    query: { Action: options.action ?? 'GetCallerIdentity', Version: '2011-06-15' },
    headers: { host: base.host },
  });
  const signed = await signer.presign(request, {
    signingDate: new Date(Date.now() - (options.signedAgoSeconds ?? 0) * 1000),
    expiresIn: options.expiresIn ?? 300,
  });
  const url = new URL('/', engine.cloudUrl);
  for (const [name, value] of Object.entries(signed.query ?? {}))
    if (typeof value === 'string') url.searchParams.set(name, value);
  options.edit?.(url);
  const response = await fetch(url);
  const text = await response.text();
  return { status: response.status, code: /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? 'ok', text };
}

describe('presigned Query requests', () => {
  let engine: RunningEngine;
  let session: Credentials;
  before(async () => {
    engine = await engineWithCloudUser('presigner', KEY);
    const sts = new STSClient({ endpoint: engine.cloudUrl, region: 'eu-west-1', credentials: KEY, maxAttempts: 1 });
    const issued = (await sts.send(new GetSessionTokenCommand({ DurationSeconds: 900 }))).Credentials;
    session = {
      accessKeyId: issued?.AccessKeyId ?? '',
      secretAccessKey: issued?.SecretAccessKey ?? '',
      sessionToken: issued?.SessionToken ?? '',
    };
  });
  after(() => engine.stop());

  it('a presigned GetCallerIdentity answers with the signer identity', async () => {
    const answer = await presigned(engine);
    assert.equal(answer.status, 200, answer.text);
    assert.match(answer.text, /<Arn>arn:aws:iam::123456789012:user\/presigner<\/Arn>/);
  });

  it('temporary credentials carry their session token in the query', async () => {
    const answer = await presigned(engine, { credentials: session });
    assert.equal(answer.status, 200, answer.text);
    const noToken = await presigned(engine, {
      credentials: session,
      edit: (url) => url.searchParams.delete('X-Amz-Security-Token'),
    });
    assert.deepEqual([noToken.status, noToken.code], [403, 'InvalidClientTokenId']);
  });

  const cases: [string, Presign, number, string][] = [
    [
      'signed 30 minutes ago for an hour (no 15-minute skew rule)',
      { signedAgoSeconds: 1800, expiresIn: 3600 },
      200,
      'ok',
    ],
    ['signed 2 minutes ago for 60 seconds', { signedAgoSeconds: 120, expiresIn: 60 }, 400, 'RequestExpired'],
    ['the wrong secret', { credentials: { ...KEY, secretAccessKey: 'not-the-secret' } }, 403, 'SignatureDoesNotMatch'],
    [
      'the action changed after signing',
      { edit: (url) => url.searchParams.set('Action', 'GetSessionToken') },
      403,
      'SignatureDoesNotMatch',
    ],
    [
      'the expiry stretched after signing',
      { edit: (url) => url.searchParams.set('X-Amz-Expires', '600') },
      403,
      'SignatureDoesNotMatch',
    ],
    [
      'an expiry past a week',
      { edit: (url) => url.searchParams.set('X-Amz-Expires', '604801') },
      400,
      'IncompleteSignature',
    ],
    ['no signature', { edit: (url) => url.searchParams.delete('X-Amz-Signature') }, 400, 'IncompleteSignature'],
    ['no expiry', { edit: (url) => url.searchParams.delete('X-Amz-Expires') }, 400, 'IncompleteSignature'],
    [
      'another algorithm',
      { edit: (url) => url.searchParams.set('X-Amz-Algorithm', 'AWS4-HMAC-SHA1') },
      400,
      'IncompleteSignature',
    ],
    ['an unknown key', { credentials: { ...KEY, accessKeyId: 'AKIANOSUCHKEY0000001' } }, 403, 'InvalidClientTokenId'],
  ];
  for (const [name, options, status, code] of cases) {
    it(`${name} -> ${status} ${code}`, async () => {
      const answer = await presigned(engine, options);
      assert.deepEqual([answer.status, answer.code], [status, code], answer.text);
    });
  }

  it('an expired presigned URL names its date and lifetime', async () => {
    const answer = await presigned(engine, { signedAgoSeconds: 120, expiresIn: 60 });
    assert.match(answer.text, /Request has expired: signed \d{8}T\d{6}Z for 60 seconds, now \d{8}T\d{6}Z\./);
  });
});
