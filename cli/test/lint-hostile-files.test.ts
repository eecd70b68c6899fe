// Files that broke the linter at first contact, linted the way a CI job does (the real command as a
// child process, a whole folder, JSON output): nesting thousands deep, single-quoted JSON, trailing
// commas and comments in strict .json beside a .jsonc that may have them. One bad file must never
// cost the other files their results.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT } from '../../test/helpers/engine.ts';

const BIN = join(REPO_ROOT, 'cli', 'bin', 'keyfob.cjs');

interface Reported {
  file: string;
  line: number;
  column: number;
  severity: string;
  code: string;
  message: string;
}

const FILES: Record<string, string> = {
  // About 5 KB: a flow sequence 2,500 deep.
  'deep.role.yaml': `credential_type: iam_user\npolicy_arns: ${'['.repeat(2500)}${']'.repeat(2500)}\n`,
  // About 12 KB: a JSON array 6,000 deep.
  'deep.role.json': `${'['.repeat(6000)}${']'.repeat(6000)}`,
  'quotes.role.json':
    "{\n  'credential_type': 'iam_user',\n  'policy_arns': ['arn:aws:iam::aws:policy/ReadOnlyAccess']\n}\n",
  'strict.role.json':
    '{\n  // read-only\n  "credential_type": "iam_user",\n  "policy_arns": ["arn:aws:iam::aws:policy/ReadOnlyAccess",],\n}\n',
  'relaxed.role.jsonc':
    '{\n  // read-only\n  "credential_type": "iam_user",\n  "policy_arns": ["arn:aws:iam::aws:policy/ReadOnlyAccess",],\n}\n',
};

describe('keyfob lint: hostile and sloppy files in one folder', () => {
  let dir = '';
  let status: number | null = null;
  let files: string[] = [];
  let problems: Reported[] = [];
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'keyfob-hostile-'));
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
    copyFileSync(join(REPO_ROOT, 'examples', 'roles', 'deploy.role.yaml'), join(dir, 'deploy.role.yaml'));
    const run = spawnSync(process.execPath, [BIN, 'lint', '--format', 'json', '.'], { cwd: dir, encoding: 'utf8' });
    status = run.status;
    assert.equal(run.stderr, '', 'nothing on stderr: no crash');
    const report = JSON.parse(run.stdout) as { files: { file: string }[]; problems: Reported[] };
    files = report.files.map((f) => f.file).sort();
    problems = report.problems;
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const of = (file: string) => problems.filter((p) => p.file === file);

  it('reports every file of the folder and exits 1 for the errors', () => {
    assert.equal(status, 1);
    assert.deepEqual(files, [...Object.keys(FILES), 'deploy.role.yaml'].sort());
    assert.deepEqual(of('deploy.role.yaml'), []);
  });

  it('turns nesting thousands deep into DOC_TOO_DEEP where the limit is crossed', () => {
    assert.deepEqual(
      of('deep.role.yaml').map((p) => [p.code, p.severity, p.line, p.column]),
      [['DOC_TOO_DEEP', 'error', 2, 113]],
    );
    assert.deepEqual(
      of('deep.role.json').map((p) => [p.code, p.line, p.column]),
      [['DOC_TOO_DEEP', 1, 101]],
    );
  });

  it('gives single-quoted JSON one problem at its place, with the fix', () => {
    const found = of('quotes.role.json');
    assert.deepEqual(
      found.map((p) => [p.code, p.line, p.column]),
      [['DOC_JSON_SYNTAX', 2, 3]],
    );
    assert.match(found[0]?.message ?? '', /double quotes, not single quotes \(write "credential_type"\)/);
  });

  it('refuses comments and trailing commas in .json, and allows them in .jsonc', () => {
    assert.deepEqual(
      of('strict.role.json').map((p) => [p.code, p.severity, p.line]),
      [
        ['DOC_JSON_COMMENT', 'error', 2],
        ['DOC_JSON_TRAILING_COMMA', 'error', 4],
        ['DOC_JSON_TRAILING_COMMA', 'error', 4],
      ],
    );
    assert.deepEqual(of('relaxed.role.jsonc'), []);
  });
});
