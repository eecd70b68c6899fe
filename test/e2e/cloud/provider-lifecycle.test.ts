/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// Revocation, lease expiry, static-role rotation and rotate-root go through the provider layer:
// the AWS SDK at the iam_endpoint config/root names (here the engine's own cloudUrl over HTTP, with
// a dead primary STS endpoint and a live fallback). A dead iam_endpoint makes them fail and keeps
// the lease, which proves the calls go to the endpoint named; the keys they retire are refused by
// the aws command and the SDK.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { GetCallerIdentityCommand } from '@aws-sdk/client-sts';
import { AWS_CLI, awsCli, sdkClients, sdkOutcome, type IssuedCreds } from '../../helpers/aws.ts';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { advance, fixtures, get, post } from '../engine/engine-client.ts';
import { closedPort } from '../../helpers/closed-port.ts';

const ROOT_KEY = { id: 'AKIAROOTKEY000000007', secret: 'root-secret-7000000000000000000000000000' };
const POLICY = 'arn:aws:iam::aws:policy/IAMReadOnlyAccess';

/**
 * GetCallerIdentity through the SDK, and through `aws` when asked and installed (about a second a
 * run, so only where a key is retired): the error code each saw ('ok' on success).
 */
async function callerIdentity(
  engine: EngineProcess,
  creds: IssuedCreds,
  withCli = false,
): Promise<{ sdk: string; cli: string | undefined }> {
  // The SDK signs by the engine clock, as a tool whose clock moved with it (the cloud judges dates by it).
  const offsetMs = Number((await get(engine, 'sys/dev/clock')).body.data.offsetSeconds) * 1000;
  const sdk = (
    await sdkOutcome(() =>
      sdkClients(engine.cloudUrl, creds, undefined, offsetMs).sts.send(new GetCallerIdentityCommand({})),
    )
  ).name;
  if (!AWS_CLI || !withCli) return { sdk, cli: undefined };
  const run = await awsCli(engine.cloudUrl, creds, ['sts', 'get-caller-identity']);
  return { sdk, cli: run.code === 0 ? 'ok' : (/\((\w+)\) when calling/.exec(run.stderr)?.[1] ?? run.stderr) };
}

function assertRefused(seen: { sdk: string; cli: string | undefined }, code: string): void {
  assert.equal(seen.sdk, code);
  if (seen.cli !== undefined) assert.equal(seen.cli, code);
}

async function users(engine: EngineProcess): Promise<{ name: string; accessKeys: { id: string }[] }[]> {
  return (await get(engine, 'sys/dev/cloud')).body.data.users as { name: string; accessKeys: { id: string }[] }[];
}

