import type { Connection } from 'vscode-languageserver';
import type { CodeLens } from 'vscode-languageserver-types';
import {
  createAccessReadCache,
  DEFAULT_MOUNTS,
  diffAccess,
  readAccessModel,
  type AccessChange,
  type AccessDiff,
  type AccessModel,
} from '../access/index.ts';
import { oneLine } from '../text/index.ts';
import type { DocumentSession } from './document-session.ts';
import type { SettingsStore } from './settings-store.ts';
import type { WorkspaceAccess, WorkspaceFile } from './workspace-access.ts';

/** The commit a branch is compared with: its hash and how to name it (`origin/main (merge-base 3f2a1b2c)`). */
type ResolvedBase = { readonly commit: string; readonly label: string } | { readonly reason: string };

/**
 * How a host reads a workspace folder (a `file:` URI) at the branch's base, without a checkout (git in
 * `keyfob lsp`). A host without one (the web worker: no git) gives no "access changed since base" lenses.
 */
export interface BaseReader {
  /** The merge-base of HEAD with `ref` (the `accessBase` setting; empty: the branch's upstream). */
  resolve(folderUri: string, ref: string): Promise<ResolvedBase>;
  /** The folder's keyfob files at `commit` (paths relative to the folder, `/`-separated). */
  files(folderUri: string, commit: string): Promise<readonly WorkspaceFile[]>;
}

/** What the lenses need from the server around them. */
export interface AccessLensDeps {
  readonly connection: Connection;
  readonly session: DocumentSession;
  readonly settings: SettingsStore;
  readonly workspace: () => WorkspaceAccess;
  /** Runs `fn` after `ms` milliseconds; returns a cancel function. */
  readonly schedule: (fn: () => void, ms: number) => () => void;
  readonly reader: BaseReader | undefined;
}

/** Lenses shown per document at most (the rest summed up in the last one). */
const MAX_LENSES = 50;
/** Characters of one lens title at most. */
const MAX_TITLE = 200;
/** How long a lens request waits for the folder's first read. */
const FIRST_READ_WAIT_MS = 5_000;
/** Per-file readings kept (the cache is emptied past it). */
const MAX_CACHED_READINGS = 20_000;

/**
 * The "access changed since base" code lenses: on a policy, JWT role or role file, each access change
 * between the branch's base (read with git, no checkout) and the workspace as edited, at the line
 * that grants it, the same changes `keyfob access diff --base` reports; on a JWT role or role file
 * also the changes granted elsewhere (a policy) to the role it declares. Display only (no command).
 * Without a base reader (the web worker), none.
 */
export function registerAccessLenses(deps: AccessLensDeps): void {
  const lenses = new AccessSinceBase(deps);
  deps.connection.onCodeLens(async ({ textDocument }) => {
    try {
      return await lenses.of(textDocument.uri);
    } catch (error) {
      deps.connection.console.error(
        `keyfob: access since base for ${textDocument.uri}: ${error instanceof Error ? error.message : String(error)}`,
      );
      return [];
    }
  });
}

class AccessSinceBase {
  readonly #cache = createAccessReadCache();
  readonly #bases = new Map<string, { commit: string; model: AccessModel; broken?: string }>();
  readonly #diffs = new Map<string, { key: string; diff: AccessDiff; head: AccessModel; broken?: string }>();
  readonly #told = new Set<string>();

  constructor(private readonly deps: AccessLensDeps) {}

