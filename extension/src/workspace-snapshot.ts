import * as vscode from 'vscode';
import { isRoleFileName } from '@keyfob/shared/lint';
import type { WorkspaceFile, WorkspaceSnapshot } from '@keyfob/shared/lsp';

/** Candidates listed at most per folder (then filtered to keyfob's file names), and files read at most. */
const MAX_LISTED = 20_000;
const MAX_FILES = 1000;
/** Workflows read at most, and the largest file read, in bytes (the bounds `keyfob lint` uses). */
const MAX_WORKFLOWS = 200;
const MAX_BYTES = 1024 * 1024;
/** A search that has not answered by then (a file system with no search provider) gives what it has. */
const SEARCH_TIMEOUT_MS = 15_000;
const EXCLUDE = '**/{node_modules,.git,dist}/**';

/**
 * Answers the language server's WORKSPACE_SNAPSHOT_METHOD: the keyfob files of a workspace folder
 * (the names `keyfob lint` walks, isRoleFileName) and its `.github/workflows`, read through VS
 * Code's file system, so it works for the desktop server and the web worker alike, and for remote
 * and virtual workspaces. Open documents need not be read here: the server prefers their text.
 * Bounded like `keyfob lint`'s walk; unreadable or oversized files are skipped.
 */
export async function workspaceSnapshot(params: unknown): Promise<WorkspaceSnapshot> {
  const folderUri = (params as { folderUri?: unknown } | undefined)?.folderUri;
  const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.toString() === folderUri);
  // Only the workspace's own folders are read: the request cannot name another place.
  if (!folder) return { files: [], workflows: [] };
  const listed = await find(new vscode.RelativePattern(folder, '**/*.{yaml,yml,json,jsonc,hcl}'), MAX_LISTED);
  const files = listed
    .map((uri) => ({ uri, path: relativePath(folder.uri, uri) }))
    .filter((f): f is { uri: vscode.Uri; path: string } => f.path !== undefined && isRoleFileName(f.path))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    .slice(0, MAX_FILES);
  const workflowUris = await find(new vscode.RelativePattern(folder, '.github/workflows/*.{yml,yaml}'), MAX_WORKFLOWS);
  const workflows = workflowUris
    .map((uri) => ({ uri, path: relativePath(folder.uri, uri) }))
    .filter((f): f is { uri: vscode.Uri; path: string } => f.path !== undefined)
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files: await readAll(files), workflows: await readAll(workflows) };
}

async function find(pattern: vscode.RelativePattern, max: number): Promise<vscode.Uri[]> {
  const cancel = new vscode.CancellationTokenSource();
  const timer = setTimeout(() => cancel.cancel(), SEARCH_TIMEOUT_MS);
  try {
    return await vscode.workspace.findFiles(pattern, EXCLUDE, max, cancel.token);
  } catch {
    return [];
  } finally {
    clearTimeout(timer);
    cancel.dispose();
  }
}

async function readAll(entries: readonly { uri: vscode.Uri; path: string }[]): Promise<WorkspaceFile[]> {
  const decoder = new TextDecoder();
  const out: WorkspaceFile[] = [];
  for (const { uri, path } of entries) {
    const info = await Promise.resolve(vscode.workspace.fs.stat(uri)).catch(() => undefined);
    if (!info || info.type !== vscode.FileType.File || info.size > MAX_BYTES) continue;
    const bytes = await Promise.resolve(vscode.workspace.fs.readFile(uri)).catch(() => undefined);
    if (bytes) out.push({ path, text: decoder.decode(bytes) });
  }
  return out;
}

/** `uri`'s path below `folder`, `/`-separated; undefined when it is not inside. */
function relativePath(folder: vscode.Uri, uri: vscode.Uri): string | undefined {
  if (uri.scheme !== folder.scheme || uri.authority !== folder.authority) return undefined;
  const base = folder.path.endsWith('/') ? folder.path : `${folder.path}/`;
  return uri.path.startsWith(base) ? uri.path.slice(base.length) : undefined;
}
