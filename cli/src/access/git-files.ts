import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { WORKSPACE_LIMITS } from '@keyfob/shared/lint';
import { UsageError } from '../io.ts';

const run = promisify(execFile);

/** Bound on the files read at a ref (a repository with more keyfob files is unusual). */
const MAX_FILES = 20_000;

/** A file of a git revision: its name relative to `cwd` (as the working tree's files are shown) and its text. */
export interface GitFile {
  readonly file: string;
  readonly text: string;
}

/**
 * The files under `paths` (relative to `cwd`) at `ref`, read from git's object store with
 * `git ls-tree` and one `git cat-file --batch` (no checkout, the working tree untouched). `select`
 * chooses by name; files over the workspace's size bound are skipped. A ref git does not know is a
 * usage error naming it.
 */
export async function readGitFiles(
  cwd: string,
  ref: string,
  paths: readonly string[],
  select: (file: string) => boolean,
): Promise<{ commit: string; files: GitFile[] }> {
  // eslint-disable-next-line no-control-regex -- a ref with control characters is refused
  if (ref === '' || ref.startsWith('-') || ref.length > 256 || /[\s\u0000-\u001f]/.test(ref))
    throw new UsageError(`--base must name a commit (a branch, tag or hash), not "${ref.slice(0, 64)}"`);
  let commit: string;
  try {
    const answer = await run('git', ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`], {
      cwd,
    });
    commit = answer.stdout.trim();
  } catch {
    throw new UsageError(
      `--base ${ref}: git knows no such commit here (fetch it first, e.g. git fetch origin ${ref.replace(/^origin\//, '')}, or run inside the repository)`,
    );
  }
  const listed = await run('git', ['ls-tree', '-r', '-z', '-l', commit, '--', ...(paths.length > 0 ? paths : ['.'])], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  });
  const entries: { oid: string; file: string }[] = [];
  for (const line of listed.stdout.split('\u0000')) {
    const tab = line.indexOf('\t');
    if (tab === -1) continue;
    const [, type, oid, size] = line.slice(0, tab).split(/\s+/);
    const file = line.slice(tab + 1);
    if (type !== 'blob' || !oid || Number(size) > WORKSPACE_LIMITS.fileBytes || !select(file)) continue;
    if (entries.length < MAX_FILES) entries.push({ oid, file });
  }
  return { commit, files: await catFiles(cwd, entries) };
}

/** Reads blobs through one `git cat-file --batch`: `<oid> blob <size>\n<content>\n` per object. */
async function catFiles(cwd: string, entries: readonly { oid: string; file: string }[]): Promise<GitFile[]> {
  if (entries.length === 0) return [];
  const child = spawn('git', ['cat-file', '--batch'], { cwd, stdio: ['pipe', 'pipe', 'ignore'] });
  const chunks: Buffer[] = [];
  child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`git cat-file exited with ${code}`))));
  });
  child.stdin.end(entries.map((e) => `${e.oid}\n`).join(''));
  await done;
  const output = Buffer.concat(chunks);
  const files: GitFile[] = [];
  let at = 0;
  for (const entry of entries) {
    const newline = output.indexOf(10, at);
    const size = Number(output.subarray(at, newline).toString('utf8').split(' ')[2]);
    files.push({ file: entry.file, text: output.subarray(newline + 1, newline + 1 + size).toString('utf8') });
    at = newline + 1 + size + 1;
  }
  return files;
}
