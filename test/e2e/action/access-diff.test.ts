// The bundled action's access-diff mode, run as the runner runs it (node action/dist/main.cjs with
// INPUT_* variables, GITHUB_EVENT_PATH holding a pull_request event, GITHUB_STEP_SUMMARY...), on a git
// repository built here: a base commit with several roles, policies, JWT roles and workflows, and
// heads that change them. GITHUB_API_URL points at a local server answering GitHub's REST API for
// issue comments, so the one pull request comment can be watched: created once, edited on the next
// push, left alone when nothing changed, never duplicated; a read-only token degrades to the summary.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startGithubApi, type GithubApiServer } from '../../helpers/github-api.ts';
import { runStep } from '../../helpers/run-action.ts';
import { annotations } from '../../helpers/workflow-commands.ts';

const MARKER = '<!-- keyfob:access-diff -->';
const WRITE_TOKEN = 'ghs_e2eWriteToken000000000000000000001';
const READ_TOKEN = 'ghs_e2eReadOnlyToken0000000000000000002';

/** The base branch: two JWT roles with their policies, two credential roles, the workflows that log in. */
const BASE: Record<string, string> = {
  'keyfob/gh-release.jwt-role.yaml': [
    'role_type: jwt',
    'user_claim: actor',
    'bound_audiences: [keyfob]',
    'bound_claims:',
    '  sub:',
    '    - repo:octo/app:environment:production',
    "  repository_id: '90210'",
    'token_ttl: 10m',
    'token_policies: [release]',
    '',
  ].join('\n'),
  'keyfob/gh-ci.jwt-role.yaml': [
    'role_type: jwt',
    'user_claim: actor',
    'bound_audiences: [keyfob]',
    'bound_claims:',
    '  sub: repo:octo/app:pull_request',
    "  repository_id: '90210'",
    'token_ttl: 5m',
    'token_policies: [ci]',
    '',
  ].join('\n'),
  'keyfob/release.policy.hcl': '# release jobs\npath "cloud/sts/release" {\n  capabilities = ["read", "update"]\n}\n',
  'keyfob/ci.policy.hcl': 'path "cloud/creds/ci-reader" {\n  capabilities = ["read"]\n}\n',
  'roles/release.role.yaml': [
    'credential_type: assumed_role',
    'role_arns: [arn:aws:iam::210987654321:role/release]',
    'default_sts_ttl: 15m',
    'max_sts_ttl: 1h',
    '',
  ].join('\n'),
  'roles/ci-reader.role.yaml': [
    'credential_type: iam_user',
    'policy_document: |',
    '  {"Version": "2012-10-17", "Statement": [',
    '    {"Effect": "Allow", "Action": ["s3:GetObject", "s3:ListBucket"], "Resource": ["arn:aws:s3:::octo-artifacts", "arn:aws:s3:::octo-artifacts/*"]}',
    '  ]}',
    '',
  ].join('\n'),
  '.github/workflows/release.yml': [
    'on:',
    '  push:',
    '    branches: [main]',
    'jobs:',
    '  release:',
    '    runs-on: ubuntu-latest',
    '    environment: production',
    '    permissions: { id-token: write }',
    '    steps:',
    '      - uses: keyfob/keyfob/action@v1',
    '        with: { url: https://engine.example.com, mode: sts, role: release, jwt-role: gh-release, jwt-audience: keyfob }',
    '',
  ].join('\n'),
  '.github/workflows/ci.yml': [
    'on: pull_request',
    'jobs:',
    '  test:',
    '    runs-on: ubuntu-latest',
    '    permissions: { id-token: write }',
    '    steps:',
    '      - uses: keyfob/keyfob/action@v1',
    '        with: { url: https://engine.example.com, role: ci-reader, jwt-role: gh-ci, jwt-audience: keyfob }',
    '',
  ].join('\n'),
  'README.md': '# octo/app\n',
  // A dependency's own example, committed with it: not the workspace's (the walk and the base read skip node_modules).
  'tools/node_modules/demo/example.jwt-role.yaml':
    "role_type: jwt\nuser_claim: actor\nbound_audiences: [demo]\nbound_claims:\n  repository: demo/demo\n  repository_id: '1'\n",
};

type Files = Record<string, string>;
const edit = (files: Files, file: string, from: string, to: string): Files => {
  const text = files[file] ?? '';
  assert.ok(text.includes(from), `${file} holds ${from}`);
  return { ...files, [file]: text.replace(from, to) };
};

