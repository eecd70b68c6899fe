import type { Match } from './match-types.ts';
import type { FileFacts, ProjectFacts } from './project-facts.ts';
import { NO_FACTS, projectFacts } from './project-facts.ts';
import { dirOf } from './provider-references.ts';
import { scanFile } from './scan-text.ts';

/**
 * Which files of a folder are its project's source, as `keyfob history scan <folder>` walks it: every
 * file but those under the skipped folders, over `maxFileBytes`, or binary (a NUL byte among the first
 * `binaryProbeBytes`). The editors read a workspace folder with the same rules (`WorkspaceProjectFacts`).
 */
export const PROJECT_FILE_RULES = {
  skippedFolders: ['node_modules', '.git', 'dist'],
  maxFileBytes: 5 * 1024 * 1024,
  binaryProbeBytes: 8192,
  /** A path in the folder at most this long (the editors' readers and their wire). */
  maxPathLength: 1024,
} as const;

/**
 * The editors' bounds on a folder read for project facts (the CLI reads what it is given): beyond any
 * of them the facts come from the open documents only, and the log says so once.
 */
export const EDITOR_PROJECT_LIMITS = { files: 2_000, totalBytes: 40 * 1024 * 1024, entries: 50_000 } as const;

const SKIPPED = new Set<string>(PROJECT_FILE_RULES.skippedFolders);

/** True for a folder name the project walk skips (dependencies, version control, build output). */
export function isSkippedProjectFolder(name: string): boolean {
  return SKIPPED.has(name);
}

/** True when a file's first bytes hold a NUL byte: an image, an archive, a compiled file. */
export function looksBinary(head: Uint8Array): boolean {
  return head.subarray(0, PROJECT_FILE_RULES.binaryProbeBytes).includes(0);
}

/** A folder's files as a host reads them (node fs, `vscode.workspace.fs`); paths relative to the folder, `/`-separated, '' the folder. */
export interface ProjectFs {
  /** The entries of a folder; a symbolic link or a special file is `other` (not followed). */
  readDirectory(path: string): Promise<readonly (readonly [name: string, kind: 'file' | 'directory' | 'other'])[]>;
  /** Size in bytes and modification time (ms) of a file; undefined when it cannot be read. */
  stat(path: string): Promise<{ readonly size: number; readonly mtime: number } | undefined>;
  readFile(path: string): Promise<Uint8Array | undefined>;
}

/** A file of the walk: its path and what tells a changed file (size and modification time). */
interface ListedProjectFile {
  readonly path: string;
  readonly stamp: string;
  readonly size: number;
}

/**
 * The candidate files of a folder (sorted by path, as the CLI shows them) and, when a bound of
 * `EDITOR_PROJECT_LIMITS` was passed, which (`over`; `files` then holds those listed before it).
 */
export async function listProjectFiles(
  fs: ProjectFs,
  limits: { readonly files: number; readonly totalBytes: number; readonly entries: number } = EDITOR_PROJECT_LIMITS,
): Promise<{ files: ListedProjectFile[]; over?: string }> {
  const files: ListedProjectFile[] = [];
  const over = (why: string): { files: ListedProjectFile[]; over: string } => ({
    files: files.sort((a, b) => a.path.localeCompare(b.path)),
    over: why,
  });
  const queue = [''];
  let entries = 0;
  let total = 0;
  for (let next = 0; next < queue.length; next++) {
    const dir = queue[next] ?? '';
    for (const [name, kind] of await fs.readDirectory(dir).catch(() => [])) {
      if (++entries > limits.entries) return over(`more than ${limits.entries} entries`);
      const path = dir === '' ? name : `${dir}/${name}`;
      if (kind === 'directory') {
        if (!isSkippedProjectFolder(name)) queue.push(path);
        continue;
      }
      if (kind !== 'file') continue;
      const info = await fs.stat(path).catch(() => undefined);
      if (!info || info.size > PROJECT_FILE_RULES.maxFileBytes) continue;
      if (files.length === limits.files) return over(`more than ${limits.files} files`);
      total += info.size;
      if (total > limits.totalBytes) return over(`more than ${limits.totalBytes} bytes`);
      files.push({ path, size: info.size, stamp: `${info.size}:${info.mtime}` });
    }
  }
  return { files: files.sort((a, b) => a.path.localeCompare(b.path)) };
}

