import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { glob, isDynamicPattern } from 'tinyglobby';

/** Folders never walked into (also inside a glob's matches). */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set([
  'node_modules',
  '.git',
  'dist',
  '.code-server',
  '.vscode-test',
  '.terraform',
]);
const SKIPPED = [...SKIPPED_FOLDERS].map((name) => `**/${name}/**`);

/** What a folder walk keeps: YAML, JSON, HCL (policy) and Terraform files (the caller decides which are ours). */
const DATA_FILES = '**/*.{yaml,yml,json,jsonc,hcl,tf}';

/** A file the linter was asked to check, and whether the user named it explicitly. */
export interface CollectedFile {
  /** Path as shown in output: relative to the working folder when it lies under it, else absolute; `/`-separated. */
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
 * Expands files, folders and globs (relative or absolute, symlinks followed) into the files to check,
 * sorted and without duplicates (a file reached through symlinks counts once). An argument naming an existing path is taken as that path even when
 * it holds glob characters (`roles[1].yaml`); otherwise a dynamic argument is a glob.
 */
export async function collectFiles(
  args: readonly string[],
  cwd: string,
): Promise<{ files: CollectedFile[]; missing: MissingPath[] }> {
  const found = new Map<string, CollectedFile>();
  const missing: MissingPath[] = [];
  for (const argument of args) {
    const matches = await expand(argument, cwd);
    if (matches === undefined) {
      missing.push({ argument });
      continue;
    }
    for (const match of matches) {
      // One file reached through a symlink and directly (or round a loop) is checked once, by its shortest name.
      const key = await realpath(match.absolute).catch(() => match.absolute);
      const file = { display: displayPath(match.absolute, cwd), ...match };
      const known = found.get(key);
      if (known === undefined || file.display.length < known.display.length)
        found.set(key, { ...file, explicit: file.explicit || (known?.explicit ?? false) });
    }
  }
  const files = [...found.values()].sort((a, b) => a.display.localeCompare(b.display));
  return { files, missing };
}

type Match = { absolute: string; explicit: boolean };

/** The files one argument stands for; `undefined` when it names nothing and matches nothing. */
async function expand(argument: string, cwd: string): Promise<Match[] | undefined> {
  const absolute = resolve(cwd, argument);
  const info = await stat(absolute).catch(() => undefined);
  if (info?.isFile()) return [{ absolute, explicit: true }];
  if (info?.isDirectory()) {
    const files = await search(DATA_FILES, absolute, true);
    return files.map((file) => ({ absolute: file, explicit: false }));
  }
  if (!isDynamicPattern(argument)) return undefined;
  const { base, pattern } = splitGlob(argument);
  const files = await search(pattern, resolve(cwd, base), false);
  return files.length === 0 ? undefined : files.map((file) => ({ absolute: file, explicit: true }));
}

function search(pattern: string, folder: string, caseInsensitive: boolean): Promise<string[]> {
  return glob(pattern, {
    cwd: folder,
    absolute: true,
    onlyFiles: true,
    followSymbolicLinks: true,
    expandDirectories: false,
    caseSensitiveMatch: !caseInsensitive,
    ignore: SKIPPED,
  });
}

/** A glob split at its first dynamic segment: `/a/b/**\/*.yaml` -> base `/a/b`, pattern `**\/*.yaml`. */
function splitGlob(argument: string): { base: string; pattern: string } {
  const segments = argument.split('/');
  const first = segments.findIndex((segment) => isDynamicPattern(segment));
  const fixed = segments.slice(0, first);
  const base = fixed.length === 1 && fixed[0] === '' ? '/' : fixed.join('/');
  return { base: base === '' ? '.' : base, pattern: segments.slice(first).join('/') };
}

/** Relative to the working folder when the file lies under it, absolute otherwise; always `/`-separated. */
function displayPath(absolute: string, cwd: string): string {
  const rel = relative(cwd, absolute);
  const shown = rel === '' ? '.' : rel.startsWith('..') || isAbsolute(rel) ? absolute : rel;
  return sep === '/' ? shown : shown.split(sep).join('/');
}
