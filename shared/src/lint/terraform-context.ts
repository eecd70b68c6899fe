import { isTerraformFileName } from '../terraform/index.ts';
import type { TerraformContext } from './terraform-file.ts';
import { WORKSPACE_LIMITS } from './workspace-limits.ts';

/** A module folder as an adapter reads it: its file names and a reader (undefined when unreadable or too big). */
export interface ModuleFolder {
  readonly names: readonly string[];
  /** Reads a file by its path relative to the folder; only called with paths inside it. */
  readonly read: (relativePath: string) => string | undefined;
  /** For `fileset()`: the files below a folder inside it (paths relative to that folder); undefined when not listed. */
  readonly list?: (relativeFolder: string) => readonly string[] | undefined;
}

/**
 * What a Terraform file's lint may read of its module: the folder's `.tf` and `.tf.json` files (at
 * most WORKSPACE_LIMITS.files) and, for `file()`, files inside the folder (never `..`, never absolute).
 */
export function terraformContextOf(folder: ModuleFolder): TerraformContext {
  const files = folder.names
    .filter((name) => isTerraformFileName(name))
    .slice(0, WORKSPACE_LIMITS.files)
    .flatMap((fileName) => {
      const text = folder.read(fileName);
      return text === undefined ? [] : [{ fileName, text }];
    });
  const outside = (relativePath: string): boolean =>
    /^[/\\]|^[A-Za-z]:/.test(relativePath) || relativePath.split(/[/\\]/).includes('..');
  const list = folder.list;
  return {
    files,
    readFile: (relativePath) => (outside(relativePath) ? undefined : folder.read(relativePath)),
    ...(list
      ? { listFiles: (relativeFolder: string) => (outside(relativeFolder) ? undefined : list(relativeFolder)) }
      : {}),
  };
}