/** Head "gains": a new environment may log in, a new S3 action, a new engine capability, a longer STS maximum. */
const GAINS = [
  (f: Files) =>
    edit(
      f,
      'keyfob/gh-release.jwt-role.yaml',
      '    - repo:octo/app:environment:production\n',
      '    - repo:octo/app:environment:production\n    - repo:octo/app:environment:staging\n',
    ),
  (f: Files) => edit(f, 'roles/ci-reader.role.yaml', '"s3:ListBucket"]', '"s3:ListBucket", "s3:PutObject"]'),
  (f: Files) =>
    edit(
      f,
      'keyfob/ci.policy.hcl',
      'path "cloud/creds/ci-reader"',
      'path "cloud/sts/release" {\n  capabilities = ["read"]\n}\n\npath "cloud/creds/ci-reader"',
    ),
  (f: Files) => edit(f, 'roles/release.role.yaml', 'max_sts_ttl: 1h', 'max_sts_ttl: 4h'),
].reduce((files, change) => change(files), BASE);
/** The next push on the same pull request: the pull-request tokens also live longer. */
const PUSHED = edit(GAINS, 'keyfob/gh-ci.jwt-role.yaml', 'token_ttl: 5m', 'token_ttl: 30m');
/** Head "longer": only a lifetime grows. */
const LONGER = edit(BASE, 'keyfob/gh-ci.jwt-role.yaml', 'token_ttl: 5m', 'token_ttl: 30m');
/** Head "narrower": an action and a longer maximum are taken away, nothing is gained. */
const NARROWER = edit(
  edit(BASE, 'roles/release.role.yaml', 'max_sts_ttl: 1h', 'max_sts_ttl: 30m'),
  'roles/ci-reader.role.yaml',
  '"s3:GetObject", "s3:ListBucket"]',
  '"s3:GetObject"]',
);

const repo = mkdtempSync(join(tmpdir(), 'keyfob e2e access-diff '));
const events = mkdtempSync(join(tmpdir(), 'keyfob-e2e-events-'));
const commits: Record<string, string> = {};
let github: GithubApiServer;

function git(...args: string[]): string {
  return execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
}

/** Commits `files` as the whole tree on a branch from `parent` (or as the first commit). */
function commit(name: string, files: Files, parent?: string): void {
  if (parent !== undefined) git('checkout', '-q', '-B', name, commits[parent] ?? '');
  git('rm', '-rq', '--ignore-unmatch', '.');
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(join(repo, dirname(file)), { recursive: true });
    writeFileSync(join(repo, file), text);
  }
  git('add', '-A');
  git('commit', '-qm', name);
  commits[name] = git('rev-parse', 'HEAD');
}

/** One pull_request event file, as the runner writes it, for a head commit on pull request `number`. */
function event(head: string, number = 7): string {
  const path = join(events, `${head}-${number}.json`);
  writeFileSync(
    path,
    JSON.stringify({
      action: 'synchronize',
      number,
      pull_request: {
        number,
        state: 'open',
        base: { ref: 'main', sha: commits.base, repo: { full_name: 'octo/app' } },
        head: { ref: 'feature', sha: commits[head], repo: { full_name: 'octo/app' } },
      },
      repository: { full_name: 'octo/app', name: 'app', owner: { login: 'octo' } },
    }),
  );
  return path;
}

/** The action at `head` (checked out), on pull request `number`, with these inputs. */
async function runAt(head: string, inputs: Record<string, string>, options: { number?: number; token?: string } = {}) {
  git('checkout', '-q', commits[head] ?? '');
  return runStep('main', {
    workspace: repo,
    inputs: { mode: 'access-diff', 'github-token': options.token ?? WRITE_TOKEN, ...inputs },
    env: {
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: event(head, options.number),
      GITHUB_API_URL: github.url,
      GITHUB_SERVER_URL: 'https://github.com',
      GITHUB_SHA: commits[head] ?? '',
    },
  });
}

/** The 1-based line of the first line of `file` in `files` that includes `text`. */
function lineOf(files: Files, file: string, text: string): string {
  const index = (files[file] ?? '').split('\n').findIndex((l) => l.includes(text));
  assert.ok(index >= 0, `${file} has ${text}`);
  return String(index + 1);
}

