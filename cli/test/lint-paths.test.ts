// How CI scripts and users name files: absolute folders ("$GITHUB_WORKSPACE/roles"), absolute files and
// globs, paths with spaces, symlinks (and a symlink loop), files whose names hold glob characters.
// Every case runs the real command as a child process.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { REPO_ROOT } from '../../test/helpers/engine.ts';

const BIN = join(REPO_ROOT, 'cli', 'bin', 'keyfob.cjs');
const EXAMPLES = join(REPO_ROOT, 'examples', 'roles');
const BAD = 'username: reporter\nrotation_period: 30s\n';

function lint(
  cwd: string,
  ...args: string[]
): { status: number | null; files: string[]; codes: string[]; stderr: string } {
  const run = spawnSync(process.execPath, [BIN, 'lint', '--format', 'json', ...args], { cwd, encoding: 'utf8' });
  if (run.status === 2) return { status: 2, files: [], codes: [], stderr: run.stderr };
  const report = JSON.parse(run.stdout) as { files: { file: string }[]; problems: { code: string }[] };
  return {
    status: run.status,
    files: report.files.map((f) => f.file),
    codes: report.problems.map((p) => p.code),
    stderr: run.stderr,
  };
}

describe('keyfob lint: paths as users give them', () => {
  let dir = '';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'keyfob paths '));
    mkdirSync(join(dir, 'my roles', 'nested'), { recursive: true });
    writeFileSync(join(dir, 'my roles', 'nested', 'ci user.static-role.yaml'), BAD);
    copyFileSync(join(EXAMPLES, 'deploy.role.yaml'), join(dir, 'my roles', 'deploy.role.yaml'));
    writeFileSync(join(dir, 'my roles', 'roles[1].static-role.yaml'), BAD);
    symlinkSync(join(dir, 'my roles'), join(dir, 'linked'));
    // A loop: the walk must end.
    symlinkSync(join(dir, 'my roles'), join(dir, 'my roles', 'nested', 'back'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('lints an absolute folder under the working folder, showing relative paths', () => {
    const run = lint(REPO_ROOT, EXAMPLES);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(run.files.includes('examples/roles/deploy.role.yaml'), run.files.join(', '));
    assert.ok(run.files.every((f) => f.startsWith('examples/roles/')));
  });

  it('shows absolute paths for files outside the working folder', () => {
    const run = lint(dir, EXAMPLES);
    assert.equal(run.status, 0, run.stderr);
    assert.ok(run.files.includes(join(EXAMPLES, 'deploy.role.yaml')), run.files.join(', '));
  });

  it('lints an absolute file and an absolute glob', () => {
    assert.deepEqual(lint(dir, join(EXAMPLES, 'deploy.role.yaml')).files, [join(EXAMPLES, 'deploy.role.yaml')]);
    const glob = lint(REPO_ROOT, `${EXAMPLES}/*.role.yaml`);
    assert.equal(glob.status, 0, glob.stderr);
    assert.ok(
      glob.files.length >= 3 && glob.files.every((f) => /^examples\/roles\/[^/]+\.role\.yaml$/.test(f)),
      glob.files.join(', '),
    );
  });

  it('finds files in folders with spaces, by folder, by glob and by name', () => {
    const byFolder = lint(dir, join(dir, 'my roles'));
    assert.equal(byFolder.status, 1);
    assert.ok(byFolder.files.includes('my roles/nested/ci user.static-role.yaml'), byFolder.files.join(', '));
    assert.ok(byFolder.codes.includes('STATIC_ROLE_ROTATION_TOO_SHORT'));
    assert.deepEqual(lint(dir, 'my roles/**/ci user.static-role.yaml').files, [
      'my roles/nested/ci user.static-role.yaml',
    ]);
    assert.deepEqual(lint(join(dir, 'my roles'), 'nested/ci user.static-role.yaml').files, [
      'nested/ci user.static-role.yaml',
    ]);
  });

  it('follows a symlinked folder and survives a symlink loop', () => {
    const run = lint(dir, 'linked');
    assert.ok(run.files.includes('linked/deploy.role.yaml'), run.files.join(', '));
    assert.ok(run.files.includes('linked/nested/ci user.static-role.yaml'), run.files.join(', '));
  });

  it('takes an existing name with glob characters as that file', () => {
    assert.deepEqual(lint(dir, 'my roles/roles[1].static-role.yaml').files, ['my roles/roles[1].static-role.yaml']);
  });

  it('shows a parent folder file by its absolute path', () => {
    const run = lint(join(dir, 'my roles', 'nested'), '../deploy.role.yaml');
    assert.deepEqual(run.files, [join(dir, 'my roles', 'deploy.role.yaml')]);
  });

  it('exits 2 naming an absolute path that does not exist', () => {
    const run = lint(dir, join(dir, 'nothing here'));
    assert.equal(run.status, 2);
    assert.match(run.stderr, /nothing here: no such file, folder or matching file/);
  });
});
