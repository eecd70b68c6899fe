import * as vscode from 'vscode';
import type { Match } from '@keyfob/shared/history';
import type { UsedSubject } from '@keyfob/shared/editor';
import type { Target } from '@keyfob/shared/history';
import { historyCore } from './history-access.ts';
import type { ScanCache } from './scan-cache.ts';
import { SimpleEmitter } from './simple-emitter.ts';

/** Source files worth scanning for API calls (code, configuration, HTTP files). */
const INCLUDE =
  '**/*.{ts,tsx,mts,cts,js,jsx,mjs,cjs,go,py,rb,java,kt,cs,php,rs,sh,bash,zsh,ps1,tf,tfvars,hcl,json,jsonc,yaml,yml,toml,http,rest}';
/** Dependencies, build output and tool caches: not the user's code, and often huge. */
const EXCLUDE = '**/{node_modules,.git,dist,out,build,vendor,coverage,.terraform,.venv,venv,__pycache__,.tmp}/**';
/** The scan is bounded: at most this many files ... */
const MAX_USAGE_FILES = 500;
/** ... each at most this many bytes (bundles and data dumps are skipped). */
const MAX_FILE_BYTES = 1_000_000;
/** Files scanned between two yields to the extension host's event loop. */
const BATCH = 20;

/** Where the workspace scan is. */
export type UsageStatus = 'idle' | 'scanning' | 'done';

/**
 * The API subjects the workspace uses, for the tree view: a bounded `findFiles` (500 files of at
 * most 1 MB, dependencies and build output excluded), read through `workspace.fs` (so virtual
 * workspaces work) or from the open document when there is one. Runs when the tree first asks,
 * or on the refresh command; a saved file updates its own entry.
 */
export class WorkspaceUsage implements vscode.Disposable {
  readonly #changed = new SimpleEmitter<void>();
  readonly onDidChange = this.#changed.event;
  readonly #files = new Map<string, { uri: vscode.Uri; matches: readonly Match[] }>();
  #status: UsageStatus = 'idle';
  #scanned = 0;
  #truncated = false;
  #generation = 0;

  constructor(private readonly cache: ScanCache) {}

  get status(): UsageStatus {
    return this.#status;
  }

  /** Files looked at by the last scan, and whether the bound cut it short. */
  get extent(): { readonly files: number; readonly truncated: boolean } {
    return { files: this.#scanned, truncated: this.#truncated };
  }

  /** Scans the workspace again; a scan still running is abandoned. */
  async scan(): Promise<void> {
    const generation = ++this.#generation;
    this.#status = 'scanning';
    this.#changed.fire();
    const uris = await vscode.workspace.findFiles(INCLUDE, EXCLUDE, MAX_USAGE_FILES + 1);
    const files = new Map<string, { uri: vscode.Uri; matches: readonly Match[] }>();
    const open = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
    for (const [i, uri] of uris.slice(0, MAX_USAGE_FILES).entries()) {
      if (i > 0 && i % BATCH === 0) await new Promise((resolve) => setTimeout(resolve, 0));
      if (generation !== this.#generation) return;
      const matches = await this.#scanFile(uri, open.get(uri.toString()));
      if (matches.length > 0) files.set(uri.toString(), { uri, matches });
    }
    if (generation !== this.#generation) return;
    this.#files.clear();
    for (const [key, file] of files) this.#files.set(key, file);
    this.#scanned = Math.min(uris.length, MAX_USAGE_FILES);
    this.#truncated = uris.length > MAX_USAGE_FILES;
    this.#status = 'done';
    this.#changed.fire();
  }

  /** A file was saved: its entry follows its new text (only once a scan has run). */
  update(document: vscode.TextDocument): void {
    if (this.#status !== 'done' || !vscode.workspace.getWorkspaceFolder(document.uri)) return;
    const key = document.uri.toString();
    const matches = this.cache.get(document);
    if (matches.length === 0 && !this.#files.delete(key)) return;
    if (matches.length > 0) this.#files.set(key, { uri: document.uri, matches });
    this.#changed.fire();
  }

  /** The used subjects, what needs action first; `file` of each occurrence is the file's URI string. */
  used(target: Target | undefined): UsedSubject[] {
    return historyCore().subjectsUsed(
      [...this.#files.values()].map((f) => ({ file: f.uri.toString(), matches: f.matches })),
      target,
    );
  }

  /** Each use of a subject, for its page: the file, the 1-based line and `path:line` to show. */
  usesOf(subjectId: string): { uri: vscode.Uri; line: number; label: string }[] {
    const out: { uri: vscode.Uri; line: number; label: string }[] = [];
    for (const { uri, matches } of this.#files.values()) {
      for (const match of matches)
        if (match.subject.id === subjectId)
          out.push({ uri, line: match.line, label: `${vscode.workspace.asRelativePath(uri)}:${match.line}` });
    }
    return out;
  }

  async #scanFile(uri: vscode.Uri, open: vscode.TextDocument | undefined): Promise<readonly Match[]> {
    if (open) return this.cache.get(open);
    try {
      if ((await vscode.workspace.fs.stat(uri)).size > MAX_FILE_BYTES) return [];
      const text = new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(uri));
      return historyCore().scanText(text, { fileName: uri.path });
    } catch {
      // Deleted or unreadable since findFiles listed it: nothing to report for it.
      return [];
    }
  }

  dispose(): void {
    this.#generation++;
    this.#changed.dispose();
  }
}
