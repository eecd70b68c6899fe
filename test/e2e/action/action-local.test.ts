// `npm run action:local -- KEY=VALUE...` as a developer runs it: against a spawned `keyfob serve`, it
// runs the bundled action as the runner does (main, then post with the saved state). Every secret the
// engine handed out (learnt from a recording proxy in front of it) and the token stay out of the
// output, the outputs are shown masked, and the post step revokes the lease: checked with the engine,
// with a --no-post run as the control that leaves it alive.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT, startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { runProgram } from '../../helpers/run-program.ts';
import { startFlakyProxy, type FlakyProxy } from './flaky-proxy.ts';
import { prepareEngine } from './setup.ts';

async function actionLocal(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const { status, stdout, stderr } = await runProgram('npm', ['run', '--silent', 'action:local', '--', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
  });
  return { code: status, stdout, stderr };
}

/** Secret fields of every engine answer the proxy passed on, and the lease ids. */
function issued(answers: readonly string[]): { secrets: string[]; leases: string[] } {
  const secrets: string[] = [];
  const leases: string[] = [];
  for (const text of answers) {
    const body = JSON.parse(text || '{}') as { lease_id?: string; data?: Record<string, unknown> };
    if (body.lease_id) leases.push(body.lease_id);
    for (const field of ['access_key', 'secret_key', 'session_token', 'security_token']) {
      const value = body.data?.[field];
      if (typeof value === 'string' && value !== '') secrets.push(value);
    }
  }
  return { secrets, leases };
}

describe('npm run action:local', () => {
  let engine: EngineProcess;
  let proxy: FlakyProxy;
  before(async () => {
    engine = await startEngine();
    await prepareEngine(engine);
    proxy = await startFlakyProxy(engine.url);
  });
  after(async () => {
    await proxy.stop();
    await engine.stop();
  });

  async function leaseAlive(leaseId: string): Promise<boolean> {
    const answer = await fetch(`${engine.url}/v1/sys/leases/lookup`, {
      method: 'PUT',
      headers: { 'X-Service-Token': engine.rootToken, 'content-type': 'application/json' },
      body: JSON.stringify({ lease_id: leaseId }),
    });
    return answer.status === 200;
  }

  it('masks every secret, shows the outputs masked, and the post step revokes the lease', async () => {
    proxy.setRules([]);
    const run = await actionLocal([
      `url=${proxy.url}`,
      `token=${engine.rootToken}`,
      'role=ci-user',
      'output-credentials=true',
    ]);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const { secrets, leases } = issued(proxy.answers);
    assert.ok(secrets.length >= 2, `the engine issued no credentials: ${proxy.answers.join('\n')}`);
    assert.equal(leases.length, 1);
    for (const secret of [...secrets, engine.rootToken]) {
      assert.ok(
        !run.stdout.includes(secret) && !run.stderr.includes(secret),
        `${secret.slice(0, 4)}… printed in clear:\n${run.stdout}`,
      );
    }
    assert.match(run.stdout, /── outputs \(GITHUB_OUTPUT\) ──/);
    assert.match(run.stdout, /^secret-key: \*\*\*$/m);
    assert.match(run.stdout, /^CLOUD_SECRET_KEY=\*\*\*$/m);
    assert.match(run.stdout, new RegExp(`^lease-id: ${leases[0]?.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`, 'm'));
    assert.match(run.stdout, /── post \(action\/dist\/post\.cjs, with the state main saved\) ──/);
    assert.ok(
      proxy.seen.some((s) => s.includes('revoke')),
      proxy.seen.join('\n'),
    );
    assert.equal(await leaseAlive(leases[0] ?? ''), false, 'the post step left the lease alive');
  });

  it('control: with --no-post the lease stays alive (so the check above can fail)', async () => {
    proxy.setRules([]);
    const run = await actionLocal([`url=${proxy.url}`, `token=${engine.rootToken}`, 'role=ci-user', '--no-post']);
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const { leases } = issued(proxy.answers);
    assert.equal(leases.length, 1);
    assert.doesNotMatch(run.stdout, /── post/);
    assert.equal(await leaseAlive(leases[0] ?? ''), true);
  });

  it('refuses what is not KEY=VALUE, with exit 2', async () => {
    const run = await actionLocal(['url']);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /"url" is not KEY=VALUE/);
  });
});
