import type { WorkspaceFile, WorkspaceSnapshot } from './workspace-access.ts';

/**
 * A request the server sends to a client that said (initializationOptions `workspaceSnapshot: true`)
 * it can read workspace folders itself: the VS Code extension, whose servers run where files cannot
 * be read directly (a web worker) or would need a second copy of the CLI's reader (its Node
 * process). Params `{ folderUri }`; result a `WorkspaceSnapshot`.
 */
export const WORKSPACE_SNAPSHOT_METHOD = 'keyfob/workspaceSnapshot';

/** Entries kept at most from a client's answer (the workspace bounds them again by size). */
const MAX_ENTRIES = 2000;
/** Longest path kept, in characters. */
const MAX_PATH = 1024;

/**
 * A client's answer read at the edge: entries that are not `{ path, text }` strings, or whose path
 * is absolute, has `..` segments or is too long, are dropped (counted in `dropped`); anything that is
 * not an object gives an empty snapshot.
 *
 * @example readWorkspaceSnapshot({ files: [{ path: 'a.role.yaml', text: '' }], workflows: [] }).value.files.length // 1
 */
export function readWorkspaceSnapshot(raw: unknown): { value: WorkspaceSnapshot; dropped: number } {
  let dropped = 0;
  const entries = (list: unknown): WorkspaceFile[] => {
    if (!Array.isArray(list)) return [];
    const out: WorkspaceFile[] = [];
    for (const item of list.slice(0, MAX_ENTRIES)) {
      const { path, text } = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
      if (typeof path === 'string' && typeof text === 'string' && isRelativePath(path)) out.push({ path, text });
      else dropped += 1;
    }
    dropped += Math.max(0, list.length - MAX_ENTRIES);
    return out;
  };
  const record = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return { value: { files: entries(record.files), workflows: entries(record.workflows) }, dropped };
}

function isRelativePath(path: string): boolean {
  return (
    path !== '' &&
    path.length <= MAX_PATH &&
    !path.startsWith('/') &&
    !/^[A-Za-z]:/.test(path) &&
    path.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..')
  );
}
