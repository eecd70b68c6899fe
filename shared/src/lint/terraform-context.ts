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
  /**
   * Reads a file above the folder (a path with `../` steps), bounded by the adapter (never outside the
   * repository or the linted tree); absent: only files inside the folder are read.
   */
  readonly readAbove?: (relativePath: string) => string | undefined;
  /** The root modules that call this folder, relative to it (TerraformModule.rootFolders). */
  readonly rootFolders?: () => readonly string[] | undefined;
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
  const above = folder.readAbove;
  return {
    files,
    readFile: (relativePath) =>
      !outside(relativePath)
        ? folder.read(relativePath)
        : above && !/^[/\\]|^[A-Za-z]:/.test(relativePath)
          ? above(relativePath)
          : undefined,
    ...(folder.rootFolders ? { rootFolders: folder.rootFolders } : {}),
    ...(list
      ? { listFiles: (relativeFolder: string) => (outside(relativeFolder) ? undefined : list(relativeFolder)) }
      : {}),
  };
}
