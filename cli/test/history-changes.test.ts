import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import type { Log } from 'sarif';
import { runMain } from './capture-io.ts';
import { scratchProjects } from './scratch-project.ts';

const project = scratchProjects('keyfob-changes-');

const run = (cwd: string, ...argv: string[]) => runMain(['history', 'changes', ...argv], cwd);

/** A client using one breaking (upload-url), two deprecated (policy checks, enforce) and two plain subjects. */
const CLIENT = {
  'src/client.ts': [
    'export async function policyChecks(base: string, runId: string) {',
    '  return fetch(`${base}/api/v2/runs/${runId}/policy-checks`);',
    '}',
    '',
    "export const policy = { data: { type: 'policies', attributes: { name: 'p', enforce: [{ path: 'x.sentinel', mode: 'advisory' }] } } };",
    '',
  ].join('\n'),
  'fixtures/upload.json':
    '{ "data": { "type": "configuration-versions", "attributes": { "upload-url": "https://example.test/upload" } } }\n',
  'scripts/ws.py': 'payload = {"data": {"type": "workspaces", "attributes": {"auto-apply-run-trigger": True}}}\n',
  'README.md': 'nothing about the API here\n',
};
const root = project('client', CLIENT);

interface JsonReport {
  since: string;
  files: number;
  subjectsUsed: string[];
  counts: Record<'breaking' | 'deprecation' | 'info', number>;
  levels: Record<
    'breaking' | 'deprecation' | 'info',
    {
      id: string;
      level: string;
      date: string;
      change: string;
      subject: { id: string };
      sunset: string | null;
      replacedBy: string | null;
      new: boolean;
      places: { file: string; line: number; column: number }[];
    }[]
  >;
}

async function report(...argv: string[]): Promise<JsonReport> {
  const { code, out, err } = await run(root, ...argv, '--format', 'json');
  assert.equal(code, 0, err);
  return JSON.parse(out) as JsonReport;
}

const ids = (r: JsonReport, level: keyof JsonReport['levels']) => r.levels[level].map((c) => `${c.id} ${c.subject.id}`);

describe('keyfob history changes: what changed since a date or release', () => {
  const CASES: readonly { since: string; shownAs: string; breaking: string[]; deprecation: string[]; info: number }[] =
    [
      {
        since: '2020-01-01',
        shownAs: '2020-01-01',
        breaking: ['ph-2021-08-11 attribute configuration-versions upload-url'],
        deprecation: [
          'ph-2024-09-02 endpoint GET /runs/:run_id/policy-checks',
          'ph-2023-05-25 attribute policies enforce',
        ],
        info: 4,
      },
      {
        since: '2022-1-1',
        shownAs: '2022-01-01',
        breaking: [],
        deprecation: [
          'ph-2024-09-02 endpoint GET /runs/:run_id/policy-checks',
          'ph-2023-05-25 attribute policies enforce',
        ],
        info: 3,
      },
      {
        since: '2024-01-01',
        shownAs: '2024-01-01',
        breaking: [],
        deprecation: ['ph-2024-09-02 endpoint GET /runs/:run_id/policy-checks'],
        info: 1,
      },
      { since: '2024-11-19', shownAs: '2024-11-19', breaking: [], deprecation: [], info: 0 },
      // A release: changes on the self-hosted edition after it (by the release month where none is stated).
      {
        since: 'v202207-1',
        shownAs: 'self-hosted v202207-1',
        breaking: [],
        deprecation: [
          'ph-2024-09-02 endpoint GET /runs/:run_id/policy-checks',
          'ph-2023-05-25 attribute policies enforce',
        ],
        info: 3,
      },
      {
        since: 'self-hosted@v202101-1',
        shownAs: 'self-hosted v202101-1',
        breaking: ['ph-2021-08-11 attribute configuration-versions upload-url'],
        deprecation: [
          'ph-2024-09-02 endpoint GET /runs/:run_id/policy-checks',
          'ph-2023-05-25 attribute policies enforce',
        ],
        info: 4,
      },
    ];
  for (const c of CASES) {
    it(`--since ${c.since}`, async () => {
      const r = await report('--since', c.since);
      assert.equal(r.since, c.shownAs);
      assert.deepEqual(ids(r, 'breaking'), c.breaking);
      assert.deepEqual(ids(r, 'deprecation'), c.deprecation);
      assert.equal(r.levels.info.length, c.info);
      assert.deepEqual(r.counts, { breaking: c.breaking.length, deprecation: c.deprecation.length, info: c.info });
      for (const level of ['breaking', 'deprecation', 'info'] as const)
        for (const change of r.levels[level]) assert.equal(change.level, level);
    });
  }

  it('gives each change its places, the sunset and the replacement, newest first within a level', async () => {
    const r = await report('--since', '2020-01-01', '.');
    assert.equal(r.files, 4);
    assert.deepEqual(r.subjectsUsed.length, 5);
    const checks = r.levels.deprecation[0];
    assert.deepEqual(
      {
        id: checks?.id,
        sunset: checks?.sunset,
        replacedBy: checks?.replacedBy,
        places: checks?.places.map((p) => `${p.file}:${p.line}:${p.column}`),
      },
      {
        id: 'ph-2024-09-02',
        sunset: '2025-08',
        replacedBy: 'GET /task-stages/:task_stage_id/policy-evaluations',
        places: ['src/client.ts:2:17'],
      },
    );
    const dates = r.levels.info.map((c) => c.date);
    assert.deepEqual(dates, [...dates].sort().reverse());
  });

  it('scans only the paths given', async () => {
    const r = await report('--since', '2020-01-01', 'scripts');
    assert.deepEqual(r.counts, { breaking: 0, deprecation: 0, info: 2 });
    assert.deepEqual(
      r.levels.info.map((c) => c.places[0]?.file),
      ['scripts/ws.py', 'scripts/ws.py'],
    );
  });
});

