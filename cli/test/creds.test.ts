import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEngine, type EngineProcess } from '../../test/helpers/engine.ts';
import { startRoundRobin } from '../../test/helpers/round-robin.ts';
import { render, shellQuote } from '../src/commands/creds.ts';
import { main } from '../src/main.ts';
import { captureIo } from './capture-io.ts';
import { closedPort } from '../../test/helpers/closed-port.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const ROLE_ARN = 'arn:aws:iam::123456789012:role/deploy';

describe('keyfob creds', () => {
  let engine: EngineProcess;
  const run = async (args: string[], env: Record<string, string> = {}, now?: () => number) => {
    const io = {
      ...captureIo(repo, { KEYFOB_URL: engine.url, KEYFOB_TOKEN: engine.rootToken, ...env }),
      ...(now ? { now } : {}),
    };
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

  it('--allowed-account-ids: refuses another account (by ARN and by GetCallerIdentity), revokes, prints nothing', async () => {
    const sts = { AWS_ENDPOINT_URL_STS: engine.cloudUrl, AWS_REGION: 'eu-west-1' };
    const leases = async () => {
      const answer = await fetch(`${engine.url}/v1/sys/leases/lookup/cloud/creds/ci/`, {
        method: 'LIST',
        headers: { 'X-Service-Token': engine.rootToken },
      });
      return answer.status === 404 ? [] : ((await answer.json()) as { data: { keys: string[] } }).data.keys;
    };
    const before = await leases();
    const refused = await run(['ci', '--allowed-account-ids', '210987654321,111111111111'], sts);
    assert.equal(refused.code, 1);
    assert.equal(refused.out, '');
    assert.match(
      refused.err,
      /belong to AWS account 123456789012, which is not in --allowed-account-ids \(210987654321, 111111111111\): refused .*lease cloud\/creds\/ci\/\S+ was revoked .*Hint: .*add 123456789012 to --allowed-account-ids/,
    );
    assert.deepEqual(await leases(), before, 'the refused lease is gone');
    const byArn = await run(['deploy', '--sts', '--allowed-account-ids', '210987654321'], sts);
    assert.equal(byArn.code, 1);
    assert.match(byArn.err, /belong to AWS account 123456789012/);
    const allowed = await run(['ci', '--format', 'credential-process', '--allowed-account-ids', '123456789012'], sts);
    assert.equal(allowed.code, 0, allowed.err);
    assert.match(allowed.out, /"AccessKeyId":"AKIA/);
    const bad = await run(['ci', '--allowed-account-ids', '1234'], sts);
    assert.equal(bad.code, 2);
    assert.match(bad.err, /--allowed-account-ids: "1234" is not an AWS account id \(12 digits\)/);
  });

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

  it('STS credentials of a federation_token role: the role is read to tell the type only where the type is shown', async () => {
    await setup('cloud/roles/fed', {
      credential_type: 'federation_token',
      policy_document: {
        Version: '2012-10-17',
        Statement: [{ Effect: 'Allow', Action: 's3:ListBucket', Resource: '*' }],
      },
    });
    const recorder = await startRoundRobin([engine.url]);
    const sent = () => recorder.sent.splice(0).map((r) => `${r.method} ${r.path}`);
    try {
      const process = await run(['fed', '--sts', '--format', 'credential-process'], { KEYFOB_URL: recorder.url });
      assert.equal(process.code, 0, process.err);
      assert.match(process.out, /"SessionToken":/);
      assert.deepEqual(sent(), ['POST /v1/cloud/sts/fed'], 'one request: no role read for a type nobody sees');
      const json = await run(['fed', '--sts', '--format', 'json'], { KEYFOB_URL: recorder.url });
      assert.equal(json.code, 0, json.err);
      assert.equal((JSON.parse(json.out) as { credential_type: string }).credential_type, 'federation_token');
      assert.deepEqual(
        sent(),
        ['POST /v1/cloud/sts/fed', 'GET /v1/cloud/roles/fed'],
        'the answer cannot tell the type',
      );
    } finally {
      await recorder.stop();
    }
  });

  it('prints JSON for a static role', async () => {
    const { code, out, err } = await run(['backup', '--static', '--format', 'json']);
    assert.equal(code, 0, err);
    const body = JSON.parse(out) as Record<string, unknown>;
    assert.equal(body.credential_type, 'static');
    assert.equal(body.lease_id, null);
    assert.match(String(body.expiration), /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  describe('--format credential-process', () => {
    const parse = (out: string) => JSON.parse(out) as Record<string, unknown>;
    it('prints the AWS JSON for each mode (dynamic, STS, static) and nothing on stderr', async () => {
      const dynamic = await run(['ci', '--format', 'credential-process']);
      assert.equal(dynamic.code, 0, dynamic.err);
      assert.equal(dynamic.err, '');
      assert.deepEqual(Object.keys(parse(dynamic.out)), ['Version', 'AccessKeyId', 'SecretAccessKey', 'Expiration']);
      const sts = await run(['deploy', '--sts', '--ttl', '15m', '--format', 'credential-process']);
      const body = parse(sts.out);
      assert.deepEqual(Object.keys(body), ['Version', 'AccessKeyId', 'SecretAccessKey', 'SessionToken', 'Expiration']);
      assert.equal(body.Version, 1);
      assert.match(String(body.AccessKeyId), /^ASIA/);
      const lifetime = Date.parse(String(body.Expiration)) - Date.now();
      assert.ok(lifetime > 14 * 60_000 && lifetime <= 15 * 60_000, `15-minute credentials, not ${lifetime} ms`);
      const stat = parse((await run(['backup', '--static', '--format', 'credential-process'])).out);
      assert.match(String(stat.AccessKeyId), /^AKIA/);
      assert.equal(stat.SessionToken, undefined);
    });

    it('answers from the cache (0600 in a 0700 directory) until shortly before expiry, then issues anew', async () => {
      const dir = join(mkdtempSync(join(tmpdir(), 'keyfob-cache-')), 'nested');
      const args = ['deploy', '--sts', '--ttl', '15m', '--format', 'credential-process', '--cache-dir', dir];
      const start = Date.now();
      const first = parse((await run(args, {}, () => start)).out);
      const again = parse((await run(args, {}, () => start + 60_000)).out);
      assert.deepEqual(again, first, 'no new credentials while the cached ones are fresh');
      assert.equal(statSync(dir).mode & 0o777, 0o700);
      const files = readdirSync(dir);
      assert.equal(files.length, 1);
      assert.equal(statSync(join(dir, files[0] ?? '')).mode & 0o777, 0o600);
      const other = parse(
        (
          await run(
            ['ci', ...args.slice(1).filter((a) => a !== '--sts' && a !== '--ttl' && a !== '15m')],
            {},
            () => start,
          )
        ).out,
      );
      assert.notEqual(other.AccessKeyId, first.AccessKeyId, 'another request has its own cache file');
      const nearEnd = Date.parse(String(first.Expiration)) - 4 * 60_000;
      const renewed = parse((await run(args, {}, () => nearEnd)).out);
      assert.notEqual(renewed.AccessKeyId, first.AccessKeyId, 'new credentials within 5 minutes of the end');
      assert.equal(parse((await run(args, {}, () => nearEnd + 1000)).out).AccessKeyId, renewed.AccessKeyId);
    });

    it('a damaged cache file is replaced, never shown', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'keyfob-cache-'));
      const args = ['ci', '--format', 'credential-process', '--cache-dir', dir];
      const first = parse((await run(args)).out);
      const [file] = readdirSync(dir);
      writeFileSync(join(dir, file ?? ''), '{"output": {"Version": 1, "AccessKeyId": 7}}');
      const fresh = await run(args);
      assert.equal(fresh.code, 0, fresh.err);
      assert.notEqual(parse(fresh.out).AccessKeyId, first.AccessKeyId);
    });

    it('refuses --cache-dir without --format credential-process', async () => {
      const { code, err } = await run(['ci', '--cache-dir', tmpdir()]);
      assert.equal(code, 2);
      assert.match(err, /--cache-dir goes with --format credential-process only/);
    });
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
    {
      name: 'a bad format',
      args: ['ci', '--format', 'xml'],
      env: {},
      code: 2,
      err: /--format must be env, shell, json or credential-process, not "xml"/,
    },
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
