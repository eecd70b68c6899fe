// Starts code-server on 127.0.0.1 with a throw-away user-data and extensions dir, installs a .vsix
// into it, and stops it by PID. Settings keep the workbench from calling out (this machine is offline).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const QUIET_SETTINGS = {
  'extensions.autoUpdate': false,
  'extensions.autoCheckUpdates': false,
  'extensions.ignoreRecommendations': true,
  'workbench.tips.enabled': false,
  'workbench.startupEditor': 'none',
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'git.enabled': false,
  'security.workspace.trust.enabled': false,
  'chat.disableAIFeatures': true,
};

/** Fresh folders for one run: user data (with quiet settings), extensions, config, a copy of the fixtures. */
export function prepareRunDirs(runDir, fixtures) {
  rmSync(runDir, { recursive: true, force: true });
  const dirs = {
    userData: join(runDir, 'user-data'),
    extensions: join(runDir, 'extensions'),
    config: join(runDir, 'config.yaml'),
    workspace: join(runDir, 'workspace'),
  };
  mkdirSync(join(dirs.userData, 'User'), { recursive: true });
  mkdirSync(dirs.extensions, { recursive: true });
  writeFileSync(join(dirs.userData, 'User', 'settings.json'), `${JSON.stringify(QUIET_SETTINGS, null, 2)}\n`);
  writeFileSync(dirs.config, 'auth: none\ncert: false\n');
  // Tests edit documents; they work on a copy so the committed fixtures never change.
  cpSync(fixtures, dirs.workspace, { recursive: true });
  return dirs;
}

function baseArgs(dirs) {
  return ['--user-data-dir', dirs.userData, '--extensions-dir', dirs.extensions, '--config', dirs.config];
}

/** Installs a packaged extension into the run's extensions dir (the same path a user's install takes). */
export function installVsix(codeServer, dirs, vsix) {
  const run = spawnSync(process.execPath, [codeServer, ...baseArgs(dirs), '--install-extension', vsix], {
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`installing ${vsix} failed:\n${run.stdout}\n${run.stderr}`);
}

/**
 * Starts code-server on 127.0.0.1 and a port the OS picks, resolves once it announces the port and
 * `/healthz` answers. The process leads its own group so `stop()` ends its children by PID too.
 */
export async function startCodeServer(codeServer, dirs, { timeoutMs = 30_000, onLog = () => {} } = {}) {
  const args = [
    codeServer,
    ...baseArgs(dirs),
    '--bind-addr',
    '127.0.0.1:0',
    '--auth',
    'none',
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    dirs.workspace,
  ];
  const child = spawn(process.execPath, args, { detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  };
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('code-server did not announce its address in time')), timeoutMs);
    let buffered = '';
    const scan = (chunk) => {
      const text = String(chunk);
      onLog(text);
      buffered += text;
      const match = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(buffered);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', scan);
    child.stderr.on('data', scan);
    child.on('exit', (code) => reject(new Error(`code-server exited early with ${code}`)));
  }).catch((error) => {
    stop();
    throw error;
  });
  await waitForHealth(url, timeoutMs).catch((error) => {
    stop();
    throw error;
  });
  return { url, pid: child.pid, stop };
}

async function waitForHealth(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('code-server /healthz did not answer in time');
}
