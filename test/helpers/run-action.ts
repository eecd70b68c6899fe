// Runs the bundled action the way the GitHub runner does: `node action/dist/<entry>.cjs` with the
// inputs as INPUT_* variables and temporary GITHUB_ENV, GITHUB_OUTPUT, GITHUB_STATE and
// GITHUB_STEP_SUMMARY files, then reads those files back. `runJob` runs main, then post with the
// state main saved (as STATE_* variables), like a job with one step.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from './engine.ts';

/** What one step run left behind. */
export interface StepRun {
  readonly exitCode: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Variables exported through GITHUB_ENV, in order (a later value wins in the map). */
  readonly env: Readonly<Record<string, string>>;
  readonly outputs: Readonly<Record<string, string>>;
  readonly state: Readonly<Record<string, string>>;
  readonly summary: string;
  /** Values registered with `::add-mask::`, decoded, in order. */
  readonly masks: readonly string[];
  /** Wall time of the process in milliseconds. */
  readonly ms: number;
}

/** How to run a step. */
export interface StepOptions {
  /** Inputs by their action.yml names. */
  readonly inputs: Readonly<Record<string, string>>;
  /** Extra environment (GitHub context, OIDC variables, proxies). */
  readonly env?: Readonly<Record<string, string>>;
  /** Saved state handed to a post step. */
  readonly state?: Readonly<Record<string, string>>;
  /** GITHUB_WORKSPACE and the working directory; default the repository root. */
  readonly workspace?: string;
  /** Kill the process after this many ms (a test's safety net, not a timing assertion). */
  readonly killAfterMs?: number;
}

/** The runner's context for a run of octo/app. */
const GITHUB_CONTEXT: Readonly<Record<string, string>> = {
  GITHUB_ACTIONS: 'true',
  GITHUB_REPOSITORY: 'octo/app',
  GITHUB_RUN_ID: '4242',
  GITHUB_RUN_ATTEMPT: '1',
  GITHUB_WORKFLOW: 'deploy',
  RUNNER_OS: 'Linux',
};

/** `INPUT_<NAME>` as the runner spells it: upper case, spaces to `_`, hyphens kept. */
function inputVariable(name: string): string {
  return `INPUT_${name.replace(/ /g, '_').toUpperCase()}`;
}

/** Runs `action/dist/<entry>.cjs` once and collects everything it wrote. */
export async function runStep(entry: 'main' | 'post', options: StepOptions): Promise<StepRun> {
  const dir = mkdtempSync(join(tmpdir(), 'keyfob-step-'));
  const files = {
    GITHUB_ENV: 'env',
    GITHUB_OUTPUT: 'output',
    GITHUB_STATE: 'state',
    GITHUB_STEP_SUMMARY: 'summary',
  } as const;
  const fileEnv = Object.fromEntries(Object.entries(files).map(([name, file]) => [name, join(dir, file)]));
  for (const path of Object.values(fileEnv)) writeFileSync(path, '');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: dir,
    RUNNER_TEMP: dir,
    GITHUB_WORKSPACE: options.workspace ?? REPO_ROOT,
    ...GITHUB_CONTEXT,
    ...fileEnv,
    ...options.env,
  };
  for (const [name, value] of Object.entries(options.inputs)) env[inputVariable(name)] = value;
  for (const [name, value] of Object.entries(options.state ?? {})) env[`STATE_${name}`] = value;
  const started = performance.now();
  const { exitCode, stdout, stderr } = await spawnNode(
    [join(REPO_ROOT, 'action', 'dist', `${entry}.cjs`)],
    env,
    options.workspace ?? REPO_ROOT,
    options.killAfterMs ?? 60_000,
  );
  const ms = performance.now() - started;
  const read = (key: keyof typeof files) => readFileSync(fileEnv[key] ?? '', 'utf8');
  const result: StepRun = {
    exitCode,
    stdout,
    stderr,
    env: parseFileCommands(read('GITHUB_ENV')),
    outputs: parseFileCommands(read('GITHUB_OUTPUT')),
    state: parseFileCommands(read('GITHUB_STATE')),
    summary: read('GITHUB_STEP_SUMMARY'),
    masks: parseMasks(stdout),
    ms,
  };
  rmSync(dir, { recursive: true, force: true });
  return result;
}

/** main, then post with main's saved state; post gets the same inputs and environment. */
export async function runJob(options: StepOptions): Promise<{ main: StepRun; post: StepRun }> {
  const main = await runStep('main', options);
  const post = await runStep('post', { ...options, state: main.state });
  return { main, post };
}

/** Reads `NAME<<DELIMITER\nvalue\nDELIMITER` blocks (and plain `NAME=value` lines). */
function parseFileCommands(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i] ?? '';
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc?.[1] && heredoc[2]) {
      const end = lines.indexOf(heredoc[2], i + 1);
      values[heredoc[1]] = lines.slice(i + 1, end).join('\n');
      i = end;
    } else if (line.includes('=')) {
      values[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return values;
}

/** Values of `::add-mask::` commands, with the runner's escapes undone. */
function parseMasks(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('::add-mask::'))
    .map((line) => line.slice('::add-mask::'.length).replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%'));
}

function spawnNode(
  args: string[],
  env: Record<string, string>,
  cwd: string,
  killAfterMs: number,
): Promise<{ exitCode: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const timer = setTimeout(() => child.pid !== undefined && process.kill(child.pid, 'SIGKILL'), killAfterMs);
    child.once('error', reject);
    child.once('close', (exitCode) => {
      clearTimeout(timer);
      resolve({ exitCode, stdout, stderr });
    });
  });
}