before(async () => {
  git('init', '-q', '-b', 'main');
  git('config', 'user.email', 'e2e@example.com');
  git('config', 'user.name', 'e2e');
  commit('base', BASE);
  commit('gains', GAINS, 'base');
  commit('pushed', PUSHED, 'gains');
  commit('longer', LONGER, 'base');
  commit('narrower', NARROWER, 'base');
  github = await startGithubApi({
    repository: 'octo/app',
    issues: [7, 8, 9],
    tokens: { [WRITE_TOKEN]: 'write', [READ_TOKEN]: 'read' },
  });
  // A busy pull request: the action's comment comes after 120 others, on the second page of 100.
  for (let i = 0; i < 120; i++) github.seed(7, i === 3 ? `quoting the bot:\n> ${MARKER}` : `review note ${i}`);
});
after(async () => {
  await github?.stop();
  rmSync(repo, { recursive: true, force: true });
  rmSync(events, { recursive: true, force: true });
});

const ours = (issue: number) => github.comments(issue).filter((c) => c.body.startsWith(MARKER));

describe('action e2e: access-diff on a pull request', () => {
  it('annotates the lines that grant new access, writes the summary and creates one comment', async () => {
    const run = await runAt('gains', {});
    assert.equal(run.exitCode, 0, run.stdout + run.stderr);
    const found = annotations(run.stdout).filter((a) => a.props.title?.startsWith('ACCESS_'));
    const where = found.map((a) => `${a.props.title} ${a.props.file}:${a.props.line}`).sort();
    const policyDocument = lineOf(GAINS, 'roles/ci-reader.role.yaml', 'policy_document');
    assert.deepEqual(where, [
      // s3:PutObject on each resource the statement names (the bucket and its objects)
      `ACCESS_NEW_ACTION roles/ci-reader.role.yaml:${policyDocument}`,
      `ACCESS_NEW_ACTION roles/ci-reader.role.yaml:${policyDocument}`,
      `ACCESS_NEW_CAPABILITY keyfob/ci.policy.hcl:${lineOf(GAINS, 'keyfob/ci.policy.hcl', 'cloud/sts/release')}`,
      `ACCESS_NEW_LOGIN keyfob/gh-release.jwt-role.yaml:${lineOf(GAINS, 'keyfob/gh-release.jwt-role.yaml', 'environment:staging')}`,
      `ACCESS_WIDER_TTL roles/release.role.yaml:${lineOf(GAINS, 'roles/release.role.yaml', 'max_sts_ttl')}`,
    ]);
    assert.ok(found.every((a) => a.level === 'warning'));
    assert.match(
      found.find((a) => a.props.title === 'ACCESS_NEW_LOGIN')?.message ?? '',
      /^login gained: JWT role gh-release: octo\/app, staging, repository_id 90210$/,
    );
    const actions = found.filter((a) => a.props.title === 'ACCESS_NEW_ACTION').map((a) => a.message);
    assert.ok(
      actions.every((m) => m.includes('s3:PutObject') && !m.includes('s3:GetObject')),
      actions.join('\n'),
    );
    assert.ok(
      actions.some((m) => m.includes('arn:aws:s3:::octo-artifacts/*')),
      actions.join('\n'),
    );
    assert.match(run.summary, /### keyfob: access changes since `[0-9a-f]{12}`/);
    assert.match(run.summary, /max_sts_ttl 1h → 4h/);
    const diff = JSON.parse(run.outputs['access-diff'] ?? '{}') as { base: string; changes: { kind: string }[] };
    assert.equal(diff.base, commits.base);
    assert.deepEqual([...new Set(diff.changes.map((c) => c.kind))].sort(), ['action', 'capability', 'login', 'ttl']);

    const comments = ours(7);
    assert.equal(comments.length, 1, 'one comment with the marker');
    assert.equal(comments[0]?.user.login, 'github-actions[bot]');
    assert.match(
      comments[0]?.body ?? '',
      /\| ➕ gained \| login \| JWT role gh-release: octo\/app, staging, repository_id 90210 \| `keyfob\/gh-release.jwt-role.yaml:7` \|/,
    );
    assert.match(comments[0]?.body ?? '', /updated on each push/);
    // Octokit asks for 100 a page and follows the Link header to the second page.
    const calls = github.requests.map(
      (r) => `${r.method} ${r.query.per_page ?? '-'}/${r.query.page ?? '1'} ${r.status}`,
    );
    assert.deepEqual(calls, ['GET 100/1 200', 'GET 100/2 200', 'POST -/1 201'], 'both pages read, then one create');
    assert.equal(github.comments(7).length, 121);
  });

  it('the next push edits the same comment; a run with nothing new leaves it alone', async () => {
    const id = ours(7)[0]?.id;
    const seen = github.requests.length;
    const pushed = await runAt('pushed', {});
    assert.equal(pushed.exitCode, 0, pushed.stdout + pushed.stderr);
    assert.equal(ours(7).length, 1, 'never duplicated');
    assert.equal(ours(7)[0]?.id, id, 'the same comment');
    assert.match(ours(7)[0]?.body ?? '', /token_ttl 5m → 30m/);
    assert.match(ours(7)[0]?.body ?? '', new RegExp(commits.pushed?.slice(0, 12) ?? '-'));
    assert.deepEqual(
      github.requests.slice(seen).map((r) => `${r.method} ${r.path}`),
      [
        'GET /repos/octo/app/issues/7/comments',
        'GET /repos/octo/app/issues/7/comments',
        `PATCH /repos/octo/app/issues/comments/${id}`,
      ],
    );
    const again = await runAt('pushed', {});
    assert.equal(again.exitCode, 0);
    assert.ok(!github.requests.slice(seen + 3).some((r) => r.method !== 'GET'), 'no write when the text is the same');
    assert.match(again.stdout, /up to date/);
    assert.equal(github.comments(7).length, 121);
  });

  it("a fork's read-only token: the step passes, the summary says why there is no comment", async () => {
    const run = await runAt('gains', {}, { number: 8, token: READ_TOKEN });
    assert.equal(run.exitCode, 0, run.stdout);
    assert.equal(github.comments(8).length, 0);
    assert.equal(github.requests.at(-1)?.status, 403);
    assert.match(run.summary, /### keyfob: access changes/);
    assert.match(run.summary, /> \[!NOTE\]\n> The pull request comment was not written: GitHub answered 403/);
    const notice = annotations(run.stdout).find((a) => a.props.title === 'keyfob: pull request comment');
    assert.equal(notice?.level, 'notice');
    const printed = run.stdout.split('\n').filter((l) => !l.startsWith('::add-mask::'));
    assert.ok(
      !printed.join('\n').includes(READ_TOKEN) && !run.summary.includes(READ_TOKEN),
      'the token is never printed',
    );
  });

  it('comment: false makes no API call; a head without changes creates no comment', async () => {
    const seen = github.requests.length;
    const off = await runAt('gains', { comment: 'false' }, { number: 9 });
    assert.equal(off.exitCode, 0);
    assert.equal(github.requests.length, seen);
    const none = await runAt('base', {}, { number: 9 });
    assert.equal(none.exitCode, 0);
    assert.match(none.summary, /No access changes/);
    assert.equal(github.comments(9).length, 0);
    assert.deepEqual(
      github.requests.slice(seen).map((r) => r.method),
      ['GET'],
    );
  });

  // Each fail-on value against a head that has what it names and heads that do not.
  const MATRIX: Record<string, Record<string, 0 | 1>> = {
    none: { gains: 0, longer: 0, narrower: 0 },
    'new-login': { gains: 1, longer: 0, narrower: 0 },
    'new-action': { gains: 1, longer: 0, narrower: 0 },
    'wider-ttl': { gains: 1, longer: 1, narrower: 0 },
    any: { gains: 1, longer: 1, narrower: 1 },
  };
  for (const [failOn, heads] of Object.entries(MATRIX))
    it(`fail-on: ${failOn}`, async () => {
      for (const [head, exitCode] of Object.entries(heads)) {
        const run = await runAt(head, { 'fail-on': failOn, comment: 'false' });
        assert.equal(run.exitCode, exitCode, `${head}: ${run.stdout}${run.stderr}`);
        if (exitCode === 1)
          assert.match(run.stdout, new RegExp(`::error::The pull request changes access in ways fail-on ${failOn}`));
      }
    });

  it('refuses bad inputs at the edge, naming the input and the fix', async () => {
    const bad = await runAt('gains', { 'fail-on': 'new-login,everything', files: '../elsewhere' });
    assert.equal(bad.exitCode, 1);
    assert.match(bad.stdout, /fail-on in access-diff mode takes new-login, new-action, wider-ttl, any/);
    assert.match(bad.stdout, /files "..\/elsewhere" must be a path inside the workspace/);
  });
});
