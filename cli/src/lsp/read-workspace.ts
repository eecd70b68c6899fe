import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isRoleFileName, WORKSPACE_LIMITS } from '@keyfob/shared/lint';
import type { ReadOptions, WorkspaceFile, WorkspaceSnapshot } from '@keyfob/shared/lsp';
import { SKIPPED_FOLDERS } from '../lint/collect-files.ts';
import { readWorkflows } from '../lint/read-workflows.ts';

const { fileBytes: MAX_BYTES } = WORKSPACE_LIMITS;

/** How far a walk goes: keyfob files kept, directory entries looked at. */
export interface WalkBounds {
  readonly files: number;
  readonly entries: number;
}

const BOUNDS: WalkBounds = { files: WORKSPACE_LIMITS.files, entries: WORKSPACE_LIMITS.walkEntries };

/**
 * The language server's view of a workspace folder (a `file:` URI): its keyfob files (the files
 * `keyfob lint` checks in a walk, isRoleFileName: policies, JWT roles, role files, manifests) and the
 * workflows `keyfob lint` reads for the trust checks (readWorkflows). The walk is bounded (1,000 files
 * of at most 1 MB, 50,000 directory entries) and goes out from the open documents' folders (`near`),
 * so what it keeps is what lies nearest them; when it stops early the snapshot says so. Unreadable
 * files are skipped. Other schemes (untitled:, vscode-vfs:) read nothing.
 */
export async function readWorkspace(
  folderUri: string,
  options: ReadOptions = { near: [] },
  bounds: WalkBounds = BOUNDS,
): Promise<WorkspaceSnapshot> {
  if (!folderUri.startsWith('file:')) return { files: [], workflows: [] };
  const folder = fileURLToPath(folderUri);
  const walk = await walkNearest(folder, options.near, bounds);
  const files: WorkspaceFile[] = [];
  for (const path of walk.paths) {
    const absolute = join(folder, path);
    const info = await stat(absolute).catch(() => undefined);
    if (!info?.isFile() || info.size > MAX_BYTES) continue;
    const text = await readFile(absolute, 'utf8').catch(() => undefined);
    if (text !== undefined) files.push({ path, text });
  }
  const workflows = (await readWorkflows(folder, folder)).map((w) => ({ path: w.file, text: w.text }));
  return { files, workflows, ...(walk.incomplete ? { incomplete: walk.incomplete } : {}) };
}

/**
 * The keyfob files of `folder` (relative, `/`-separated), breadth-first by distance in the folder
 * tree from the folders of `near` (a folder's subfolders and its parent are one step away; the root
 * when `near` is empty), within the bounds. Symlinked folders are not followed (no loops).
 */
async function walkNearest(
  folder: string,
  near: readonly string[],
  bounds: WalkBounds,
): Promise<{ paths: string[]; incomplete?: string }> {
  const starts = near.map((path) => path.split('/').slice(0, -1).join('/')).filter((dir) => !dir.startsWith('..'));
  const queue = [...new Set(starts.length > 0 ? starts : [''])];
  const seen = new Set(queue);
  const paths: string[] = [];
  let entries = 0;
  for (let next = 0; next < queue.length; next++) {
    const dir = queue[next] ?? '';
    const found = await readdir(join(folder, dir), { withFileTypes: true }).catch(() => []);
    const visit = (rel: string): void => {
      if (seen.has(rel)) return;
      seen.add(rel);
      queue.push(rel);
    };
    for (const entry of found.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (++entries > bounds.entries)
        return {
          paths,
          incomplete: `the walk of the workspace stopped after ${bounds.entries} entries; the access answer and trust checks use the ${paths.length} keyfob files nearest the open documents`,
        };
      const rel = dir === '' ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) visit(rel);
      } else if (isRoleFileName(rel)) {
        if (paths.length === bounds.files)
          return {
            paths,
            incomplete: `the workspace holds more than ${bounds.files} keyfob files; the access answer and trust checks use the ones nearest the open documents`,
          };
        paths.push(rel);
      }
    }
    if (dir !== '') visit(dir.split('/').slice(0, -1).join('/'));
  }
  return { paths };
}
