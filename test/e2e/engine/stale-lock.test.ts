// The data directory lock after a crash: an engine killed with SIGKILL leaves its lock behind; a
// restart takes it over even when the dead engine's pid now belongs to an unrelated live process
// (pid reuse, a container restart with the data dir on a volume) or to a zombie. Two live engines
// on one directory are still refused.
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { pollUntil } from '../../helpers/poll.ts';
import { get, post } from './engine-client.ts';

const dirs: string[] = [];
const children: ChildProcess[] = [];

function dataDir(): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'keyfob-lock-')), 'data');
  dirs.push(dir);
  return dir;
}

/** An engine with one role, then killed with SIGKILL: its lock stays behind. Returns the lock text. */
async function crashedEngine(dir: string): Promise<Record<string, unknown>> {
  const engine = await startEngine({ dataDir: dir });
  assert.equal((await post(engine, 'cloud/roles/kept', { credential_type: 'session_token' })).status, 204);
  const lock = JSON.parse(readFileSync(join(dir, 'lock'), 'utf8')) as Record<string, unknown>;
  assert.equal(lock.pid, engine.process.pid);
  const exited = new Promise((resolve) => engine.process.once('exit', resolve));
  process.kill(engine.process.pid ?? 0, 'SIGKILL');
  await exited;
  await engine.stop(); // Only unhooks the helper's exit handler: the process is gone.
  return lock;
}

/** A live process unrelated to keyfob (a shell sleeping), stopped in `after`. */
function unrelatedProcess(): ChildProcess {
  const child = spawn('sleep', ['60'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

/**
 * A zombie: `sh` backgrounds a child, then becomes `sleep`, which never reaps it. The child lives a
 * second, so it exits after the exec (one that exited before could be reaped by `sh` itself on a
 * loaded machine, leaving no process at all).
 */
async function zombiePid(): Promise<number> {
  const child = spawn('sh', ['-c', 'sleep 1 & echo $!; exec sleep 60'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(child);
  const pid = await new Promise<number>((resolve) =>
    child.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))),
  );
  // Wait until the backgrounded child has exited and shows as a zombie.
  const isZombie = (): boolean => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') === true;
  if (await pollUntil(isZombie, (zombie) => zombie, { tries: 500, pauseMs: 20 })) return pid;
  throw new Error(`process ${pid} did not become a zombie`);
}

async function restartKeeps(dir: string): Promise<void> {
  const engine: EngineProcess = await startEngine({ dataDir: dir });
  try {
    assert.equal((await get(engine, 'cloud/roles/kept')).status, 200, 'the state of the crashed engine is there');
    const lock = JSON.parse(readFileSync(join(dir, 'lock'), 'utf8')) as Record<string, unknown>;
    assert.equal(lock.pid, engine.process.pid, 'the restarted engine owns the lock');
  } finally {
    await engine.stop();
  }
}

describe('data directory lock', () => {
  after(() => {
    for (const child of children) child.kill('SIGKILL');
    for (const dir of dirs) rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it("a crashed engine's lock whose pid is now a live unrelated process does not block a restart", async () => {
    const dir = dataDir();
    const lock = await crashedEngine(dir);
    const other = unrelatedProcess();
    // The pid was reused: the lock names a live process that is not the engine that took it.
    writeFileSync(join(dir, 'lock'), JSON.stringify({ ...lock, pid: other.pid }));
    await restartKeeps(dir);
  });

  it("a crashed engine's lock in the older bare-pid form naming a live unrelated process does not block a restart", async () => {
    const dir = dataDir();
    await crashedEngine(dir);
    writeFileSync(join(dir, 'lock'), String(unrelatedProcess().pid));
    await restartKeeps(dir);
  });

  it(
    'a lock whose pid is a zombie does not block a restart',
    { skip: process.platform !== 'linux' && 'zombies are read from /proc (Linux only)' },
    async () => {
      const dir = dataDir();
      const lock = await crashedEngine(dir);
      writeFileSync(join(dir, 'lock'), JSON.stringify({ ...lock, pid: await zombiePid() }));
      await restartKeeps(dir);
    },
  );

  it('a second live engine on the same data directory is refused, naming the first', async () => {
    const dir = dataDir();
    const first = await startEngine({ dataDir: dir });
    try {
      await assert.rejects(
        startEngine({ dataDir: dir, timeoutMs: 15_000 }),
        new RegExp(`in use by a running engine \\(process ${first.process.pid}\\)`),
      );
      assert.equal((await get(first, 'sys/health')).status, 200);
    } finally {
      await first.stop();
    }
  });
});
