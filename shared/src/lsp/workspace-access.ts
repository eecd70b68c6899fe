import { buildAccessReport, collectAccessFiles, type AccessReport } from '../access/index.ts';
import { isRoleFileName, trustContextOf, WORKSPACE_LIMITS, type TrustContext } from '../lint/index.ts';

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
}

/**
 * Reads a workspace folder (a `file:` URI) on the host's side, where files can be read (the CLI's
 * `keyfob lsp` in Node); bounded by the host. A server without one (a web worker) knows only the
 * open documents.
 */
export type ReadWorkspace = (folderUri: string) => Promise<WorkspaceSnapshot>;

/** What the features know about a document's workspace: who can get what, and the trust checks' context. */
export interface WorkspaceFacts {
  readonly report: AccessReport;
  readonly trust: TrustContext;
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

/** The default mounts of the engine (`keyfob serve`, the action's inputs). */
const MOUNTS = { mount: 'cloud', jwtMount: 'jwt' };

/**
 * The workspace side of the server: one snapshot per folder (read through the host, re-read when
 * files change), and the access report and trust context built from it with the open documents'
 * current text in place of the saved one. Built once per change, not per request.
 */
export class WorkspaceAccess {
  readonly #snapshots = new Map<string, { generation: number; snapshot: WorkspaceSnapshot }>();
  readonly #loading = new Map<string, Promise<void>>();
  readonly #built = new Map<string, { key: string; facts: WorkspaceFacts }>();
  #generation = 0;

  constructor(
    private readonly read: ReadWorkspace | undefined,
    private readonly log: (message: string) => void,
  ) {}

  /** True when the host can read folders. */
  get enabled(): boolean {
    return this.read !== undefined;
  }

  /** Reads (or re-reads) a folder; concurrent calls share one read. */
  load(folder: string): Promise<void> {
    const read = this.read;
    if (!read) return Promise.resolve();
    const running = this.#loading.get(folder);
    if (running) return running;
    const done = read(folder)
      .then((snapshot) => {
        this.#snapshots.set(folder, { generation: ++this.#generation, snapshot: bounded(snapshot, this.log) });
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

  /** The facts of a folder with the open documents' text; undefined before its first read. */
  factsOf(folder: string, open: readonly OpenFile[]): WorkspaceFacts | undefined {
    const entry = this.#snapshots.get(folder);
    if (!entry) return undefined;
    const own = open.filter((f) => isRoleFileName(f.path)).sort((a, b) => (a.path < b.path ? -1 : 1));
    const key = `${entry.generation}|${own.map((f) => `${f.uri}@${f.version}`).join('|')}`;
    const cached = this.#built.get(folder);
    if (cached?.key === key) return cached.facts;
    const texts = new Map(entry.snapshot.files.map((f) => [f.path, f.text]));
    for (const f of own) texts.set(f.path, f.text);
    const files = [...texts].map(([file, text]) => ({ file, text }));
    const report = buildAccessReport(collectAccessFiles(files, MOUNTS).inputs);
    const trust = trustContextOf(
      files,
      entry.snapshot.workflows.map((w) => ({ file: w.path, text: w.text })),
    );
    const facts = { report, trust };
    this.#built.set(folder, { key, facts });
    return facts;
  }
}

/** The snapshot within the bounds: the first files up to the count and total length. */
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
  if (files.length < snapshot.files.length || workflows.length < snapshot.workflows.length)
    log(
      `keyfob: the workspace holds more than ${MAX_FILES} keyfob files, ${MAX_WORKFLOWS} workflows or ${MAX_TOTAL_LENGTH} characters; the access answer and trust checks use the first ones`,
    );
  return { files, workflows };
}
