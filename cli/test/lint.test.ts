import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { main } from '../src/main.ts';
import { captureIo } from './capture-io.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));

interface JsonProblem {
  file: string;
  document: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  severity: string;
  code: string;
  message: string;
  path: string;
}

async function lintJson(
  ...paths: string[]
): Promise<{ code: number; problems: JsonProblem[]; files: { file: string; documents: number }[] }> {
  const io = captureIo(repo);
  const code = await main(['lint', '--format', 'json', ...paths], io);
  const parsed = JSON.parse(io.out()) as { problems: JsonProblem[]; files: { file: string; documents: number }[] };
  return { code, ...parsed };
}

describe('keyfob lint', () => {
  it('passes the examples', async () => {
    const { code, problems, files } = await lintJson('examples/');
    assert.equal(code, 0);
    assert.deepEqual(
      problems.filter((p) => p.severity === 'error'),
      [],
    );
    assert.ok(files.length >= 6, `expected the example role files, got ${files.map((f) => f.file).join(', ')}`);
  });

  const expected: {
    name: string;
    file: string;
    code: string;
    document: number;
    line: number;
    column: number;
    endColumn: number;
    path: string;
  }[] = [
    {
      name: 'field not allowed for the type',
      file: 'mistakes.role.yaml',
      code: 'ROLE_ARNS_NOT_ALLOWED',
      document: 0,
      line: 5,
      column: 1,
      endColumn: 10,
      path: '/role_arns',
    },
    {
      name: 'a day unit',
      file: 'mistakes.role.yaml',
      code: 'DURATION_BAD_UNIT',
      document: 1,
      line: 10,
      column: 18,
      endColumn: 20,
      path: '/default_sts_ttl',
    },
    {
      name: 'default ttl over the max',
      file: 'mistakes.role.yaml',
      code: 'ROLE_TTL_ORDER',
      document: 2,
      line: 15,
      column: 18,
      endColumn: 20,
      path: '/default_sts_ttl',
    },
    {
      name: 'misspelt key',
      file: 'mistakes.role.yaml',
      code: 'FIELD_UNKNOWN',
      document: 3,
      line: 20,
      column: 1,
      endColumn: 17,
      path: '/mfa_serial_numbr',
    },
    {
      name: 'no policy for iam_user',
      file: 'mistakes.role.yaml',
      code: 'ROLE_POLICY_REQUIRED',
      document: 4,
      line: 23,
      column: 1,
      endColumn: 16,
      path: '/policy_arns',
    },
    {
      name: 'rotation under a minute',
      file: 'short.static-role.yaml',
      code: 'STATIC_ROLE_ROTATION_TOO_SHORT',
      document: 0,
      line: 2,
      column: 18,
      endColumn: 21,
      path: '/rotation_period',
    },
    {
      name: 'JSON syntax',
      file: 'broken.role.json',
      code: 'DOC_JSON_SYNTAX',
      document: 0,
      line: 4,
      column: 1,
      endColumn: 2,
      path: '/role_arns',
    },
  ];
  for (const want of expected) {
    it(`reports ${want.name} as ${want.code} at its position`, async () => {
      const { code, problems } = await lintJson(`test/fixtures/lint/${want.file}`);
      assert.equal(code, 1);
      const found = problems.find((p) => p.code === want.code && p.document === want.document);
      assert.ok(found, `no ${want.code} in ${JSON.stringify(problems.map((p) => p.code))}`);
      assert.equal(found.file, `test/fixtures/lint/${want.file}`);
      assert.deepEqual(
        { line: found.line, column: found.column, endColumn: found.endColumn },
        { line: want.line, column: want.column, endColumn: want.endColumn },
      );
      assert.equal(found.path, want.path);
    });
  }

  it('prints compiler-style text with the source line and a caret', async () => {
    const io = captureIo(repo);
    const code = await main(['lint', 'test/fixtures/lint/short.static-role.yaml'], io);
    assert.equal(code, 1);
    const lines = io.out().split('\n');
    const at = lines.findIndex((l) =>
      l.startsWith('test/fixtures/lint/short.static-role.yaml:2:18 error STATIC_ROLE_ROTATION_TOO_SHORT'),
    );
    assert.ok(at >= 0, io.out());
    assert.match(lines[at + 1] ?? '', /\|\s+rotation_period: 30s$/);
    assert.equal((lines[at + 2] ?? '').indexOf('^^^') - (lines[at + 1] ?? '').indexOf('rotation_period'), 17);
    assert.match(io.out(), /1 error, 0 warnings in 1 file \(1 document\)/);
  });

  it('writes GitHub annotations with escaped properties', async () => {
    const io = captureIo(repo);
    await main(['lint', '--format', 'github', 'test/fixtures/lint/mistakes.role.yaml'], io);
    assert.match(
      io.out(),
      /^::error file=test\/fixtures\/lint\/mistakes\.role\.yaml,line=10,col=18,endLine=10,endColumn=20,title=DURATION_BAD_UNIT::/m,
    );
    assert.match(io.out(), /^::warning file=[^,]+,line=20,col=1,/m);
  });

  it('expands globs and skips files that are not ours in a folder walk', async () => {
    const { files } = await lintJson('test/fixtures/lint/*.static-role.yaml');
    assert.deepEqual(
      files.map((f) => f.file),
      ['test/fixtures/lint/short.static-role.yaml'],
    );
    const walked = await lintJson('test/fixtures');
    assert.ok(walked.files.every((f) => /\.(?:role|static-role|manifest)\.|keyfob\./.test(f.file) || f.documents > 0));
  });

  const usage: { name: string; args: string[] }[] = [
    { name: 'no path', args: ['lint'] },
    { name: 'a bad format', args: ['lint', '--format', 'xml', 'examples/'] },
    { name: 'an unknown flag', args: ['lint', '--frobnicate', 'examples/'] },
    { name: 'a missing path', args: ['lint', 'no/such/place'] },
  ];
  for (const { name, args } of usage) {
    it(`exits 2 on ${name}`, async () => {
      const io = captureIo(repo);
      assert.equal(await main(args, io), 2);
      assert.notEqual(io.err(), '');
    });
  }

  it('runs as the real command from the repository root', () => {
    const run = spawnSync(
      process.execPath,
      ['cli/bin/keyfob.cjs', 'lint', 'test/fixtures/lint/mistakes.role.yaml', '--quiet'],
      { cwd: repo, encoding: 'utf8' },
    );
    assert.equal(run.status, 1, run.stderr);
    assert.match(run.stdout, /ROLE_POLICY_REQUIRED/);
    assert.doesNotMatch(run.stdout, /FIELD_UNKNOWN/);
  });
});
