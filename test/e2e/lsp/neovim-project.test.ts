import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runKeyfob } from '../../../cli/test/run-keyfob.ts';
import { REPO_ROOT } from '../../helpers/engine.ts';
import { missingProgram, PROGRAMS } from '../../helpers/programs.ts';
import { runNeovim } from './neovim-run.ts';

// The editor finds what the CLI finds, in a client nobody here wrote: Neovim (Debian's 0.7, headless)
// starts `keyfob lsp --stdio` rooted at a project folder and opens ONLY one file of it, whose
// annotations `keyfob history scan <folder>` (a real process) owes to the folder's other files, which
// Neovim never opens: the hover names each of them only if the server took its project facts from the
// folder's files, as the CLI does, not from the open documents. Two projects:
// - test/fixtures/history/project: its model file (pkg/models/jobs.py) binds filter and search keys
//   because pkg/resources/jobs.py sends the model to a runs listing;
// - test/fixtures/history/terraform-module: its variables.tf's default (`default = "maintain"`), the
//   values its validation compares the variable with, and an object default's value are team-project
//   access levels because main.tf hands those variables to `tfe_team_project_access.access`.
// Skipped, and saying so, where nvim is not installed.

const nvimMissing = missingProgram(PROGRAMS.nvim);

interface Annotation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly subject: { readonly name: string };
}

/** What `keyfob history scan PATHS --format json` reports in the file `file` (its path from the folder). */
async function annotationsIn(file: string, ...paths: string[]): Promise<Annotation[]> {
  const run = await runKeyfob(['history', 'scan', ...paths, '--format', 'json']);
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  return (JSON.parse(run.stdout) as { annotations: Annotation[] }).annotations.filter((a) => a.file.endsWith(file));
}

interface ProjectCase {
  /** The project folder, from the repository's root. */
  readonly folder: string;
  /** The one file Neovim opens, from the folder. */
  readonly file: string;
  /** Of the CLI's annotations in that file with the whole folder, those the file alone does not give (`line subject`, once each). */
  readonly fromFolder: readonly string[];
  /** Which of the file's annotations `fromFolder` lists (the rest the file gives alone too). */
  readonly owed: (a: Annotation) => boolean;
  /** How many files the server says it read the project facts of. */
  readonly files: number;
}

const CASES: readonly ProjectCase[] = [
  {
    folder: 'test/fixtures/history/project',
    file: join('pkg', 'models', 'jobs.py'),
    fromFolder: ['5 search[user]', '6 filter[status]', '10 filter[timeframe]'],
    owed: (a) => /^(?:search|filter)\[/.test(a.subject.name),
    files: 4,
  },
  {
    folder: 'test/fixtures/history/terraform-module',
    file: 'variables.tf',
    fromFolder: ['18 maintain', '21 admin', '21 maintain', '21 write', '21 read', '21 custom', '31 read'],
    owed: () => true,
    files: 2,
  },
];

for (const { folder, file, fromFolder, owed, files } of CASES) {
  const project = join(REPO_ROOT, folder);
  describe(
    `keyfob lsp in headless Neovim: ${folder}'s facts from the folder, ${file} alone open`,
    { skip: nvimMissing },
    () => {
      let scratch: string;
      let found: Annotation[];
      let results: { errors: string[]; logs: string[]; hovers: string[]; open: number };
      before(async () => {
        found = await annotationsIn(file, project);
        scratch = mkdtempSync(join(tmpdir(), 'keyfob-nvim-project-'));
        results = runNeovim<typeof results>('./neovim-project.lua', project, scratch, {
          KEYFOB_CODE: join(project, file),
          KEYFOB_AT: JSON.stringify(found.map((a) => ({ line: a.line - 1, character: a.column - 1 }))),
        });
      });
      after(() => rmSync(scratch, { recursive: true, force: true }));

      it(`the CLI gives ${file} these annotations only from the folder (${file} alone gives none of them)`, async () => {
        const keys = (as: readonly Annotation[]): string[] => [
          ...new Set(as.filter(owed).map((a) => `${a.line} ${a.subject.name}`)),
        ];
        assert.deepEqual(keys(found), fromFolder);
        assert.deepEqual(keys(await annotationsIn(file, join(project, file))), []);
      });

      it(`Neovim's hover names each subject the CLI reports in ${file}, with only that file open`, () => {
        assert.equal(results.open, 1);
        assert.match(results.logs.join('\n'), new RegExp(`read the API history's project facts of ${files} files of `));
        assert.equal(results.hovers.length, found.length);
        const missing = found.flatMap((a, i) =>
          (results.hovers[i] ?? '').includes(`**${a.subject.name}**`)
            ? []
            : [`line ${a.line} ${a.subject.name}: ${JSON.stringify(results.hovers[i])}`],
        );
        assert.deepEqual(missing, []);
      });
    },
  );
}
