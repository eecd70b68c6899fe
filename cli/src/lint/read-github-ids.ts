import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  GITHUB_IDS_FILE,
  githubIdsFromContext,
  mergeGithubIds,
  readGithubIds,
  type GithubIds,
} from '@keyfob/shared/jwt-roles';
import { WORKSPACE_LIMITS } from '@keyfob/shared/lint';

/**
 * The ids the trust rules' fixes may use: `github-ids.yaml` of the nearest folder from `from`
 * upwards (stopping at a `.git`) and, inside a GitHub Actions job, the workflow context
 * (`GITHUB_REPOSITORY_ID`...). Problems of the file are passed to `warn`, one line each.
 */
export async function readGithubIdsNear(
  from: string,
  env: Readonly<Record<string, string | undefined>>,
  warn: (line: string) => void,
): Promise<GithubIds | undefined> {
  let fromFile: GithubIds | undefined;
  for (let folder = from; ; folder = dirname(folder)) {
    const path = join(folder, GITHUB_IDS_FILE);
    const info = await stat(path).catch(() => undefined);
    if (info?.isFile() && info.size <= WORKSPACE_LIMITS.fileBytes) {
      const read = readGithubIds(await readFile(path, 'utf8'));
      for (const p of read.problems) warn(p.replace(/[\r\n]+/g, ' '));
      fromFile = read.ids;
      break;
    }
    if (dirname(folder) === folder || (await stat(join(folder, '.git')).catch(() => undefined))) break;
  }
  return mergeGithubIds(fromFile, githubIdsFromContext(env));
}
