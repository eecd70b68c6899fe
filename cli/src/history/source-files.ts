import { open, readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isSkippedProjectFolder, looksBinary, PROJECT_FILE_RULES } from '@keyfob/shared/history';

// The walk's rules (skipped folders, size, binary files) are the editors' too: PROJECT_FILE_RULES.

/** A source file to scan: its path as shown and its text. */
export interface SourceFile {
  readonly file: string;
  readonly absolute: string;
}

/**
 * The files under the given paths, sorted as shown: a file argument is taken as it is, a folder is
 * walked (node_modules, .git and dist skipped, as are binary files and files over 5 MB). Shown
 * relative to the working folder, or absolute when the argument was. Undefined (with the path)
 * when a path does not exist.
 */
export async function sourceFiles(
  paths: readonly string[],
  cwd: string,
): Promise<{ files: SourceFile[] } | { missing: string }> {
  const files = new Map<string, string>();
  for (const path of paths) {
    const found = await collect(resolve(cwd, path), true);
    if (found === undefined) return { missing: path };
    for (const file of found) files.set(file, isAbsolute(path) ? slashes(file) : slashes(relative(cwd, file) || '.'));
  }
  return { files: [...files].sort((a, b) => a[1].localeCompare(b[1])).map(([absolute, file]) => ({ file, absolute })) };
}

/** Reads a source file's text. */
export async function readSource(file: SourceFile): Promise<string> {
  return await readFile(file.absolute, 'utf8');
}

async function collect(path: string, explicit: boolean): Promise<string[] | undefined> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return undefined;
  if (info.isFile())
    return explicit || (info.size <= PROJECT_FILE_RULES.maxFileBytes && !(await isBinary(path))) ? [path] : [];
  if (!info.isDirectory()) return [];
  const out: string[] = [];
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (entry.isDirectory() && isSkippedProjectFolder(entry.name)) continue;
    if (entry.isDirectory() || entry.isFile()) out.push(...((await collect(join(path, entry.name), false)) ?? []));
  }
  return out;
}

/** A NUL byte among the first bytes (looksBinary): an image, an archive, a compiled file. */
async function isBinary(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(PROJECT_FILE_RULES.binaryProbeBytes);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return looksBinary(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

function slashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
