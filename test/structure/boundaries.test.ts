// The dependency rules of `npm run lint` (.dependency-cruiser.cjs) against a small tree written for
// each case: the real depcruise command with the repository's own configuration, so a rule that
// stopped firing (a typo in a path pattern, a resolver that no longer follows the exports) fails here.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { REPO_ROOT } from '../helpers/engine.ts';

const DEPCRUISE = join(REPO_ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
const CONFIG = join(REPO_ROOT, '.dependency-cruiser.cjs');

interface Violation {
  readonly rule: string;
  readonly from: string;
  readonly to: string;
}

/** A tree of files the config's paths recognise (shared/src/<area>, cli/src, ...) plus what it must report. */
interface Case {
  readonly name: string;
  readonly files: Readonly<Record<string, string>>;
  readonly expected: readonly Violation[];
}

/** Enough of shared/ and an adapter for imports to resolve: a few areas, the package's entry points, a CLI file. */
const BASE: Record<string, string> = {
  'shared/package.json': JSON.stringify({
    name: '@keyfob/shared',
    type: 'module',
    exports: { './rules': './src/rules/index.ts', './duration': './src/duration/index.ts' },
  }),
  'shared/src/problem.ts': "import type { ProblemCode } from './codes/index.ts';\nexport type P = ProblemCode;\n",
  'shared/src/codes/index.ts': "export type ProblemCode = 'X';\n",
  'shared/src/duration/index.ts': "import type { P } from '../problem.ts';\nexport const d = (p: P) => p;\n",
  'shared/src/rules/index.ts': "import { d } from '../duration/index.ts';\nexport const r = d;\n",
  'shared/src/rules/deep.ts': 'export const deep = 1;\n',
  'shared/src/apply/index.ts': "import { r } from '../rules/index.ts';\nexport const a = r;\n",
  'cli/src/bin.ts': "import { r } from '@keyfob/shared/rules';\nexport const bin = r;\n",
};

const cases: Case[] = [
  {
    name: 'an area importing one above it (duration -> rules)',
    files: { 'shared/src/duration/late.ts': "import { r } from '../rules/index.ts';\nexport const late = r;\n" },
    expected: [{ rule: 'shared-order-duration', from: 'shared/src/duration/late.ts', to: 'shared/src/rules/index.ts' }],
  },
  {
    name: 'the model importing the engine I/O layer (rules -> apply)',
    files: { 'shared/src/rules/up.ts': "import { a } from '../apply/index.ts';\nexport const up = a;\n" },
    expected: [{ rule: 'shared-order-rules', from: 'shared/src/rules/up.ts', to: 'shared/src/apply/index.ts' }],
  },
  {
    name: 'a Node built-in in shared/',
    files: {
      'shared/src/rules/reads.ts': "import { readFileSync } from 'node:fs';\nexport const reads = readFileSync;\n",
    },
    expected: [{ rule: 'shared-no-node', from: 'shared/src/rules/reads.ts', to: 'fs' }],
  },
  {
    name: "an adapter reaching into shared's files instead of its entry points",
    files: { 'cli/src/x.ts': "import { deep } from '../../shared/src/rules/deep.ts';\nexport const x = deep;\n" },
    expected: [{ rule: 'entry-points-only', from: 'cli/src/x.ts', to: 'shared/src/rules/deep.ts' }],
  },
  {
    name: 'an adapter importing an entry point passes',
    files: { 'cli/src/y.ts': "import { r } from '@keyfob/shared/rules';\nexport const y = r;\n" },
    expected: [],
  },
  {
    name: 'shared/ importing an adapter',
    files: {
      'cli/src/z.ts': 'export const z = 1;\n',
      'shared/src/rules/cli.ts': "import { z } from '../../../cli/src/z.ts';\nexport const c = z;\n",
    },
    expected: [{ rule: 'shared-no-adapter', from: 'shared/src/rules/cli.ts', to: 'cli/src/z.ts' }],
  },
  {
    name: 'a new area not yet placed in the order',
    files: { 'shared/src/novel/index.ts': "import { r } from '../rules/index.ts';\nexport const n = r;\n" },
    expected: [{ rule: 'shared-area-unlisted', from: 'shared/src/novel/index.ts', to: 'shared/src/rules/index.ts' }],
  },
  {
    name: 'an import cycle, type-only imports included',
    files: {
      'cli/src/main.ts': "import type { Command } from './commands/run.ts';\nexport const main = (c: Command) => c;\n",
      'cli/src/commands/run.ts': "import type { main } from '../main.ts';\nexport type Command = typeof main;\n",
    },
    // depcruise names a cycle once, from the module where it closes.
    expected: [{ rule: 'no-circular', from: 'cli/src/commands/run.ts', to: 'cli/src/main.ts' }],
  },
];

const scratch = mkdtempSync(join(tmpdir(), 'keyfob-boundaries-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

function write(root: string, files: Readonly<Record<string, string>>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

/** Runs depcruise with the repository's configuration over one tree holding every case's files. */
function cruise(root: string): Violation[] {
  const run = spawnSync(process.execPath, [DEPCRUISE, '--config', CONFIG, '--output-type', 'json', 'shared', 'cli'], {
    cwd: root,
    encoding: 'utf8',
  });
  assert.equal(run.stderr, '');
  const report = JSON.parse(run.stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string }[] };
  };
  return report.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}

describe('dependency rules (.dependency-cruiser.cjs)', () => {
  // The cases' files do not overlap, so one run over all of them answers every case (one process, not nine).
  const everyCase = Object.fromEntries(cases.flatMap((c) => Object.entries(c.files)));
  write(scratch, {
    ...BASE,
    ...everyCase,
    'tsconfig.json': '{"compilerOptions":{"allowImportingTsExtensions":true,"noEmit":true}}',
  });
  // The package link makes '@keyfob/shared/<area>' resolve through shared/package.json "exports", as in the workspace.
  mkdirSync(join(scratch, 'node_modules', '@keyfob'), { recursive: true });
  symlinkSync('../../shared', join(scratch, 'node_modules', '@keyfob', 'shared'));
  const violations = cruise(scratch);

  it('reports nothing from the base tree', () => {
    assert.deepEqual(
      violations.filter((v) => v.from in BASE),
      [],
    );
  });
  for (const c of cases) {
    it(c.name, () => {
      assert.deepEqual(
        violations.filter((v) => v.from in c.files),
        c.expected,
      );
    });
  }
});
