import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { run } from '../src/post.ts';
import { fakeEngine, testDeps } from './fake-engine.ts';
import { FakeRunner } from './fake-runner.ts';

const TOKEN = 'hvs.post-step-engine-token-000001';
const saved = JSON.stringify({
  leases: [{ role: 'ci-user', leaseId: 'cloud/creds/ci-user/abc' }],
  variables: ['CLOUD_ACCESS_KEY', 'CLOUD_SECRET_KEY'],
});

function setup(inputs: Record<string, string>, state: string, routes: Parameters<typeof fakeEngine>[0]) {
  const runner = new FakeRunner(
    { url: 'http://engine.test:8200', token: TOKEN, role: 'ci-user', ...inputs },
    {},
    { 'keyfob-cleanup': state },
  );
  const engine = fakeEngine(routes);
  return { runner, engine, go: () => run(runner, testDeps(engine.fetch, runner)) };
}

describe('post step', () => {
  it('blanks the variables and revokes the lease', async () => {
    const { runner, engine, go } = setup({}, saved, { 'PUT /v1/sys/leases/revoke': { status: 204 } });
    await go();
    assert.deepEqual(Object.fromEntries(runner.exported), { CLOUD_ACCESS_KEY: '', CLOUD_SECRET_KEY: '' });
    assert.deepEqual(
      engine.requests.map((r) => [r.method, r.path, r.body]),
      [['PUT', '/v1/sys/leases/revoke', { lease_id: 'cloud/creds/ci-user/abc' }]],
    );
    assert.match(runner.summary, /\| ci-user \| cloud\/creds\/ci-user\/abc \| revoked \|/);
    assert.equal(
      runner.events.some((e) => e.kind === 'failed'),
      false,
    );
  });

  it('does nothing with cleanup: false', async () => {
    const { runner, engine, go } = setup({ cleanup: 'false' }, saved, {});
    await go();
    assert.equal(runner.exported.size, 0);
    assert.equal(engine.requests.length, 0);
  });

  it('does nothing when the main step saved nothing', async () => {
    const { runner, engine, go } = setup({}, '', {});
    await go();
    assert.equal(runner.exported.size, 0);
    assert.equal(engine.requests.length, 0);
  });

  it('warns, without failing, when the revoke is refused', async () => {
    const { runner, go } = setup({ 'max-attempts': '1' }, saved, {
      'PUT /v1/sys/leases/revoke': { status: 403, body: { errors: ['permission denied'] } },
    });
    await go();
    assert.equal(
      runner.events.some((e) => e.kind === 'failed'),
      false,
    );
    assert.ok(
      runner.events.some(
        (e) =>
          e.kind === 'warning' &&
          /Could not revoke lease cloud\/creds\/ci-user\/abc.*403: permission denied/.test(e.text),
      ),
    );
    assert.deepEqual(Object.fromEntries(runner.exported), { CLOUD_ACCESS_KEY: '', CLOUD_SECRET_KEY: '' });
  });
});