describe('keyfob history changes: --fail-on and exit codes', () => {
  const CASES: readonly { argv: string[]; code: number }[] = [
    { argv: ['--since', '2020-01-01'], code: 0 },
    { argv: ['--since', '2020-01-01', '--fail-on', 'breaking'], code: 1 },
    { argv: ['--since', '2022-01-01', '--fail-on', 'breaking'], code: 0 },
    { argv: ['--since', '2022-01-01', '--fail-on', 'deprecation'], code: 1 },
    { argv: ['--since', '2024-01-01', '--fail-on', 'deprecation', 'scripts'], code: 0 },
    { argv: ['--since', '2024-11-19', '--fail-on', 'deprecation'], code: 0 },
  ];
  for (const c of CASES) {
    it(`${c.argv.join(' ')} exits ${c.code}`, async () => {
      assert.equal((await run(root, ...c.argv)).code, c.code);
    });
  }

  it('with a baseline, only subjects the base did not use count for --fail-on', async () => {
    const base = project('base', { 'src/client.ts': CLIENT['src/client.ts'] });
    const before = await run(base, '--since', '2020-01-01', '--format', 'json');
    const baseline = join(project('reports', { 'keep.txt': '' }), 'baseline.json');
    writeFileSync(baseline, before.out);
    // The head adds upload.json (breaking) and ws.py (info) to code that already used the two deprecated subjects.
    assert.equal(
      (await run(root, '--since', '2020-01-01', '--fail-on', 'deprecation', '--baseline', baseline, 'src', 'scripts'))
        .code,
      0,
    );
    assert.equal(
      (await run(root, '--since', '2020-01-01', '--fail-on', 'breaking', '--baseline', baseline, 'src', 'fixtures'))
        .code,
      1,
    );
    const { out } = await run(root, '--since', '2020-01-01', '--baseline', baseline, 'src', '--format', 'json');
    assert.deepEqual(
      (JSON.parse(out) as JsonReport).levels.deprecation.map((c) => c.new),
      [false, false],
    );
    // A new use of a deprecated subject fails even beside old ones.
    const head = project('head', {
      'src/client.ts': CLIENT['src/client.ts'],
      'src/more.json':
        '{"data":{"type":"admin/organizations","attributes":{"terraform-build-worker-plan-timeout":"2h"}}}\n',
    });
    const fresh = await run(
      head,
      '--since',
      '2020-01-01',
      '--fail-on',
      'deprecation',
      '--baseline',
      baseline,
      '--format',
      'json',
    );
    assert.equal(fresh.code, 1);
    assert.deepEqual(
      (JSON.parse(fresh.out) as JsonReport).levels.deprecation.filter((c) => c.new).map((c) => c.id),
      ['ph-2024-08-01'],
    );
  });

  const USAGE: readonly { argv: string[]; message: RegExp }[] = [
    { argv: [], message: /--since is required/ },
    {
      argv: ['--since', 'yesterday'],
      message: /--since "yesterday" is neither a date nor a release: use a date YYYY-MM-DD/,
    },
    { argv: ['--since', '2024-02-30'], message: /neither a date nor a release/ },
    { argv: ['--since', 'hosted'], message: /hosted edition is always current/ },
    { argv: ['--since', 'v202213-1'], message: /neither a date nor a release/ },
    {
      argv: ['--since', '2024-01-01', '--format', 'xml'],
      message: /--format must be text, json, sarif, github or markdown, not "xml"/,
    },
    {
      argv: ['--since', '2024-01-01', '--fail-on', 'info'],
      message: /--fail-on must be breaking or deprecation, not "info"/,
    },
    { argv: ['--since', '2024-01-01', '--baseline', 'missing.json'], message: /--baseline missing.json: no such file/ },
    { argv: ['--since', '2024-01-01', '--baseline', 'README.md'], message: /--baseline README.md: not JSON/ },
    {
      argv: ['--since', '2024-01-01', '--baseline', 'fixtures/upload.json'],
      message: /field "subjectsUsed" must be a list of subject ids/,
    },
    { argv: ['--since', '2024-01-01', '--nope'], message: /Unknown option '--nope'/ },
  ];
  for (const c of USAGE) {
    it(`usage error: ${c.argv.join(' ') || '(nothing)'}`, async () => {
      const { code, err, out } = await run(root, ...c.argv);
      assert.equal(code, 2);
      assert.equal(out, '');
      assert.match(err, c.message);
    });
  }

  it('a missing path is a usage error naming it', async () => {
    const { code, err } = await run(root, '--since', '2024-01-01', 'nowhere');
    assert.equal(code, 2);
    assert.match(err, /nowhere: no such file or folder/);
  });
});

