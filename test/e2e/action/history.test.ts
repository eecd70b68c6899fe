// The bundled action's history mode, run as the runner runs it (node action/dist/main.cjs with
// INPUT_* variables and the runner's files): the pull-request check of examples/workflows/api-changes.yml,
// a baseline from the base branch, then the head, failing only on a new use of a deprecated subject.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runStep } from '../../helpers/run-action.ts';

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

/** `::LEVEL k=v,...::message` workflow commands, decoded as the runner reads them. */
function annotations(stdout: string): { level: string; props: Record<string, string>; message: string }[] {
  const decode = (s: string) =>
    s.replace(/%0A/g, '\n').replace(/%0D/g, '\r').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  return stdout
    .split('\n')
    .map((line) => /^::(error|warning|notice)(?: ([^:]*))?::(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({
      level: m[1] ?? '',
      props: Object.fromEntries(
        (m[2] ?? '')
          .split(',')
          .filter((kv) => kv !== '')
          .map((kv) => [kv.slice(0, kv.indexOf('=')), decode(kv.slice(kv.indexOf('=') + 1))]),
      ),
      message: decode(m[3] ?? ''),
    }));
}

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
