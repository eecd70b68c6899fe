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
import { parseDuration } from '@keyfob/shared/duration';
import { DEFAULT_USERNAME_TEMPLATE } from '@keyfob/shared/template';
import { readTerraformFile, readTerraformResources } from '@keyfob/shared/terraform';
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

/** What the engine leaves a field at when nothing set it (import writes no attribute for it). */
const ENGINE_UNSET: Readonly<Record<string, unknown>> = {
  bound_claims_type: 'string',
  token_type: 'default',
  identity_token_ttl: 3600,
  username_template: DEFAULT_USERNAME_TEMPLATE,
};

/** A field's value to compare: unset values as undefined, JSON text parsed, one-value claims as lists. */
function comparable(field: string, value: unknown): unknown {
  if (value === undefined || value === null || value === '' || value === 0 || value === false) return undefined;
  if (ENGINE_UNSET[field] === value) return undefined;
  if (Array.isArray(value) && value.length === 0) return undefined;
  if (typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0) return undefined;
  if (field === 'policy_document' && typeof value === 'string') return JSON.parse(value) as unknown;
  // A static role's rotation period answers as a Go duration.
  if (field === 'rotation_period' && typeof value === 'string') return parseDuration(value).seconds;
  if (field === 'bound_claims' && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, Array.isArray(v) ? v : [v]]));
  return value;
}

