import * as vscode from 'vscode';
import { PROJECT_FILE_RULES } from '@keyfob/shared/history';

/**
 * Answers the language server's PROJECT_FS_METHOD: a directory listing, a file's size and time, or
 * its bytes (base64), read through VS Code's file system so the desktop server and the web worker
 * alike, and remote and virtual workspaces, see the files `keyfob history scan <folder>` would. Only
 * the workspace's own folders are read, and no path climbing out of them; null when it cannot be read.
 */
export async function projectFsRequest(params: unknown): Promise<unknown> {
  const { folderUri, op, path } = (typeof params === 'object' && params !== null ? params : {}) as Record<
    string,
    unknown
  >;
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.toString() === folderUri);
  if (!folder || typeof path !== 'string' || path.length > 1024 || path.split('/').some((s) => s === '..')) return null;
  const uri = path === '' ? folder.uri : vscode.Uri.joinPath(folder.uri, ...path.split('/'));
  const fs = vscode.workspace.fs;
  try {
    if (op === 'readDirectory')
      return (await fs.readDirectory(uri)).map(([name, type]) => [
        name,
        type & vscode.FileType.SymbolicLink
          ? 'other'
          : type === vscode.FileType.Directory
            ? 'directory'
            : type === vscode.FileType.File
              ? 'file'
              : 'other',
      ]);
    if (op === 'stat') {
      const info = await fs.stat(uri);
      return info.type === vscode.FileType.File ? { size: info.size, mtime: info.mtime } : null;
    }
    if (op === 'readFile') {
      const info = await fs.stat(uri);
      if (info.size > PROJECT_FILE_RULES.maxFileBytes) return null;
      return base64(await fs.readFile(uri));
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
