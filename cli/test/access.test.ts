// `keyfob access` run as users run it (a spawned process): on examples/ (text, JSON, Markdown), and
// on a spawned `keyfob serve` after the same files were applied, where the answer must equal the
// files' and the engine's own ACL must agree with it (sys/capabilities-self and real credential
// requests with a token holding a JWT role's policies).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import type { AccessReport } from '@keyfob/shared/access';
import { entryArgs, REPO_ROOT, startEngine, type EngineProcess } from '../../test/helpers/engine.ts';

const ACCOUNT = '123456789012';
const EXAMPLES = join(REPO_ROOT, 'examples', 'access');

/** Runs the keyfob command in a child process. */
function keyfob(
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...entryArgs().args, ...args],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, KEYFOB_URL: '', KEYFOB_TOKEN: '', ...env },
        maxBuffer: 16 * 1024 * 1024,
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, out: stdout, err: stderr });
      },
    );
  });
}

/** What must be equal whichever way the inputs were read. */
function comparable(report: AccessReport): unknown {
  return {
    jwtRoles: report.jwtRoles.map(({ name, logins, audiences, policies, reach }) => ({
      name,
      logins,
      audiences,
      policies,
      reach,
    })),
    targets: report.targets,
  };
}

describe('keyfob access on files', () => {
  it('answers in text: the bound role reaches its two paths, the owner-wide one everything', async () => {
    const { code, out, err } = await keyfob(['access', 'examples/']);
    assert.equal(code, 0, err);
    assert.match(
      out,
      /^JWT role gh-deploy\n {2}who can log in: octo\/app, branch main\n {2}audiences: keyfob\n {2}policies: default, deploy\n {2}credentials: deploy \(sts: read, update\), reports \(creds: read\)\n {2}static credentials: none\n {2}rotations: none\n {2}configuration: none\n/m,
    );
    assert.match(
      out,
      /^JWT role gh-org-wide\n {2}who can log in: any repository of owner octo, any ref, environment or event\n/m,
    );
    assert.match(out, /^ {2}rotations: root \(create, list, read, update\), backup-agent /m);
    assert.match(out, /^ {2}warning JWT_TRUST_WHOLE_OWNER: /m);
    assert.match(
      out,
      /^Credential role deploy\n {2}JWT role gh-deploy: octo\/app, branch main \(sts: read, update\)\n {2}JWT role gh-org-wide: /m,
    );
    assert.match(out, /^Credential role ci-user\n {2}JWT role gh-org-wide: [^\n]+\n {2}policies granting it: ops\n/m);
  });

  it('answers in JSON', async () => {
    const { code, out, err } = await keyfob(['access', 'examples', '--format', 'json']);
    assert.equal(code, 0, err);
    const report = JSON.parse(out) as AccessReport;
    const deploy = report.jwtRoles.find((r) => r.name === 'gh-deploy');
    assert.deepEqual(
      deploy?.reach.map((r) => `${r.path}=${r.capabilities.join(',')} by ${r.grantedBy.join(',')}`),
      ['cloud/sts/deploy=read,update by deploy', 'cloud/creds/reports=read by deploy'],
    );
    assert.deepEqual(
      deploy?.logins.map((l) => [l.repository.anyOf, l.ref.anyOf, l.environment.unbound]),
      [[['octo/app'], ['refs/heads/main'], true]],
    );
    const wide = report.jwtRoles.find((r) => r.name === 'gh-org-wide');
    assert.deepEqual(wide?.logins[0]?.repository, {
      text: 'any repository of owner octo',
      unbound: false,
      glob: true,
      anyOf: ['octo/*'],
    });
    assert.ok(wide?.reach.some((r) => r.path === 'cloud/config/rotate-root' && r.capabilities.includes('update')));
    assert.deepEqual(
      report.targets.find((t) => t.name === 'reports')?.logins.map((l) => l.jwtRole),
      ['gh-deploy', 'gh-org-wide'],
    );
  });

  it('answers in Markdown: a table row per JWT role', async () => {
    const { code, out, err } = await keyfob([
      'access',
      EXAMPLES,
      join(REPO_ROOT, 'examples', 'roles'),
      '--format',
      'markdown',
    ]);
    assert.equal(code, 0, err);
    assert.match(
      out,
      /^\| gh-deploy \| octo\/app, branch main \| default, deploy \| deploy \(sts: read, update\), reports \(creds: read\) \| – \| – \| – \| – \|$/m,
    );
    assert.match(
      out,
      /^\| gh-org-wide \| any repository of owner octo, any ref, environment or event \| default, ops \| break-glass \(creds: create, list, read, update; sts: create, list, read, update\), /m,
    );
    assert.match(out, /^\| ci-user \| credentials \| JWT role gh-org-wide: /m);
  });

  it('refuses a broken policy file and answers nothing', async () => {
    const { code, out, err } = await keyfob(['access', 'shared/test/access/broken.policy.hcl', 'examples/access']);
    assert.equal(code, 1);
    assert.equal(out, '');
    assert.match(
      err,
      /broken\.policy\.hcl: line 2: path "cloud\/creds\/x": invalid capability "banana" \[POLICY_UNKNOWN_CAPABILITY\]/,
    );
  });

  it('refuses a bad format and both files and an engine', async () => {
    assert.equal((await keyfob(['access', 'examples', '--format', 'xml'])).code, 2);
    assert.equal((await keyfob(['access', 'examples', '--url', 'http://127.0.0.1:1'])).code, 2);
  });
});

