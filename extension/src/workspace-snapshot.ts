import * as vscode from 'vscode';
import { WORKSPACE_LIMITS } from '@keyfob/shared/lint';
import type { WorkspaceFile, WorkspaceSnapshot } from '@keyfob/shared/lsp';
import { filesOf, keyfobFilesOf, type FolderFile } from './workspace-files.ts';

/**
 * Answers the language server's WORKSPACE_SNAPSHOT_METHOD: the keyfob files of a workspace folder
 * (the names `keyfob lint` walks) and its `.github/workflows`, read through VS Code's file system,
 * so it works for the desktop server and the web worker alike, and for remote and virtual
 * workspaces. Open documents need not be read here: the server prefers their text. Bounded like
 * `keyfob lint`'s walk (WORKSPACE_LIMITS); unreadable or oversized files are skipped.
 */
export async function workspaceSnapshot(params: unknown): Promise<WorkspaceSnapshot> {
  const folderUri = (params as { folderUri?: unknown } | undefined)?.folderUri;
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.toString() === folderUri);
  // Only the workspace's own folders are read: the request cannot name another place.
  if (!folder) return { files: [], workflows: [] };
  const [files, workflows] = await Promise.all([
    keyfobFilesOf(folder, WORKSPACE_LIMITS.files),
    filesOf(folder, '.github/workflows/*.{yml,yaml}', WORKSPACE_LIMITS.workflows),
  ]);
  return { files: await readAll(files), workflows: await readAll(workflows) };
}

async function readAll(entries: readonly FolderFile[]): Promise<WorkspaceFile[]> {
  const decoder = new TextDecoder();
  const out: WorkspaceFile[] = [];
  for (const { uri, path } of entries) {
    const info = await Promise.resolve(vscode.workspace.fs.stat(uri)).catch(() => undefined);
    if (!info || info.type !== vscode.FileType.File || info.size > WORKSPACE_LIMITS.fileBytes) continue;
    const bytes = await Promise.resolve(vscode.workspace.fs.readFile(uri)).catch(() => undefined);
    if (bytes) out.push({ path, text: decoder.decode(bytes) });
  }
  return out;
}
