import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { WORKSPACE_LIMITS } from '@keyfob/shared/lint';

const { workflows: MAX_WORKFLOWS, fileBytes: MAX_BYTES } = WORKSPACE_LIMITS;

/**
 * The workspace's GitHub Actions workflows (`.github/workflows/*.yml|yaml`), for the JWT role trust
 * checks (events, `jwt-audience` inputs). Names are relative to the workspace; none when the folder
 * is absent; unreadable or oversized files are skipped.
 */
export async function readWorkflows(workspace: string): Promise<{ file: string; text: string }[]> {
  const folder = join(workspace, '.github', 'workflows');
  const names = (await readdir(folder).catch(() => [] as string[]))
    .filter((n) => /\.ya?ml$/i.test(n))
    .sort()
    .slice(0, MAX_WORKFLOWS);
  const out: { file: string; text: string }[] = [];
  for (const name of names) {
    const info = await stat(join(folder, name)).catch(() => undefined);
    if (!info?.isFile() || info.size > MAX_BYTES) continue;
    const text = await readFile(join(folder, name), 'utf8').catch(() => undefined);
    if (text !== undefined) out.push({ file: `.github/workflows/${name}`, text });
  }
  return out;
}
