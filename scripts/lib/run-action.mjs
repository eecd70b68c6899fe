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
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Runs `action/dist/<entry>.cjs` once as the runner does and reads back the files it wrote.
 * `inputs` by their action.yml names; `state` is what main saved (for post); `env` adds variables.
 */
export async function runAction(entry, inputs, state = {}, env = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'keyfob-step-'));
  const files = { GITHUB_ENV: 'env', GITHUB_OUTPUT: 'output', GITHUB_STATE: 'state', GITHUB_STEP_SUMMARY: 'summary' };
  const stepEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME ?? dir,
    RUNNER_TEMP: dir,
    GITHUB_WORKSPACE: process.cwd(),
    ...GITHUB_CONTEXT,
    ...env,
  };
  for (const [name, file] of Object.entries(files)) writeFileSync((stepEnv[name] = join(dir, file)), '');
  // The runner's spelling: upper case, spaces to `_`, hyphens kept.
  for (const [name, value] of Object.entries(inputs)) stepEnv[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] = value;
  for (const [name, value] of Object.entries(state)) stepEnv[`STATE_${name}`] = value;
  try {
    const run = await node([join(root, 'action', 'dist', `${entry}.cjs`)], {
      env: stepEnv,
      cwd: stepEnv.GITHUB_WORKSPACE,
    });
    const read = (name) => fileCommands(readFileSync(stepEnv[name], 'utf8'));
    return {
      ...run,
      env: read('GITHUB_ENV'),
      outputs: read('GITHUB_OUTPUT'),
      state: read('GITHUB_STATE'),
      summary: readFileSync(stepEnv.GITHUB_STEP_SUMMARY, 'utf8'),
      masks: masksOf(run.stdout),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `NAME<<DELIM ... DELIM` blocks of the runner's environment files. */
function fileCommands(text) {
  const values = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const m = /^([^=<]+)<<(.+)$/.exec(lines[i]);
    if (!m) continue;
    const end = lines.indexOf(m[2], i + 1);
    values[m[1]] = lines.slice(i + 1, end).join('\n');
    i = end;
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
