#!/usr/bin/env node
// Installs code-server (a real VS Code 1.100 server) into <repo>/.code-server/, outside every
// package.json: it is a test host, not a dependency. A stamp file makes a second run instant.
// Facts behind the flags are in shared/reference/vscode-testing.md:
// - 4.100.3 is the newest code-server whose engines accept Node 20;
// - @vscode/ripgrep would download rg from GitHub; a tarball of Debian's rg in its cache path is accepted;
// - as root, its postinstall needs unsafe-perm, and node-pty's `npx node-gyp` needs yes=true;
// - a global install (-g) breaks the nested postinstall under npm 11, so it goes in its own prefix.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, copyFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CODE_SERVER_VERSION = '4.100.3';
const repo = fileURLToPath(new URL('../../', import.meta.url));
const codeServerPrefix = join(repo, '.code-server');
const codeServerBin = join(codeServerPrefix, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
const stamp = join(codeServerPrefix, `installed-${CODE_SERVER_VERSION}`);

/**
 * The Debian packages a run needs that this machine lacks: the browser always, and what installing
 * code-server builds with (node-gyp: a compiler, make, python3, Kerberos headers; Debian's rg) until it
 * is installed. Each as [file that shows it, package].
 */
export function missingPackages() {
  const needs = [['/usr/bin/chromium', 'chromium']];
  if (!(existsSync(stamp) && existsSync(codeServerBin)))
    needs.push(
      ['/usr/bin/rg', 'ripgrep'],
      ['/usr/bin/g++', 'build-essential'],
      ['/usr/bin/make', 'build-essential'],
      ['/usr/bin/python3', 'python3'],
      ['/usr/bin/krb5-config', 'libkrb5-dev'],
    );
  return [...new Set(needs.filter(([file]) => !existsSync(file)).map(([, pkg]) => pkg))];
}

/** Puts Debian's rg where @vscode/ripgrep's postinstall looks for a cached download. */
function seedRipgrepCache() {
  const cacheDir = join(tmpdir(), 'vscode-ripgrep-cache-1.15.11');
  const tarball = join(cacheDir, 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz');
  if (existsSync(tarball)) return;
  if (!existsSync('/usr/bin/rg')) throw new Error('ripgrep is missing: run .ci/apt-packages first');
  mkdirSync(cacheDir, { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'rg-'));
  copyFileSync('/usr/bin/rg', join(work, 'rg'));
  const tar = spawnSync('tar', ['-czf', tarball, '-C', work, 'rg'], { stdio: 'inherit' });
  rmSync(work, { recursive: true, force: true });
  if (tar.status !== 0) throw new Error('could not build the ripgrep cache tarball');
}

/** Installs code-server unless the stamp for this version exists; returns the entry script path. */
export function ensureCodeServer({ quiet = false } = {}) {
  if (existsSync(stamp) && existsSync(codeServerBin)) return codeServerBin;
  const started = Date.now();
  seedRipgrepCache();
  mkdirSync(codeServerPrefix, { recursive: true });
  const manifest = join(codeServerPrefix, 'package.json');
  if (!existsSync(manifest)) writeFileSync(manifest, '{ "name": "keyfob-code-server", "private": true }\n');
  const env = {
    ...process.env,
    npm_config_unsafe_perm: 'true',
    npm_config_yes: 'true',
    npm_config_nodedir: '/usr',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
    npm_config_update_notifier: 'false',
  };
  const run = spawnSync(
    'npm',
    ['install', '--prefix', codeServerPrefix, '--no-save', '--no-package-lock', `code-server@${CODE_SERVER_VERSION}`],
    { stdio: quiet ? 'pipe' : 'inherit', env, cwd: codeServerPrefix },
  );
  if (run.status !== 0) {
    if (quiet) process.stderr.write(String(run.stderr ?? ''));
    throw new Error(`npm install code-server@${CODE_SERVER_VERSION} failed (exit ${run.status})`);
  }
  const installed = JSON.parse(
    readFileSync(join(codeServerPrefix, 'node_modules', 'code-server', 'package.json'), 'utf8'),
  );
  if (installed.version !== CODE_SERVER_VERSION)
    throw new Error(`expected code-server ${CODE_SERVER_VERSION}, got ${installed.version}`);
  writeFileSync(stamp, `${new Date().toISOString()}\n`);
  console.log(`code-server ${CODE_SERVER_VERSION} installed in ${Math.round((Date.now() - started) / 1000)} s`);
  return codeServerBin;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  ensureCodeServer();
}
