import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { GITHUB_IDS_FILE, mergeGithubIds, readGithubIds, type GithubIds } from '@keyfob/shared/jwt-roles';
import { WORKSPACE_LIMITS } from '@keyfob/shared/lint';

/**
 * The ids the trust rules' fixes may use: `github-ids.yaml` at the workspace root (the user's,
 * first) and the job's own repository from the workflow context. Problems of the file come back as lines.
 */
export async function readGithubIdsFile(
  workspace: string,
  context: GithubIds | undefined,
): Promise<{ ids: GithubIds | undefined; problems: string[] }> {
  const path = join(workspace, GITHUB_IDS_FILE);
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile() || info.size > WORKSPACE_LIMITS.fileBytes) return { ids: context, problems: [] };
  const read = readGithubIds(await readFile(path, 'utf8'));
  return { ids: mergeGithubIds(read.ids, context), problems: read.problems };
}
