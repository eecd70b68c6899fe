import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { run } from '../src/main.ts';
import { credsAnswer, fakeEngine, testDeps } from './fake-engine.ts';
import { FakeRunner } from './fake-runner.ts';

const TOKEN = 'hvs.rotation-test-engine-token-01';
const NEW_KEY = 'AKIANEWROOTKEY000001';
const notYet = {
  status: 500,
  body: {
    errors: [
      '1 error occurred:\n\t* error calling GetUser: InvalidClientTokenId: The security token included in the request is invalid.\n\n',
    ],
  },
};

function setup(inputs: Record<string, string>, routes: Parameters<typeof fakeEngine>[0]) {
  const runner = new FakeRunner({ url: 'http://engine.test:8200', token: TOKEN, ...inputs }, {});
  const engine = fakeEngine(routes);
  return { runner, engine, go: () => run(runner, testDeps(engine.fetch, runner)) };
}

const failures = (runner: FakeRunner) => runner.events.filter((e) => e.kind === 'failed').map((e) => e.text);

describe('run: rotation and static roles', () => {
  it('rotate-root retries through the consistency window and outputs the new key id, masked', async () => {
    const { runner, engine, go } = setup(
      { mode: 'rotate-root' },
      {
        'POST /v1/cloud/config/rotate-root': [notYet, notYet, { status: 200, body: { data: { access_key: NEW_KEY } } }],
      },
    );
    await go();
    assert.deepEqual(failures(runner), []);
    assert.equal(engine.requests.length, 3);
    assert.equal(runner.outputs.get('new-access-key'), NEW_KEY);
    assert.ok(runner.masked.has(NEW_KEY));
    assert.ok(!runner.printed().some((l) => l.includes(NEW_KEY)));
  });

  it('keeps retrying a consistency error past max-attempts, within the window', async () => {
    const { runner, engine, go } = setup(
      { mode: 'rotate-root', 'max-attempts': '1' },
      {
        'POST /v1/cloud/config/rotate-root': [
          notYet,
          notYet,
          notYet,
          { status: 200, body: { data: { access_key: NEW_KEY } } },
        ],
      },
    );
    await go();
    assert.deepEqual(failures(runner), []);
    assert.equal(engine.requests.length, 4);
    assert.equal(runner.printed().filter((l) => /does not accept the rotated root key yet/.test(l)).length, 3);
  });

  it('gives up on the consistency error once rotate-root-settle has passed', async () => {
    const { runner, go } = setup(
      { mode: 'rotate-root', 'rotate-root-settle': '2s', 'max-attempts': '1' },
      { 'POST /v1/cloud/config/rotate-root': notYet },
    );
    await go();
    const [failure] = failures(runner);
    assert.match(
      failure ?? '',
      /^Could not rotate the root key: POST \/v1\/cloud\/config\/rotate-root answered 500: .*InvalidClientTokenId/,
    );
  });

  it('creds right after a rotation waits for the new root key', async () => {
    const { runner, go } = setup(
      { role: 'r' },
      {
        'GET /v1/cloud/creds/r': [
          {
            status: 400,
            body: {
              errors: [
                'Error creating IAM user: InvalidClientTokenId: The security token included in the request is invalid.',
              ],
            },
          },
          credsAnswer(
            {
              access_key: 'AKIAAFTERROTATION001',
              secret_key: 'after/rotation/secret/000000000000001',
              session_token: null,
            },
            { id: 'l', duration: 5, renewable: true },
          ),
        ],
      },
    );
    await go();
    assert.deepEqual(failures(runner), []);
  });

  it('rotate-static rotates and reports the next rotation', async () => {
    const { runner, engine, go } = setup(
      { mode: 'rotate-static', role: 'backup' },
      {
        'POST /v1/cloud/rotate-role/backup': { status: 204 },
        'GET /v1/cloud/static-creds/backup': {
          status: 200,
          body: {
            access_key: 'AKIASTATIC0000000001',
            secret_key: 'static/secret/00000000000000000000001',
            expiration: '2026-03-02T10:00:00Z',
          },
        },
      },
    );
    await go();
    assert.deepEqual(failures(runner), []);
    assert.deepEqual(
      engine.requests.map((r) => `${r.method} ${r.path}`),
      ['POST /v1/cloud/rotate-role/backup', 'GET /v1/cloud/static-creds/backup'],
    );
    assert.equal(runner.outputs.get('expiration'), '2026-03-02T10:00:00.000Z');
    assert.ok(runner.masked.has('static/secret/00000000000000000000001'));
  });

  it('rotate-static says plainly when the engine has no rotate-role', async () => {
    const { runner, go } = setup({ mode: 'rotate-static', role: 'backup', 'api-flavor': 'vault' }, {});
    await go();
    const [failure] = failures(runner);
    assert.match(
      failure ?? '',
      /this engine has no rotate-role endpoint .*answered 404.*HashiCorp Vault and OpenBao rotate static roles only on their rotation_period/,
    );
  });

  const staticCases = [
    {
      name: 'creates a static role',
      remote: { status: 404, body: { errors: [] } },
      writes: 1,
      changed: 'true',
      note: false,
    },
    {
      name: 'updates the period and warns about the schedule',
      remote: { status: 200, body: { name: 's', username: 'svc', rotation_period: '1h0m0s' } },
      writes: 1,
      changed: 'true',
      note: true,
    },
    {
      name: 'leaves a matching static role alone',
      remote: { status: 200, body: { name: 's', username: 'svc', rotation_period: 86400 } },
      writes: 0,
      changed: 'false',
      note: false,
    },
  ];
  for (const c of staticCases) {
    it(`static-role ${c.name}`, async () => {
      const { runner, engine, go } = setup(
        { mode: 'static-role', role: 's', username: 'svc', 'rotation-period': '24h' },
        {
          'GET /v1/cloud/static-roles/s': c.remote,
          'POST /v1/cloud/static-roles/s': { status: 200, body: { data: { name: 's' } } },
        },
      );
      await go();
      assert.deepEqual(failures(runner), []);
      const writes = engine.requests.filter((r) => r.method === 'POST');
      assert.equal(writes.length, c.writes);
      if (c.writes) assert.deepEqual(writes[0]?.body, { username: 'svc', rotation_period: '24h' });
      assert.equal(runner.outputs.get('changed'), c.changed);
      assert.equal(
        runner.events.some((e) => e.kind === 'notice' && /next rotation/.test(e.text)),
        c.note,
      );
    });
  }
});
