// A hostile engine (or a proxy in front of one) against the bundled action: after issuing credentials
// it answers retryable 5xx whose bodies carry workflow commands (`::stop-commands::`, `::add-mask::`,
// `##[...]`), line breaks of every kind and the secrets issued earlier in the step, cut so that a
// naive truncation would print a prefix of one. The action's whole stdout is read the way the runner
// reads it: commands, stop-commands with its resume token, masks applied to the lines after them.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { runStep } from '../../helpers/run-action.ts';
import { readAsRunner } from './runner-log.ts';

const random = (prefix: string) => `${prefix}${randomBytes(18).toString('base64url')}`;
const TOKEN = random('kfs.hostile-');
const ISSUED = {
  access_key: `AKIA${randomBytes(8).toString('hex').toUpperCase()}`,
  secret_key: random('sk/'),
  session_token: null,
};

/** Error texts the hostile engine answers with: each would break a log that prints outside text raw. */
function hostileErrors(): string[] {
  const secret = ISSUED.secret_key;
  return [
    `busy\n::stop-commands::pwned\n::add-mask::nothing\nsecret=${secret}\n::pwned::`,
    `${'x'.repeat(100)}${secret}`, // the retry line cuts at 120 characters: inside the secret
    `${'y'.repeat(290)}${secret}`, // the client keeps 300 characters of a message: inside the secret
    `  ::warning::fake\r##[add-mask]x\u2028::error::${TOKEN}\u0085${ISSUED.access_key}\u001b[2J`,
  ];
}

describe('action e2e: a hostile engine cannot inject commands or unmask secrets', () => {
  let server: Server;
  let url = '';
  let issued: () => void = () => undefined;
  const firstAnswered = new Promise<void>((resolve) => (issued = resolve));
  const seen: string[] = [];

  before(async () => {
    server = createServer((req, res) => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      seen.push(`${req.method} ${path}`);
      req.resume();
      if (path === '/v1/cloud/creds/first') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            request_id: 'r1',
            lease_id: 'cloud/creds/first/l1',
            renewable: false,
            lease_duration: 900,
            data: ISSUED,
            warnings: null,
            auth: null,
          }),
        );
        issued();
        return;
      }
      void firstAnswered.then(() => {
        res.writeHead(503, { 'content-type': 'application/json' });
        // The revoke answer leads with the message the retry line cuts inside the secret.
        const errors = path === '/v1/sys/leases/revoke' ? hostileErrors().slice(1) : hostileErrors();
        res.end(JSON.stringify({ errors }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('prints no secret in clear, runs no injected command, and still shows the engine its words', async () => {
    const run = await runStep('main', {
      inputs: { url, token: TOKEN, roles: 'first | FIRST_\nsecond | SECOND_', 'max-attempts': '3' },
    });
    assert.equal(run.exitCode, 1, run.stdout);
    assert.ok(seen.filter((s) => s === 'GET /v1/cloud/creds/second').length === 3, seen.join(', '));

    const log = readAsRunner(run.stdout);
    assert.deepEqual(log.stopped, [], 'an injected ::stop-commands:: was obeyed');
    assert.deepEqual(
      log.masks.filter((m) => m === 'nothing' || m === 'x'),
      [],
      'an injected ::add-mask:: was obeyed',
    );
    assert.ok(!log.commands.some((c) => c.data === 'fake'), 'an injected ::warning:: became an annotation');
    assert.ok(log.masks.includes(ISSUED.secret_key) && log.masks.includes(TOKEN), 'the step registered its secrets');

    const shown = log.visible.join('\n');
    for (const secret of [TOKEN, ISSUED.secret_key, ISSUED.access_key]) {
      for (let i = 0; i + 8 <= secret.length; i++) {
        const window = secret.slice(i, i + 8);
        assert.ok(!shown.includes(window), `part of a secret (${window}) shows in the log:\n${shown}`);
      }
    }
    assert.ok(!run.stderr.includes(ISSUED.secret_key) && !run.stderr.includes(TOKEN));
    // The engine's words still reach the reader, as plain text on the retry lines and in the failure.
    assert.match(shown, /attempt 2 of 3 .*/);
    assert.match(shown, /busy ⏎ ::stop-commands::pwned ⏎ ::add-mask::nothing/);
    assert.match(shown, /Could not get credentials for role "second"/);
  });

  // The post step is a process of its own: it never saw the keys the main step issued, so it cannot
  // redact them by value. The runner still masks them (registered by the main step), but only whole:
  // a cut that leaves part of one shows that part in clear.
  it('the post step, which does not know the issued keys, prints no part of one when the engine echoes it', async () => {
    const step = { inputs: { url, token: TOKEN, roles: 'first | FIRST_', 'max-attempts': '3' } };
    const main = await runStep('main', step);
    assert.equal(main.exitCode, 0, main.stdout);
    const post = await runStep('post', { ...step, state: main.state });
    assert.equal(post.exitCode, 0, post.stdout);
    assert.ok(seen.filter((s) => s === 'PUT /v1/sys/leases/revoke').length >= 3, seen.join(', '));

    // One job log: the masks the main step registered apply to the post step's lines too.
    const log = readAsRunner(`${main.stdout}\n${post.stdout}`);
    const shown = log.visible.join('\n');
    for (const secret of [ISSUED.secret_key, ISSUED.access_key]) {
      for (let i = 0; i + 8 <= secret.length; i++) {
        const window = secret.slice(i, i + 8);
        assert.ok(!shown.includes(window), `part of a secret (${window}) shows in the log:\n${shown}`);
      }
    }
    assert.match(shown, /PUT \/v1\/sys\/leases\/revoke failed \(HTTP 503: .*attempt 2 of 3/);
    assert.match(shown, /Could not revoke lease cloud\/creds\/first\/l1/);
  });
});