describe('revocation, rotation and rotate-root through the SDK provider', () => {
  let engine: EngineProcess;
  let dead: string;
  let config: Record<string, unknown>;
  before(async () => {
    // A window far longer than a slow `aws` run, so the refusal inside it is seen however loaded the machine.
    engine = await startEngine({ args: ['--consistency-delay', '600'] });
    dead = `http://127.0.0.1:${await closedPort()}`;
    await fixtures(engine, {
      rootUser: { name: 'keyfob-root', accessKeys: [ROOT_KEY] },
      users: [{ name: 'svc', accessKeys: 0 }],
    });
    config = {
      access_key: ROOT_KEY.id,
      secret_key: ROOT_KEY.secret,
      region: 'eu-west-1',
      iam_endpoint: engine.cloudUrl,
      sts_endpoint: dead,
      sts_fallback_endpoints: [engine.cloudUrl],
      sts_fallback_regions: ['eu-west-2'],
      max_retries: 0,
    };
    assert.equal((await post(engine, 'cloud/config/root', config)).status, 204);
    assert.equal(
      (await post(engine, 'cloud/roles/user', { credential_type: 'iam_user', policy_arns: POLICY, iam_groups: [] }))
        .status,
      204,
    );
  });
  after(() => engine.stop());

  it('revoke deletes the user through the SDK; its key gets InvalidClientTokenId', async () => {
    const made = await get(engine, 'cloud/creds/user');
    assert.equal(made.status, 200, made.text);
    const creds = made.body.data as IssuedCreds;
    assertRefused(await callerIdentity(engine, creds), 'ok');
    assert.equal((await post(engine, 'sys/leases/revoke', { lease_id: made.body.lease_id })).status, 204);
    assertRefused(await callerIdentity(engine, creds, true), 'InvalidClientTokenId');
    assert.deepEqual(
      (await users(engine)).filter((u) => u.accessKeys.some((k) => k.id === creds.access_key)),
      [],
    );
  });

  it('a dead iam_endpoint: revoke fails naming the step and keeps the lease; revoking again once it is back works', async () => {
    const made = await get(engine, 'cloud/creds/user');
    const creds = made.body.data as IssuedCreds;
    assert.equal((await post(engine, 'cloud/config/root', { ...config, iam_endpoint: dead })).status, 204);
    const refused = await post(engine, 'sys/leases/revoke', { lease_id: made.body.lease_id });
    assert.equal(refused.status, 502, refused.text);
    assert.match(refused.body.errors[0], /^failed to revoke lease: RequestError: send request failed: .*ECONNREFUSED/);
    assert.equal(
      (await post(engine, 'sys/leases/lookup', { lease_id: made.body.lease_id })).status,
      200,
      'the lease stays',
    );
    assertRefused(await callerIdentity(engine, creds), 'ok');
    assert.equal((await post(engine, 'cloud/config/root', config)).status, 204);
    assert.equal((await post(engine, 'sys/leases/revoke', { lease_id: made.body.lease_id })).status, 204);
    assertRefused(await callerIdentity(engine, creds), 'InvalidClientTokenId');
  });

  it('lease expiry revokes through the SDK too', async () => {
    assert.equal((await post(engine, 'cloud/config/lease', { lease: '1m', lease_max: '1m' })).status, 204);
    const made = await get(engine, 'cloud/creds/user');
    assert.equal(made.status, 200, made.text);
    assert.equal(made.body.lease_duration, 60);
    const creds = made.body.data as IssuedCreds;
    assertRefused(await callerIdentity(engine, creds), 'ok');
    await advance(engine, 120);
    assertRefused(await callerIdentity(engine, creds), 'InvalidClientTokenId');
  });

  it('static role adoption and rotation through the SDK: the key rotated out is refused', async () => {
    const written = await post(engine, 'cloud/static-roles/svc', { username: 'svc', rotation_period: '1h' });
    assert.equal(written.status, 200, written.text);
    const first = (await get(engine, 'cloud/static-creds/svc')).body as IssuedCreds;
    assertRefused(await callerIdentity(engine, first), 'ok');
    assert.equal((await post(engine, 'cloud/config/root', { ...config, iam_endpoint: dead })).status, 204);
    const unreachable = await post(engine, 'cloud/rotate-role/svc');
    assert.equal(unreachable.status, 502, unreachable.text);
    assert.match(
      unreachable.body.errors[0],
      /unable to rotate credentials of static role "svc": RequestError: send request failed: .*ECONNREFUSED/,
    );
    assert.equal((await post(engine, 'cloud/config/root', config)).status, 204);
    assert.equal((await post(engine, 'cloud/rotate-role/svc')).status, 204);
    assertRefused(await callerIdentity(engine, first), 'ok');
    await advance(engine, 3600);
    const latest = (await get(engine, 'cloud/static-creds/svc')).body as IssuedCreds;
    assert.notEqual(latest.access_key, first.access_key);
    assertRefused(await callerIdentity(engine, first, true), 'InvalidClientTokenId');
    assertRefused(await callerIdentity(engine, latest), 'ok');
    assert.equal((await users(engine)).find((u) => u.name === 'svc')?.accessKeys.length, 2);
  });

  it('rotate-root through the SDK: the old root key is refused, the new one works after the consistency window', async () => {
    assert.equal((await post(engine, 'cloud/config/root', { ...config, iam_endpoint: dead })).status, 204);
    const unreachable = await post(engine, 'cloud/config/rotate-root');
    assert.equal(unreachable.status, 502, unreachable.text);
    assert.match(
      unreachable.body.errors[0],
      /error calling GetUser: RequestError: send request failed: .*ECONNREFUSED/,
    );
    assert.equal((await post(engine, 'cloud/config/root', config)).status, 204);
    const answer = await post(engine, 'cloud/config/rotate-root');
    assert.equal(answer.status, 200, answer.text);
    const fresh = answer.body.data.access_key as string;
    assert.notEqual(fresh, ROOT_KEY.id);
    assertRefused(
      await callerIdentity(engine, { access_key: ROOT_KEY.id, secret_key: ROOT_KEY.secret }, true),
      'InvalidClientTokenId',
    );
    assert.deepEqual(
      (await users(engine)).find((u) => u.name === 'keyfob-root')?.accessKeys.map((k) => k.id),
      [fresh],
    );
    const during = await get(engine, 'cloud/creds/user');
    assert.equal(during.status, 400, during.text);
    assert.match(during.body.errors[0], /InvalidClientTokenId/);
    await advance(engine, 610);
    const issued = await get(engine, 'cloud/creds/user');
    assert.equal(issued.status, 200, issued.text);
    assert.equal(
      (await post(engine, 'sys/leases/revoke', { lease_id: issued.body.lease_id })).status,
      204,
      'revocation signs with the new root key',
    );
  });
});
