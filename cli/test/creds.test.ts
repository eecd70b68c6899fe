import assert from 'node:assert/strict';
import { createServer, type AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { startEngine, type EngineProcess } from '../../test/helpers/engine.ts';
import { render, shellQuote } from '../src/commands/creds.ts';
import { main } from '../src/main.ts';
import { captureIo } from './capture-io.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const ROLE_ARN = 'arn:aws:iam::123456789012:role/deploy';

describe('keyfob creds', () => {
  let engine: EngineProcess;
  const run = async (args: string[], env: Record<string, string> = {}) => {
    const io = captureIo(repo, { KEYFOB_URL: engine.url, KEYFOB_TOKEN: engine.rootToken, ...env });
    const code = await main(['creds', ...args], io);
    return { code, out: io.out(), err: io.err() };
  };
  const setup = async (path: string, body: unknown) => {
    const answer = await fetch(`${engine.url}/v1/${path}`, {
      method: path.startsWith('sys/dev') ? 'PUT' : 'POST',
      headers: { 'X-Service-Token': engine.rootToken, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    assert.ok(answer.ok, `${path}: ${answer.status} ${await answer.text()}`);
  };

  before(async () => {
    engine = await startEngine();
    await setup('sys/dev/cloud', { users: [{ name: 'backup', accessKeys: 0 }], roles: [{ arn: ROLE_ARN }] });
    await setup('cloud/roles/ci', {
      credential_type: 'iam_user',
      policy_arns: 'arn:aws:iam::aws:policy/ReadOnlyAccess',
    });
    await setup('cloud/roles/deploy', { credential_type: 'assumed_role', role_arns: ROLE_ARN });
    await setup('cloud/static-roles/backup', { username: 'backup', rotation_period: '1h' });
  });
  after(() => engine.stop());

  it('prints env lines for iam_user credentials and says what it got on stderr', async () => {
    const { code, out, err } = await run(['ci']);
    assert.equal(code, 0, err);
    assert.match(out, /^CLOUD_ACCESS_KEY=AKIA\w+\nCLOUD_SECRET_KEY=\S+\nCLOUD_SESSION_TOKEN=\n$/);
    assert.match(err, /iam_user credentials for ci, valid until \d{4}-\d\d-\d\dT.*lease cloud\/creds\/ci\//);
  });

  it('prints shell exports for STS credentials under the AWS names, with the request parameters', async () => {
    const { code, out, err } = await run([
      'deploy',
      '--sts',
      '--ttl',
      '15m',
      '--role-session-name',
      'laptop',
      '--env-names',
      'aws',
      '--format',
      'shell',
    ]);
    assert.equal(code, 0, err);
    assert.match(
      out,
      /^export AWS_ACCESS_KEY_ID='ASIA\w+'\nexport AWS_SECRET_ACCESS_KEY='.+'\nexport AWS_SESSION_TOKEN='.+'\n$/,
    );
    assert.match(err, /assumed_role credentials for deploy, as arn:aws:sts::123456789012:assumed-role\/deploy\/laptop/);
    assert.match(err, /\(15m0s\)/);
  });

  it('prints JSON for a static role', async () => {
    const { code, out, err } = await run(['backup', '--static', '--format', 'json']);
    assert.equal(code, 0, err);
    const body = JSON.parse(out) as Record<string, unknown>;
    assert.equal(body.credential_type, 'static');
    assert.equal(body.lease_id, null);
    assert.match(String(body.expiration), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  const failures = [
    {
      name: 'an unknown role',
      args: ['nope'],
      env: {},
      code: 1,
      err: /Role "nope" not found\. Hint: role "nope" does not exist at mount "cloud"; check `ROLE` and `--mount`/,
    },
    {
      name: 'a bad token',
      args: ['ci'],
      env: { KEYFOB_TOKEN: 'kfs.wrong-token-value' },
      code: 1,
      err: /answered 403: permission denied\. Hint: .*`--token \(or KEYFOB_TOKEN\)`/,
    },
    {
      name: 'a missing static role',
      args: ['nope', '--static'],
      env: {},
      code: 1,
      err: /no static role "nope" at mount "cloud"/,
    },
    { name: 'a ttl in days', args: ['deploy', '--sts', '--ttl', '1d'], env: {}, code: 2, err: /--ttl "1d".*"24h"/ },
    { name: 'two roles', args: ['a', 'b'], env: {}, code: 2, err: /exactly one ROLE/ },
    { name: 'a bad format', args: ['ci', '--format', 'xml'], env: {}, code: 2, err: /env, shell or json/ },
  ];
  for (const c of failures) {
    it(`fails on ${c.name} with exit ${c.code}, printing nothing on stdout`, async () => {
      const { code, out, err } = await run(c.args, c.env);
      assert.equal(code, c.code);
      assert.equal(out, '');
      assert.match(err, c.err);
      assert.ok(!err.includes('kfs.wrong-token-value'), 'the token never shows');
    });
  }

  it('names the url when nothing listens there', async () => {
    const port = await closedPort();
    const { code, err } = await run(['ci', '--url', `http://127.0.0.1:${port}`, '--max-attempts', '1']);
    assert.equal(code, 1);
    assert.match(
      err,
      /could not reach the engine at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)\. Hint: nothing listens at `--url`/,
    );
  });
});

describe('keyfob creds output', () => {
  const issued = {
    request: {
      role: 'r',
      method: 'sts' as const,
      params: {},
      ttlSeconds: undefined,
      env: { accessKey: 'A', secretKey: 'S', sessionToken: 'T', region: ['R'] },
    },
    accessKey: 'AKIA1',
    secretKey: "it's/secret",
    sessionToken: null,
    arn: undefined,
    leaseId: '',
    leaseDuration: 0,
    revocable: false,
    expiration: undefined,
    credentialType: 'iam_user',
  };
  const cases = [
    { name: 'env clears a stale session token', format: 'env' as const, expected: "A=AKIA1\nS=it's/secret\nT=\n" },
    {
      name: 'shell quotes single quotes',
      format: 'shell' as const,
      expected: "export A='AKIA1'\nexport S='it'\\''s/secret'\nexport T=''\n",
    },
  ];
  for (const c of cases) it(c.name, () => assert.equal(render(issued, c.format), c.expected));
  it('shellQuote survives every character', () => assert.equal(shellQuote(`a'b"c$d`), `'a'\\''b"c$d'`));
});

/** A port nothing listens on: one the system just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
