/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// Static roles: adoption, the 2-key rotation algorithm (seed rules 1-2), schedule resets (rule 3),
// delete keeps the user (rule 4), static-creds, LIST and the rotate-role extension.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { advance, call, del, fixtures, get, post, whoami } from './engine-client.ts';

interface DumpUser {
  name: string;
  accessKeys: { id: string; created: string }[];
}

async function keysOf(engine: EngineProcess, user: string): Promise<string[]> {
  const users = (await get(engine, 'sys/dev/cloud')).body.data.users as DumpUser[];
  return users.find((u) => u.name === user)?.accessKeys.map((k) => k.id) ?? [];
}

describe('static roles', () => {
  let engine: EngineProcess;
  before(async () => {
    engine = await startEngine();
  });
  after(() => engine.stop());
  beforeEach(async () => {
    for (const name of ['none', 'one', 'two', 'gone']) await del(engine, `cloud/static-roles/${name}`);
    await fixtures(engine, {
      users: [
        { name: 'svc-none' },
        { name: 'svc-one', accessKeys: ['AKIAEXISTING00000001'] },
        {
          name: 'svc-two',
          accessKeys: [
            { id: 'AKIAOLDEST0000000001', created: '2024-01-01T00:00:00Z' },
            { id: 'AKIANEWER00000000002', created: '2024-06-01T00:00:00Z' },
          ],
        },
      ],
    });
  });

  const adoptCases = [
    { name: 'a user without keys gets its first key', user: 'svc-none', before: [], keep: [] as string[] },
    {
      name: 'a user with one key gets a second; the old one stays',
      user: 'svc-one',
      before: ['AKIAEXISTING00000001'],
      keep: ['AKIAEXISTING00000001'],
    },
    {
      name: 'a user with two keys loses the oldest',
      user: 'svc-two',
      before: ['AKIAOLDEST0000000001', 'AKIANEWER00000000002'],
      keep: ['AKIANEWER00000000002'],
    },
  ];
  for (const c of adoptCases) {
    it(`create: ${c.name}`, async () => {
      const written = await post(engine, 'cloud/static-roles/one', { username: c.user, rotation_period: '1h' });
      assert.equal(written.status, 200, written.text);
      assert.deepEqual(written.body.data, {
        name: 'one',
        id: written.body.data.id,
        username: c.user,
        rotation_period: '1h0m0s',
      });
      const creds = await get(engine, 'cloud/static-creds/one');
      assert.deepEqual(Object.keys(creds.body), ['access_key', 'secret_key', 'expiration']);
      assert.deepEqual(await keysOf(engine, c.user), [...c.keep, creds.body.access_key]);
      assert.equal((await whoami(engine, creds.body)).status, 200);
    });
  }

  it('rotates on schedule: 0 keys -> 1 -> 2 -> oldest replaced', async () => {
    await post(engine, 'cloud/static-roles/none', { username: 'svc-none', rotation_period: 3600 });
    const first = (await get(engine, 'cloud/static-creds/none')).body;
    await advance(engine, 3600);
    const second = (await get(engine, 'cloud/static-creds/none')).body;
    assert.notEqual(second.access_key, first.access_key);
    assert.deepEqual(await keysOf(engine, 'svc-none'), [first.access_key, second.access_key]);
    assert.equal((await whoami(engine, first)).status, 200, 'the first key stays valid after one rotation');
    await advance(engine, 3600);
    const third = (await get(engine, 'cloud/static-creds/none')).body;
    assert.deepEqual(await keysOf(engine, 'svc-none'), [second.access_key, third.access_key]);
    assert.equal((await whoami(engine, first)).status, 403, 'the first key dies at the second rotation');
    assert.equal((await whoami(engine, second)).status, 200);
  });

  it('reports expiration as ISO 8601 UTC, one period after the last rotation', async () => {
    await post(engine, 'cloud/static-roles/none', { username: 'svc-none', rotation_period: '2h' });
    const now = Date.parse((await get(engine, 'sys/dev/clock')).body.data.now);
    const { expiration } = (await get(engine, 'cloud/static-creds/none')).body;
    assert.match(expiration, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    assert.ok(Math.abs(Date.parse(expiration) - (now + 7200_000)) < 5000);
  });

  it('an update of rotation_period resets the schedule and static-creds shows it (seed rule 3)', async () => {
    await post(engine, 'cloud/static-roles/none', { username: 'svc-none', rotation_period: '10h' });
    const before = (await get(engine, 'cloud/static-creds/none')).body;
    await advance(engine, 3600);
    const updated = await post(engine, 'cloud/static-roles/none', { rotation_period: '30m' });
    assert.equal(updated.status, 200, updated.text);
    const now = Date.parse((await get(engine, 'sys/dev/clock')).body.data.now);
    const after = (await get(engine, 'cloud/static-creds/none')).body;
    assert.equal(after.access_key, before.access_key, 'an update does not rotate');
    assert.ok(Math.abs(Date.parse(after.expiration) - (now + 1800_000)) < 5000);
    await advance(engine, 1800);
    assert.notEqual((await get(engine, 'cloud/static-creds/none')).body.access_key, before.access_key);
  });

  it('reads with fields at the top level and rotation_period as a duration string', async () => {
    await post(engine, 'cloud/static-roles/one', { username: 'svc-one', rotation_period: '11h30m' });
    const answer = await get(engine, 'cloud/static-roles/one');
    assert.deepEqual(answer.body, { name: 'one', username: 'svc-one', rotation_period: '11h30m0s' });
  });

  it('lists static roles with LIST and answers 404 when there are none', async () => {
    assert.equal((await call(engine, 'LIST', 'cloud/static-roles')).status, 404);
    await post(engine, 'cloud/static-roles/two', { username: 'svc-two', rotation_period: '1h' });
    await post(engine, 'cloud/static-roles/one', { username: 'svc-one', rotation_period: '1h' });
    assert.deepEqual((await call(engine, 'LIST', 'cloud/static-roles')).body.data.keys, ['one', 'two']);
  });

  it('delete keeps the user (seed rule 4) and deletes the key the engine made (the real engine)', async () => {
    await post(engine, 'cloud/static-roles/one', { username: 'svc-one', rotation_period: '1h' });
    const made = (await get(engine, 'cloud/static-creds/one')).body.access_key;
    const keys = await keysOf(engine, 'svc-one');
    assert.ok(keys.includes(made), 'the engine made a key for the role');
    assert.equal((await del(engine, 'cloud/static-roles/one')).status, 204);
    assert.equal((await get(engine, 'cloud/static-roles/one')).status, 404);
    assert.equal((await get(engine, 'cloud/static-creds/one')).status, 404);
    assert.deepEqual(
      await keysOf(engine, 'svc-one'),
      keys.filter((k) => k !== made),
    );
    assert.equal((await del(engine, 'cloud/static-roles/one')).status, 204, 'deleting it again is no error');
  });

  it('rotate-role rotates now (204) and restarts the period', async () => {
    await post(engine, 'cloud/static-roles/two', { username: 'svc-two', rotation_period: '1h' });
    const before = (await get(engine, 'cloud/static-creds/two')).body;
    await advance(engine, 1200);
    const rotated = await post(engine, 'cloud/rotate-role/two');
    assert.equal(rotated.status, 204, rotated.text);
    const after = (await get(engine, 'cloud/static-creds/two')).body;
    assert.notEqual(after.access_key, before.access_key);
    assert.equal((await whoami(engine, before)).status, 200, 'two keys: the previous one survives one rotation');
    assert.equal((await keysOf(engine, 'svc-two')).length, 2);
    const now = Date.parse((await get(engine, 'sys/dev/clock')).body.data.now);
    assert.ok(Math.abs(Date.parse(after.expiration) - (now + 3600_000)) < 5000);
    assert.equal((await post(engine, 'cloud/rotate-role/absent')).status, 400);
  });

  const errorCases = [
    {
      name: 'unknown user -> 500 unable to validate username',
      body: { username: 'nobody', rotation_period: '1h' },
      status: 500,
      error: /unable to validate username "nobody"/,
    },
    {
      name: 'missing username -> 400',
      body: { rotation_period: '1h' },
      status: 400,
      error: /^missing "username" parameter: .*\[STATIC_ROLE_MISSING_USERNAME\]/,
    },
    {
      name: 'missing rotation_period -> 400',
      body: { username: 'svc-none' },
      status: 400,
      error: /^missing "rotation_period" parameter: .*\[STATIC_ROLE_MISSING_ROTATION_PERIOD\]/,
    },
    // The real engine answers a plain error (500) here.
    {
      name: 'rotation_period under a minute -> 500',
      body: { username: 'svc-none', rotation_period: '59s' },
      status: 500,
      error:
        /^1 error occurred:\n\t\* role rotation period out of range: must be greater than 60\.00 seconds: .*\[STATIC_ROLE_ROTATION_TOO_SHORT\]/,
    },
    {
      name: "rotation_period past Go's range -> 400",
      body: { username: 'svc-none', rotation_period: 1e308 },
      status: 400,
      error:
        /^Field validation failed: error converting input 1e\+308 for field "rotation_period": .*\[DURATION_OUT_OF_RANGE\]/,
    },
    {
      name: 'rotation_period of exactly a minute is accepted',
      body: { username: 'svc-none', rotation_period: 60 },
      status: 200,
    },
  ];
  for (const c of errorCases) {
    it(`write: ${c.name}`, async () => {
      const answer = await post(engine, 'cloud/static-roles/gone', c.body);
      assert.equal(answer.status, c.status, answer.text);
      if (c.error) assert.match(answer.body.errors.join('\n'), c.error);
    });
  }

  it('retries a failed scheduled rotation and keeps the old expiration meanwhile', async () => {
    await post(engine, 'cloud/static-roles/none', { username: 'svc-none', rotation_period: '1h' });
    const before = (await get(engine, 'cloud/static-creds/none')).body;
    const users = [{ name: 'svc-none', accessKeys: [{ id: before.access_key, secret: before.secret_key }] }];
    await fixtures(engine, { users, throttle: ['CreateAccessKey'] });
    await advance(engine, 3600);
    assert.deepEqual((await get(engine, 'cloud/static-creds/none')).body, before);
    await fixtures(engine, { users });
    await advance(engine, 10);
    assert.notEqual((await get(engine, 'cloud/static-creds/none')).body.access_key, before.access_key);
  });
});
