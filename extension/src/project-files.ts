import * as vscode from 'vscode';
import { PROJECT_FILE_RULES } from '@keyfob/shared/history';
import type { ProjectFs } from '@keyfob/shared/history';

/**
 * A workspace folder's files as the project walk reads them (`WorkspaceProjectFacts`, `listProjectFiles`),
 * through VS Code's file system: the desktop and web worker hosts alike, and remote and virtual
 * workspaces, see the files `keyfob history scan <folder>` would. Paths are relative to the folder
 * (`/`-separated); none climbs out of it ('..'); a symbolic link is `other` (not followed); a file over
 * the walk's 5 MB is not read.
 */
export function folderProjectFs(folder: vscode.Uri): ProjectFs {
  const uriOf = (path: string): vscode.Uri | undefined =>
    path.length > 1024 || path.split('/').some((s) => s === '..')
      ? undefined
      : path === ''
        ? folder
        : vscode.Uri.joinPath(folder, ...path.split('/'));
  const fs = vscode.workspace.fs;
  return {
    readDirectory: async (path) => {
      const uri = uriOf(path);
      if (!uri) return [];
      return (await fs.readDirectory(uri)).map(
        ([name, type]) =>
          [
            name,
            type & vscode.FileType.SymbolicLink
              ? 'other'
              : type === vscode.FileType.Directory
                ? 'directory'
                : type === vscode.FileType.File
                  ? 'file'
                  : 'other',
          ] as const,
      );
    },
    stat: async (path) => {
      const uri = uriOf(path);
      const info = uri ? await fs.stat(uri) : undefined;
      return info?.type === vscode.FileType.File ? { size: info.size, mtime: info.mtime } : undefined;
    },
    readFile: async (path) => {
      const uri = uriOf(path);
      if (!uri || (await fs.stat(uri)).size > PROJECT_FILE_RULES.maxFileBytes) return undefined;
      return fs.readFile(uri);
    },
  };
}

/**
 * Answers the language server's PROJECT_FS_METHOD: a directory listing, a file's size and time, or
 * its bytes (base64), as `folderProjectFs` reads them. Only the workspace's own folders are read;
 * null when it cannot be read.
 */
export async function projectFsRequest(params: unknown): Promise<unknown> {
  const { folderUri, op, path } = (typeof params === 'object' && params !== null ? params : {}) as Record<
    string,
    unknown
  >;
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.toString() === folderUri);
  if (!folder || typeof path !== 'string') return null;
  const fs = folderProjectFs(folder.uri);
  try {
    if (op === 'readDirectory') return await fs.readDirectory(path);
    if (op === 'stat') return (await fs.stat(path)) ?? null;
    if (op === 'readFile') {
      const bytes = await fs.readFile(path);
      return bytes === undefined ? null : base64(bytes);
    }
  } catch {
    return null;
  }
  return null;
}

function base64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, Math.min(bytes.length, i + 0x8000)));
  return btoa(binary);
}
