import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, sep } from 'node:path';
import type { RoleFileText } from '@keyfob/shared/apply';
import { isRoleFileName } from '@keyfob/shared/lint';
import { StepFailure } from './step.ts';

/** Folders never searched: dependencies, VCS data and build output hold no role files of ours. */
const SKIPPED = new Set(['node_modules', '.git', 'dist', '.tmp']);

/** True when a workspace-relative path lies in a folder a walk skips (`node_modules`, `.git`, `dist`, `.tmp`). */
export function isInSkippedFolder(path: string): boolean {
  return path
    .split('/')
    .slice(0, -1)
    .some((segment) => SKIPPED.has(segment));
}

/**
 * Reads the role files named by the `files` input: a file is taken as it is; a folder is searched
 * recursively for files whose names mark them as role files (`*.role.yaml`, `*.static-role.json`,
 * `*.manifest.yml`, ...). Names are shown relative to the workspace, as annotations need them. A
 * path that does not exist fails the step, naming it.
 */
export async function readRoleFiles(paths: readonly string[], workspace: string): Promise<RoleFileText[]> {
  const found = new Map<string, string>();
  for (const path of paths) {
    const absolute = isAbsolute(path) ? path : join(workspace, path);
    const info = await stat(absolute).catch(() => undefined);
    if (!info)
      throw new StepFailure(
        `Could not read role files: "${path}" does not exist (relative to ${workspace}). Hint: check the \`files\` input.`,
      );
    if (info.isDirectory()) await walk(absolute, found);
    else found.set(absolute, absolute);
  }
  const files: RoleFileText[] = [];
  for (const absolute of [...found.keys()].sort()) {
    files.push({ file: display(absolute, workspace), text: await readFile(absolute, 'utf8') });
  }
  return files;
}

async function walk(folder: string, found: Map<string, string>): Promise<void> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(folder, entry.name);
    if (entry.isDirectory()) await walk(path, found);
    else if (entry.isFile() && isRoleFileName(entry.name)) found.set(path, path);
  }
}

/** A path relative to the workspace with `/` separators, as GitHub annotations expect. */
function display(absolute: string, workspace: string): string {
  const rel = relative(workspace, absolute);
  return (rel.startsWith('..') ? absolute : rel).split(sep).join('/');
}
