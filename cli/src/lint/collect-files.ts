import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { compileGlob, globBase, isGlob } from './glob.ts';

/** Folders never walked into. */
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist', '.code-server', '.vscode-test']);

/** A file the linter was asked to check, and whether the user named it explicitly. */
export interface CollectedFile {
  /** Path as shown in output: relative to the working folder, `/`-separated. */
  readonly display: string;
  readonly absolute: string;
  /** Named on the command line (always checked) rather than found in a folder walk (checked when it looks like ours). */
  readonly explicit: boolean;
}

/** A command-line argument that matched nothing. */
export interface MissingPath {
  readonly argument: string;
}

/**
 * Expands files, folders and globs into the files to check, sorted and without duplicates.
 * Folders are walked recursively; a walk keeps YAML and JSON files (the caller decides which are ours).
 */
export async function collectFiles(
  args: readonly string[],
  cwd: string,
): Promise<{ files: CollectedFile[]; missing: MissingPath[] }> {
  const found = new Map<string, CollectedFile>();
  const missing: MissingPath[] = [];
  for (const argument of args) {
    const before = found.size;
    if (isGlob(argument)) {
      const matches = compileGlob(toSlashes(argument).replace(/^\.\//, ''));
      await walk(join(cwd, globBase(argument)), cwd, (display) => matches(display), found, true);
    } else {
      const absolute = join(cwd, argument);
      const info = await stat(absolute).catch(() => undefined);
      if (info?.isDirectory()) await walk(absolute, cwd, isDataFile, found, false);
      else if (info?.isFile()) found.set(absolute, { display: display(absolute, cwd), absolute, explicit: true });
    }
    if (found.size === before && !alreadyCovered(argument, cwd, found)) missing.push({ argument });
  }
  const files = [...found.values()].sort((a, b) => a.display.localeCompare(b.display));
  return { files, missing };
}

async function walk(
  folder: string,
  cwd: string,
  keep: (display: string) => boolean,
  found: Map<string, CollectedFile>,
  explicit: boolean,
): Promise<void> {
  const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const absolute = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name)) await walk(absolute, cwd, keep, found, explicit);
    } else if (entry.isFile() && keep(display(absolute, cwd)) && !found.has(absolute)) {
      found.set(absolute, { display: display(absolute, cwd), absolute, explicit });
    }
  }
}

function isDataFile(path: string): boolean {
  return /\.(?:ya?ml|jsonc?)$/i.test(path);
}

function alreadyCovered(argument: string, cwd: string, found: Map<string, CollectedFile>): boolean {
  return found.has(join(cwd, argument));
}

function display(absolute: string, cwd: string): string {
  return toSlashes(relative(cwd, absolute)) || '.';
}

function toSlashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
}
