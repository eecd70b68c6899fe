// The bundled action's history mode, run as the runner runs it (node action/dist/main.cjs with
// INPUT_* variables and the runner's files): the pull-request check of examples/workflows/api-changes.yml,
// a baseline from the base branch, then the head, failing only on a new use of a deprecated subject.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { startGithubApi } from '../../helpers/github-api.ts';
import { runStep } from '../../helpers/run-action.ts';
import { annotations } from '../../helpers/workflow-commands.ts';

const workspace = mkdtempSync(join(tmpdir(), 'keyfob-e2e-history-'));
after(() => rmSync(workspace, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(workspace, path, '..'), { recursive: true });
    writeFileSync(join(workspace, path), text);
  }
}

/** The base branch already reads policy checks (deprecated) and sets a workspace attribute. */
const BASE = {
  'client.ts':
    'export const checks = (base: string, run: string) => fetch(`${base}/api/v2/runs/${run}/policy-checks`);\n',
  'workspace.py': 'payload = {"data": {"type": "workspaces", "attributes": {"auto-apply-run-trigger": True}}}\n',
};
/** The pull request adds a deprecated policy attribute (`enforce`) in a new file. */
const NEW_USE = {
  'policy.json':
    '{ "data": { "type": "policies", "attributes": { "enforce": [{ "path": "a.sentinel", "mode": "advisory" }] } } }\n',
};

