import { readFile, stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { isRoleFileName, WORKSPACE_LIMITS } from '@keyfob/shared/lint';
import type { WorkspaceFile, WorkspaceSnapshot } from '@keyfob/shared/lsp';
import { collectFiles } from '../lint/collect-files.ts';
import { readWorkflows } from '../lint/read-workflows.ts';

const { files: MAX_FILES, fileBytes: MAX_BYTES } = WORKSPACE_LIMITS;

/**
 * The language server's view of a workspace folder (a `file:` URI), read the way `keyfob lint DIR`
 * walks it (collectFiles, isRoleFileName: policies, JWT roles, role files, manifests) and with the
 * workflows `keyfob lint` reads for the trust checks (readWorkflows). Bounded: at most 1,000 files of
 * at most 1 MB each; unreadable files are skipped. Other schemes (untitled:, vscode-vfs:) read nothing.
 */
export async function readWorkspace(folderUri: string): Promise<WorkspaceSnapshot> {
  if (!folderUri.startsWith('file:')) return { files: [], workflows: [] };
  const folder = fileURLToPath(folderUri);
  const { files } = await collectFiles([folder], folder);
  const out: WorkspaceFile[] = [];
  for (const file of files.filter((f) => isRoleFileName(f.display)).slice(0, MAX_FILES)) {
    const info = await stat(file.absolute).catch(() => undefined);
    if (!info?.isFile() || info.size > MAX_BYTES) continue;
    const text = await readFile(file.absolute, 'utf8').catch(() => undefined);
    if (text !== undefined) out.push({ path: file.display, text });
  }
  const workflows = (await readWorkflows(folder, folder)).map((w) => ({ path: w.file, text: w.text }));
  return { files: out, workflows };
}
