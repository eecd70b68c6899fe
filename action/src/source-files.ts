import { open, readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { StepFailure } from './step.ts';

/** Folders never searched: dependencies, VCS data and build output are not the workspace's own code. */
const SKIPPED = new Set(['node_modules', '.git', 'dist']);
/** Larger files (bundles, data dumps) are skipped in a folder walk. */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
/** A walk stops with a clear failure past this many files, so a wrong `files` input cannot run away. */
const MAX_FILES = 50_000;

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
  const found = new Set<string>();
  for (const path of paths) {
    const absolute = isAbsolute(path) ? path : join(workspace, path);
    const info = await stat(absolute).catch(() => undefined);
    if (!info)
      throw new StepFailure(
        `Could not read source files: "${path}" does not exist (relative to ${workspace}). Hint: check the \`files\` input.`,
      );
    if (info.isDirectory()) await walk(absolute, found);
    else found.add(absolute);
  }
  const out: SourceText[] = [];
  for (const absolute of [...found].sort())
    out.push({ file: display(absolute, workspace), absolute, text: await readFile(absolute, 'utf8') });
  return out;
}

async function walk(folder: string, found: Set<string>): Promise<void> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) await walk(path, found);
    else if (entry.isFile() && (await isText(path))) {
      if (found.size >= MAX_FILES)
        throw new StepFailure(
          `More than ${MAX_FILES} files under the \`files\` input. Hint: name the source folders that call the API.`,
        );
      found.add(path);
    }
  }
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

function display(absolute: string, workspace: string): string {
  const rel = relative(workspace, absolute);
  return (rel.startsWith('..') ? absolute : rel).split(sep).join('/');
}