  async of(uri: string): Promise<CodeLens[]> {
    const { reader, session, settings } = this.deps;
    const open = session.get(uri);
    const folder = settings.folderOf(uri);
    const path = settings.relativePath(uri);
    if (!reader || !open?.target || folder === undefined || path === undefined) return [];
    await settings.load(uri);
    const base = await reader.resolve(folder, settings.cached(uri).accessBase);
    if ('reason' in base) {
      this.#tell(folder, `keyfob: no "access changed since base" in ${folder}: ${base.reason}`);
      return [];
    }
    const files = await this.#workspaceFiles(folder);
    if (!files) return [];
    const found = await this.#diff(folder, base.commit, files);
    const lines = open.document.lineCount;
    const at = (line: number): CodeLens['range'] => {
      const l = Math.max(0, Math.min(lines - 1, line - 1));
      return { start: { line: l, character: 0 }, end: { line: l, character: 0 } };
    };
    const lens = (line: number, title: string): CodeLens => ({
      range: at(line),
      command: { title: oneLine(title).slice(0, MAX_TITLE), command: '' },
    });
    if (found.broken !== undefined) return [lens(1, `access since ${base.label}: not compared while ${found.broken}`)];
    const out: CodeLens[] = [];
    for (const change of found.diff.changes) {
      const words = `${verb(change)} since ${base.label}: ${change.text}`;
      if (change.source?.file === path) out.push(lens(change.source.line, words));
      else {
        // Granted elsewhere (a policy) to the role this file declares: shown where the role is.
        const declared = found.head.locate({ kind: change.roleKind, name: change.role, pointer: '' });
        if (declared?.file === path)
          out.push(
            lens(declared.line, `${words}${change.source ? ` (${change.source.file}:${change.source.line})` : ''}`),
          );
      }
    }
    if (out.length <= MAX_LENSES) return out;
    return [
      ...out.slice(0, MAX_LENSES - 1),
      lens(
        1,
        `access since ${base.label}: ${out.length - MAX_LENSES + 1} more changes in this file (keyfob access diff --base ${base.commit.slice(0, 12)})`,
      ),
    ];
  }

  /** The folder's files as edited, waiting a little for its first read. */
  async #workspaceFiles(folder: string): Promise<{ key: string; texts: ReadonlyMap<string, string> } | undefined> {
    const open = this.deps.session.openFilesIn(folder);
    for (let waited = 0; ; waited += 100) {
      const files = this.deps.workspace().filesOf(folder, open);
      if (files || waited >= FIRST_READ_WAIT_MS) return files;
      await new Promise<void>((resolve) => this.deps.schedule(resolve, 100));
    }
  }

  async #diff(
    folder: string,
    commit: string,
    files: { key: string; texts: ReadonlyMap<string, string> },
  ): Promise<{ diff: AccessDiff; head: AccessModel; broken?: string }> {
    const key = `${commit}|${files.key}`;
    const known = this.#diffs.get(folder);
    if (known?.key === key) return known;
    const base = await this.#base(folder, commit);
    if (this.#cache.results.size > MAX_CACHED_READINGS) this.#cache.results.clear();
    const read = readAccessModel(
      [...files.texts].map(([file, text]) => ({ file, text })),
      { ...DEFAULT_MOUNTS, cache: this.#cache },
    );
    const first = read.errors[0];
    const broken = base.broken ?? (first ? `${first.file} has errors` : undefined);
    const entry = { key, diff: diffAccess(base.model, read.model), head: read.model, ...(broken ? { broken } : {}) };
    this.#diffs.set(folder, entry);
    return entry;
  }

  async #base(folder: string, commit: string): Promise<{ model: AccessModel; broken?: string }> {
    const known = this.#bases.get(folder);
    if (known?.commit === commit) return known;
    const files = await this.deps.reader?.files(folder, commit);
    const read = readAccessModel(
      (files ?? []).map((f) => ({ file: f.path, text: f.text })),
      { ...DEFAULT_MOUNTS, cache: this.#cache },
    );
    const first = read.errors[0];
    const entry = { commit, model: read.model, ...(first ? { broken: `the base's ${first.file} has errors` } : {}) };
    this.#bases.set(folder, entry);
    return entry;
  }

  /** Logs a reason once per folder and reason (a lens request comes with every edit). */
  #tell(folder: string, message: string): void {
    const key = `${folder}\u0000${message}`;
    if (this.#told.has(key)) return;
    this.#told.add(key);
    this.deps.connection.console.log(message);
  }
}

function verb(change: AccessChange): string {
  if (change.kind === 'ttl') return change.change === 'gained' ? 'longer' : 'shorter';
  return change.change === 'gained' ? 'gained' : 'removed';
}
