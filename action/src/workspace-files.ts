import { readdir, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import { StepFailure } from './step.ts';

/** How a mode's `files` input is walked. */
export interface FileWalk {
  /** What the files are, for the failure naming a path that does not exist (`role files`). */
  readonly what: string;
  /** Folder names never searched. */
  readonly skipped: ReadonlySet<string>;
  /** Whether a file found in a folder is taken (a file named in the input is always taken). */
  accept(path: string, name: string): boolean | Promise<boolean>;
  /** A walk fails past this many files found in folders, with `hint` as the fix. */
  readonly limit?: { readonly files: number; readonly hint: string };
}

/**
 * The files named by the `files` input, absolute and sorted: a file is taken as it is, a folder is
 * searched recursively by `rules`. A path that does not exist fails the step, naming it.
 */
export async function findWorkspaceFiles(
  paths: readonly string[],
  workspace: string,
  rules: FileWalk,
): Promise<string[]> {
  const found = new Set<string>();
  for (const path of paths) {
    const absolute = isAbsolute(path) ? path : join(workspace, path);
    const info = await stat(absolute).catch(() => undefined);
    if (!info)
      throw new StepFailure(
        `Could not read ${rules.what}: "${path}" does not exist (relative to ${workspace}). Hint: check the \`files\` input.`,
      );
    if (info.isDirectory()) await walk(absolute, found, rules);
    else found.add(absolute);
  }
  return [...found].sort();
}

async function walk(folder: string, found: Set<string>, rules: FileWalk): Promise<void> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (rules.skipped.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) await walk(path, found, rules);
    else if (entry.isFile() && (await rules.accept(path, entry.name))) {
      if (rules.limit && found.size >= rules.limit.files)
        throw new StepFailure(
          `More than ${rules.limit.files} files under the \`files\` input. Hint: ${rules.limit.hint}`,
        );
      found.add(path);
    }
  }
}

/** A path relative to the workspace with `/` separators, as GitHub annotations expect. */
export function workspaceName(absolute: string, workspace: string): string {
  const rel = relative(workspace, absolute);
  return (rel.startsWith('..') ? absolute : rel).split(sep).join('/');
}
