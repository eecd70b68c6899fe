import { open, readFile } from 'node:fs/promises';
import { findWorkspaceFiles, workspaceName, type FileWalk } from './workspace-files.ts';

/** Folders never searched: dependencies, VCS data and build output are not the workspace's own code. */
const SKIPPED = new Set(['node_modules', '.git', 'dist']);
/** Larger files (bundles, data dumps) are skipped in a folder walk. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** A walk stops with a clear failure past this many files, so a wrong `files` input cannot run away. */
const MAX_FILES = 50_000;

const SOURCE_FILES: FileWalk = {
  what: 'source files',
  skipped: SKIPPED,
  accept: (path) => isText(path),
  limit: { files: MAX_FILES, hint: 'name the source folders that call the API.' },
};

/** A source file of the workspace: its name as annotations need it, and its text. */
export interface SourceText {
  readonly file: string;
  readonly absolute: string;
  readonly text: string;
}

/**
 * Reads every text file under the `files` input (history mode): a file is taken as it is, a folder
 * is walked (node_modules, .git and dist skipped; binary files and files over 5 MB skipped). Names are
 * relative to the workspace with `/`. A path that does not exist fails the step, naming it.
 */
export async function readSourceFiles(paths: readonly string[], workspace: string): Promise<SourceText[]> {
  const out: SourceText[] = [];
  for (const absolute of await findWorkspaceFiles(paths, workspace, SOURCE_FILES))
    out.push({ file: workspaceName(absolute, workspace), absolute, text: await readFile(absolute, 'utf8') });
  return out;
}

/** Small enough, and no NUL byte in the first 8 KB (not an image, archive or compiled file). */
async function isText(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    if ((await handle.stat()).size > MAX_FILE_BYTES) return false;
    const buffer = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return !buffer.subarray(0, bytesRead).includes(0);
  } finally {
    await handle.close();
  }
}
