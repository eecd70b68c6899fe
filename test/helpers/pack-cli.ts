// Packs the keyfob CLI the way a release does (`npm pack` of cli/) and installs the tarball into an
// empty project, without touching the repository's own cli/dist: cli/ is copied to a staging folder,
// built there (cli/build.mjs with KEYFOB_CLI_DIST) and packed with the real package.json's `files`.
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { REPO_ROOT } from './engine.ts';

/** One file of a packed tarball, as `npm pack --json` lists it. */
interface PackedFile {
  readonly path: string;
  readonly size: number;
}

/** A packed CLI tarball. */
export interface PackedCli {
  readonly tarball: string;
  readonly name: string;
  readonly version: string;
  /** Bytes of the .tgz. */
  readonly size: number;
  /** Bytes of its contents. */
  readonly unpackedSize: number;
  readonly files: readonly PackedFile[];
}

/** The npm executable beside the running node (as `npm test` users have it). */
const NPM = join(dirname(process.execPath), 'npm');
/** The npx executable beside the running node. */
export const NPX = join(dirname(process.execPath), 'npx');

/**
 * The environment of a user's shell: the test runner's npm_* variables (set by `npm test`: the
 * workspace, the lifecycle event, the repository's config) are dropped, and npm gets its own cache
 * and no user config, so nothing from this checkout leaks into the install.
 */
export function userEnv(home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!/^npm_/i.test(key) && key !== 'KEYFOB_REPO' && key !== 'INIT_CWD') env[key] = value;
  }
  return {
    ...env,
    HOME: home,
    npm_config_cache: join(home, '.npm'),
    npm_config_userconfig: join(home, '.npmrc'),
    npm_config_update_notifier: 'false',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    ...extra,
  };
}

/** Stages cli/ in `scratch`, builds it there, and packs it with `npm pack` into `scratch`. */
export function packCli(scratch: string): PackedCli {
  const stage = join(scratch, 'stage');
  cpSync(join(REPO_ROOT, 'cli'), stage, {
    recursive: true,
    filter: (source) => !/[\\/](?:dist|node_modules)$/.test(source) && !source.endsWith('.tgz'),
  });
  // What the package's prepack script does in the repository: build, then copy the root LICENSE.
  execFileSync(process.execPath, [join(REPO_ROOT, 'cli', 'build.mjs')], {
    cwd: join(REPO_ROOT, 'cli'),
    env: { ...process.env, KEYFOB_CLI_DIST: join(stage, 'dist') },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  cpSync(join(REPO_ROOT, 'LICENSE'), join(stage, 'LICENSE'));
  const home = join(scratch, 'packer-home');
  mkdirSync(home, { recursive: true });
  const out = execFileSync(NPM, ['pack', '--json', '--ignore-scripts', '--pack-destination', scratch], {
    cwd: stage,
    env: userEnv(home),
    encoding: 'utf8',
  });
  const [packed] = JSON.parse(out) as {
    filename: string;
    name: string;
    version: string;
    size: number;
    unpackedSize: number;
    files: PackedFile[];
  }[];
  if (!packed) throw new Error(`npm pack printed no package: ${out}`);
  return {
    tarball: join(scratch, packed.filename),
    name: packed.name,
    version: packed.version,
    size: packed.size,
    unpackedSize: packed.unpackedSize,
    files: packed.files.map((f) => ({ path: f.path, size: f.size })),
  };
}

/**
 * Makes an empty project at `project` and installs `tarball` into it offline (with an empty cache:
 * it succeeds only when the package needs nothing from the registry). Throws with npm's output.
 */
export function installTarball(project: string, tarball: string, home: string): void {
  mkdirSync(project, { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'user-project', version: '1.0.0', private: true }, null, 2)}\n`,
  );
  const run = spawnSync(NPM, ['install', '--offline', '--no-audit', '--no-fund', tarball], {
    cwd: project,
    env: userEnv(home),
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`npm install ${tarball} failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
}
