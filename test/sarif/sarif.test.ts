// `keyfob lint --format sarif` and `keyfob history scan --format sarif`, run as commands, checked
// against the SARIF 2.1.0 schema (vendored in test/fixtures/sarif) with ajv, and read as GitHub code
// scanning reads them: rule ids are our codes, each with help text and a link into docs/codes.md.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT } from '../helpers/engine.ts';
import { runStep } from '../helpers/run-action.ts';

interface Validate {
  (data: unknown): boolean;
  errors?: unknown;
}
type AjvClass = new (options: Record<string, unknown>) => { compile(schema: object): Validate };
const Ajv = (createRequire(import.meta.url)('ajv-draft-04') as { default: AjvClass }).default;

const BIN = join(REPO_ROOT, 'cli', 'bin', 'keyfob.cjs');
const schema = JSON.parse(
  readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'sarif', 'sarif-2.1.0-rtm.5.json'), 'utf8'),
) as object;
// unicodeRegExp off: one `pattern` of the published schema (language tags) is not valid with the u flag.
const validate = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false }).compile(schema);
const codesDoc = readFileSync(join(REPO_ROOT, 'docs', 'codes.md'), 'utf8');

interface SarifLog {
  version: string;
  runs: {
    tool: {
      driver: {
        name: string;
        rules: { id: string; help: { text: string }; helpUri: string; shortDescription: { text: string } }[];
      };
    };
    results: {
      ruleId: string;
      ruleIndex: number;
      level: string;
      message: { text: string };
      locations: {
        physicalLocation: {
          artifactLocation: { uri: string; uriBaseId?: string };
          region?: { startLine: number; startColumn: number; endColumn: number };
        };
      }[];
    }[];
  }[];
}

function keyfob(cwd: string, ...args: string[]): { status: number | null; log: SarifLog } {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  return { status: run.status, log: JSON.parse(run.stdout) as SarifLog };
}

function assertValid(log: SarifLog): void {
  assert.ok(validate(log), JSON.stringify(validate.errors, null, 2));
  assert.equal(log.version, '2.1.0');
  const run = log.runs[0];
  assert.ok(run);
  for (const rule of run.tool.driver.rules) {
    assert.match(rule.id, /^[A-Z][A-Z0-9_]+$/);
    assert.ok(rule.help.text.length > 20, rule.id);
    const anchor = rule.helpUri.split('#')[1] ?? '';
    assert.ok(codesDoc.includes(`<a id="${anchor}"></a>\`${rule.id}\``), `docs/codes.md has no anchor for ${rule.id}`);
  }
  for (const result of run.results) assert.equal(run.tool.driver.rules[result.ruleIndex]?.id, result.ruleId);
}