/** An open document of a folder: its path there and what it tells the others (its current text's facts). */
export interface OpenProjectFile {
  readonly path: string;
  /** Changes whenever its text does (the editor's document version). */
  readonly version: number;
  readonly facts: () => FileFacts;
}

/** What `WorkspaceProjectFacts` needs from its host. */
export interface ProjectFactsDeps {
  /** The folder's files (undefined: this host reads none, the open documents alone count). */
  readonly fsOf: (folder: string) => ProjectFs | undefined;
  /**
   * In place of reading the files: the saved files' facts as another owner of them read them (the VS
   * Code extension's host answers its language server, so the workspace is read once); undefined when
   * it has none. Undefined (the function or its answer): this host reads the files. `changed` asks again.
   */
  readonly savedOf?: (folder: string) => Promise<ReadonlyMap<string, FileFacts> | undefined> | undefined;
  /** The name a file is scanned under (its language from the extension; the editors' document name). */
  readonly fileNameOf: (folder: string, path: string) => string;
  readonly log: (message: string) => void;
  /** Lets the host's other work run between two files (a timer of 0 ms). */
  readonly pause: () => Promise<void>;
  /** A read of a folder finished (`files` saved files' facts known): hovers and annotations may change. */
  readonly updated: (folder: string, files: number) => void;
  /**
   * Keep each saved file's text and matches alone from the read (`savedFiles`), so the host's other
   * views of the folder read no file again (the VS Code extension's "Used in this workspace"). At most
   * the bounds' `totalBytes` of text per folder.
   */
  readonly keepTexts?: boolean;
  /** Bounds of a folder's read (default EDITOR_PROJECT_LIMITS). */
  readonly limits?: { readonly files: number; readonly totalBytes: number; readonly entries: number };
}

/** A saved file as the read found it: its facts, and with `keepTexts` its text and its matches alone. */
export interface SavedProjectFile {
  readonly facts: FileFacts;
  readonly text?: string;
  readonly matches?: readonly Match[];
}

/** A saved file and what tells it changed (size and modification time; '' for facts another owner read). */
type StampedFile = SavedProjectFile & { readonly stamp: string };

interface FolderState {
  /** Each saved file's facts, by path, kept while its size and modification time are the same. */
  files: Map<string, StampedFile>;
  /** The paths the last read listed (sorted; those before the bound when one was passed), and which bound. */
  listed: readonly string[];
  over?: string | undefined;
  generation: number;
  reading: boolean;
  /** A change came while reading: read again after. */
  again: boolean;
  read: boolean;
  /** The last answer: by the files it was built from, and by its content (an unchanged project keeps its object). */
  project?: { files: string; key: string; facts: ProjectFacts };
  /** Who waits for the reads running to finish (`saved`). */
  waiting: (() => void)[];
}

/**
 * The project facts of the editors' workspace folders, as `keyfob history scan <folder>` reads a
 * folder (`scanProject`): each candidate file's facts once per size and modification time (an open
 * document's text in place of the saved one), put together in path order. The folder is read when
 * first asked, in the background, one file at a time with pauses between them; until then (and when
 * the folder passes a bound) the answer comes from the open documents alone. `changed` reads the
 * folder again (a file watcher's event); files whose stamp is the same are not read again.
 */
export class WorkspaceProjectFacts {
  readonly #folders = new Map<string, FolderState>();
  readonly #warned = new Set<string>();
  #generation = 0;

  constructor(private readonly deps: ProjectFactsDeps) {}

