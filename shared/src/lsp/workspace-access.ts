import {
  buildAccessReport,
  collectAccessFiles,
  DEFAULT_MOUNTS,
  type AccessInputs,
  type AccessReport,
} from '../access/index.ts';
import type { AccessJwtRole } from '../access/index.ts';
import {
  isRoleFileName,
  kindFromFileName,
  TerraformTree,
  trustContextOf,
  WORKSPACE_LIMITS,
  type TerraformContext,
  type TerraformFs,
  type TrustContext,
} from '../lint/index.ts';

/** An ACL policy as the access report and the trust checks read it. */
type AclPolicy = AccessInputs['policies'] extends ReadonlyMap<string, infer P> ? P : never;

/** A file of a workspace folder: its path relative to the folder (`/`-separated) and its text. */
export interface WorkspaceFile {
  readonly path: string;
  readonly text: string;
}

/** What a host read from one workspace folder: its keyfob files and its GitHub workflows. */
export interface WorkspaceSnapshot {
  /** Files `keyfob lint` would check in a walk (`isRoleFileName`): policies, JWT roles, role files, manifests. */
  readonly files: readonly WorkspaceFile[];
  /** `.github/workflows/*.yml|yaml`, named `.github/workflows/<name>`. */
  readonly workflows: readonly WorkspaceFile[];
  /** Set when the host stopped early (a bound of its walk): why, in words; the files are the nearest ones. */
  readonly incomplete?: string;
}

/** Where the server wants a folder's files read from first: the open documents' paths (relative, `/`-separated). */
export interface ReadOptions {
  readonly near: readonly string[];
}

/**
 * Reads a workspace folder (a `file:` URI) on the host's side, where files can be read (the CLI's
 * `keyfob lsp` in Node); bounded by the host, nearest files to `near` first. A server without one (a
 * web worker) knows only the open documents.
 */
export type ReadWorkspace = (folderUri: string, options?: ReadOptions) => Promise<WorkspaceSnapshot>;

/** What the features know about a document's workspace: who can get what, and whether that is all of it. */
export interface WorkspaceFacts {
  readonly report: AccessReport;
  /** Why the answer may leave something out (the folder was read only in part); undefined when complete. */
  readonly incomplete: string | undefined;
}

/** An open document as the workspace sees it: path relative to its folder, version and text. */
export interface OpenFile {
  readonly uri: string;
  readonly path: string;
  readonly version: number;
  readonly text: string;
}

/** Bounds on what a snapshot may hold, checked here whatever the host sent. */
const MAX_FILES = WORKSPACE_LIMITS.files;
const MAX_WORKFLOWS = WORKSPACE_LIMITS.workflows;
const MAX_TOTAL_LENGTH = WORKSPACE_LIMITS.totalLength;

/** What one file gives: its access inputs (policies, JWT roles, or a role file's names) and, for a policy, its trust entry. */
interface FileFacts {
  readonly text: string;
  readonly inputs: AccessInputs;
  readonly trustPolicies: ReadonlyMap<string, AclPolicy> | undefined;
}

interface Folder {
  readonly generation: number;
  readonly snapshot: WorkspaceSnapshot;
  readonly workflows: TrustContext['workflows'];
  /** Each file's facts by path, kept while its text is the same: an edit re-reads only the file it changed. */
  readonly facts: Map<string, FileFacts>;
  trust?: { key: string; context: TrustContext };
  report?: { key: string; facts: WorkspaceFacts };
}

/**
 * The workspace side of the server: one snapshot per folder (read through the host, re-read when
 * files change), and from it, with the open documents' current text in place of the saved one, the
 * trust context of the JWT role checks and the access report. Each file contributes its own facts,
 * computed once per text: a role file only its names, policies, JWT roles and workflows what the
 * report and trust checks read. The trust context depends on policies and workflows alone, so an
 * edit of a role file keeps it as it is; the report is built when asked (a hover, a completion),
 * never on the edit's path to diagnostics.
 */
export class WorkspaceAccess {
  readonly #folders = new Map<string, Folder>();
  readonly #loading = new Map<string, Promise<void>>();
  /** Each workspace folder's Terraform reader, kept while its files are the same. */
  readonly #trees = new Map<string, { key: string; tree: TerraformTree }>();
  #generation = 0;