describe('SARIF output', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'keyfob-sarif-'));
    mkdirSync(join(dir, 'my roles'));
    writeFileSync(join(dir, 'my roles', 'short.static-role.yaml'), 'username: reporter\nrotation_period: 30s\n');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the schema check can fail: a run without its tool is refused', () => {
    assert.equal(validate({ version: '2.1.0', runs: [{ results: [] }] }), false);
  });

  it('keyfob lint --format sarif: valid, rule ids are codes, results at their place', () => {
    const { status, log } = keyfob(
      REPO_ROOT,
      'lint',
      '--format',
      'sarif',
      'test/fixtures/lint/mistakes.role.yaml',
      'test/fixtures/lint/short.static-role.yaml',
    );
    assert.equal(status, 1);
    assertValid(log);
    const results = log.runs[0]?.results ?? [];
    const short = results.find((r) => r.ruleId === 'STATIC_ROLE_ROTATION_TOO_SHORT');
    assert.ok(short, JSON.stringify(results.map((r) => r.ruleId)));
    assert.equal(short.level, 'error');
    assert.deepEqual(short.locations[0]?.physicalLocation.artifactLocation, {
      uri: 'test/fixtures/lint/short.static-role.yaml',
      uriBaseId: '%SRCROOT%',
    });
    assert.deepEqual(short.locations[0]?.physicalLocation.region, {
      startLine: 2,
      startColumn: 18,
      endLine: 2,
      endColumn: 21,
    });
    assert.ok(results.some((r) => r.ruleId === 'FIELD_UNKNOWN' && r.level === 'warning'));
  });

  it('encodes paths with spaces and gives absolute ones as file URIs', () => {
    const inside = keyfob(dir, 'lint', '--format', 'sarif', 'my roles');
    assertValid(inside.log);
    assert.equal(
      inside.log.runs[0]?.results[0]?.locations[0]?.physicalLocation.artifactLocation.uri,
      'my%20roles/short.static-role.yaml',
    );
    const outside = keyfob(REPO_ROOT, 'lint', '--format', 'sarif', join(dir, 'my roles'));
    assertValid(outside.log);
    assert.match(
      outside.log.runs[0]?.results[0]?.locations[0]?.physicalLocation.artifactLocation.uri ?? '',
      /^file:\/\/\/.*\/my%20roles\/short\.static-role\.yaml$/,
    );
  });

  it('a clean run is a valid log with no results', () => {
    const { status, log } = keyfob(REPO_ROOT, 'lint', '--format', 'sarif', 'examples/roles/deploy.role.yaml');
    assert.equal(status, 0);
    assertValid(log);
    assert.deepEqual(log.runs[0]?.results, []);
  });

  it('keyfob history scan --format sarif: valid, HISTORY_* rules', () => {
    writeFileSync(
      join(dir, 'client.ts'),
      "await fetch(`${base}/api/v2/organizations/${org}/registry-modules`);\nconst level = policy['enforce'];\n",
    );
    const { log } = keyfob(dir, 'history', 'scan', '--format', 'sarif', 'client.ts');
    assertValid(log);
    const results = log.runs[0]?.results ?? [];
    assert.ok(results.length > 0, 'the scan found no subject');
    assert.ok(
      results.every((r) => r.ruleId.startsWith('HISTORY_')),
      JSON.stringify(results.map((r) => r.ruleId)),
    );
    assert.equal(results[0]?.locations[0]?.physicalLocation.artifactLocation.uri, 'client.ts');
  });

  it('the action (lint mode, sarif-file) writes the same valid log, before failing the step on the error', async () => {
    const workspace = mkdtempSync(join(tmpdir(), 'keyfob-sarif-action-'));
    try {
      mkdirSync(join(workspace, 'roles'));
      writeFileSync(join(workspace, 'roles', 'short.static-role.yaml'), 'username: reporter\nrotation_period: 30s\n');
      const run = await runStep('main', {
        inputs: { mode: 'lint', files: 'roles', 'sarif-file': 'reports/keyfob.sarif' },
        workspace,
      });
      assert.equal(run.exitCode, 1, run.stdout);
      assert.match(run.stdout, /SARIF written to reports\/keyfob\.sarif \(1 results\)/);
      const log = JSON.parse(readFileSync(join(workspace, 'reports', 'keyfob.sarif'), 'utf8')) as SarifLog;
      assertValid(log);
      const cli = keyfob(workspace, 'lint', '--format', 'sarif', 'roles');
      assert.deepEqual(log.runs[0]?.results, cli.log.runs[0]?.results);
      assert.deepEqual(
        log.runs[0]?.results.map((r) => r.ruleId),
        ['STATIC_ROLE_ROTATION_TOO_SHORT'],
      );

      const bad = await runStep('main', {
        inputs: { mode: 'lint', files: 'roles', 'sarif-file': 'reports/' },
        workspace,
      });
      assert.equal(bad.exitCode, 1);
      assert.match(bad.stdout, /sarif-file must be the path of a file/);

      // Outside the workspace (issue 29): refused at the input, nothing written there.
      for (const outside of ['../outside.sarif', 'reports/../../outside.sarif', join(workspace, '..', 'abs.sarif')]) {
        const refused = await runStep('main', {
          inputs: { mode: 'lint', files: 'roles', 'sarif-file': outside },
          workspace,
        });
        assert.equal(refused.exitCode, 1, outside);
        assert.match(refused.stdout, /sarif-file must be a path inside the workspace/, outside);
        assert.doesNotMatch(refused.stdout, /SARIF written/, outside);
      }
      assert.equal(
        existsSync(join(workspace, '..', 'outside.sarif')) || existsSync(join(workspace, '..', 'abs.sarif')),
        false,
      );
    } finally {
      rmSync(workspace, { recursive: true, force: true });
    }
  });

  it('keyfob history changes --format sarif: valid, HISTORY_* rules, every result carries its change id', () => {
    writeFileSync(
      join(dir, 'upload.json'),
      '{ "data": { "type": "configuration-versions", "attributes": { "upload-url": "https://example.test/u" } } }\n',
    );
    writeFileSync(join(dir, 'checks.ts'), 'await fetch(`${base}/api/v2/runs/${runId}/policy-checks`);\n');
    const { status, log } = keyfob(
      dir,
      'history',
      'changes',
      '--since',
      '2020-01-01',
      '--fail-on',
      'deprecation',
      '--format',
      'sarif',
      'upload.json',
      'checks.ts',
    );
    assert.equal(status, 1);
    assertValid(log);
    const results = (log.runs[0]?.results ?? []) as (SarifLog['runs'][number]['results'][number] & {
      properties?: { changeId?: string };
    })[];
    assert.ok(results.length >= 2, JSON.stringify(results));
    for (const r of results) {
      assert.match(r.properties?.changeId ?? '', /^ph-\d{4}-\d{2}-\d{2}/, r.message.text);
      assert.ok(r.message.text.includes(`[change ${r.properties?.changeId ?? ''}, `), r.message.text);
    }
    const ruleOf = (id: string): string | undefined => results.find((r) => r.properties?.changeId === id)?.ruleId;
    assert.equal(ruleOf('ph-2021-08-11'), 'HISTORY_BREAKING');
    assert.equal(ruleOf('ph-2024-09-02'), 'HISTORY_DEPRECATED');
  });
});
