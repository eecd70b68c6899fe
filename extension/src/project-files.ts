import * as vscode from 'vscode';
import { PROJECT_FILE_RULES } from '@keyfob/shared/history';
import type { ProjectFs } from '@keyfob/shared/history';
import type { ReadLog } from './read-log.ts';

/**
 * A workspace folder's files as the project walk reads them (`WorkspaceProjectFacts`, `listProjectFiles`),
 * through VS Code's file system: the desktop and web worker hosts alike, and remote and virtual
 * workspaces, see the files `keyfob history scan <folder>` would. Paths are relative to the folder
 * (`/`-separated); none climbs out of it ('..'); a symbolic link is `other` (not followed); a file over
 * the walk's 5 MB is not read. Each file read is written to `log`.
 */
export function folderProjectFs(folder: vscode.Uri, log: ReadLog): ProjectFs {
  const uriOf = (path: string): vscode.Uri | undefined =>
    path.length > PROJECT_FILE_RULES.maxPathLength || path.split('/').some((s) => s === '..')
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
      log.fileRead(folder.toString(), path);
      return fs.readFile(uri);
    },
  };
}
