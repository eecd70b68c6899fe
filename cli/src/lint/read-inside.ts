import { readdirSync, readFileSync, statSync } from 'node:fs';
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

/** Files `fileset()` lists at most, and how deep it looks below the folder. */
const LIST_LIMIT = 1000;
const LIST_DEPTH = 8;

/**
 * The files below `relativeFolder` of `folder` (never outside it), as paths relative to it with
 * `/`, for `fileset()`: undefined when it is not a folder or holds more than LIST_LIMIT files.
 */
export function listInside(folder: string, relativeFolder: string): string[] | undefined {
  const root = resolve(folder, relativeFolder);
  if (root !== folder && !root.startsWith(folder + sep)) return undefined;
  const out: string[] = [];
  const walk = (dir: string, prefix: string, depth: number): boolean => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return depth > 0;
    }
    for (const entry of entries) {
      if (entry.isFile()) out.push(prefix + entry.name);
      else if (
        entry.isDirectory() &&
        depth < LIST_DEPTH &&
        !walk(resolve(dir, entry.name), `${prefix}${entry.name}/`, depth + 1)
      )
        return false;
      if (out.length > LIST_LIMIT) return false;
    }
    return true;
  };
  return walk(root, '', 0) ? out.sort() : undefined;
}

/** `fileset()` of a Terraform module: the files below a folder inside the module's folder (relative to `cwd`). */
export function moduleFileLister(cwd: string): (folder: string, relativeFolder: string) => string[] | undefined {
  return (folder, relativeFolder) => listInside(resolve(cwd, folder), relativeFolder);
}
