/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// sys/leases (lookup, renew, revoke, revoke-prefix, LIST lookup) and auth/token (create,
// lookup-self, renew-self, revoke-self, expiry), including leases revoked with their token.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { advance, call, get, post, userAndAssumedRoles, whoami } from './engine-client.ts';

const put = (e: EngineProcess, path: string, body: unknown, token?: string): ReturnType<typeof call> =>
  call(e, 'PUT', path, { body, ...(token ? { token } : {}) });

describe('leases and tokens', () => {
  let engine: EngineProcess;
  before(async () => {
    engine = await startEngine();
    await userAndAssumedRoles(engine);
    await post(engine, 'cloud/config/lease', { lease: '1h', lease_max: '3h' });
  });
  after(() => engine.stop());

  it('looks a lease up', async () => {
    const creds = (await get(engine, 'cloud/creds/user')).body;
    const answer = await put(engine, 'sys/leases/lookup', { lease_id: creds.lease_id });
    assert.equal(answer.status, 200, answer.text);
    assert.deepEqual(Object.keys(answer.body.data), [
      'id',
      'issue_time',
      'expire_time',
      'last_renewal',
      'renewable',
      'ttl',
    ]);
    assert.equal(answer.body.data.id, creds.lease_id);
    assert.equal(answer.body.data.renewable, true);
    assert.equal(answer.body.data.last_renewal, null);
    assert.ok(answer.body.data.ttl > 3590 && answer.body.data.ttl <= 3600);
  });

  const lookupErrors = [
    {
      name: 'unknown lease -> 400 invalid lease',
      body: { lease_id: 'cloud/creds/user/nope' },
      status: 400,
      error: 'invalid lease',
    },
    { name: 'no lease id -> 400', body: {}, status: 400 },
  ];
  for (const c of lookupErrors) {
    it(`lookup: ${c.name}`, async () => {
      const answer = await put(engine, 'sys/leases/lookup', c.body);
      assert.equal(answer.status, c.status);
      if (c.error) assert.deepEqual(answer.body.errors, [c.error]);
    });
  }

  it('renews an iam_user lease and caps at lease_max with the warning', async () => {
    const creds = (await get(engine, 'cloud/creds/user')).body;
    await advance(engine, 1800);
    const renewed = await put(engine, 'sys/leases/renew', { lease_id: creds.lease_id });
    assert.equal(renewed.status, 200, renewed.text);
    assert.deepEqual(
      [renewed.body.lease_id, renewed.body.renewable, renewed.body.lease_duration, renewed.body.data],
      [creds.lease_id, true, 3600, null],
    );
    await advance(engine, 1800);
    // An hour after issue, with lease_max 3h, at most about 2h are left (wall time moves a little).
    const beyond = await put(engine, 'sys/leases/renew', { lease_id: creds.lease_id, increment: '5h' });
    assert.ok(beyond.body.lease_duration > 7190 && beyond.body.lease_duration <= 7200, beyond.text);
    assert.match(
      beyond.body.warnings[0],
      /^TTL of "5h0m0s" exceeded the effective max_ttl of "(2h0m0s|1h59m\d+s)"; TTL value is capped accordingly$/,
    );
    const looked = await put(engine, 'sys/leases/lookup', { lease_id: creds.lease_id });
    assert.notEqual(looked.body.data.last_renewal, null);
  });

  it('refuses to renew STS leases', async () => {
    const creds = (await post(engine, 'cloud/sts/ar', {})).body;
    const answer = await put(engine, 'sys/leases/renew', { lease_id: creds.lease_id });
    assert.equal(answer.status, 400);
    assert.deepEqual(answer.body.errors, ['lease is not renewable']);
  });

  it('revokes by id (unknown ids are a no-op) and by prefix', async () => {
    assert.equal((await put(engine, 'sys/leases/revoke', { lease_id: 'cloud/creds/user/unknown' })).status, 204);
    const a = (await get(engine, 'cloud/creds/user')).body;
    const b = (await get(engine, 'cloud/creds/user')).body;
    const listed = await call(engine, 'LIST', 'sys/leases/lookup/cloud/creds/user/');
    assert.ok(listed.body.data.keys.includes(a.lease_id.split('/').pop()));
    assert.deepEqual((await call(engine, 'LIST', 'sys/leases/lookup/cloud/')).body.data.keys.slice(0, 1), ['creds/']);
    assert.equal((await put(engine, 'sys/leases/revoke-prefix/cloud/creds/user', {})).status, 204);
    assert.equal((await whoami(engine, a.data)).status, 403);
    assert.equal((await whoami(engine, b.data)).status, 403);
    assert.equal((await call(engine, 'LIST', 'sys/leases/lookup/cloud/creds/user/')).status, 404);
  });

  it('creates tokens with the token- display name prefix and looks them up', async () => {
    const created = await post(engine, 'auth/token/create', {
      display_name: 'deploy bot',
      ttl: '10m',
      policies: ['ci'],
    });
    assert.equal(created.status, 200, created.text);
    const { auth } = created.body;
    assert.deepEqual([auth.lease_duration, auth.renewable, auth.token_type], [600, true, 'service']);
    assert.deepEqual(auth.policies, ['ci', 'default']);
    const self = await get(engine, 'auth/token/lookup-self', { token: auth.client_token });
    assert.equal(self.body.data.display_name, 'token-deploy-bot');
    assert.equal(self.body.data.id, auth.client_token);
    assert.ok(self.body.data.ttl <= 600 && self.body.data.ttl > 590);
  });

  it('expires tokens by the engine clock, revoking their leases', async () => {
    const { auth } = (await post(engine, 'auth/token/create', { ttl: '20m' })).body;
    const creds = (await get(engine, 'cloud/creds/user', { token: auth.client_token })).body;
    const rootCreds = (await get(engine, 'cloud/creds/user')).body;
    await advance(engine, 1201);
    assert.equal((await get(engine, 'auth/token/lookup-self', { token: auth.client_token })).status, 403);
    assert.equal((await whoami(engine, creds.data)).status, 403, 'leases of the expired token are revoked');
    assert.equal((await whoami(engine, rootCreds.data)).status, 200, 'root leases stay');
  });

  it('revoke-self revokes the token, its children and their leases', async () => {
    const parent = (await post(engine, 'auth/token/create', { ttl: '1h' })).body.auth.client_token;
    const child = (await post(engine, 'auth/token/create', { ttl: '1h' }, { token: parent })).body.auth.client_token;
    const creds = (await get(engine, 'cloud/creds/user', { token: child })).body;
    assert.equal((await post(engine, 'auth/token/revoke-self', undefined, { token: parent })).status, 204);
    assert.equal((await get(engine, 'auth/token/lookup-self', { token: parent })).status, 403);
    assert.equal((await get(engine, 'auth/token/lookup-self', { token: child })).status, 403);
    assert.equal((await whoami(engine, creds.data)).status, 403);
  });

  it('renew-self extends a token', async () => {
    const token = (await post(engine, 'auth/token/create', { ttl: '10m' })).body.auth.client_token;
    await advance(engine, 300);
    const renewed = await post(engine, 'auth/token/renew-self', { increment: '1h' }, { token });
    assert.equal(renewed.status, 200, renewed.text);
    assert.equal(renewed.body.auth.lease_duration, 3600);
    assert.equal(
      (await post(engine, 'auth/token/renew-self', {})).status,
      400,
      'the root token does not expire, so it does not renew',
    );
  });
});
