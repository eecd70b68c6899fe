import { WORKSPACE_LIMITS } from '../lint/index.ts';

/**
 * Runs git with `args` (and `input` on its standard input) in the repository and resolves with its
 * standard output; rejects when git exits with a failure. The adapters (CLI, action) start the process.
 */
export type GitRunner = (args: readonly string[], input?: string) => Promise<Uint8Array>;

/** The part of a started process the runner uses (Node's `ChildProcess` fits). */
interface GitProcess {
  readonly stdout: { on(event: 'data', listener: (chunk: Uint8Array) => void): unknown } | null;
  readonly stdin: { on(event: 'error', listener: (error: Error) => void): unknown; end(text: string): unknown } | null;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'close', listener: (code: number | null) => void): unknown;
}

/** Starts a process (Node's `child_process.spawn` fits): the caller's way to run git. */
export type Spawn = (
  command: 'git',
  args: string[],
  options: { cwd: string; stdio: ['ignore' | 'pipe', 'pipe', 'ignore'] },
) => GitProcess;

/**
 * git in `cwd` through `spawn`: standard output as bytes, standard error dropped, a failing exit a
 * rejection. Standard input is opened only for a command that reads it (cat-file --batch): others
 * exit without reading, and a write into their closed pipe would fail the process (EPIPE).
 *
 * @example readRevisionFiles(gitRunner(spawn, process.cwd()), 'main', ['.'], isAccessModelFileName)
 */
export function gitRunner(spawn: Spawn, cwd: string): GitRunner {
  return (args, input) =>
    new Promise((resolve, reject) => {
      const child = spawn('git', [...args], {
        cwd,
        stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'ignore'],
      });
      const chunks: Uint8Array[] = [];
      child.stdout?.on('data', (chunk) => chunks.push(chunk));
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve(concat(chunks)) : reject(new Error(`git ${args[0]} exited with ${code}`)),
      );
      if (input !== undefined) {
        child.stdin?.on('error', reject);
        child.stdin?.end(input);
      }
    });
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/** A file of a git revision: its name as git shows it relative to the runner's folder, and its text. */
export interface RevisionFile {
  readonly file: string;
  readonly text: string;
}

/** The files of a revision, or why the ref names none: not a ref at all, or a commit git does not have. */
export type RevisionFiles =
  | { readonly ok: true; readonly commit: string; readonly files: RevisionFile[] }
  | { readonly ok: false; readonly reason: 'invalid' | 'unknown' };

/** Most files read at a ref (a repository with more keyfob files is unusual). */
const MAX_FILES = 20_000;

/**
 * True when `ref` can be handed to git as a revision: not empty, no leading `-` (an option), at most
 * 256 characters, no white space or control characters.
 */
export function isGitRef(ref: string): boolean {
  // eslint-disable-next-line no-control-regex -- a ref with control characters is refused
  return ref !== '' && !ref.startsWith('-') && ref.length <= 256 && !/[\s\u0000-\u001f\u007f]/.test(ref);
}

/**
 * The files under `paths` at `ref`, read from git's object store with `git ls-tree` and one
 * `git cat-file --batch` (no checkout, the working tree untouched). `select` chooses by name; files
 * over the workspace's size bound (1 MiB) are skipped, and at most 20,000 are read.
 *
 * @example await readRevisionFiles(git, 'origin/main', ['.'], isRoleFileName) // { ok: true, commit: '3f2a…', files: [...] }
 */
export async function readRevisionFiles(
  git: GitRunner,
  ref: string,
  paths: readonly string[],
  select: (file: string) => boolean,
): Promise<RevisionFiles> {
  if (!isGitRef(ref)) return { ok: false, reason: 'invalid' };
  const decoder = new TextDecoder();
  let commit: string;
  try {
    commit = decoder
      .decode(await git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]))
      .trim();
  } catch {
    return { ok: false, reason: 'unknown' };
  }
  const listing = decoder.decode(
    await git(['ls-tree', '-r', '-z', '-l', commit, '--', ...(paths.length > 0 ? paths : ['.'])]),
  );
  const entries = listedBlobs(listing, select);
  if (entries.length === 0) return { ok: true, commit, files: [] };
  const output = await git(['cat-file', '--batch'], entries.map((e) => `${e.oid}\n`).join(''));
  return { ok: true, commit, files: splitBatch(output, entries, decoder) };
}

/** The blobs of `git ls-tree -r -z -l` output: `<mode> <type> <oid> <size>\t<name>` entries, NUL-separated. */
function listedBlobs(listing: string, select: (file: string) => boolean): { oid: string; file: string }[] {
  const entries: { oid: string; file: string }[] = [];
  for (const line of listing.split('\u0000')) {
    const tab = line.indexOf('\t');
    if (tab === -1) continue;
    const [, type, oid, size] = line.slice(0, tab).split(/\s+/);
    const file = line.slice(tab + 1);
    if (type !== 'blob' || !oid || Number(size) > WORKSPACE_LIMITS.fileBytes || !select(file)) continue;
    if (entries.length < MAX_FILES) entries.push({ oid, file });
  }
  return entries;
}

/** Splits `git cat-file --batch` output, `<oid> blob <size>\n<content>\n` per object, in the order asked. */
function splitBatch(
  output: Uint8Array,
  entries: readonly { oid: string; file: string }[],
  decoder: TextDecoder,
): RevisionFile[] {
  const files: RevisionFile[] = [];
  let at = 0;
  for (const entry of entries) {
    const newline = output.indexOf(10, at);
    if (newline === -1) break;
    const size = Number(decoder.decode(output.subarray(at, newline)).split(' ')[2]);
    files.push({ file: entry.file, text: decoder.decode(output.subarray(newline + 1, newline + 1 + size)) });
    at = newline + 1 + size + 1;
  }
  return files;
}
