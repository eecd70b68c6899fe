import {
  chmodSync,
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { takeDataDirLock } from './data-dir-lock.ts';
import type { StoreBackend, StoreOp } from './store.ts';

const SNAPSHOT = 'state.json';
const LOCK = 'lock';
const FORMAT = 1;
/** Fold the journal into a new snapshot once it passes this size. */
const COMPACT_BYTES = 8 * 1024 * 1024;

/** What `openFileBackend` read back from the data directory. */
export interface LoadedState {
  readonly tables: Record<string, Record<string, unknown>>;
  readonly ops: StoreOp[];
}

interface SnapshotFile {
  readonly format: number;
  readonly generation: number;
  readonly tables: Record<string, Record<string, unknown>>;
}

/**
 * Durable state in a directory: `state.json` (a snapshot, replaced atomically: temp file, fsync,
 * rename, fsync of the directory) plus `journal.<generation>.log` (one JSON line per commit,
 * fdatasync'd before the commit resolves). A torn last line can only be a write that was never
 * acknowledged, so loading stops there. Directory mode 0700, files 0600.
 */
export class FileBackend implements StoreBackend {
  #journal: FileHandle | undefined;
  #journalBytes = 0;
  #generation: number;

  private constructor(
    private readonly dir: string,
    generation: number,
  ) {
    this.#generation = generation;
  }

  /** Opens (creating when needed) the data directory, takes its lock and reads its state back. */
  static load(dir: string): { backend: FileBackend; loaded: LoadedState } {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    try {
      takeDataDirLock(dir);
    } catch (error) {
      throw diskError(dir, error);
    }
    const snapshot = readSnapshot(join(dir, SNAPSHOT));
    const ops = readJournal(join(dir, journalName(snapshot.generation)));
    return { backend: new FileBackend(dir, snapshot.generation), loaded: { tables: snapshot.tables, ops } };
  }

  /** Writes a fresh snapshot and starts an empty journal (used at start-up and when the journal grows). */
  async compact(tables: Record<string, Record<string, unknown>>): Promise<void> {
    const next = this.#generation + 1;
    writeFileDurably(
      this.dir,
      SNAPSHOT,
      JSON.stringify({ format: FORMAT, generation: next, tables } satisfies SnapshotFile),
    );
    await this.#journal?.close();
    this.#journal = undefined;
    this.#generation = next;
    this.#journalBytes = 0;
    removeStaleFiles(this.dir, next);
  }

  /** StoreBackend: appends one line and fdatasyncs it. */
  async append(ops: readonly StoreOp[], snapshot: () => Record<string, Record<string, unknown>>): Promise<void> {
    const journal = (this.#journal ??= await this.#openJournal());
    const line = `${JSON.stringify(ops)}\n`;
    try {
      // appendFile loops until every byte is written (a bare write may be short).
      await journal.appendFile(line);
      await journal.datasync();
    } catch (error) {
      // Cut a partly written line off, so the next commit does not glue onto it and hide itself
      // (and everything after it) from the next start.
      await journal.truncate(this.#journalBytes).catch(() => undefined);
      throw diskError(this.dir, error);
    }
    this.#journalBytes += Buffer.byteLength(line);
    // The commit is durable now; a snapshot that cannot be written (a full disk) only means the
    // journal keeps growing until one can.
    if (this.#journalBytes > COMPACT_BYTES) await this.compact(snapshot()).catch(() => undefined);
  }

  /** Closes the journal file and releases the directory lock. */
  async close(): Promise<void> {
    await this.#journal?.close();
    this.#journal = undefined;
    rmSync(join(this.dir, LOCK), { force: true });
  }

  async #openJournal(): Promise<FileHandle> {
    try {
      const handle = await open(join(this.dir, journalName(this.#generation)), 'a', 0o600);
      fsyncDir(this.dir);
      return handle;
    } catch (error) {
      throw diskError(this.dir, error);
    }
  }
}

function journalName(generation: number): string {
  return `journal.${generation}.log`;
}

function readSnapshot(path: string): SnapshotFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { format: FORMAT, generation: 0, tables: {} };
    throw error;
  }
  const parsed = JSON.parse(text) as SnapshotFile;
  if (parsed.format !== FORMAT) throw new Error(`${path}: unknown state format ${String(parsed.format)}`);
  return parsed;
}

function readJournal(path: string): StoreOp[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const ops: StoreOp[] = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    try {
      ops.push(...(JSON.parse(line) as StoreOp[]));
    } catch {
      // A torn tail: the process died while writing a commit that was never acknowledged.
      break;
    }
  }
  return ops;
}

function writeFileDurably(dir: string, name: string, text: string): void {
  const temp = join(dir, `${name}.tmp-${process.pid}`);
  const fd = openSync(temp, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temp, { force: true });
    throw diskError(dir, error);
  }
  closeSync(fd);
  renameSync(temp, join(dir, name));
  fsyncDir(dir);
}

function fsyncDir(dir: string): void {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

function removeStaleFiles(dir: string, current: number): void {
  for (const name of readdirSync(dir)) {
    const match = /^journal\.(\d+)\.log$/.exec(name);
    // Older journals are folded into the snapshot; temp files are snapshots that never got renamed.
    if ((match && Number(match[1]) !== current) || name.startsWith(`${SNAPSHOT}.tmp-`)) unlinkSync(join(dir, name));
  }
}

/** Error codes that mean the disk refuses writes (full, over quota, read-only, failing). */
const DISK_CODES: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is exhausted',
  EROFS: 'the file system is read-only',
  EIO: 'the disk reported an I/O error',
};

/** A write failure that names the data directory and the reason; other errors pass through. */
function diskError(dir: string, error: unknown): unknown {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const reason = code === undefined ? undefined : DISK_CODES[code];
  if (reason === undefined) return error;
  return Object.assign(
    new Error(`cannot write to the data directory ${dir}: ${reason} (${code}); the change was not made`, {
      cause: error,
    }),
    { code },
  );
}
