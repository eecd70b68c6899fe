/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// config/root, config/lease, rotate-root with eventual consistency, and credentials that stop
// working on expiry, revoke, rotation and rotate-root.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { advance, call, fixtures, get, post, userAndAssumedRoles, whoami } from './engine-client.ts';

const ROOT_KEY = { id: 'AKIAROOTKEY000000001', secret: 'root-secret-0000000000000000000000000000' };

describe('root configuration, rotate-root and credential lifecycles', () => {
  let engine: EngineProcess;
  before(async () => {
    engine = await startEngine({ args: ['--consistency-delay', '30'] });
    await fixtures(engine, {
      rootUser: { name: 'keyfob-root', accessKeys: [ROOT_KEY] },
      users: [{ name: 'svc', accessKeys: 0 }],
    });
    await userAndAssumedRoles(engine);
  });
  after(() => engine.stop());

  it('config/root: 404 before the first write', async () => {
    assert.equal((await get(engine, 'cloud/config/root')).status, 404);
  });

  it('rotate-root without configuration is a 500 like the real engine', async () => {
    const answer = await post(engine, 'cloud/config/rotate-root');
    assert.equal(answer.status, 500);
    assert.match(answer.body.errors[0], /no configuration found for config\/root/);
  });

  it('rotate-root without static keys is a 400', async () => {
    assert.equal((await post(engine, 'cloud/config/root', { region: 'eu-west-1' })).status, 204);
    const answer = await post(engine, 'cloud/config/rotate-root');
    assert.equal(answer.status, 400);
    assert.match(
      answer.body.errors[0],
      /Cannot call config\/rotate-root when either access_key or secret_key is empty/,
    );
  });

  it('config/root read never returns the secret key', async () => {
    assert.equal(
      (
        await post(engine, 'cloud/config/root', {
          access_key: ROOT_KEY.id,
          secret_key: ROOT_KEY.secret,
          region: 'eu-west-1',
        })
      ).status,
      204,
    );
    const answer = await get(engine, 'cloud/config/root');
    assert.equal(answer.status, 200);
    assert.equal(answer.body.data.access_key, ROOT_KEY.id);
    assert.equal(answer.body.data.region, 'eu-west-1');
    assert.equal(answer.body.data.max_retries, -1);
    assert.equal('secret_key' in answer.body.data, false);
    assert.equal(answer.text.includes(ROOT_KEY.secret), false);
    assert.match(answer.body.data.username_template, /STS/);
  });

  it('config/root identity_token_ttl: a sent 0 reads back 0 as in the real engine, unset reads the seed default', async () => {
    const keys = { access_key: ROOT_KEY.id, secret_key: ROOT_KEY.secret, region: 'eu-west-1' };
    const ttlAfter = async (body: Record<string, unknown>): Promise<unknown> => {
      assert.equal((await post(engine, 'cloud/config/root', { ...keys, ...body })).status, 204);
      return (await get(engine, 'cloud/config/root')).body.data.identity_token_ttl;
    };
    // The real engine's framework counts a sent 0 as given, stores it and reads it back (GetOk).
    assert.equal(await ttlAfter({ identity_token_ttl: 0 }), 0);
    assert.equal(await ttlAfter({ identity_token_ttl: '0s' }), 0);
    assert.equal(await ttlAfter({ identity_token_ttl: '15m' }), 900);
    // Never sent: seed 1's default, one hour (the real engine reads 0; seed 1 wins).
    assert.equal(await ttlAfter({}), 3600);
  });

  it('config/root rules come from the shared validators', async () => {
    const answer = await post(engine, 'cloud/config/root', { access_key: 'AKIAONLY' });
    assert.equal(answer.status, 400);
    assert.match(answer.body.errors[0], /\[ROOT_[A-Z_]+\]$/);
    assert.equal(answer.text.includes('AKIAONLY'), false, 'key values are never echoed');
  });

  it('config/lease: required fields, suffixed durations, normalised read', async () => {
    assert.equal((await post(engine, 'cloud/config/lease', { lease: '1h' })).status, 400);
    assert.equal((await post(engine, 'cloud/config/lease', { lease: '1d', lease_max: '2h' })).status, 400);
    assert.equal((await post(engine, 'cloud/config/lease', { lease: '90s', lease_max: '12h' })).status, 204);
    assert.deepEqual((await get(engine, 'cloud/config/lease')).body.data, { lease: '1m30s', lease_max: '12h0m0s' });
  });

  it('issued iam_user keys die on lease expiry (the user is deleted)', async () => {
    const creds = (await get(engine, 'cloud/creds/user')).body;
    assert.equal((await whoami(engine, creds.data)).status, 200);
    await advance(engine, 91);
    assert.equal((await whoami(engine, creds.data)).status, 403);
    assert.equal((await call(engine, 'PUT', 'sys/leases/lookup', { body: { lease_id: creds.lease_id } })).status, 400);
  });

  it('issued iam_user keys die on revoke', async () => {
    const creds = (await get(engine, 'cloud/creds/user')).body;
    assert.equal((await call(engine, 'PUT', 'sys/leases/revoke', { body: { lease_id: creds.lease_id } })).status, 204);
    const answer = await whoami(engine, creds.data);
    assert.equal(answer.status, 403);
    assert.match(answer.body.errors[0], /InvalidClientTokenId/);
  });

  it('STS credentials die at their expiry, not on revoke', async () => {
    const creds = (await post(engine, 'cloud/sts/ar', {})).body;
    assert.equal((await call(engine, 'PUT', 'sys/leases/revoke', { body: { lease_id: creds.lease_id } })).status, 204);
    assert.equal((await whoami(engine, creds.data)).status, 200);
    await advance(engine, 3600);
    const answer = await whoami(engine, creds.data);
    assert.equal(answer.status, 403);
  });

  it('rotate-root replaces the key; the new key is refused until the consistency window passes', async () => {
    const answer = await post(engine, 'cloud/config/rotate-root');
    assert.equal(answer.status, 200, answer.text);
    const fresh = answer.body.data.access_key;
    assert.notEqual(fresh, ROOT_KEY.id);
    assert.deepEqual(Object.keys(answer.body.data), ['access_key']);
    assert.equal(
      (await whoami(engine, { access_key: ROOT_KEY.id, secret_key: ROOT_KEY.secret })).status,
      403,
      'the old root key is deleted',
    );
    const cloud = (await get(engine, 'sys/dev/cloud')).body.data;
    assert.deepEqual(
      cloud.users.find((u: { name: string }) => u.name === 'keyfob-root').accessKeys.map((k: { id: string }) => k.id),
      [fresh],
    );
    const during = await get(engine, 'cloud/creds/user');
    assert.equal(during.status, 400, during.text);
    assert.match(during.body.errors[0], /InvalidClientTokenId/);
    assert.equal(
      (await post(engine, 'cloud/config/rotate-root')).status,
      500,
      'rotating again inside the window fails at GetUser',
    );
    await advance(engine, 30);
    assert.equal((await get(engine, 'cloud/creds/user')).status, 200);
    assert.equal((await get(engine, 'cloud/config/root')).body.data.access_key, fresh);
  });

  it('rotate-root fails when the root user already has a second key', async () => {
    const current = (await get(engine, 'cloud/config/root')).body.data.access_key;
    const users = [{ name: 'svc', accessKeys: 0 }];
    await fixtures(engine, {
      users,
      rootUser: { name: 'keyfob-root', accessKeys: [{ id: current }, { id: 'AKIASECONDKEY0000001' }] },
    });
    const answer = await post(engine, 'cloud/config/rotate-root');
    assert.equal(answer.status, 500, answer.text);
    assert.match(answer.body.errors[0], /error calling CreateAccessKey: LimitExceeded/);
  });

  it('static keys die when rotated out', async () => {
    assert.equal(
      (await post(engine, 'cloud/static-roles/svc', { username: 'svc', rotation_period: '1h' })).status,
      200,
    );
    const first = (await get(engine, 'cloud/static-creds/svc')).body;
    await post(engine, 'cloud/rotate-role/svc');
    assert.equal((await whoami(engine, first)).status, 200);
    await post(engine, 'cloud/rotate-role/svc');
    assert.equal((await whoami(engine, first)).status, 403);
  });

  it('whoami refuses a wrong secret and a missing session token', async () => {
    const sts = (await post(engine, 'cloud/sts/ar', {})).body.data;
    assert.equal((await whoami(engine, { ...sts, secret_key: 'wrong' })).status, 403);
    assert.equal((await whoami(engine, { access_key: sts.access_key, secret_key: sts.secret_key })).status, 403);
    assert.equal((await whoami(engine, sts)).status, 200);
  });
});