describe('keyfob access on a running engine', () => {
  let engine: EngineProcess;
  let env: Record<string, string>;
  const api = async (
    method: string,
    path: string,
    body?: unknown,
    token = engine.rootToken,
  ): Promise<{
    status: number;
    body: { data?: Record<string, unknown>; auth?: { client_token: string } } | undefined;
  }> => {
    const answer = await fetch(`${engine.url}/v1/${path}`, {
      method,
      headers: { 'X-Service-Token': token, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await answer.text();
    return { status: answer.status, body: text ? (JSON.parse(text) as { data?: Record<string, unknown> }) : undefined };
  };

  before(async () => {
    engine = await startEngine({ args: ['--consistency-delay', '0'] });
    env = { KEYFOB_URL: engine.url, KEYFOB_TOKEN: engine.rootToken };
    const fixtures = {
      users: ['backup-agent', 'metrics-exporter'].map((name) => ({ name, accessKeys: 0 })),
      roles: ['deploy-staging', 'deploy-production', 'web-deploy'].map((name) => ({
        arn: `arn:aws:iam::${ACCOUNT}:role/${name}`,
      })),
    };
    assert.equal((await api('PUT', 'sys/dev/cloud', fixtures)).status, 200);
    const applied = await keyfob(['apply', 'examples/roles'], env);
    assert.equal(applied.code, 0, applied.err);
    for (const [name, file] of [
      ['deploy', 'deploy.policy.hcl'],
      ['ops', 'ops.policy.json'],
    ] as const) {
      assert.equal(
        (await api('PUT', `sys/policies/acl/${name}`, { policy: readFileSync(join(EXAMPLES, file), 'utf8') })).status,
        204,
      );
    }
    for (const name of ['gh-deploy', 'gh-org-wide']) {
      const body = parse(readFileSync(join(EXAMPLES, `${name}.jwt-role.yaml`), 'utf8')) as Record<string, unknown>;
      assert.equal((await api('POST', `auth/jwt/role/${name}`, body)).status, 204);
    }
  });
  after(() => engine.stop());

  it('gives the same answer as the files', async () => {
    const [live, files] = await Promise.all([
      keyfob(['access', '--format', 'json'], env),
      // The files the engine was given (examples/immutable-ids is not applied).
      keyfob(['access', 'examples/access', 'examples/roles', '--format', 'json']),
    ]);
    assert.equal(live.code, 0, live.err);
    assert.deepEqual(
      comparable(JSON.parse(live.out) as AccessReport),
      comparable(JSON.parse(files.out) as AccessReport),
    );
  });

  it("agrees with the engine's own ACL: capabilities-self and real credential requests", async () => {
    const live = JSON.parse((await keyfob(['access', '--format', 'json'], env)).out) as AccessReport;
    for (const role of live.jwtRoles) {
      const token =
        (await api('POST', 'auth/token/create', { policies: role.policies.filter((p) => p !== 'default'), ttl: '10m' }))
          .body?.auth?.client_token ?? '';
      assert.ok(token, "a token with the JWT role's policies");
      const paths = [
        ...new Set(
          role.reach.map((r) => r.path).concat(['cloud/sts/web-deploy', 'cloud/creds/ci-user', 'cloud/config/root']),
        ),
      ].filter((p) => !p.includes('*'));
      const caps = (await api('POST', 'sys/capabilities-self', { paths }, token)).body?.data ?? {};
      for (const path of paths) {
        const reached = role.reach.find((r) => r.path === path);
        assert.deepEqual(caps[path], reached ? reached.capabilities : ['deny'], `${role.name} ${path}`);
      }
    }
    const deployToken =
      (await api('POST', 'auth/token/create', { policies: ['deploy'], ttl: '10m' })).body?.auth?.client_token ?? '';
    assert.equal(
      (await api('POST', 'cloud/sts/deploy', { role_arn: `arn:aws:iam::${ACCOUNT}:role/deploy-staging` }, deployToken))
        .status,
      200,
    );
    assert.equal((await api('POST', 'cloud/sts/web-deploy', {}, deployToken)).status, 403);
    assert.equal((await api('GET', 'cloud/config/root', undefined, deployToken)).status, 403);
  });

  it('answers in Markdown from the engine', async () => {
    const { code, out, err } = await keyfob(['access', '--format', 'markdown'], env);
    assert.equal(code, 0, err);
    assert.match(
      out,
      /^\| gh-deploy \| octo\/app, branch main \| default, deploy \| deploy \(sts: read, update\), reports \(creds: read\) \|/m,
    );
  });

  it('names the engine failure when the token may not read policies', async () => {
    const token =
      (await api('POST', 'auth/token/create', { policies: ['deploy'], ttl: '10m' })).body?.auth?.client_token ?? '';
    const { code, err } = await keyfob(['access', '--max-attempts', '1'], { ...env, KEYFOB_TOKEN: token });
    assert.equal(code, 1);
    assert.match(err, /403/);
    assert.doesNotMatch(err, new RegExp(token));
  });
});
