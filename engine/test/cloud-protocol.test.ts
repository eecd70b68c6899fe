// The emulated cloud's Query endpoint at the wire: the verifier's checks in order (reference
// section 3.2), the Query errors, and the body limit. Requests are signed with AWS's own signer.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { HttpRequest } from '@smithy/protocol-http';
import { SignatureV4 } from '@smithy/signature-v4';
import { queryPost, Sha256 } from '../../test/helpers/aws-signer.ts';
import { startEngine, type RunningEngine } from '../src/index.ts';
import { engineWithCloudUser } from './helpers/cloud-user.ts';

const KEY = { accessKeyId: 'AKIAPROTOCOLTEST0001', secretAccessKey: 'protocol-test-secret-000000000000000000' };

interface Options {
  readonly service?: string;
  readonly secret?: string;
  readonly date?: Date;
  readonly body?: string;
  readonly unsigned?: boolean;
  readonly tamper?: boolean;
}

async function send(
  engine: RunningEngine,
  options: Options = {},
): Promise<{ status: number; text: string; code: string }> {
  const body = options.body ?? 'Action=GetCallerIdentity&Version=2011-06-15';
  let request = queryPost(engine.cloudUrl, body);
  if (!options.unsigned) {
    const signer = new SignatureV4({
      credentials: { ...KEY, secretAccessKey: options.secret ?? KEY.secretAccessKey },
      region: 'eu-west-1',
      service: options.service ?? 'sts',
      sha256: Sha256,
    });
    request = (await signer.sign(request, { signingDate: options.date ?? new Date() })) as HttpRequest;
  }
  const sent = options.tamper ? `${body}&Extra=1` : body;
  const response = await fetch(engine.cloudUrl, { method: 'POST', headers: request.headers, body: sent });
  const text = await response.text();
  return { status: response.status, text, code: /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? 'ok' };
}

describe('cloud Query endpoint', () => {
  let engine: RunningEngine;
  before(async () => {
    engine = await engineWithCloudUser('probe', KEY);
  });
  after(() => engine.stop());

  const cases: [string, Options, number, string][] = [
    ['a correctly signed call', {}, 200, 'ok'],
    ['no signature', { unsigned: true }, 403, 'MissingAuthenticationToken'],
    ['a scope for another service', { service: 'iam' }, 403, 'SignatureDoesNotMatch'],
    ['the wrong secret', { secret: 'not-the-secret' }, 403, 'SignatureDoesNotMatch'],
    ['a body changed after signing', { tamper: true }, 400, 'XAmzContentSHA256Mismatch'],
    ['a date 20 minutes old', { date: new Date(Date.now() - 20 * 60_000) }, 403, 'SignatureDoesNotMatch'],
    ['a date 20 minutes ahead', { date: new Date(Date.now() + 20 * 60_000) }, 403, 'SignatureDoesNotMatch'],
    ['an unknown action', { body: 'Action=LaunchRockets&Version=2011-06-15' }, 400, 'InvalidAction'],
    ['no action', { body: 'Version=2011-06-15' }, 400, 'MissingAction'],
    [
      'a bad duration',
      { body: 'Action=GetSessionToken&Version=2011-06-15&DurationSeconds=60' },
      400,
      'ValidationError',
    ],
  ];
  for (const [name, options, status, code] of cases) {
    it(`${name} -> ${status} ${code}`, async () => {
      const answer = await send(engine, options);
      assert.equal(answer.status, status, answer.text);
      assert.equal(answer.code, code, answer.text);
      if (code !== 'ok')
        assert.match(
          answer.text,
          /^<ErrorResponse xmlns="https:\/\/(sts|iam)\.amazonaws\.com\/doc\/\d{4}-\d\d-\d\d\/"><Error><Type>Sender<\/Type>/,
        );
    });
  }

  it('an expired signature names the times', async () => {
    const answer = await send(engine, { date: new Date(Date.now() - 20 * 60_000) });
    assert.match(
      answer.text,
      /Signature expired: \d{8}T\d{6}Z is now earlier than \d{8}T\d{6}Z \(\d{8}T\d{6}Z - 15 min\.\)/,
    );
  });

  it('answers a body over the limit with 413 without reading it all', async () => {
    const answer = await fetch(engine.cloudUrl, { method: 'POST', body: 'A'.repeat(600 * 1024) });
    assert.equal(answer.status, 413);
    assert.match(await answer.text(), /RequestEntityTooLarge/);
  });

  it('answers GetCallerIdentity with the success envelope, request id and Date headers', async () => {
    const answer = await send(engine);
    assert.match(
      answer.text,
      /^<GetCallerIdentityResponse xmlns="https:\/\/sts\.amazonaws\.com\/doc\/2011-06-15\/"><GetCallerIdentityResult><UserId>AIDA[A-Z2-7]{17}<\/UserId><Account>123456789012<\/Account><Arn>arn:aws:iam::123456789012:user\/probe<\/Arn><\/GetCallerIdentityResult><ResponseMetadata><RequestId>[0-9a-f-]{36}<\/RequestId><\/ResponseMetadata><\/GetCallerIdentityResponse>$/,
    );
  });
});

