/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// Hundreds of parallel credential requests while static roles and the root key rotate: no user
// ever holds a third key, and every acknowledged credential keeps working until rotated.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { advance, fixtures, get, post, userAndAssumedRoles, whoami, type Answer } from './engine-client.ts';

interface Creds {
  access_key: string;
  secret_key: string;
  session_token?: string | null;
}

describe('concurrency', () => {
  let engine: EngineProcess;
  before(async () => {
    engine = await startEngine({ args: ['--consistency-delay', '0'] });
    await fixtures(engine, {
      rootUser: { name: 'keyfob-root', accessKeys: [{ id: 'AKIAROOT000000000001', secret: 'root-secret' }] },
      users: Array.from({ length: 5 }, (_, i) => ({ name: `svc-${i}`, accessKeys: i % 3 })),
    });
    await post(engine, 'cloud/config/root', { access_key: 'AKIAROOT000000000001', secret_key: 'root-secret' });
    await userAndAssumedRoles(engine);
    for (let i = 0; i < 5; i++)
      await post(engine, `cloud/static-roles/svc-${i}`, { username: `svc-${i}`, rotation_period: '1m' });
  });
  after(() => engine.stop());

  it('keeps every user at two keys or fewer and every acknowledged credential valid', async () => {
    const issued: Creds[] = [];
    const requests: Promise<Answer>[] = [];
    for (let i = 0; i < 300; i++) {
      requests.push(i % 2 === 0 ? get(engine, 'cloud/creds/user') : post(engine, 'cloud/sts/ar', {}));
      if (i % 10 === 0) requests.push(post(engine, `cloud/rotate-role/svc-${i % 5}`));
      if (i % 50 === 0) requests.push(post(engine, 'cloud/config/rotate-root'));
      if (i % 60 === 0) requests.push(advance(engine, 60).then(() => ({ status: 200 }) as Answer));
    }
    const answers = await Promise.all(requests);
    for (const answer of answers) {
      assert.ok([200, 204].includes(answer.status), answer.text);
      if (answer.body?.data?.secret_key) issued.push(answer.body.data);
    }
    assert.equal(issued.length, 300);
    const users = (await get(engine, 'sys/dev/cloud')).body.data.users as { name: string; accessKeys: unknown[] }[];
    assert.deepEqual(
      users.filter((u) => u.accessKeys.length > 2).map((u) => u.name),
      [],
    );
    const verdicts = await Promise.all(issued.map((c) => whoami(engine, c)));
    assert.deepEqual(
      verdicts.filter((v) => v.status !== 200).map((v) => v.text),
      [],
    );
    for (let i = 0; i < 5; i++) {
      const current = (await get(engine, `cloud/static-creds/svc-${i}`)).body;
      assert.equal((await whoami(engine, current)).status, 200);
    }
  });
});
