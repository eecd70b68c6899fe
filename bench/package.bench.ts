// The published CLI's weight: `npm pack` of cli/ (the tarball users download) beside a baseline
// measured in the same run: what an unbundled install of the same code would put on disk (the
// workspaces' TypeScript sources plus the registry packages they import, as installed here). Then
// the time of an offline `npm install` of the tarball into an empty project.
import { readFileSync, readdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { REPO_ROOT } from '../test/helpers/engine.ts';
import { installTarball, packCli } from '../test/helpers/pack-cli.ts';
import { printTable } from './lib/measure.ts';

/** Bytes of every file under `path` (skipping nested node_modules, counted on their own). */
function folderBytes(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.size;
  let total = 0;
  for (const name of readdirSync(path)) if (name !== 'node_modules') total += folderBytes(join(path, name));
  return total;
}

/** The registry packages (with their own dependencies) that the CLI's workspaces import at run time. */
function runtimePackages(): Set<string> {
  const seen = new Set<string>();
  const visit = (manifest: string): void => {
    const deps =
      (JSON.parse(readFileSync(manifest, 'utf8')) as { dependencies?: Record<string, string> }).dependencies ?? {};
    for (const name of Object.keys(deps)) {
      if (name.startsWith('@keyfob/') || seen.has(name)) continue;
      seen.add(name);
      visit(join(REPO_ROOT, 'node_modules', name, 'package.json'));
    }
  };
  for (const workspace of ['schemas', 'shared', 'engine', 'cli']) visit(join(REPO_ROOT, workspace, 'package.json'));
  return seen;
}

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(0)} KiB`;

const scratch = mkdtempSync(join(tmpdir(), 'keyfob-bench-pack-'));
try {
  const packed = packCli(scratch);
  const packages = runtimePackages();
  const sources = ['schemas', 'shared/src', 'engine/src', 'cli/src'].reduce(
    (sum, p) => sum + folderBytes(join(REPO_ROOT, p)),
    0,
  );
  const dependencies = [...packages].reduce((sum, name) => sum + folderBytes(join(REPO_ROOT, 'node_modules', name)), 0);
  console.log(`${packed.name}@${packed.version} as packed by npm pack (${packed.files.length} files):`);
  printTable([
    ['', 'bytes', ''],
    ['tarball (.tgz, the download)', String(packed.size), kib(packed.size)],
    ['tarball contents, unpacked', String(packed.unpackedSize), kib(packed.unpackedSize)],
    [
      'largest file',
      String(Math.max(...packed.files.map((f) => f.size))),
      packed.files.reduce((a, b) => (b.size > a.size ? b : a)).path,
    ],
    [
      `baseline: unbundled install (sources + ${packages.size} registry packages)`,
      String(sources + dependencies),
      kib(sources + dependencies),
    ],
  ]);
  console.log(`registry packages the bundle replaces: ${[...packages].sort().join(', ')}`);

  const times: number[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    installTarball(join(scratch, `project-${i}`), packed.tarball, join(scratch, `home-${i}`));
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `npm install --offline of the tarball into an empty project: median ${times[1]?.toFixed(0)} ms of 3 (min ${times[0]?.toFixed(0)}, max ${times[2]?.toFixed(0)})`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
