import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What the `lock` file of a data directory records about its owner. */
export interface LockOwner {
  readonly pid: number;
  /** The owner's start time in clock ticks since boot (`/proc/<pid>/stat` field 22); null off Linux. */
  readonly start: number | null;
  /** `/proc/sys/kernel/random/boot_id` when the lock was taken; null off Linux. */
  readonly boot: string | null;
}

const LOCK = 'lock';

/**
 * Takes the data directory's lock, or throws naming the live engine that holds it.
 *
 * A pid alone cannot tell a crashed engine from an unrelated process that got its pid (a container
 * restart with the data dir on a volume, or pid reuse after kill -9), and a zombie still answers
 * `kill(pid, 0)`. So the lock records the owner's pid, its start time and the boot id, and a lock
 * counts as held only when that very process still runs: same boot, a live (not zombie) process
 * with that pid and the same start time. Anything else is stale and taken over. Node has no
 * portable advisory file lock without native addons, so this is the check; where /proc is absent
 * it falls back to the pid.
 */
export function takeDataDirLock(dir: string): void {
  const path = join(dir, LOCK);
  const mine = lockOwnerOf(process.pid);
  try {
    writeFileSync(path, JSON.stringify(mine), { flag: 'wx', mode: 0o600 });
    return;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const holder = readLock(path);
  if (holder && holder.pid !== process.pid && isHeld(holder)) {
    throw new Error(
      `data directory ${dir} is in use by a running engine (process ${holder.pid}); stop it first, or use another --data-dir`,
    );
  }
  // Stale: replace it atomically, so two engines racing for a stale lock cannot both keep it.
  const temp = `${path}.${process.pid}`;
  writeFileSync(temp, JSON.stringify(mine), { mode: 0o600 });
  renameSync(temp, path);
  const now = readLock(path);
  if (now?.pid !== process.pid)
    throw new Error(`data directory ${dir} was locked by process ${now?.pid ?? '?'} at the same moment`);
}

/** The lock's owner, or undefined when the file cannot be read as one (treated as stale). */
function readLock(path: string): LockOwner | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch {
    return undefined;
  }
  // Older engines wrote the bare pid.
  if (/^[0-9]+$/.test(text)) return { pid: Number(text), start: null, boot: null };
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return undefined;
    return {
      pid: parsed.pid,
      start: typeof parsed.start === 'number' ? parsed.start : null,
      boot: typeof parsed.boot === 'string' ? parsed.boot : null,
    };
  } catch {
    return undefined;
  }
}

/** True when the process the lock names is still the one that took it. */
function isHeld(owner: LockOwner): boolean {
  if (!isAlive(owner.pid)) return false;
  const now = lockOwnerOf(owner.pid);
  if (owner.boot !== null && now.boot !== null && owner.boot !== now.boot) return false;
  if (processState(owner.pid) === 'Z') return false;
  if (owner.start !== null && now.start !== null) return owner.start === now.start;
  // A bare-pid lock from an older engine: held only if that process looks like an engine.
  if (owner.start === null) return commandLine(owner.pid)?.includes('serve') ?? true;
  return true;
}

/** What a lock taken by process `pid` records (its start time and the boot id, where /proc has them). */
export function lockOwnerOf(pid: number): LockOwner {
  return { pid, start: startTime(pid), boot: bootId() };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Fields of /proc/<pid>/stat after the command name (which may contain spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

function processState(pid: number): string | undefined {
  return statFields(pid)?.[0];
}

function startTime(pid: number): number | null {
  // Field 22 overall; the fields after the name start at field 3.
  const value = Number(statFields(pid)?.[22 - 3]);
  return Number.isFinite(value) ? value : null;
}

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

function commandLine(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return undefined;
  }
}
