// Files that broke the linter at first contact, linted the way a CI job does (the real command as a
// child process, a whole folder, JSON output): nesting thousands deep, single-quoted JSON, trailing
// commas and comments in strict .json beside a .jsonc that may have them. One bad file must never
// cost the other files their results.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
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

describe('keyfob lint --format text: file text never floods or drives the terminal', () => {
  it('cuts a minified line around the problem and shows control characters as \uFFFD', () => {
    const dir = mkdtempSync(join(tmpdir(), 'keyfob-hostile-text-'));
    try {
      // One line of about 300 KB with the problem near its end, and a value carrying terminal escapes.
      const policy = JSON.stringify({ Version: '2012-10-17', Statement: [], Padding: 'x'.repeat(300_000) });
      writeFileSync(
        join(dir, 'minified.role.json'),
        JSON.stringify({ credential_type: 'iam_user', policy_document: policy, ttl: '99y' }),
      );
      writeFileSync(join(dir, 'escape.role.yaml'), 'credential_type: "iam_user\u001b[2J\u001b]0;pwned\u0007"\n');
      const run = spawnSync(process.execPath, [BIN, 'lint', '--format', 'text', '.'], {
        cwd: dir,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
      assert.equal(run.status, 1, run.stderr);
      const lines = run.stdout.split('\n');
      assert.ok(
        lines.some((l) => l.startsWith('minified.role.json:1:')),
        run.stdout.slice(0, 2000),
      );
      assert.ok(
        lines.some((l) => l.startsWith('escape.role.yaml:1:')),
        run.stdout.slice(0, 2000),
      );
      const longest = Math.max(...lines.map((l) => l.length));
      assert.ok(longest < 1000, `the longest printed line has ${longest} characters`);
      // eslint-disable-next-line no-control-regex -- finding control characters is the point
      assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f]/.test(run.stdout), 'no control character reaches the terminal');
      assert.ok(
        lines.some((l) => l.includes('\uFFFD[2J\uFFFD]0;pwned\uFFFD')),
        run.stdout,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('stops quietly when its reader goes away (keyfob lint . | head)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keyfob-hostile-pipe-'));
    try {
      // Enough problems that the output outlives a reader that takes one chunk and leaves.
      const fields = Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`unknown_${i}`, i]));
      writeFileSync(join(dir, 'many.role.json'), JSON.stringify({ credential_type: 'iam_user', ...fields }));
      const child = spawn(process.execPath, [BIN, 'lint', '.'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
      child.stdout.once('data', () => child.stdout.destroy());
      const [code] = (await once(child, 'close')) as [number | null];
      assert.equal(stderr, '', 'no EPIPE stack trace');
      assert.notEqual(code, null, 'exited by itself');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