describe('action e2e: history mode (the pull-request check)', () => {
  it('base branch: reports and never fails without fail-on; the changes output is the baseline', async () => {
    write({ 'base/client.ts': BASE['client.ts'], 'base/workspace.py': BASE['workspace.py'] });
    const run = await runStep('main', { inputs: { mode: 'history', files: 'base', since: '2020-01-01' }, workspace });
    assert.equal(run.exitCode, 0, run.stdout);
    const report = JSON.parse(run.outputs.changes ?? '{}') as {
      subjectsUsed: string[];
      counts: Record<string, number>;
    };
    assert.deepEqual(report.subjectsUsed, [
      'attribute workspaces auto-apply-run-trigger',
      'endpoint GET /runs/:run_id/policy-checks',
      'resource - workspaces',
    ]);
    assert.equal(report.counts.deprecation, 1);
    const found = annotations(run.stdout);
    const deprecation = found.find((a) => a.level === 'warning');
    assert.deepEqual(deprecation?.props, {
      file: 'base/client.ts',
      line: '1',
      endLine: '1',
      col: '61',
      endColumn: '101',
      title: 'keyfob ph-2024-09-02 (deprecation)',
    });
    assert.match(
      deprecation?.message ?? '',
      /^GET \/runs\/:run_id\/policy-checks: deprecated 2024-09-02; removal announced for 2025-08; use GET \/task-stages/,
    );
    assert.ok(
      found.some((a) => a.level === 'notice' && a.props.title === 'keyfob ph-2023-10-31 (info)'),
      run.stdout,
    );
    assert.match(run.summary, /^### keyfob: platform API changes since 2020-01-01\n/);
    assert.match(
      run.summary,
      /#### Deprecations \(1\)\n\n\| Change \| Date \| Subject \| What it means \| Used at \|\n\|---\|---\|---\|---\|---\|\n\| `ph-2024-09-02` \| 2024-09-02 \| `GET \/runs\/:run_id\/policy-checks` \|/,
    );
    writeFileSync(join(workspace, 'baseline.json'), run.outputs.changes ?? '');
  });

  it('head without a new deprecated use passes with fail-on deprecation and the baseline; old uses are not annotated', async () => {
    write({ 'head/client.ts': BASE['client.ts'], 'head/workspace.py': BASE['workspace.py'] });
    const run = await runStep('main', {
      inputs: {
        mode: 'history',
        files: 'head',
        since: 'v202207-1',
        'fail-on': 'deprecation',
        baseline: 'baseline.json',
      },
      workspace,
    });
    assert.equal(run.exitCode, 0, run.stdout);
    assert.deepEqual(annotations(run.stdout), []);
    assert.match(run.summary, /since self-hosted v202207-1/);
    assert.match(run.summary, /`GET \/runs\/:run_id\/policy-checks` \(already used before\)/);
  });

  it('head with a new use of a deprecated subject fails, annotating that line with the change id', async () => {
    write({ 'head/policy.json': NEW_USE['policy.json'] });
    const run = await runStep('main', {
      inputs: {
        mode: 'history',
        files: 'head',
        since: 'v202207-1',
        'fail-on': 'deprecation',
        baseline: 'baseline.json',
      },
      workspace,
    });
    assert.equal(run.exitCode, 1, run.stdout);
    const found = annotations(run.stdout);
    const warning = found.find((a) => a.level === 'warning');
    assert.deepEqual(warning?.props, {
      file: 'head/policy.json',
      line: '1',
      endLine: '1',
      col: '50',
      endColumn: '57',
      title: 'keyfob ph-2023-05-25 (deprecation)',
    });
    assert.ok(
      found.filter((a) => a.props.file !== undefined).every((a) => a.props.file === 'head/policy.json'),
      'only the new file is annotated',
    );
    const failure = found.find((a) => a.level === 'error' && a.props.title === undefined);
    assert.match(
      failure?.message ?? '',
      /uses API subjects with deprecated or breaking changes since self-hosted v202207-1 that the baseline did not use/,
    );
    assert.equal(run.outputs['error-message'], failure?.message);
  });

  it('on a pull request: one comment with the deprecated subjects newly used, edited when they change', async () => {
    const github = await startGithubApi({
      repository: 'octo/app',
      issues: [12],
      tokens: { ghs_e2eHistory01: 'write' },
    });
    after(() => github.stop());
    const eventPath = join(workspace, 'event.json');
    const sha = (c: string) => c.repeat(40);
    writeFileSync(
      eventPath,
      JSON.stringify({
        number: 12,
        pull_request: { number: 12, base: { sha: sha('a'), ref: 'main' }, head: { sha: sha('b') } },
      }),
    );
    const step = () =>
      runStep('main', {
        inputs: {
          mode: 'history',
          files: 'head',
          since: 'v202207-1',
          baseline: 'baseline.json',
          'github-token': 'ghs_e2eHistory01',
        },
        env: { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: eventPath, GITHUB_API_URL: github.url },
        workspace,
      });
    const first = await step();
    assert.equal(first.exitCode, 0, first.stdout);
    const [comment, ...more] = github.comments(12);
    assert.equal(more.length, 0);
    assert.ok(comment?.body.startsWith('<!-- keyfob:history -->\n'), comment?.body);
    assert.match(comment?.body ?? '', /\| `ph-2023-05-25` \|/);
    assert.doesNotMatch(comment?.body ?? '', /policy-checks/, 'a subject the baseline used is not news');
    // The next push adds another use of the same deprecated attribute: the same comment is edited.
    write({ 'head/policy2.json': NEW_USE['policy.json'] });
    const second = await step();
    assert.equal(second.exitCode, 0, second.stdout);
    assert.equal(github.comments(12).length, 1);
    assert.equal(github.comments(12)[0]?.id, comment?.id);
    assert.match(github.comments(12)[0]?.body ?? '', /head\/policy2\.json:1/);
    assert.deepEqual(
      github.requests.map((r) => r.method),
      ['GET', 'POST', 'GET', 'PATCH'],
    );
    rmSync(join(workspace, 'head/policy2.json'));
  });

  it('fail-on breaking does not fail on a deprecation', async () => {
    const run = await runStep('main', {
      inputs: { mode: 'history', files: 'head', since: '2020-01-01', 'fail-on': 'breaking' },
      workspace,
    });
    assert.equal(run.exitCode, 0, run.stdout);
  });

  const BAD: readonly { inputs: Record<string, string>; message: RegExp }[] = [
    { inputs: { mode: 'history', files: 'head' }, message: /mode history needs since/ },
    {
      inputs: { mode: 'history', files: 'head', since: 'last week' },
      message: /since "last week" is neither a date nor a release/,
    },
    { inputs: { mode: 'history', files: 'head', since: '2024-01-01', 'fail-on': 'info' }, message: /fail-on/ },
    { inputs: { mode: 'history', files: 'nowhere', since: '2024-01-01' }, message: /"nowhere" does not exist/ },
    {
      inputs: { mode: 'history', files: 'head', since: '2024-01-01', baseline: 'head/client.ts' },
      message: /The baseline "head\/client.ts": not JSON/,
    },
  ];
  for (const c of BAD) {
    it(`fails clearly: ${JSON.stringify(c.inputs)}`, async () => {
      const run = await runStep('main', { inputs: c.inputs, workspace });
      assert.equal(run.exitCode, 1);
      assert.match(run.outputs['error-message'] ?? run.stdout, c.message);
    });
  }
});
