// Starts the real `keyfob serve` process for end-to-end tests and stops it by PID.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (the test runner also passes it as KEYFOB_REPO). */
export const REPO_ROOT = process.env.KEYFOB_REPO ?? fileURLToPath(new URL('../..', import.meta.url));

/** Options of `startEngine`. */
export interface StartEngineOptions {
  /** Extra `keyfob serve` flags (e.g. `['--mount', 'aws', '--consistency-delay', '0']`). */
  readonly args?: readonly string[];
  /** Passed as `--data-dir`. */
  readonly dataDir?: string;
  /** Extra environment for the engine process. */
  readonly env?: Readonly<Record<string, string>>;
  /**
   * `--root-token` to pass; default a random one. `null` passes none (and no KEYFOB_ROOT_TOKEN):
   * the engine generates one and prints it once on stderr, or keeps its data directory's, and
   * `rootToken` is what it printed (`''` when it kept an earlier one and printed none).
   */
  readonly rootToken?: string | null;
  /** Adds `--dev` (the development control API); default true. */
  readonly dev?: boolean;
  /** Milliseconds to wait for the listening line; default 30 000. */
  readonly timeoutMs?: number;
}

/** A running engine process. */
export interface EngineProcess {
  /** Base URL without `/v1`, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** The emulated cloud's AWS endpoint (`cloudUrl` of the listening line). */
  readonly cloudUrl: string;
  readonly rootToken: string;
  readonly mounts: readonly string[];
  /** Every node of a cluster double (`--nodes N`): the active one first; one entry for a single engine. */
  readonly nodes: readonly { readonly url: string; readonly role: string }[];
  readonly process: ChildProcess;
  /** SIGTERM by PID, then SIGKILL after 5 s; resolves when the process has exited. */
  stop(): Promise<void>;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
}

/**
 * Spawns `keyfob serve --port 0 --dev --root-token <random>` (`dev: false` leaves out --dev) with node (the built
 * cli/dist/keyfob.cjs when it is newer than the sources, else the TypeScript sources through tsx;
 * `KEYFOB_ENGINE_FROM=dist|source` forces one) and resolves once the `listening` JSON line arrived.
 * Rejects with the process output when it exits first or the timeout passes. When the bundle
 * was picked automatically and exits before listening (a broken or half-written build), the
 * sources are tried once more.
 *
 * @example const engine = await startEngine(); after(() => engine.stop());
 */
export async function startEngine(options: StartEngineOptions = {}): Promise<EngineProcess> {
  const entry = entryArgs();
  try {
    return await spawnEngine(entry, options);
  } catch (error) {
    if (!entry.automaticBundle || !(error instanceof EarlyExit)) throw error;
    return spawnEngine({ args: sourceArgs(), automaticBundle: false }, options);
  }
}

/** The engine process ended before it announced itself. */
class EarlyExit extends Error {}

