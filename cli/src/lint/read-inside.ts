import { readFileSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { WORKSPACE_LIMITS } from '@keyfob/shared/lint';

/** A file inside `folder` (never outside it), at most WORKSPACE_LIMITS.fileBytes; undefined otherwise. */
export function readInside(folder: string, relativePath: string): string | undefined {
  const path = resolve(folder, relativePath);
  if (!path.startsWith(folder + sep)) return undefined;
  try {
    const info = statSync(path);
    if (!info.isFile() || info.size > WORKSPACE_LIMITS.fileBytes) return undefined;
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** `file()` of a Terraform module: a file inside the module's folder (relative to `cwd`), bounded in size. */
export function moduleFileReader(cwd: string): (folder: string, relativePath: string) => string | undefined {
  return (folder, relativePath) => readInside(resolve(cwd, folder), relativePath);
}