  /**
   * The facts of a folder's project: its saved files' (once read) with the open documents' in their
   * place. Undefined when neither says anything (no file, or only the one being asked about and no
   * saved files). Never waits: the first call starts the read.
   */
  factsOf(folder: string, open: readonly OpenProjectFile[]): ProjectFacts | undefined {
    const state = this.#stateOf(folder);
    if (!state.read && !state.reading) void this.#read(folder, state);
    if (state.files.size === 0 && open.length < 2) return undefined;
    const byPath = new Map(open.map((f) => [f.path, f] as const));
    const files = `${state.generation}|${[...byPath.values()].map((f) => `${f.path}@${f.version}`).join('|')}`;
    if (state.project?.files === files) return state.project.facts;
    const paths = [...new Set([...state.files.keys(), ...byPath.keys()])].sort((a, b) => a.localeCompare(b));
    const parts = paths.map((p) => byPath.get(p)?.facts() ?? state.files.get(p)?.facts ?? NO_FACTS);
    const facts = projectFacts(parts);
    const key = factsKey(facts);
    state.project = { files, key, facts: state.project?.key === key ? state.project.facts : facts };
    return state.project.facts;
  }

  /**
   * The facts of the folder's saved files by path, once read (the first call starts the read, a read
   * running is waited for); empty when a bound was passed or the folder cannot be read.
   */
  async saved(folder: string): Promise<ReadonlyMap<string, FileFacts>> {
    const { files } = await this.savedFiles(folder);
    return new Map([...files].map(([path, file]) => [path, file.facts]));
  }

  /**
   * The folder's saved files as the last read found them (`saved`'s wait): each file's facts (with
   * `keepTexts`, its text and matches alone too), the paths the read listed (sorted) and, when a bound
   * was passed, which (then `files` is empty and `listed` holds the paths before the bound: none was read).
   */
  async savedFiles(
    folder: string,
  ): Promise<{ files: ReadonlyMap<string, SavedProjectFile>; listed: readonly string[]; over?: string }> {
    const state = this.#stateOf(folder);
    if (!state.read && !state.reading) void this.#read(folder, state);
    while (state.reading) await new Promise<void>((resolve) => state.waiting.push(resolve));
    const files = new Map<string, SavedProjectFile>();
    for (const [path, { facts, text, matches }] of state.files)
      files.set(path, text === undefined || matches === undefined ? { facts } : { facts, text, matches });
    return { files, listed: state.listed, ...(state.over ? { over: state.over } : {}) };
  }

  /** Files of the folder changed on disk: read it again (at once when idle, else after the read running). */
  changed(folder: string): void {
    const state = this.#folders.get(folder);
    if (!state?.read && !state?.reading) return;
    if (state.reading) state.again = true;
    else void this.#read(folder, state);
  }

  /** Forgets a folder (removed from the workspace). */
  forget(folder: string): void {
    this.#folders.delete(folder);
  }