async function spawnEngine(entry: Entry, options: StartEngineOptions): Promise<EngineProcess> {
  const given = options.rootToken === undefined ? `kfs.test-${randomBytes(16).toString('hex')}` : options.rootToken;
  const serveArgs = ['serve', '--port', '0', ...(options.dev === false ? [] : ['--dev'])];
  if (given !== null) serveArgs.push('--root-token', given);
  if (options.dataDir !== undefined) serveArgs.push('--data-dir', options.dataDir);
  serveArgs.push(...(options.args ?? []));
  const env: NodeJS.ProcessEnv = { ...process.env, ...options.env };
  if (given === null) delete env.KEYFOB_ROOT_TOKEN;
  const child = spawn(process.execPath, [...entry.args, ...serveArgs], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = { text: '' };
  child.stderr.setEncoding('utf8').on('data', (text: string) => (log.text += text));
  child.stdout.setEncoding('utf8').on('data', (text: string) => (log.text += text));
  const stop = stopper(child);
  try {
    const event = await waitForListening(child, log, options.timeoutMs ?? 30_000);
    const rootToken = given ?? (await waitForRootTokenLine(child, log, options.timeoutMs ?? 30_000));
    return {
      url: event.url,
      cloudUrl: event.cloudUrl,
      rootToken,
      mounts: event.mounts,
      nodes: event.nodes,
      process: child,
      stop,
      output: () => log.text,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Stops the child by PID: SIGTERM, SIGKILL after 5 s; also SIGKILL if the test process exits first. */
function stopper(child: ChildProcess): () => Promise<void> {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const killOnExit = (): void => {
    if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid, 'SIGKILL');
  };
  process.once('exit', killOnExit);
  return async () => {
    process.off('exit', killOnExit);
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const pid = child.pid;
    process.kill(pid, 'SIGTERM');
    const timer = setTimeout(() => child.exitCode === null && process.kill(pid, 'SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
  };
}

/** Resolves with the first stdout line once it is the listening event; no fixed sleeps. */
function waitForListening(child: ChildProcess, log: { text: string }, timeoutMs: number): Promise<Listening> {
  return new Promise((resolve, reject) => {
    let buffer = '';
    const finish = (outcome: () => void): void => {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.off('exit', onExit);
      outcome();
    };
    const onData = (text: string): void => {
      buffer += text;
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      const line = buffer.slice(0, newline);
      const event = parseListening(line);
      finish(() =>
        event ? resolve(event) : reject(new Error(`unexpected first line from keyfob serve: ${line}\n${log.text}`)),
      );
    };
    const onExit = (code: number | null, signal: string | null): void =>
      finish(() => reject(new EarlyExit(`keyfob serve exited (${signal ?? code}) before listening:\n${log.text}`)));
    const timer = setTimeout(
      () =>
        finish(() => reject(new Error(`keyfob serve did not report listening within ${timeoutMs} ms:\n${log.text}`))),
      timeoutMs,
    );
    child.stdout?.on('data', onData);
    child.once('exit', onExit);
  });
}

/**
 * The root token line `keyfob serve` writes on stderr when no token was given: the generated token,
 * or `''` when it kept the data directory's (it says so and prints no secret). Stderr and stdout are
 * separate pipes, so the line may arrive after the listening event: wait for it, no fixed sleeps.
 */
function waitForRootTokenLine(child: ChildProcess, log: { text: string }, timeoutMs: number): Promise<string> {
  const found = (): string | undefined => {
    const shown = /root token \(shown once\): (\S+)\n/.exec(log.text);
    if (shown) return shown[1] ?? '';
    return /root token: kept[^\n]*\n/.test(log.text) ? '' : undefined;
  };
  return new Promise((resolve, reject) => {
    const finish = (outcome: () => void): void => {
      clearTimeout(timer);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
      outcome();
    };
    const onData = (): void => {
      const token = found();
      if (token !== undefined) finish(() => resolve(token));
    };
    const onExit = (): void =>
      finish(() => reject(new Error(`keyfob serve exited before its root token line:\n${log.text}`)));
    const timer = setTimeout(
      () =>
        finish(() => reject(new Error(`keyfob serve printed no root token line within ${timeoutMs} ms:\n${log.text}`))),
      timeoutMs,
    );
    child.stderr?.on('data', onData);
    child.once('exit', onExit);
    onData();
  });
}

/** The listening line's fields. */
interface Listening {
  readonly url: string;
  readonly cloudUrl: string;
  readonly mounts: string[];
  readonly nodes: { url: string; role: string }[];
}

function parseListening(line: string): Listening | undefined {
  try {
    const event = JSON.parse(line) as {
      event?: unknown;
      url?: unknown;
      cloudUrl?: unknown;
      mounts?: unknown;
      nodes?: unknown;
    };
    if (event.event !== 'listening' || typeof event.url !== 'string') return undefined;
    const url = event.url;
    const nodes = Array.isArray(event.nodes)
      ? (event.nodes as { url?: unknown; role?: unknown }[]).map((n) => ({ url: String(n.url), role: String(n.role) }))
      : [{ url, role: 'active' }];
    return {
      url,
      cloudUrl: typeof event.cloudUrl === 'string' ? event.cloudUrl : '',
      mounts: Array.isArray(event.mounts) ? event.mounts.map(String) : [],
      nodes,
    };
  } catch {
    return undefined;
  }
}

interface Entry {
  readonly args: string[];
  /** True when the bundle was chosen because it looked current (not forced). */
  readonly automaticBundle: boolean;
}

function sourceArgs(): string[] {
  return ['--import', 'tsx', join(REPO_ROOT, 'cli', 'src', 'bin.ts')];
}

/** `node` arguments that run the keyfob command: the bundle when current, else the sources. */
export function entryArgs(): Entry {
  const bundle = join(REPO_ROOT, 'cli', 'dist', 'keyfob.cjs');
  const choice = process.env.KEYFOB_ENGINE_FROM;
  if (choice === 'source') return { args: sourceArgs(), automaticBundle: false };
  if (choice === 'dist') return { args: [bundle], automaticBundle: false };
  const current = existsSync(bundle) && statSync(bundle).mtimeMs >= newestSource();
  return current ? { args: [bundle], automaticBundle: true } : { args: sourceArgs(), automaticBundle: false };
}

function newestSource(): number {
  let newest = 0;
  const walk = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      const stat = statSync(full);
      if (stat.isDirectory()) walk(full);
      else if (stat.mtimeMs > newest) newest = stat.mtimeMs;
    }
  };
  for (const dir of ['cli/src', 'engine/src', 'shared/src']) walk(join(REPO_ROOT, dir));
  return newest;
}

/**
 * One request to the engine's HTTP API with its root token, outside the client under test: the
 * status and the answer's `data` (undefined when the answer has none).
 *
 * @example const { status, data } = await engineCall(engine, 'GET', 'auth/jwt/role/deploy');
 */
export async function engineCall(
  engine: Pick<EngineProcess, 'url' | 'rootToken'>,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: Record<string, unknown> | undefined }> {
  const answer = await fetch(`${engine.url}/v1/${path}`, {
    method,
    headers: { 'X-Service-Token': engine.rootToken, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await answer.text();
  return { status: answer.status, data: (text ? (JSON.parse(text) as { data?: Record<string, unknown> }) : {}).data };
}

/** The keys of the engine's answer envelope, in the real engine's order. */
export const ENVELOPE_KEYS = [
  'request_id',
  'lease_id',
  'renewable',
  'lease_duration',
  'data',
  'wrap_info',
  'warnings',
  'auth',
  'mount_type',
] as const;
