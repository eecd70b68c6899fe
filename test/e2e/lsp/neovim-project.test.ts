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
// starts `keyfob lsp --stdio` rooted at test/fixtures/history/project and opens ONLY its model file
// (pkg/models/jobs.py). The filter and search keys `keyfob history scan <folder>` (a real process)
// binds there come from another file (pkg/resources/jobs.py sends the model to a runs listing), which
// Neovim never opens: the hover names each of them only if the server took its project facts from the
// folder's files, as the CLI does, not from the open documents. Skipped, and saying so, where nvim is
// not installed.

const nvimMissing = missingProgram(PROGRAMS.nvim);
const PROJECT = join(REPO_ROOT, 'test/fixtures/history/project');
const MODELS = 'pkg/models/jobs.py';

interface Annotation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly subject: { readonly name: string };
}

/** What `keyfob history scan PATHS --format json` reports in the model file. */
async function modelAnnotations(...paths: string[]): Promise<Annotation[]> {
  const run = await runKeyfob(['history', 'scan', ...paths, '--format', 'json']);
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  return (JSON.parse(run.stdout) as { annotations: Annotation[] }).annotations.filter((a) =>
    a.file.endsWith(join('models', 'jobs.py')),
  );
}

describe('keyfob lsp in headless Neovim: project facts from the folder, one file open', { skip: nvimMissing }, () => {
  let scratch: string;
  let folder: Annotation[];
  let results: { errors: string[]; logs: string[]; hovers: string[]; open: number };
  before(async () => {
    folder = await modelAnnotations(PROJECT);
    scratch = mkdtempSync(join(tmpdir(), 'keyfob-nvim-project-'));
    results = runNeovim<typeof results>('./neovim-project.lua', PROJECT, scratch, {
      KEYFOB_CODE: join(PROJECT, MODELS),
      KEYFOB_AT: JSON.stringify(folder.map((a) => ({ line: a.line - 1, character: a.column - 1 }))),
    });
  });
  after(() => rmSync(scratch, { recursive: true, force: true }));

  it('the CLI binds keys in the model file only from the folder (the model file alone claims none of them)', async () => {
    const keys = (as: readonly Annotation[]): string[] =>
      [...new Set(as.map((a) => `${a.line} ${a.subject.name}`))].filter((k) => /\s(?:search|filter)\[/.test(k));
    assert.deepEqual(keys(folder), ['5 search[user]', '6 filter[status]', '10 filter[timeframe]']);
    assert.deepEqual(keys(await modelAnnotations(join(PROJECT, MODELS))), []);
  });

  it("Neovim's hover names each subject the CLI reports in the model file, with only that file open", () => {
    assert.equal(results.open, 1);
    assert.match(results.logs.join('\n'), /read the API history's project facts of 4 files of /);
    assert.equal(results.hovers.length, folder.length);
    const missing = folder.flatMap((a, i) =>
      (results.hovers[i] ?? '').includes(`**${a.subject.name}**`)
        ? []
        : [`line ${a.line} ${a.subject.name}: ${JSON.stringify(results.hovers[i])}`],
    );
    assert.deepEqual(missing, []);
  });
});