  #stateOf(folder: string): FolderState {
    let state = this.#folders.get(folder);
    if (!state) {
      state = { files: new Map(), listed: [], generation: 0, reading: false, again: false, read: false, waiting: [] };
      this.#folders.set(folder, state);
    }
    return state;
  }

  async #read(folder: string, state: FolderState): Promise<void> {
    const fs = this.deps.fsOf(folder);
    state.reading = true;
    state.again = false;
    let files: Map<string, StampedFile> | undefined;
    let listed: readonly string[] = [];
    let over: string | undefined;
    try {
      const asked = this.deps.savedOf?.(folder);
      if (asked) {
        const saved = await asked;
        // A client names its files by their path in the folder: what the facts hold of a file's name is this host's.
        if (saved)
          files = new Map(
            [...saved].map(([path, facts]) => [
              path,
              { stamp: '', facts: namedHere(facts, this.deps.fileNameOf(folder, path)) },
            ]),
          );
        listed = [...(files?.keys() ?? [])].sort((a, b) => a.localeCompare(b));
      } else if (fs) ({ files, listed, over } = await this.#readFiles(fs, folder, state));
    } catch (error) {
      this.deps.log(
        `keyfob: could not read ${folder} for the API history: ${error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      state.reading = false;
      state.read = true;
    }
    if (this.#folders.get(folder) !== state) {
      for (const resolve of state.waiting.splice(0)) resolve();
      return;
    }
    if (files !== undefined) {
      state.files = files;
      state.listed = listed;
      state.over = over;
      state.generation = ++this.#generation;
      this.deps.updated(folder, files.size);
    }
    if (state.again) void this.#read(folder, state);
    else for (const resolve of state.waiting.splice(0)) resolve();
  }

  /** The folder's files' facts (those whose stamp is the same kept), or none when a bound was passed. */
  async #readFiles(
    fs: ProjectFs,
    folder: string,
    state: FolderState,
  ): Promise<{ files: Map<string, StampedFile>; listed: readonly string[]; over?: string }> {
    const files = new Map<string, StampedFile>();
    await this.deps.pause();
    const listed = await listProjectFiles(fs, this.deps.limits);
    const paths = listed.files.map((f) => f.path);
    if (listed.over !== undefined) {
      if (!this.#warned.has(folder)) {
        this.#warned.add(folder);
        this.deps.log(
          `keyfob: ${folder} holds ${listed.over}; the API history takes what files tell each other from the open ones only`,
        );
      }
      return { files, listed: paths, over: listed.over };
    }
    for (const file of listed.files) {
      const known = state.files.get(file.path);
      if (known?.stamp === file.stamp) {
        files.set(file.path, known);
        continue;
      }
      await this.deps.pause();
      const read = await this.#readFile(fs, folder, file.path);
      if (read !== undefined) files.set(file.path, { stamp: file.stamp, ...read });
    }
    return { files, listed: paths };
  }

  async #readFile(fs: ProjectFs, folder: string, path: string): Promise<SavedProjectFile | undefined> {
    const bytes = await fs.readFile(path).catch(() => undefined);
    if (bytes === undefined || looksBinary(bytes)) return undefined;
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const { facts, matches } = scanFile(text, { fileName: this.deps.fileNameOf(folder, path) });
    return this.deps.keepTexts === true ? { facts, text, matches } : { facts };
  }
}

/**
 * Another owner's facts of a saved file with what they hold of its name made this host's (`fileName`): a Terraform
 * file's name, and the folder a file naming this API is in (`FileFacts.namesApi`, which the Go package rule compares
 * with the folders of this host's open documents: the VS Code extension names a file by its path, the language server
 * by its URI, so the owner's folder would never be the server's).
 */
function namedHere(facts: FileFacts, fileName: string): FileFacts {
  if (facts.terraform === undefined && facts.namesApi === undefined) return facts;
  return {
    ...facts,
    ...(facts.terraform === undefined ? {} : { terraform: { ...facts.terraform, fileName } }),
    ...(facts.namesApi === undefined ? {} : { namesApi: dirOf(fileName) }),
  };
}

/** Two project facts with the same content give the same key (so an unchanged project keeps its object). */
function factsKey(facts: ProjectFacts): string {
  // Every field, so that a change to any (a file that starts naming this API, an operation or a route defined) reaches
  // the scans; a list of some fields fell behind as fields were added. Maps and sets as their entries, the Terraform
  // modules by their own key (they hold texts).
  return JSON.stringify(facts, function entries(this: unknown, name: string, value: unknown): unknown {
    if (this === facts && name === 'modules') return facts.modules?.key;
    if (value instanceof Map) return [...value];
    if (value instanceof Set) return [...value];
    return value;
  });
}

/** What `nodeProjectFs` uses of Node's `fs/promises` (passed in: shared/ runs in web workers too). */
export interface NodeFsPromises {
  readdir(
    path: string,
    options: { withFileTypes: true },
  ): Promise<{ name: string; isFile(): boolean; isDirectory(): boolean }[]>;
  stat(path: string): Promise<{ size: number; mtimeMs: number; isFile(): boolean }>;
  readFile(path: string): Promise<Uint8Array>;
}

/**
 * A folder on disk as a `ProjectFs` (the language server in Node): `root` an absolute path, entries as
 * the CLI's walk sees them (a symbolic link is neither file nor folder there, so it is `other`).
 */
export function nodeProjectFs(fs: NodeFsPromises, root: string): ProjectFs {
  const at = (path: string): string => (path === '' ? root : `${root.replace(/[\\/]+$/, '')}/${path}`);
  return {
    readDirectory: async (path) =>
      (await fs.readdir(at(path), { withFileTypes: true })).map(
        (e) => [e.name, e.isDirectory() ? 'directory' : e.isFile() ? 'file' : 'other'] as const,
      ),
    stat: async (path) => {
      const info = await fs.stat(at(path));
      return info.isFile() ? { size: info.size, mtime: info.mtimeMs } : undefined;
    },
    readFile: (path) => fs.readFile(at(path)),
  };
}
