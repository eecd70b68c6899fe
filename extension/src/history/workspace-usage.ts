import * as vscode from 'vscode';
import type { FileFacts, Match, ProjectFs } from '@keyfob/shared/history';
import type { UsedSubject } from '@keyfob/shared/editor';
import type { Target } from '@keyfob/shared/history';
import { folderProjectFs } from '../project-files.ts';
import type { ReadLog } from '../read-log.ts';
import { historyCore } from './history-access.ts';
import type { ScanCache } from './scan-cache.ts';
import { SimpleEmitter } from './simple-emitter.ts';

/** Files scanned between two yields to the extension host's event loop. */
const BATCH = 20;

/** A listed file's text read through the folder's reader; undefined when deleted since, unreadable or binary. */
async function textOf(fs: ProjectFs, path: string): Promise<string | undefined> {
  const bytes = await fs.readFile(path).catch(() => undefined);
  return bytes === undefined || historyCore().looksBinary(bytes)
    ? undefined
    : new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

/** Where the workspace scan is. */
export type UsageStatus = 'idle' | 'scanning' | 'done';

/**
 * The API subjects the workspace uses, for the tree view: each workspace folder's files as
 * `keyfob history scan <folder>` reads them (the shared walk's rules and the editors' bounds:
 * `listProjectFiles`), through `workspace.fs` (so virtual workspaces work) or from the open document
 * when there is one, each scanned with what the folder's other files tell it (`scanProject`'s way).
 * Runs when the tree first asks, or on the refresh command; a saved file updates its own entry.
 */
export class WorkspaceUsage implements vscode.Disposable {
  readonly #changed = new SimpleEmitter<void>();
  readonly onDidChange = this.#changed.event;
  readonly #files = new Map<string, { uri: vscode.Uri; matches: readonly Match[] }>();
  #status: UsageStatus = 'idle';
  #scanned = 0;
  #truncated = false;
  #generation = 0;

  constructor(
    private readonly cache: ScanCache,
    private readonly log: ReadLog,
  ) {}

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
    const files = new Map<string, { uri: vscode.Uri; matches: readonly Match[] }>();
    let scanned = 0;
    let truncated = false;
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const found = await this.#scanFolder(folder.uri, () => generation !== this.#generation);
      if (found === undefined) return;
      for (const file of found.files) files.set(file.uri.toString(), file);
      scanned += found.scanned;
      truncated ||= found.truncated;
    }
    if (generation !== this.#generation) return;
    this.#files.clear();
    for (const [key, file] of files) this.#files.set(key, file);
    this.#scanned = scanned;
    this.#truncated = truncated;
    this.#status = 'done';
    this.#changed.fire();
  }

  /**
   * One folder's files with their matches, as `scanProject` finds them: each scanned alone, then again
   * with the folder's project facts when they concern it. The saved files' texts and matches alone come
   * from the host's one read of the folder (ScanCache, whose facts the notes and the language server
   * use), an open document's text in place of its saved one; only past the read's bounds (which leave
   * the facts to the open documents) does the view read the files listed before the bound itself.
   * Undefined when `abandoned` says to stop.
   */
  async #scanFolder(
    folder: vscode.Uri,
    abandoned: () => boolean,
  ): Promise<
    { files: { uri: vscode.Uri; matches: readonly Match[] }[]; scanned: number; truncated: boolean } | undefined
  > {
    const core = historyCore();
    const saved = await this.cache.savedFiles(folder, true);
    if (abandoned()) return undefined;
    // A folder removed from the workspace since: nothing of it.
    if (saved === undefined) return { files: [], scanned: 0, truncated: false };
    const fs = saved.over === undefined ? undefined : folderProjectFs(folder, this.log);
    const open = new Map(vscode.workspace.textDocuments.map((d) => [d.uri.toString(), d]));
    const alone: { uri: vscode.Uri; text: string; matches: readonly Match[]; facts: FileFacts }[] = [];
    for (const [i, path] of saved.listed.entries()) {
      if (i > 0 && i % BATCH === 0) await new Promise((resolve) => setTimeout(resolve, 0));
      if (abandoned()) return undefined;
      const uri = vscode.Uri.joinPath(folder, ...path.split('/'));
      const document = open.get(uri.toString());
      const file = saved.files.get(path);
      if (document === undefined && file?.text !== undefined && file.matches !== undefined) {
        alone.push({ uri, text: file.text, matches: file.matches, facts: file.facts });
        continue;
      }
      const text = document ? document.getText() : fs ? await textOf(fs, path) : undefined;
      if (text !== undefined) alone.push({ uri, text, ...core.scanFile(text, { fileName: uri.path }) });
    }
    const project = core.projectFacts(alone.map((f) => f.facts));
    const files: { uri: vscode.Uri; matches: readonly Match[] }[] = [];
    for (const file of alone) {
      let { matches } = file;
      if (
        (project.modelPaths.size > 0 ||
          (project.helpers?.size ?? 0) > 0 ||
          (project.bases?.size ?? 0) > 0 ||
          project.routes !== undefined ||
          project.modules !== undefined ||
          project.namesApi !== undefined) &&
        core.factsConcern(project, file.text, undefined, file.uri.path, file.facts)
      )
        matches = core.scanFile(file.text, { fileName: file.uri.path, project }).matches;
      if (matches.length > 0) files.push({ uri: file.uri, matches });
    }
    return { files, scanned: saved.listed.length, truncated: saved.over !== undefined };
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

  dispose(): void {
    this.#generation++;
    this.#changed.dispose();
  }
}
