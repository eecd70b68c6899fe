// The action's failures, end to end: each one fails the step once, with the endpoint, the status,
// the engine's message and a hint naming the input to fix; transient ones are retried and pass.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { runStep, type StepRun } from '../../helpers/run-action.ts';
import { startFlakyProxy, type FlakyProxy } from './flaky-proxy.ts';
import { assertNoLeak, exportedSecrets } from './leak-check.ts';
import { prepareEngine } from './setup.ts';
import { closedPort } from '../../helpers/closed-port.ts';

/** The step's failure annotations (there must be exactly one). */
function failureOf(run: StepRun): string {
  const errors = run.stdout.split('\n').filter((line) => line.startsWith('::error'));
  assert.equal(errors.length, 1, `one failure expected, got:\n${run.stdout}`);
  assert.equal(run.exitCode, 1);
  return (errors[0] ?? '').replace(/%0A/g, '\n');
}

describe('action e2e: failures', () => {
  let engine: EngineProcess;
  let proxy: FlakyProxy;
  before(async () => {
    // The rotate-root test needs its second step to start inside the window in which the cloud still
    // refuses the first rotation's key: 10 s leaves room for a slow machine starting that step (and
    // that test's steps settle for longer than the window).
    engine = await startEngine({ args: ['--consistency-delay', '10'] });
    await prepareEngine(engine);
    proxy = await startFlakyProxy(engine.url);
  });
  after(async () => {
    await proxy.stop();
    await engine.stop();
  });
  const inputs = (extra: Record<string, string>) => ({
    url: engine.url,
    token: engine.rootToken,
    role: 'ci-user',
    ...extra,
  });

  it('a bad token: 403, the token input named, nothing retried', async () => {
    proxy.setRules([]);
    const bad = 'kfs.not-the-right-token-1234567890';
    const run = await runStep('main', { inputs: inputs({ url: proxy.url, token: bad }) });
    assert.match(
      failureOf(run),
      /Could not get credentials for role "ci-user": GET \/v1\/cloud\/creds\/ci-user answered 403: permission denied\. Hint: the token was refused .*check `token`/,
    );
    assert.equal(proxy.seen.length, 1);
    assertNoLeak('bad token', run, [bad]);
  });

  it("a missing role: the engine's words, role and mount named", async () => {
    const run = await runStep('main', { inputs: inputs({ role: 'no-such-role' }) });
    assert.match(
      failureOf(run),
      /answered 400: Role "no-such-role" not found\. Hint: role "no-such-role" does not exist at mount "cloud"; check `role` and `mount`/,
    );
    assert.equal(run.outputs['error-message']?.startsWith('Could not get credentials'), true);
    assertNoLeak('missing role', run, [engine.rootToken]);
  });

  it('the engine down: connection refused, the url named, after the configured attempts', async () => {
    const port = await closedPort();
    const run = await runStep('main', { inputs: inputs({ url: `http://127.0.0.1:${port}`, 'max-attempts': '2' }) });
    assert.match(
      failureOf(run),
      new RegExp(
        `could not reach the engine at http://127\\.0\\.0\\.1:${port} \\(ECONNREFUSED\\) \\(after 2 attempts\\)\\. Hint: nothing listens at \`url\``,
      ),
    );
    assert.match(run.stdout, /attempt 2 of 2/);
    assertNoLeak('engine down', run, [engine.rootToken]);
  });

  it('a timeout: the request-timeout input named', async () => {
    proxy.setRules([{ method: 'GET', path: '/v1/cloud/creds/ci-user', delayMs: 3000 }]);
    const run = await runStep('main', {
      inputs: inputs({ url: proxy.url, 'request-timeout': '300ms', 'max-attempts': '2' }),
    });
    assert.match(
      failureOf(run),
      /got no complete answer within 300 ms \(after 2 attempts\)\. Hint: the engine did not answer within `request-timeout`/,
    );
    assertNoLeak('timeout', run, [engine.rootToken]);
  });

  it('the overall timeout stops the retries', async () => {
    proxy.setRules([{ method: 'GET', path: '/v1/cloud/creds/ci-user', delayMs: 3000 }]);
    const run = await runStep('main', {
      inputs: inputs({ url: proxy.url, 'request-timeout': '1s', timeout: '1500ms', 'max-attempts': '10' }),
    });
    assert.match(failureOf(run), /overall time limit of 1500 ms ran out.*Hint: the whole operation ran past `timeout`/);
    assertNoLeak('overall timeout', run, [engine.rootToken]);
  });

  it('5xx then success: retried, and the step passes', async () => {
    proxy.setRules([{ method: 'GET', path: '/v1/cloud/creds/ci-user', fail: { times: 2, status: 503 } }]);
    const run = await runStep('main', { inputs: inputs({ url: proxy.url }) });
    assert.equal(run.exitCode, 0, run.stdout);
    assert.equal(proxy.seen.filter((s) => s === 'GET /v1/cloud/creds/ci-user').length, 3);
    assert.match(run.stdout, /failed \(HTTP 503: injected failure\); attempt 2 of 5/);
    assertNoLeak('5xx then success', run, [engine.rootToken, ...exportedSecrets(run)]);
  });

  it('4xx is never retried', async () => {
    proxy.setRules([{ method: 'GET', path: '/v1/cloud/creds/ci-user', fail: { times: 5, status: 404 } }]);
    const run = await runStep('main', { inputs: inputs({ url: proxy.url }) });
    failureOf(run);
    assert.equal(proxy.seen.length, 1);
    assertNoLeak('4xx not retried', run, [engine.rootToken]);
  });

  it('the rotate-root window: a second rotation and the next credentials wait for the new key', async () => {
    const first = await runStep('main', { inputs: inputs({ mode: 'rotate-root' }) });
    assert.equal(first.exitCode, 0, first.stdout);
    // A settle longer than the window: the steps wait it out however late they start.
    const second = await runStep('main', {
      inputs: inputs({ mode: 'rotate-root', 'max-attempts': '1', 'rotate-root-settle': '60s' }),
    });
    assert.equal(second.exitCode, 0, second.stdout);
    assert.match(second.stdout, /rotate-root: the cloud does not accept the rotated root key yet \(attempt 1\)/);
    assert.notEqual(second.outputs['new-access-key'], first.outputs['new-access-key']);
    const creds = await runStep('main', { inputs: inputs({ 'max-attempts': '1', 'rotate-root-settle': '60s' }) });
    assert.equal(creds.exitCode, 0, creds.stdout);
    assert.match(creds.stdout, /creds ci-user: the cloud does not accept the rotated root key yet/);
    for (const [name, run] of [
      ['rotate-root', first],
      ['rotate-root again', second],
    ] as const) {
      assert.ok(run.masks.includes(run.outputs['new-access-key'] ?? 'x'), 'the new key id is masked');
      assertNoLeak(name, run, [engine.rootToken, run.outputs['new-access-key']], ['new-access-key']);
    }
    assertNoLeak('creds after rotation', creds, [engine.rootToken, ...exportedSecrets(creds)]);
  });

  it('the rotate-root window has an end', async () => {
    // An engine of its own whose new root key stays refused for a minute: the step's 1 s settle
    // must run out inside that window however slowly the machine starts the second step.
    const slow = await startEngine({ args: ['--consistency-delay', '60'] });
    try {
      await prepareEngine(slow);
      const own = { url: slow.url, token: slow.rootToken, role: 'ci-user' };
      const first = await runStep('main', { inputs: { ...own, mode: 'rotate-root' } });
      assert.equal(first.exitCode, 0, first.stdout);
      const run = await runStep('main', {
        inputs: { ...own, mode: 'rotate-root', 'max-attempts': '1', 'rotate-root-settle': '1s' },
      });
      assert.match(
        failureOf(run),
        /Could not rotate the root key: POST \/v1\/cloud\/config\/rotate-root answered 500: .*security token included in the request is invalid/,
      );
      assertNoLeak('rotate-root window ended', run, [slow.rootToken]);
    } finally {
      await slow.stop();
    }
  });
});
