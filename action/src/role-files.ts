import { readFile } from 'node:fs/promises';
import type { RoleFileText } from '@keyfob/shared/apply';
import { isRoleFileName } from '@keyfob/shared/lint';
import { findWorkspaceFiles, workspaceName, type FileWalk } from './workspace-files.ts';

/** Folders never searched: dependencies, VCS data and build output hold no role files of ours. */
const SKIPPED = new Set(['node_modules', '.git', 'dist', '.tmp']);

/** True when a workspace-relative path lies in a folder a walk skips (`node_modules`, `.git`, `dist`, `.tmp`). */
export function isInSkippedFolder(path: string): boolean {
  return path
    .split('/')
    .slice(0, -1)
    .some((segment) => SKIPPED.has(segment));
}

const ROLE_FILES: FileWalk = { what: 'role files', skipped: SKIPPED, accept: (_, name) => isRoleFileName(name) };

/**
 * Reads the role files named by the `files` input: a file is taken as it is; a folder is searched
 * recursively for files whose names mark them as role files (`*.role.yaml`, `*.static-role.json`,
 * `*.manifest.yml`, ...). Names are shown relative to the workspace, as annotations need them. A
 * path that does not exist fails the step, naming it.
 */
export async function readRoleFiles(paths: readonly string[], workspace: string): Promise<RoleFileText[]> {
  const found = await findWorkspaceFiles(paths, workspace, ROLE_FILES);
  const files: RoleFileText[] = [];
  for (const absolute of found) {
    files.push({ file: workspaceName(absolute, workspace), text: await readFile(absolute, 'utf8') });
  }
  return files;
}