describe('keyfob history changes: SARIF and GitHub annotations carry the change id', () => {
  it('writes SARIF 2.1.0 through the shared writer: HISTORY_* rules, one result per place, the change id carried', async () => {
    const { code, out } = await run(root, '--since', '2020-01-01', '--format', 'sarif', '--fail-on', 'breaking');
    assert.equal(code, 1);
    const log = JSON.parse(out) as Log;
    assert.equal(log.version, '2.1.0');
    const [sarifRun] = log.runs;
    assert.ok(sarifRun);
    assert.equal(sarifRun.automationDetails?.id, 'keyfob history changes/');
    const rules = sarifRun.tool.driver.rules ?? [];
    assert.deepEqual(
      rules.map((r) => r.id),
      ['HISTORY_BREAKING', 'HISTORY_CHANGED', 'HISTORY_DEPRECATED'],
    );
    const results = sarifRun.results ?? [];
    assert.equal(results.length, 7);
    for (const result of results) assert.equal(rules[result.ruleIndex ?? -1]?.id, result.ruleId);
    const upload = results.find((r) => r.properties?.['changeId'] === 'ph-2021-08-11');
    assert.equal(upload?.ruleId, 'HISTORY_BREAKING');
    assert.equal(upload?.level, 'error');
    assert.deepEqual(upload?.locations?.[0]?.physicalLocation, {
      artifactLocation: { uri: 'fixtures/upload.json', uriBaseId: '%SRCROOT%' },
      region: { startLine: 1, startColumn: 64, endLine: 1, endColumn: 74 },
    });
    assert.match(
      upload?.message.text ?? '',
      /^upload-url \(configuration-versions\): breaking 2021-08-11\. .* \[change ph-2021-08-11, breaking\]$/,
    );
    assert.deepEqual(upload?.partialFingerprints, {
      'keyfobChange/v1': 'ph-2021-08-11|attribute configuration-versions upload-url|upload-url',
    });
    const checks = results.find((r) => r.properties?.['changeId'] === 'ph-2024-09-02');
    assert.deepEqual(checks?.properties, {
      changeId: 'ph-2024-09-02',
      level: 'deprecation',
      date: '2024-09-02',
      sunset: '2025-08',
      subject: 'endpoint GET /runs/:run_id/policy-checks',
      new: true,
    });
    assert.equal(checks?.ruleId, 'HISTORY_DEPRECATED');
    assert.deepEqual([...new Set(results.map((r) => r.level))].sort(), ['error', 'note', 'warning']);
  });

  it('writes workflow annotations titled with the change id, escaped so no text starts a command', async () => {
    const odd = project('odd', { 'a,b:c.json': '{"data":{"type":"policies","attributes":{"enforce":[]}}}\n' });
    const { code, out } = await run(odd, '--since', '2020-01-01', '--format', 'github');
    assert.equal(code, 0);
    const lines = out.trimEnd().split('\n');
    assert.ok(
      lines.every((line) => /^::(error|warning|notice) file=/.test(line)),
      out,
    );
    assert.match(
      lines[0] ?? '',
      /^::warning file=a%2Cb%3Ac\.json,line=1,col=43,endLine=1,endColumn=50,title=keyfob ph-2023-05-25 \(deprecation\)::enforce \(policies\): deprecated 2023-05-25; use enforcement-level\. /,
    );
  });

  it('writes the job-summary Markdown with one table per level', async () => {
    const { out } = await run(root, '--since', '2022-01-01', '--format', 'markdown');
    assert.match(
      out,
      /^### keyfob: platform API changes since 2022-01-01\n\n5 changes since 2022-01-01 to the 5 API subjects used in 4 files: 0 breaking, 2 deprecations, 3 other\.\n/,
    );
    assert.match(out, /#### Deprecations \(2\)\n\n\| Change \| Date \| Subject \| What it means \| Used at \|/);
    assert.match(
      out,
      /\| `ph-2024-09-02` \| 2024-09-02 \| `GET \/runs\/:run_id\/policy-checks` \| .* \| `src\/client.ts:2` \|/,
    );
    assert.doesNotMatch(out, /#### Breaking/);
  });
});