  constructor(
    private readonly read: ReadWorkspace | undefined,
    private readonly log: (message: string) => void,
    /** The host's files of a workspace folder for Terraform's `file()` and `fileset()` (`keyfob lsp`); absent: the snapshot's. */
    private readonly terraformFs?: (folderUri: string) => TerraformFs | undefined,
  ) {}

  /** True when the host can read folders. */
  get enabled(): boolean {
    return this.read !== undefined;
  }

  /** Reads (or re-reads) a folder, the files nearest `near` first; concurrent calls share one read. */
  load(folder: string, near: readonly string[] = []): Promise<void> {
    const read = this.read;
    if (!read) return Promise.resolve();
    const running = this.#loading.get(folder);
    if (running) return running;
    const done = read(folder, { near })
      .then((raw) => {
        const snapshot = bounded(raw, this.log);
        const workflows = trustContextOf(
          [],
          snapshot.workflows.map((w) => ({ file: w.path, text: w.text })),
        ).workflows;
        const before = this.#folders.get(folder)?.facts;
        this.#folders.set(folder, {
          generation: ++this.#generation,
          snapshot,
          workflows,
          facts: before ?? new Map<string, FileFacts>(),
        });
      })
      .catch((error: unknown) => {
        this.log(
          `keyfob: could not read the workspace ${folder}: ${error instanceof Error ? error.message : String(error)}`,
        );
      })
      .finally(() => this.#loading.delete(folder));
    this.#loading.set(folder, done);
    return done;
  }

  /**
   * The JWT role trust checks' context of a folder (its policies with open ones' text, its
   * workflows); undefined before its first read. The same object while no policy changed.
   */
  trustOf(folder: string, open: readonly OpenFile[]): TrustContext | undefined {
    const entry = this.#folders.get(folder);
    if (!entry) return undefined;
    const own = ownFiles(open).filter((f) => kindFromFileName(f.path) === 'policy');
    const key = keyOf(entry.generation, own);
    if (entry.trust?.key === key) return entry.trust.context;
    const policies = new Map<string, AclPolicy>();
    for (const [path, text] of textsOf(entry.snapshot, own))
      if (kindFromFileName(path) === 'policy')
        for (const [name, policy] of this.#factsOf(entry, path, text).trustPolicies ?? []) policies.set(name, policy);
    const context: TrustContext = { policies, workflows: entry.workflows ?? [] };
    entry.trust = { key, context };
    return context;
  }

  /**
   * The module of a Terraform file at `path` (relative to `folder`) through the one reader
   * (TerraformTree, as `keyfob lint` and `keyfob access` read it): the other `.tf`/`.tf.json` files of
   * its folder and `file()`/`fileset()` anywhere inside the workspace folder (never outside it), the
   * open documents' text first, then the snapshot's, then the host's files (`keyfob lsp`); the root
   * modules that call it from the folder's Terraform files. Before the folder's first read (or in a
   * host that reads no files), the open documents only. The same object while the folder's files are
   * the same, so a file's lint is redone only when something it may read changed.
   */
  terraformOf(folder: string, path: string, open: readonly OpenFile[]): TerraformContext {
    const entry = this.#folders.get(folder);
    const dir = path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '';
    const own = ownFiles(open);
    const key = keyOf(entry?.generation ?? 0, own);
    let known = this.#trees.get(folder);
    if (known?.key !== key) {
      const texts = textsOf(entry?.snapshot ?? { files: [], workflows: [] }, own);
      known = { key, tree: new TerraformTree(this.terraformFs?.(folder), texts) };
      this.#trees.set(folder, known);
    }
    return known.tree.contextOf(dir);
  }

  /**
   * A folder's keyfob files by path, the open documents' text in place of the saved one, and a key
   * that changes when any of them does; undefined before its first read.
   */
  filesOf(folder: string, open: readonly OpenFile[]): { key: string; texts: ReadonlyMap<string, string> } | undefined {
    const entry = this.#folders.get(folder);
    if (!entry) return undefined;
    const own = ownFiles(open);
    return { key: keyOf(entry.generation, own), texts: textsOf(entry.snapshot, own) };
  }

  /** Who can get what in a folder, with the open documents' text; undefined before its first read. */
  factsOf(folder: string, open: readonly OpenFile[]): WorkspaceFacts | undefined {
    const entry = this.#folders.get(folder);
    if (!entry) return undefined;
    const own = ownFiles(open);
    const key = keyOf(entry.generation, own);
    if (entry.report?.key === key) return entry.report.facts;
    const texts = textsOf(entry.snapshot, own);
    const parts = [...texts].map(([path, text]) => this.#factsOf(entry, path, text).inputs);
    for (const path of [...entry.facts.keys()]) if (!texts.has(path)) entry.facts.delete(path);
    const facts = { report: buildAccessReport(merge(parts)), incomplete: entry.snapshot.incomplete };
    entry.report = { key, facts };
    return facts;
  }

  #factsOf(entry: Folder, path: string, text: string): FileFacts {
    const known = entry.facts.get(path);
    if (known?.text === text) return known;
    const file = { file: path, text };
    const facts: FileFacts = {
      text,
      inputs: collectAccessFiles([file], DEFAULT_MOUNTS).inputs,
      trustPolicies: kindFromFileName(path) === 'policy' ? trustContextOf([file], []).policies : undefined,
    };
    entry.facts.set(path, facts);
    return facts;
  }
}

