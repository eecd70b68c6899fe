import { spawn } from 'node:child_process';
import { gitRunner, readRevisionFiles, type RevisionFile } from '@keyfob/shared/access';
import { UsageError } from '../io.ts';
import { quoted } from '@keyfob/shared/text';

/**
 * The files under `paths` (relative to `cwd`) at `ref`, read from git's object store (the shared
 * reader: git ls-tree and one git cat-file --batch, no checkout). A ref git does not know is a usage
 * error naming it.
 */
export async function readGitFiles(
  cwd: string,
  ref: string,
  paths: readonly string[],
  select: (file: string) => boolean,
): Promise<{ commit: string; files: RevisionFile[] }> {
  const read = await readRevisionFiles(gitRunner(spawn, cwd), ref, paths, select);
  if (read.ok) return read;
  if (read.reason === 'invalid')
    throw new UsageError(`--base must name a commit (a branch, tag or hash), not ${quoted(ref)}`);
  throw new UsageError(
    `--base ${ref}: git knows no such commit here (fetch it first, e.g. git fetch origin ${ref.replace(/^origin\//, '')}, or run inside the repository)`,
  );
}
