import {
  isTerraformFileName,
  localModuleCalls,
  readTerraformFile,
  relativePosix,
  rootModuleFolders,
} from '../terraform/index.ts';
import { joinPosix } from '../terraform/module-roots.ts';
import type { TerraformContext } from './terraform-file.ts';
import { WORKSPACE_LIMITS } from './workspace-limits.ts';

/**
 * A tree of files as a host reads it for Terraform modules (Node's file system in `keyfob lint`,
 * `keyfob access` and `keyfob lsp`; a commit's files in `keyfob access diff`): paths relative to its
 * root, `/`-separated, normalised and inside the root (TerraformTree checks before it asks).
 */
export interface TerraformFs {
  /**
   * The text of the regular file at `path`, at most `maxBytes` bytes; undefined when absent, not a
   * file, bigger, or reached through a link whose target is outside the root (no symlink escape).
   */
  readonly read: (path: string, maxBytes: number) => string | undefined;
  /** A folder's files and folders (links are not followed); undefined when it is not a folder. */
  readonly entries: (folder: string) => readonly { readonly name: string; readonly folder: boolean }[] | undefined;
}

/** What the one reader reads at most: bytes per file, files read through file() per tree, fileset() listings. */
const TERRAFORM_READ_LIMITS = {
  fileBytes: WORKSPACE_LIMITS.fileBytes,
  files: WORKSPACE_LIMITS.files,
  listed: 1000,
  listDepth: 8,
} as const;

/**
 * The one reader of Terraform modules' files for every face (`keyfob lint`, `keyfob access` and its
 * diff, the language server): a module is its folder's `.tf`/`.tf.json` files; `file()` reads a path
 * relative to the module (`../` steps too) and `fileset()` lists a folder, never outside the tree's
 * root (the linted tree, the workspace folder), at most TERRAFORM_READ_LIMITS; the root modules that
 * call a module (module-roots.ts) come from the `module` blocks of the tree's known Terraform files.
 * Texts the face already holds (the linted files, the open documents) are read first, the host's
 * TerraformFs after. Each module's context is built once.
 */
export class TerraformTree {
  readonly #fs: TerraformFs | undefined;
  readonly #texts: ReadonlyMap<string, string>;
  readonly #contexts = new Map<string, TerraformContext>();
  readonly #read = new Map<string, string | undefined>();
  #calls: Map<string, string[]> | undefined;

  /**
   * @param fs the host's files (absent: only `texts`)
   * @param texts files the face holds, by path relative to the root (`/`); their Terraform files' `module` blocks name the callers
   */
  constructor(fs: TerraformFs | undefined, texts: ReadonlyMap<string, string> = new Map()) {
    this.#fs = fs;
    this.#texts = new Map([...texts].map(([path, text]) => [normalize(path) ?? path, text]));
  }

