// `keyfob import` against a spawned `keyfob serve`: apply a folder (roles, static roles, ACL policies,
// JWT roles), import it as role files, and `apply --dry-run` of what was imported finds nothing to
// change; no secret of the engine in any file or output; existing files, flags and their bounds,
// long lists, and names an engine lists that are not safe file names (through a recording proxy
// that adds them to the real engine's list answers).
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { engineCall as callEngine, startEngine, type EngineProcess } from '../../test/helpers/engine.ts';
import { runMain } from './capture-io.ts';
import { scratchProjects } from './scratch-project.ts';

const ACCOUNT = '123456789012';
const ROLE_ARN = `arn:aws:iam::${ACCOUNT}:role/deploy`;
const ROOT_SECRET = 'kfRootSecret/Never+Written0123456789abcd';

/** The folder applied first: several objects of each kind. */
const SOURCE: Record<string, string> = {
  'deploy.role.yaml': [
    'credential_type: assumed_role',
    `role_arns: [${ROLE_ARN}]`,
    'policy_arns: [arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess]',
    'default_sts_ttl: 15m',
    'max_sts_ttl: 1h',
    'session_tags: { team: platform, pipeline: release }',
    'external_id: keyfob-ci',
    '',
  ].join('\n'),
  'ci-user.role.yaml': [
    'credential_type: iam_user',
    'policy_document:',
    '  Version: "2012-10-17"',
    '  Statement:',
    '    - Effect: Allow',
    '      Action: [s3:GetObject, s3:PutObject]',
    '      Resource: "arn:aws:s3:::artifacts/${aws:username}/*"',
    'iam_groups: [ci-runners]',
    'iam_tags: [owner=platform, purpose=tests]',
    'user_path: /keyfob/ci/',
    '',
  ].join('\n'),
  'reports.role.json': JSON.stringify({
    credential_type: 'federation_token',
    policy_arns: 'arn:aws:iam::aws:policy/AmazonAthenaFullAccess',
    default_sts_ttl: '30m',
  }),
  // Two names a case-insensitive file system cannot tell apart.
  'upper.role.yaml':
    'name: Nightly\ncredential_type: federation_token\npolicy_arns: [arn:aws:iam::aws:policy/ReadOnlyAccess]\n',
  'lower.role.yaml': 'name: nightly\ncredential_type: session_token\n',
  'backup.static-role.yaml': 'username: backup\nrotation_period: 24h\n',
  'exporter.static-role.yaml': 'username: exporter\nrotation_period: 90m\n',
  'deploy.policy.hcl': 'path "cloud/sts/deploy" {\n  capabilities = ["read", "update"]\n}\n',
  'ops.policy.json': '{\n  "path": {\n    "cloud/creds/*": { "capabilities": ["read"] }\n  }\n}\n',
  'gh-deploy.jwt-role.yaml': [
    'role_type: jwt',
    'user_claim: repository',
    'bound_audiences: [keyfob]',
    'bound_claims:',
    '  repository_id: "4242"',
    '  ref: [refs/heads/main, refs/heads/release]',
    'token_policies: [deploy]',
    'token_ttl: 15m',
    'token_bound_cidrs: [10.0.0.0/8]',
    '',
  ].join('\n'),
  'gh-ops.jwt-role.yaml': [
    'role_type: jwt',
    'user_claim: sub',
    'bound_audiences: [keyfob]',
    'bound_subject: repo:octo/ops:ref:refs/heads/main',
    'bound_claims_type: glob',
    'bound_claims: { repository_owner_id: "77" }',
    'token_policies: [ops, deploy]',
    'token_max_ttl: 2h',
    'clock_skew_leeway: -1',
    'token_type: batch',
    '',
  ].join('\n'),
};

/** Every file below a folder, by path relative to it. */
function filesBelow(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true }))
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      out[path.slice(dir.length + 1)] = readFileSync(path, 'utf8');
    }
  return out;
}

