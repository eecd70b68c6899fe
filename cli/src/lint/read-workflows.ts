import { readdir, readFile, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { WORKSPACE_LIMITS } from '@keyfob/shared/lint';

// A repository with more workflows is unusual; the rest are left out.
const { workflows: MAX_WORKFLOWS, fileBytes: MAX_BYTES } = WORKSPACE_LIMITS;

/**
 * The GitHub Actions workflows of the workspace `from` lies in: `.github/workflows/*.yml|yaml` of
 * the nearest folder (from `from` upwards, stopping at a `.git`) that has them. Names are relative to
 * `cwd`. None when there is no such folder; unreadable or oversized files are skipped.
 */
export async function readWorkflows(from: string, cwd: string): Promise<{ file: string; text: string }[]> {
  for (let folder = from; ; folder = dirname(folder)) {
    const workflows = join(folder, '.github', 'workflows');
    const names = await readdir(workflows).catch(() => undefined);
    if (names)
      return readAll(
        workflows,
        names
          .filter((n) => /\.ya?ml$/i.test(n))
          .sort()
          .slice(0, MAX_WORKFLOWS),
        cwd,
      );
    if (dirname(folder) === folder || (await stat(join(folder, '.git')).catch(() => undefined))) return [];
  }
}

async function readAll(
  folder: string,
  names: readonly string[],
  cwd: string,
): Promise<{ file: string; text: string }[]> {
  const out: { file: string; text: string }[] = [];
  for (const name of names) {
    const path = join(folder, name);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile() || info.size > MAX_BYTES) continue;
    const text = await readFile(path, 'utf8').catch(() => undefined);
    if (text !== undefined) out.push({ file: relative(cwd, path).split(sep).join('/'), text });
  }
  return out;
}