  /** A file's text by its path relative to the root; undefined outside the root, too big, beyond the count, or unreadable. */
  read(path: string): string | undefined {
    const at = normalize(path);
    if (at === undefined || at === '') return undefined;
    const held = this.#texts.get(at);
    if (held !== undefined) return held.length > TERRAFORM_READ_LIMITS.fileBytes ? undefined : held;
    if (this.#read.has(at)) return this.#read.get(at);
    if (!this.#fs || this.#read.size >= TERRAFORM_READ_LIMITS.files) return undefined;
    const text = this.#fs.read(at, TERRAFORM_READ_LIMITS.fileBytes);
    this.#read.set(at, text);
    return text;
  }

  /** The names in a folder (relative to the root): the host's entries, else the held texts' there. */
  names(folder: string): string[] {
    const at = normalize(folder);
    if (at === undefined) return [];
    const prefix = at === '' ? '' : `${at}/`;
    const names = new Set<string>();
    for (const path of this.#texts.keys())
      if (path.startsWith(prefix) && !path.slice(prefix.length).includes('/')) names.add(path.slice(prefix.length));
    for (const entry of this.#fs?.entries(at) ?? []) if (!entry.folder) names.add(entry.name);
    return [...names].sort();
  }

  /** The module at `folder` (relative to the root, `''` or `.` for it). */
  contextOf(folder: string): TerraformContext {
    const at = normalize(folder);
    if (at === undefined) return { files: [] };
    const known = this.#contexts.get(at);
    if (known) return known;
    const join = (relativePath: string): string | undefined =>
      /^[/\\]|^[A-Za-z]:/.test(relativePath)
        ? undefined
        : normalize(at === '' ? relativePath : `${at}/${relativePath}`);
    const files = this.names(at)
      .filter((name) => isTerraformFileName(name))
      .slice(0, WORKSPACE_LIMITS.files)
      .flatMap((fileName) => {
        const text = this.read(at === '' ? fileName : `${at}/${fileName}`);
        return text === undefined ? [] : [{ fileName, text }];
      });
    const context: TerraformContext = {
      files,
      readFile: (relativePath) => {
        const path = join(relativePath);
        return path === undefined ? undefined : this.read(path);
      },
      listFiles: (relativeFolder) => {
        const path = join(relativeFolder);
        return path === undefined ? undefined : this.#list(path);
      },
      rootFolders: () => rootModuleFolders(at, this.#moduleCalls()).map((root) => relativePosix(at, root)),
    };
    this.#contexts.set(at, context);
    return context;
  }

  /** The files below a folder (paths relative to it), for fileset(): undefined when not a folder or beyond the bounds. */
  #list(folder: string): string[] | undefined {
    const fs = this.#fs;
    if (!fs) return undefined;
    const out: string[] = [];
    const walk = (dir: string, prefix: string, depth: number): boolean => {
      const entries = fs.entries(dir);
      if (!entries) return depth > 0;
      for (const entry of entries) {
        if (!entry.folder) out.push(prefix + entry.name);
        else if (
          depth < TERRAFORM_READ_LIMITS.listDepth &&
          !walk(dir === '' ? entry.name : `${dir}/${entry.name}`, `${prefix}${entry.name}/`, depth + 1)
        )
          return false;
        if (out.length > TERRAFORM_READ_LIMITS.listed) return false;
      }
      return true;
    };
    return walk(folder, '', 0) ? out.sort() : undefined;
  }

  /** The local module calls of the held Terraform files (caller folder -> called folders), read once. */
  #moduleCalls(): Map<string, string[]> {
    if (this.#calls) return this.#calls;
    const calls = new Map<string, string[]>();
    for (const [path, text] of this.#texts) {
      if (!isTerraformFileName(path) || !/\bmodule\s*"|"module"\s*:/.test(text)) continue;
      const caller = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
      const called = localModuleCalls(caller, readTerraformFile(path, text));
      if (called.length > 0) calls.set(caller, [...(calls.get(caller) ?? []), ...called]);
    }
    this.#calls = calls;
    return calls;
  }
}

/** A TerraformFs over texts by path (a commit's files, a test's): folders are the paths' prefixes. */
export function textTerraformFs(texts: ReadonlyMap<string, string>): TerraformFs {
  const byPath = new Map(
    [...texts].flatMap(([path, text]) => {
      const at = normalize(path);
      return at === undefined ? [] : [[at, text] as const];
    }),
  );
  return {
    read: (path, maxBytes) => {
      const text = byPath.get(path);
      return text !== undefined && text.length <= maxBytes ? text : undefined;
    },
    entries: (folder) => {
      const prefix = folder === '' ? '' : `${folder}/`;
      const entries = new Map<string, boolean>();
      for (const path of byPath.keys()) {
        if (!path.startsWith(prefix)) continue;
        const rest = path.slice(prefix.length);
        const cut = rest.indexOf('/');
        entries.set(cut === -1 ? rest : rest.slice(0, cut), cut !== -1);
      }
      return entries.size === 0 && folder !== ''
        ? undefined
        : [...entries].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, folder]) => ({ name, folder }));
    },
  };
}

/** True when a path (relative, `/` or `\\`) stays inside the root it is relative to. */
export function isInsideRoot(path: string): boolean {
  return normalize(path) !== undefined;
}

/** A path relative to a root with `.`, `..` and `\` resolved (`''` for the root); undefined when absolute or above it. */
function normalize(path: string): string | undefined {
  const slashed = path.replace(/\\/g, '/');
  return /^\/|^[A-Za-z]:/.test(slashed) ? undefined : joinPosix('', slashed);
}