describe('keyfob import', () => {
  let engine: EngineProcess;
  const project = scratchProjects('keyfob-import-');
  let source = '';
  const secrets: string[] = [];
  const run = (cwd: string, ...args: string[]) =>
    runMain(args, cwd, { KEYFOB_URL: engine.url, KEYFOB_TOKEN: engine.rootToken });
  const engineCall = (method: string, path: string, body?: unknown) => callEngine(engine, method, path, body);
  /** What anyone could see of a run: its output and every file it wrote. */
  const assertNoSecret = (where: string, text: string) => {
    for (const secret of secrets) assert.ok(!text.includes(secret), `${where} holds a secret of the engine`);
  };

  before(async () => {
    engine = await startEngine();
    const users = ['backup', 'exporter'].map((name) => ({ name, accessKeys: 0 }));
    assert.equal((await engineCall('PUT', 'sys/dev/cloud', { users, roles: [{ arn: ROLE_ARN }] })).status, 200);
    source = project('source', SOURCE);
    const applied = await run(source, 'apply', '.');
    assert.equal(applied.code, 0, applied.err);
    // The engine's secrets: the root secret key (written last: the cloud knows no such key) and the
    // static roles' current keys.
    for (const name of ['backup', 'exporter']) {
      // The static credentials answer at the top level (seed 1), not under data.
      const answer = await fetch(`${engine.url}/v1/cloud/static-creds/${name}`, {
        headers: { 'X-Service-Token': engine.rootToken },
      });
      secrets.push(String(((await answer.json()) as { secret_key?: string }).secret_key));
    }
    const root = { access_key: 'AKIAKEYFOBIMPORTTEST', secret_key: ROOT_SECRET, region: 'eu-west-1', max_retries: 3 };
    assert.equal((await engineCall('POST', 'cloud/config/root', root)).status, 204);
    secrets.push(ROOT_SECRET, engine.rootToken);
    for (const secret of secrets)
      assert.ok(secret.length >= 16, `a secret of the engine was not read: ${secret.length}`);
  });
  after(async () => {
    await engine.stop();
  });

  it('imports role files that apply finds nothing to change in, with no secret anywhere', async () => {
    const dir = project('round-trip', {});
    const imported = await run(dir, 'import', '--out', 'imported');
    assert.equal(imported.code, 0, imported.err);
    const files = filesBelow(join(dir, 'imported'));
    assert.deepEqual(
      Object.keys(files).sort(),
      [
        'backup.static-role.yaml',
        'ci-user.role.yaml',
        'cloud.root-config.yaml',
        'deploy.policy.hcl',
        'deploy.role.yaml',
        'exporter.static-role.yaml',
        'gh-deploy.jwt-role.yaml',
        'gh-ops.jwt-role.yaml',
        'nightly-2.role.yaml',
        'Nightly.role.yaml',
        'ops.policy.json',
        'reports.role.yaml',
      ].sort(),
    );
    // The name the file name cannot carry is written in the file.
    assert.match(files['nightly-2.role.yaml'] ?? '', /^name: nightly$/m);
    assert.doesNotMatch(files['Nightly.role.yaml'] ?? '', /^name:/m);
    assert.match(files['deploy.role.yaml'] ?? '', /^default_sts_ttl: 15m$/m);
    assert.match(files['ci-user.role.yaml'] ?? '', /Resource: arn:aws:s3:::artifacts\/\$\{aws:username\}\/\*/);
    assert.match(files['exporter.static-role.yaml'] ?? '', /^rotation_period: 1h30m$/m);
    assert.equal(files['deploy.policy.hcl'], SOURCE['deploy.policy.hcl']);
    assert.match(files['gh-ops.jwt-role.yaml'] ?? '', /^clock_skew_leeway: -1$/m);
    // The root configuration: what it sets, never its keys.
    assert.match(files['cloud.root-config.yaml'] ?? '', /^region: eu-west-1$/m);
    assert.match(files['cloud.root-config.yaml'] ?? '', /^max_retries: 3$/m);
    assert.doesNotMatch(files['cloud.root-config.yaml'] ?? '', /^(access|secret)_key:/m);
    assert.match(imported.err, /info IMPORT_SECRET_LEFT_OUT cloud\.root-config\.yaml: /);
    assert.match(imported.out, /imported 5 roles, 2 static roles, 1 root configuration, 2 policies and 2 JWT roles/);
    for (const [file, text] of Object.entries(files)) assertNoSecret(file, text);
    assertNoSecret('stdout', imported.out);
    assertNoSecret('stderr', imported.err);

    const plan = await run(dir, 'apply', 'imported', '--dry-run', '--format', 'json');
    assert.equal(plan.code, 0, plan.err);
    const report = JSON.parse(plan.out) as { changed: boolean; plan: { op: string; kind: string; name: string }[] };
    assert.equal(report.changed, false, plan.out);
    assert.deepEqual(
      report.plan.map((s) => `${s.op} ${s.kind} ${s.name}`).sort(),
      [
        'unchanged jwt-role gh-deploy',
        'unchanged jwt-role gh-ops',
        'unchanged policy deploy',
        'unchanged policy ops',
        'unchanged role Nightly',
        'unchanged role ci-user',
        'unchanged role deploy',
        'unchanged role nightly',
        'unchanged role reports',
        'unchanged static-role backup',
        'unchanged static-role exporter',
      ].sort(),
    );
    const lint = await run(dir, 'lint', 'imported', '--format', 'json');
    assert.equal(lint.code, 0, lint.out);
  });

  it('writes JSON of what it wrote with --format-output json', async () => {
    const dir = project('json-report', {});
    const { code, out, err } = await run(dir, 'import', '--out', 'o', '--format-output', 'json');
    assert.equal(code, 0, err);
    const report = JSON.parse(out) as {
      files: { file: string; kind: string; name: string }[];
      notes: { code: string }[];
    };
    assert.deepEqual(
      report.files.find((f) => f.name === 'nightly'),
      { file: 'nightly-2.role.yaml', kind: 'role', name: 'nightly' },
    );
    assert.deepEqual(
      report.notes.map((n) => n.code),
      ['IMPORT_SECRET_LEFT_OUT'],
    );
    assert.equal(err, '');
  });

  it('writes nothing when a file exists, unless --force', async () => {
    const dir = project('existing', { 'o/deploy.role.yaml': '# mine\n' });
    const refused = await run(dir, 'import', '--out', 'o');
    assert.equal(refused.code, 1);
    assert.match(
      refused.err,
      /a file exists in o: deploy\.role\.yaml; give --force to overwrite, or another --out\. Nothing was written\./,
    );
    assert.deepEqual(Object.keys(filesBelow(join(dir, 'o'))), ['deploy.role.yaml']);
    assert.equal(readFileSync(join(dir, 'o', 'deploy.role.yaml'), 'utf8'), '# mine\n');
    const forced = await run(dir, 'import', '--out', 'o', '--force');
    assert.equal(forced.code, 0, forced.err);
    assert.match(readFileSync(join(dir, 'o', 'deploy.role.yaml'), 'utf8'), /^credential_type: assumed_role$/m);
  });

  it('checks every flag at the edge, naming it, the value and the fix (exit 2, nothing read or written)', async () => {
    const dir = project('flags', {});
    const cases: [string[], RegExp][] = [
      [[], /give the folder to write to with --out DIR/],
      [['--out', 'o', 'extra'], /takes no PATH \(give the folder with --out\), not "extra"/],
      [['--out', 'o', '--max-items', '0'], /--max-items must be a whole number from 1 to 100000, not "0"/],
      [['--out', 'o', '--max-items', '100001'], /--max-items must be a whole number from 1 to 100000, not "100001"/],
      [['--out', 'o', '--max-items', '1e3'], /--max-items must be a whole number from 1 to 100000, not "1e3"/],
      [['--out', 'o', '--format', 'hcl'], /--format must be role, not "hcl"/],
      [['--out', 'o', '--format-output', 'yaml'], /--format-output must be text or json, not "yaml"/],
      [['--out', 'x'.repeat(5000)], /--out must be a folder path of at most 4096 characters/],
      [['--out', 'o', '--url', 'ftp://engine'], /--url/],
    ];
    for (const [args, message] of cases) {
      const { code, err } = await run(dir, 'import', ...args);
      assert.equal(code, 2, `${args.join(' ')}: ${err}`);
      assert.match(err, message);
    }
    assert.equal(existsSync(join(dir, 'o')), false);
  });

  it('refuses an engine list longer than --max-items, writing nothing', async () => {
    const dir = project('limit', {});
    const { code, err } = await run(dir, 'import', '--out', 'o', '--max-items', '3');
    assert.equal(code, 1);
    assert.equal(
      err,
      'keyfob import: the engine lists 5 roles, more than --max-items 3; give a larger --max-items (at most 100000) to import them all.; nothing was written.\n',
    );
    assert.equal(existsSync(join(dir, 'o')), false);
  });

  describe('names an engine lists that are not safe', () => {
    let proxy: Server;
    let proxyUrl = '';
    const added = ['../escaped', '..', 'a/b', '/etc/passwd', 'x\nkeyfob: forged'];
    before(async () => {
      // In front of the real engine: list answers of roles and static roles carry names a hostile
      // or broken engine could send; everything else passes through unchanged.
      const target = new URL(engine.url);
      proxy = createServer((req, res) => {
        const forward = request(
          { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
          (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (c: Buffer) => chunks.push(c));
            answer.on('end', () => {
              let body = Buffer.concat(chunks);
              if (/\/v1\/cloud\/(?:static-)?roles\?list=true$/.test(req.url ?? '') && answer.statusCode === 200) {
                const parsed = JSON.parse(body.toString('utf8')) as { data: { keys: string[] } };
                parsed.data.keys.push(...added);
                body = Buffer.from(JSON.stringify(parsed));
              }
              const headers = { ...answer.headers, 'content-length': String(body.length) };
              res.writeHead(answer.statusCode ?? 502, headers);
              res.end(body);
            });
          },
        );
        req.pipe(forward);
      });
      await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
      proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    });
    after(() => new Promise<void>((resolve) => proxy.close(() => resolve())));

    it('skips them with a note and writes nothing outside --out', async () => {
      const dir = project('hostile', { 'inner/.keep': '' });
      const { code, err } = await runMain(['import', '--out', 'o'], join(dir, 'inner'), {
        KEYFOB_URL: proxyUrl,
        KEYFOB_TOKEN: engine.rootToken,
      });
      assert.equal(code, 0, err);
      assert.deepEqual(
        Object.keys(filesBelow(dir)).filter((f) => !f.startsWith('inner/o/')),
        ['inner/.keep'],
      );
      const notes = err.split('\n').filter((l) => l.includes('IMPORT_NAME_UNSAFE'));
      assert.equal(notes.length, added.length * 2, err);
      assert.ok(notes.some((l) => l.includes('the role name "../escaped", which is not a valid engine name')));
      // A name with a line break is shown escaped on its one line.
      assert.ok(notes.some((l) => l.includes('"x\\nkeyfob: forged"')));
      assert.equal(readdirSync(join(dir, 'inner', 'o')).length, 12);
    });
  });
});