/** The open keyfob files, by path. */
function ownFiles(open: readonly OpenFile[]): OpenFile[] {
  return open.filter((f) => isRoleFileName(f.path)).sort((a, b) => (a.path < b.path ? -1 : 1));
}

function keyOf(generation: number, own: readonly OpenFile[]): string {
  return `${generation}|${own.map((f) => `${f.uri}@${f.version}`).join('|')}`;
}

/** The saved texts by path, the open documents' in their place. */
function textsOf(snapshot: WorkspaceSnapshot, own: readonly OpenFile[]): Map<string, string> {
  const texts = new Map(snapshot.files.map((f) => [f.path, f.text]));
  for (const f of own) texts.set(f.path, f.text);
  return texts;
}

/** One file's access inputs after another, as collectAccessFiles reads them all at once. */
function merge(parts: readonly AccessInputs[]): AccessInputs {
  const policies = new Map<string, AclPolicy>();
  const jwtRoles = new Map<string, AccessJwtRole>();
  let roles: string[] | undefined;
  let staticRoles: string[] | undefined;
  for (const part of parts) {
    for (const [name, policy] of part.policies) policies.set(name, policy);
    for (const [name, role] of part.jwtRoles) jwtRoles.set(name, role);
    if (part.roles) roles = [...(roles ?? []), ...part.roles];
    if (part.staticRoles) staticRoles = [...(staticRoles ?? []), ...part.staticRoles];
  }
  return {
    ...DEFAULT_MOUNTS,
    policies,
    jwtRoles,
    roles: roles && [...new Set(roles)],
    staticRoles: staticRoles && [...new Set(staticRoles)],
  };
}

/** The snapshot within the bounds: the first files (the host's nearest) up to the count and total length. */
function bounded(snapshot: WorkspaceSnapshot, log: (message: string) => void): WorkspaceSnapshot {
  let total = 0;
  const keep = (list: readonly WorkspaceFile[], max: number): WorkspaceFile[] => {
    const out: WorkspaceFile[] = [];
    for (const file of list.slice(0, max)) {
      if (typeof file.path !== 'string' || typeof file.text !== 'string') continue;
      total += file.text.length;
      if (total > MAX_TOTAL_LENGTH) break;
      out.push(file);
    }
    return out;
  };
  const files = keep(snapshot.files, MAX_FILES);
  const workflows = keep(snapshot.workflows, MAX_WORKFLOWS);
  let incomplete = typeof snapshot.incomplete === 'string' ? snapshot.incomplete.slice(0, 300) : undefined;
  if (files.length < snapshot.files.length || workflows.length < snapshot.workflows.length)
    incomplete = `the workspace holds more than ${MAX_FILES} keyfob files, ${MAX_WORKFLOWS} workflows or ${MAX_TOTAL_LENGTH} characters; the access answer and trust checks use the first ones`;
  if (incomplete !== undefined) log(`keyfob: ${incomplete}`);
  return { files, workflows, ...(incomplete !== undefined ? { incomplete } : {}) };
}