// One clock for the whole double: once the dev clock moves, signature dates are judged by it.
describe('cloud Query endpoint after the dev clock moved', () => {
  const MOVED_MS = 2 * 3600 * 1000;
  let engine: RunningEngine;
  const api = (path: string, method: string, body?: unknown): Promise<Response> =>
    fetch(`${engine.url}/v1/${path}`, {
      method,
      headers: { 'X-Service-Token': 'root' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  before(async () => {
    engine = await startEngine({ port: 0, rootToken: 'root', dev: true, tickMs: 60_000, providerClient: 'sdk' });
    const seeded = await api('sys/dev/cloud', 'PUT', {
      users: [{ name: 'probe', accessKeys: [{ id: KEY.accessKeyId, secret: KEY.secretAccessKey }] }],
    });
    assert.equal(seeded.status, 200);
    const moved = await api('sys/dev/clock', 'POST', { advanceSeconds: MOVED_MS / 1000 });
    assert.equal(moved.status, 200, await moved.text());
  });
  after(() => engine.stop());

  it('accepts a request signed at the moved time and says that time in Date', async () => {
    const answer = await send(engine, { date: new Date(Date.now() + MOVED_MS) });
    assert.equal(answer.status, 200, answer.text);
    const response = await fetch(engine.cloudUrl, { method: 'POST', body: 'Action=GetCallerIdentity' });
    const served = Date.parse(response.headers.get('date') ?? '');
    assert.ok(served > Date.now() + MOVED_MS - 60_000, `Date ${response.headers.get('date')} is not the moved time`);
  });

  it('refuses a request signed by the wall clock, naming the moved time', async () => {
    const answer = await send(engine);
    assert.equal(answer.status, 403, answer.text);
    assert.equal(answer.code, 'SignatureDoesNotMatch');
    assert.match(answer.text, /Signature expired: \d{8}T\d{6}Z is now earlier than/);
  });

  it("the engine's own SDK clients sign by the moved clock too (credentials issue at the first attempt)", async () => {
    const config = await api('cloud/config/root', 'POST', { max_retries: 0 });
    assert.ok(config.status === 200 || config.status === 204, await config.text());
    const role = await api('cloud/roles/clocked', 'POST', {
      credential_type: 'iam_user',
      policy_document: JSON.stringify({
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: 'sts:GetCallerIdentity', Resource: '*' }],
      }),
    });
    assert.ok(role.status === 200 || role.status === 204, await role.text());
    const creds = await api('cloud/creds/clocked', 'GET');
    assert.equal(creds.status, 200, await creds.text());
  });
});