describe('keyfob import', () => {
  let engine: EngineProcess;
  const project = scratchProjects('keyfob-import-');
  let source = '';
  const secrets: string[] = [];
  const run = (cwd: string, ...args: string[]) =>
    runMain(args, cwd, { KEYFOB_URL: engine.url, KEYFOB_TOKEN: engine.rootToken });
  const engineCall = (method: string, path: string, body?: unknown) => callEngine(engine, method, path, body);
  /** An object as the engine answers it, by wire name (read here, not through import's reads). */
  const engineHolds = async (kind: string, name: string): Promise<Record<string, unknown>> => {
    if (kind === 'static-role') {
      // Static roles answer at the top level (seed 1), not under data.
      const answer = await fetch(`${engine.url}/v1/cloud/static-roles/${name}`, {
        headers: { 'X-Service-Token': engine.rootToken },
      });
      return (await answer.json()) as Record<string, unknown>;
    }
    const path = {
      role: `cloud/roles/${name}`,
      'root-config': 'cloud/config/root',
      policy: `sys/policies/acl/${name}`,
      'jwt-role': `auth/jwt/role/${name}`,
    }[kind];
    const { status, data } = await engineCall('GET', path ?? '');
    assert.equal(status, 200, `${kind} ${name}`);
    return data ?? {};
  };
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

  it('imports Terraform that lints clean and reads back to what the engine holds, with no secret anywhere', async () => {
    // Besides the folder applied first: names that are not Terraform identifiers and strings HCL
    // must escape (quotes, `${`, `%{`, a line break), applied as role files and removed after.
    const extra = project('terraform-extra', {
      'team.a.role.yaml': [
        'credential_type: iam_user',
        'policy_document:',
        '  Version: "2012-10-17"',
        '  Statement:',
        '    - Effect: Allow',
        '      Action: s3:GetObject',
        '      Resource: "arn:aws:s3:::b/${aws:username}/*"',
        '      Condition:',
        '        StringEquals: { "aws:PrincipalTag/note": "say \\"hi\\" %{x} 100$\\nline two" }',
        '',
      ].join('\n'),
      'team_a.role.yaml': 'credential_type: session_token\n',
      '1st.ci.jwt-role.yaml': [
        'role_type: jwt',
        'user_claim: sub',
        'bound_audiences: [keyfob]',
        'bound_claims: { repository_id: "4242", workflow: "Deploy, prod" }',
        'claim_mappings: { actor: "who \\"${x}\\"" }',
        '',
      ].join('\n'),
      'team.read.policy.hcl':
        '# ${not_terraform} %{ nor_this }\npath "cloud/creds/team-*" {\n  capabilities = ["read"]\n}\n',
    });
    const applied = await run(extra, 'apply', '.');
    assert.equal(applied.code, 0, applied.err);
    try {
      const dir = project('terraform', {});
      const imported = await run(dir, 'import', '--out', 'tf', '--format', 'terraform');
      assert.equal(imported.code, 0, imported.err);
      const files = filesBelow(join(dir, 'tf'));
      assert.deepEqual(Object.keys(files).sort(), [
        'aws_secret_backend.tf',
        'aws_secret_backend_roles.tf',
        'aws_secret_backend_static_roles.tf',
        'jwt_auth_backend_roles.tf',
        'policies.tf',
      ]);
      assert.match(imported.out, /imported 7 roles, 2 static roles, 1 root configuration, 3 policies and 3 JWT roles/);
      // The secret key is a sensitive variable; the engine's max_retries has no provider attribute.
      const backend = files['aws_secret_backend.tf'] ?? '';
      assert.match(backend, /^ {2}secret_key += var\.aws_secret_key$/m);
      assert.match(backend, /variable "aws_secret_key" \{[^}]*sensitive += true/);
      assert.match(imported.err, /info IMPORT_SECRET_LEFT_OUT aws_secret_backend\.tf: .*var\.aws_secret_key/);
      assert.match(
        imported.err,
        /warning IMPORT_NOT_REPRESENTABLE The root configuration of mount cloud: max_retries was left out/,
      );
      assert.match(
        files['aws_secret_backend_roles.tf'] ?? '',
        /resource "vault_aws_secret_backend_role" "team_a_2" \{\n {2}backend += vault_aws_secret_backend\.cloud\.path\n {2}name += "team_a"/,
      );
      assert.match(files['jwt_auth_backend_roles.tf'] ?? '', /resource "vault_jwt_auth_backend_role" "_1st_ci" \{/);
      assert.match(files['jwt_auth_backend_roles.tf'] ?? '', /disable_bound_claims_parsing = true/);
      const lint = await run(dir, 'lint', 'tf', '--format', 'json');
      assert.equal(lint.code, 0, lint.out);
      const linted = JSON.parse(lint.out) as {
        files: { resources?: unknown[] }[];
        problems: { severity: string; code: string }[];
      };
      assert.equal(linted.files.flatMap((f) => f.resources ?? []).length, 16);
      assert.deepEqual(
        linted.problems.filter((p) => p.severity !== 'info'),
        [],
      );
      for (const [file, text] of Object.entries(files)) assertNoSecret(file, text);
      for (const [where, text] of Object.entries({ imported: imported.out + imported.err, lint: lint.out + lint.err }))
        assertNoSecret(where, text);

      // Read back with the Terraform reader lint uses (the five files one module): every resource
      // holds what the engine holds, field by field of the mapping table.
      const module = Object.entries(files).map(([file, text]) => readTerraformFile(file, text));
      const resources = module.flatMap((file) => readTerraformResources(file, { files: module }));
      assert.equal(resources.length, 16);
      for (const resource of resources) {
        assert.deepEqual(
          resource.unknown.filter((u) => u.field !== 'secret_key'),
          [],
          resource.address,
        );
        const kind = resource.resourceType.kind;
        const name = resource.name ?? '';
        const held = await engineHolds(kind, name);
        for (const attribute of resource.resourceType.attributes) {
          const field = attribute.field;
          // The engine's answer repeats token_policies as policies (the older name import does not write).
          if (field === undefined || field === 'name' || field === 'secret_key' || field === 'policies') continue;
          assert.deepEqual(
            comparable(field, resource.value[field]),
            comparable(field, held[field]),
            `${resource.address}: ${field}`,
          );
        }
        if (kind === 'root-config') assert.deepEqual(resource.provider.get('path'), { known: true, value: 'cloud' });
        else if (kind !== 'policy')
          assert.deepEqual(resource.provider.get('backend'), {
            known: true,
            value: kind === 'jwt-role' ? 'jwt' : 'cloud',
          });
      }
    } finally {
      for (const path of [
        'cloud/roles/team.a',
        'cloud/roles/team_a',
        'auth/jwt/role/1st.ci',
        'sys/policies/acl/team.read',
      ])
        assert.equal((await engineCall('DELETE', path)).status, 204, path);
    }
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

  it('writes JSON of the Terraform it wrote: each object with its file, and the notes', async () => {
    const dir = project('terraform-json', {});
    const { code, out, err } = await run(
      dir,
      'import',
      '--out',
      'tf',
      '--format',
      'terraform',
      '--format-output',
      'json',
    );
    assert.equal(code, 0, err);
    const report = JSON.parse(out) as {
      files: { file: string; kind: string; name: string }[];
      notes: { code: string; message: string }[];
    };
    assert.equal(report.files.length, 12);
    assert.deepEqual(
      report.files.filter((f) => f.kind === 'jwt-role' || f.kind === 'root-config'),
      [
        { file: 'aws_secret_backend.tf', kind: 'root-config', name: 'cloud' },
        { file: 'jwt_auth_backend_roles.tf', kind: 'jwt-role', name: 'gh-deploy' },
        { file: 'jwt_auth_backend_roles.tf', kind: 'jwt-role', name: 'gh-ops' },
      ],
    );
    assert.deepEqual(
      report.notes.map((n) => n.code),
      ['IMPORT_SECRET_LEFT_OUT', 'IMPORT_NOT_REPRESENTABLE'],
    );
    assert.equal(err, '');
    assertNoSecret('stdout', out);
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
      [['--out', 'o', '--format', 'hcl'], /--format must be role or terraform, not "hcl"/],
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
