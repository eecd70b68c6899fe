import * as vscode from 'vscode';
import { isRoleFileName } from '@keyfob/shared/lint';

/** Folders no walk enters, as in `keyfob lint`. */
const EXCLUDE = '**/{node_modules,.git,dist}/**';
/** Candidates listed at most per folder, before they are filtered to keyfob's names. */
const MAX_LISTED = 20_000;
/** A search that has not answered by then (a file system with no search provider) gives what it has. */
const SEARCH_TIMEOUT_MS = 15_000;

/** A file of a workspace folder: its URI and its `/`-separated path below the folder. */
export interface FolderFile {
  readonly uri: vscode.Uri;
  readonly path: string;
}

/**
 * The files of `folder` matching `glob` (relative to the folder), sorted by path, at most `max`;
 * node_modules, .git and dist are skipped.
 */
export async function filesOf(folder: vscode.WorkspaceFolder, glob: string, max: number): Promise<FolderFile[]> {
  const cancel = new vscode.CancellationTokenSource();
  const timer = setTimeout(() => cancel.cancel(), SEARCH_TIMEOUT_MS);
  try {
    const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, glob), EXCLUDE, max, cancel.token);
    return uris
      .flatMap((uri) => {
        const path = relativePath(folder.uri, uri);
        return path === undefined ? [] : [{ uri, path }];
      })
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
    cancel.dispose();
  }
}

/**
 * The files `keyfob lint` checks when it walks `folder` (isRoleFileName: role kinds, manifests, JWT
 * roles, ACL policies, Terraform files), at most `max`: one classification, no list of names kept here.
 */
export async function keyfobFilesOf(folder: vscode.WorkspaceFolder, max: number): Promise<FolderFile[]> {
  const candidates = await filesOf(folder, '**/*.{yaml,yml,json,jsonc,hcl,tf}', MAX_LISTED);
  return candidates.filter((file) => isRoleFileName(file.path)).slice(0, max);
}

/** `uri`'s path below `folder`, `/`-separated; undefined when it is not inside. */
function relativePath(folder: vscode.Uri, uri: vscode.Uri): string | undefined {
  if (uri.scheme !== folder.scheme || uri.authority !== folder.authority) return undefined;
  const base = folder.path.endsWith('/') ? folder.path : `${folder.path}/`;
  return uri.path.startsWith(base) ? uri.path.slice(base.length) : undefined;
}
