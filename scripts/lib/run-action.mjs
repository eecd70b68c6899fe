// Runs the bundled action the way the GitHub runner does, for `npm run demo` and `npm run action:local`:
// `node action/dist/<entry>.cjs` with the inputs as INPUT_* variables and fresh GITHUB_ENV, GITHUB_OUTPUT,
// GITHUB_STATE and GITHUB_STEP_SUMMARY files, read back afterwards; the post step gets main's saved
// state as STATE_* variables. `runnerView` shows a step's stdout as the runner's log does: workflow
// commands turned into log lines and every value registered with ::add-mask:: shown as ***.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The runner's context for a run of octo/app. */
const GITHUB_CONTEXT = {
  GITHUB_ACTIONS: 'true',
  GITHUB_REPOSITORY: 'octo/app',
  GITHUB_RUN_ID: '4242',
  GITHUB_RUN_ATTEMPT: '1',
  GITHUB_WORKFLOW: 'deploy',
  RUNNER_OS: 'Linux',
};

/** Runs node with arguments; resolves with the exit code and the output. */
export function node(args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, {
      cwd: options.cwd ?? root,
      env: options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d) => (stderr += d));
    // A safety net against a hung step, not a timing assertion.
    const timer =
      options.killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), options.killAfterMs);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Runs `action/dist/<entry>.cjs` once as the runner does and reads back the files it wrote.
 * `options.inputs` by their action.yml names; `options.state` is what main saved (for post);
 * `options.env` adds variables; `options.workspace` is GITHUB_WORKSPACE and the working directory
 * (default the repository root). HOME is the step's own temporary folder unless `env` names one.
 */
export async function runStep(entry, options) {
  const dir = mkdtempSync(join(tmpdir(), 'keyfob-step-'));
  const files = { GITHUB_ENV: 'env', GITHUB_OUTPUT: 'output', GITHUB_STATE: 'state', GITHUB_STEP_SUMMARY: 'summary' };
  const workspace = options.workspace ?? root;
  const stepEnv = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    RUNNER_TEMP: dir,
    GITHUB_WORKSPACE: workspace,
    ...GITHUB_CONTEXT,
  };
  for (const [name, file] of Object.entries(files)) writeFileSync((stepEnv[name] = join(dir, file)), '');
  Object.assign(stepEnv, options.env);
  // The runner's spelling: upper case, spaces to `_`, hyphens kept.
  for (const [name, value] of Object.entries(options.inputs))
    stepEnv[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  for (const [name, value] of Object.entries(options.state ?? {})) stepEnv[`STATE_${name}`] = value;
  try {
    const started = performance.now();
    const run = await node([join(root, 'action', 'dist', `${entry}.cjs`)], {
      env: stepEnv,
      cwd: workspace,
      killAfterMs: options.killAfterMs ?? 60_000,
    });
    const ms = performance.now() - started;
    const read = (name) => readFileSync(join(dir, files[name]), 'utf8');
    return {
      exitCode: run.code,
      stdout: run.stdout,
      stderr: run.stderr,
      env: fileCommands(read('GITHUB_ENV')),
      outputs: fileCommands(read('GITHUB_OUTPUT')),
      state: fileCommands(read('GITHUB_STATE')),
      summary: read('GITHUB_STEP_SUMMARY'),
      masks: masksOf(run.stdout),
      ms,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** main, then post with main's saved state; post gets the same inputs and environment. */
export async function runJob(options) {
  const main = await runStep('main', options);
  const post = await runStep('post', { ...options, state: main.state });
  return { main, post };
}

/** Reads `NAME<<DELIMITER\nvalue\nDELIMITER` blocks (and plain `NAME=value` lines). */
function fileCommands(text) {
  const values = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i];
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const end = lines.indexOf(heredoc[2], i + 1);
      values[heredoc[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) {
      values[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return values;
}

/** Values registered with `::add-mask::`, the runner's escapes undone. */
function masksOf(stdout) {
  return stdout
    .split('\n')
    .filter((l) => l.startsWith('::add-mask::'))
    .map((l) => l.slice(12).replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%'));
}

/** Replaces every value of `masks` (longest first; the runner ignores one-character values) with ***. */
export function hideMasked(text, masks) {
  return [...masks]
    .filter((m) => m.length > 1)
    .sort((a, b) => b.length - a.length)
    .reduce((t, m) => t.split(m).join('***'), text);
}

/**
 * The step's stdout as GitHub shows it: commands turned into log lines, and each value masked from
 * the line that registers it on, as the runner does (a value printed before its ::add-mask:: stays
 * visible there: that is a leak, and this view shows it). `paint` colours the level names.
 */
export function runnerView(stdout, paint = (_code, text) => text) {
  const masks = [];
  const lines = [`[runner] ${masksOf(stdout).length} values registered for masking (::add-mask::)`];
  for (const raw of stdout.split('\n')) {
    if (raw.startsWith('::add-mask::')) {
      masks.push(...masksOf(raw));
      continue;
    }
    if (raw === '' || raw === '::endgroup::') continue;
    const cmd = /^::(error|warning|notice)[^:]*::(.*)$/.exec(raw);
    const group = /^::group::(.*)$/.exec(raw);
    if (cmd)
      lines.push(
        `${cmd[1] === 'error' ? paint('31', 'Error') : cmd[1] === 'warning' ? paint('33', 'Warning') : 'Notice'}: ${hideMasked(cmd[2].replace(/%0A/g, '\n'), masks)}`,
      );
    else if (group) lines.push(`▸ ${hideMasked(group[1], masks)}`);
    else lines.push(hideMasked(raw, masks));
  }
  return lines.join('\n');
}
