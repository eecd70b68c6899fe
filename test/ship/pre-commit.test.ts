// The keyfob-lint hook of .pre-commit-hooks.yaml, run by the real pre-commit (Debian's package) the way
// a user's repository does: pre-commit clones a hook repository holding this file at a commit, installs
// its git hook, and `git commit` runs keyfob on the staged files the hook's `files` pattern selects.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { parse } from 'yaml';
import { REPO_ROOT } from '../helpers/engine.ts';
import { missingProgram, PROGRAMS } from '../helpers/programs.ts';

const PRE_COMMIT = PROGRAMS.preCommit.path;
const preCommitMissing = missingProgram(PROGRAMS.preCommit);
/** The interpreter pre-commit runs on, so the `files` pattern is tried with the regex engine that applies it. */
const PYTHON = PROGRAMS.python3.path;

interface HookDefinition {
  id: string;
  name: string;
  entry: string;
  language: string;
  files: string;
}

const hooks = parse(readFileSync(join(REPO_ROOT, '.pre-commit-hooks.yaml'), 'utf8')) as HookDefinition[];
const hook = hooks.find((h) => h.id === 'keyfob-lint');
const scratch = mkdtempSync(join(tmpdir(), 'keyfob-pre-commit-'));
const hookRepo = join(scratch, 'hook-repo');
const project = join(scratch, 'project');
const shims = join(scratch, 'bin');
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A clean environment: no GIT_* from a surrounding hook, a private HOME and pre-commit cache, and `keyfob` on PATH. */
const env: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('GIT_') && !/^npm_/i.test(key))),
  HOME: scratch,
  PRE_COMMIT_HOME: join(scratch, 'pre-commit-cache'),
  PATH: `${shims}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
  GIT_CONFIG_NOSYSTEM: '1',
};

function run(command: string, args: string[], cwd: string): { status: number | null; output: string } {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', timeout: 120_000 });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

function git(cwd: string, ...args: string[]): string {
  const result = run(
    'git',
    ['-c', 'user.name=keyfob test', '-c', 'user.email=test@keyfob.invalid', '-c', 'commit.gpgsign=false', ...args],
    cwd,
  );
  assert.equal(result.status, 0, `git ${args.join(' ')}: ${result.output}`);
  return result.output.trim();
}

function write(path: string, text: string): void {
  mkdirSync(dirname(join(project, path)), { recursive: true });
  writeFileSync(join(project, path), text);
}

before(() => {
  if (preCommitMissing) return;
  // `keyfob` on PATH, as a user has it after `npm install --global @keyfob/cli`: the repository's launcher.
  mkdirSync(shims);
  symlinkSync(join(REPO_ROOT, 'cli', 'bin', 'keyfob.cjs'), join(shims, 'keyfob'));

  // The hook repository: this repository's .pre-commit-hooks.yaml at a commit, which pre-commit clones.
  mkdirSync(hookRepo);
  git(hookRepo, 'init', '-q', '-b', 'main');
  copyFileSync(join(REPO_ROOT, '.pre-commit-hooks.yaml'), join(hookRepo, '.pre-commit-hooks.yaml'));
  git(hookRepo, 'add', '.pre-commit-hooks.yaml');
  git(hookRepo, 'commit', '-q', '-m', 'hooks');
  const rev = git(hookRepo, 'rev-parse', 'HEAD');

  mkdirSync(project);
  git(project, 'init', '-q', '-b', 'main');
  write(
    '.pre-commit-config.yaml',
    `repos:\n  - repo: ${hookRepo}\n    rev: ${rev}\n    hooks:\n      - id: keyfob-lint\n`,
  );
  git(project, 'add', '.pre-commit-config.yaml');
  git(project, 'commit', '-q', '--no-verify', '-m', 'pre-commit config');
  const install = run(PRE_COMMIT, ['install'], project);
  assert.equal(install.status, 0, install.output);
});

describe('.pre-commit-hooks.yaml', () => {
  it('defines keyfob-lint running `keyfob lint --allow-empty` from PATH', () => {
    assert.ok(hook, 'a hook with id keyfob-lint');
    assert.equal(hook.entry, 'keyfob lint --allow-empty');
    assert.equal(hook.language, 'system');
  });

  const names: [string, boolean][] = [
    ['deploy.role.yaml', true],
    ['roles/ci.role.yml', true],
    ['roles/Reports.ROLE.JSON', true],
    ['a/b/backup.static-role.yaml', true],
    ['platform.manifest.jsonc', true],
    ['keyfob.yaml', true],
    ['config/keyfob.json', true],
    ['engine.root-config.yaml', true],
    ['engine.lease-config.json', true],
    ['policies/deploy.policy.hcl', true],
    ['policies/deploy.policy.json', true],
    ['auth/github.jwt-role.yaml', true],
    ['infra/vault.tf', true],
    ['infra/vault.tf.json', true],
    ['infra/vault.tfvars', false],
    ['README.md', false],
    ['role.yaml', false],
    ['deploy.role.yaml.orig', false],
    ['notkeyfob.yaml', false],
    ['deploy.policy.yaml', false],
    ['src/role.ts', false],
  ];
  it(
    'selects role, static role, manifest, config, policy and JWT role files by name (Python regex, as pre-commit applies it)',
    { skip: missingProgram(PROGRAMS.python3) },
    () => {
      assert.ok(hook);
      const script =
        'import re, sys\npattern = re.compile(sys.argv[1])\nfor name in sys.argv[2:]: print("1" if pattern.search(name) else "0")';
      const result = spawnSync(PYTHON, ['-c', script, hook.files, ...names.map(([n]) => n)], { encoding: 'utf8' });
      assert.equal(result.status, 0, result.stderr);
      const matched = result.stdout
        .trim()
        .split('\n')
        .map((line) => line === '1');
      assert.deepEqual(
        names.map(([name], i) => [name, matched[i]]),
        names,
      );
    },
  );
});

describe('git commit with the keyfob-lint hook installed', { skip: preCommitMissing }, () => {
  it("blocks a commit with a bad role file and prints keyfob's message", () => {
    const before = git(project, 'rev-parse', 'HEAD');
    write('roles/typo.role.yaml', 'credential_type: iam_usr\n');
    git(project, 'add', 'roles/typo.role.yaml');
    const commit = run(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@keyfob.invalid', 'commit', '-m', 'add a role'],
      project,
    );
    assert.notEqual(commit.status, 0, commit.output);
    assert.match(commit.output, /keyfob lint\.+Failed/);
    assert.match(
      commit.output,
      /roles\/typo\.role\.yaml:1:18 error ROLE_UNKNOWN_CREDENTIAL_TYPE credential_type "iam_usr" is not a credential type; did you mean "iam_user"\?/,
    );
    assert.equal(git(project, 'rev-parse', 'HEAD'), before, 'nothing was committed');
  });

  it('lets a commit through once the file is fixed', () => {
    const before = git(project, 'rev-parse', 'HEAD');
    write(
      'roles/typo.role.yaml',
      'credential_type: iam_user\npolicy_arns:\n  - arn:aws:iam::aws:policy/ReadOnlyAccess\n',
    );
    git(project, 'add', 'roles/typo.role.yaml');
    const commit = run(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@keyfob.invalid', 'commit', '-m', 'add a role'],
      project,
    );
    assert.equal(commit.status, 0, commit.output);
    assert.match(commit.output, /keyfob lint\.+Passed/);
    assert.notEqual(git(project, 'rev-parse', 'HEAD'), before);
  });

  it('skips commits without keyfob files', () => {
    write('notes/README.md', 'credential_type: iam_usr\n');
    git(project, 'add', 'notes/README.md');
    const commit = run(
      'git',
      ['-c', 'user.name=t', '-c', 'user.email=t@keyfob.invalid', 'commit', '-m', 'notes'],
      project,
    );
    assert.equal(commit.status, 0, commit.output);
    assert.match(commit.output, /keyfob lint\.+\(no files to check\)Skipped/);
  });
});
