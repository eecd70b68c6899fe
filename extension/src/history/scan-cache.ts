import * as vscode from 'vscode';
import type { FileFacts, Match, ProjectFacts, SavedProjectFile, WorkspaceProjectFacts } from '@keyfob/shared/history';
import { folderProjectFs } from '../project-files.ts';
import type { ReadLog } from '../read-log.ts';
import { historyCore } from './history-access.ts';
import { SimpleEmitter } from './simple-emitter.ts';

/**
 * URI schemes that are not the user's code: panels, diffs of other tools, our own history pages.
 * Everything else is scanned, so virtual workspaces (vscode-vfs, github, memfs...) work too.
 */
const SKIPPED_SCHEMES = new Set([
  'output',
  'debug',
  'git',
  'gitfs',
  'vscode-scm',
  'vscode-terminal',
  'comment',
  'vscode-settings',
  'keyfob-history',
]);

/** Documents longer than this (in UTF-16 units, about 5 MB) are not scanned: bundles and data dumps. */
const MAX_SCANNED_LENGTH = 5_000_000;

/** True for documents the API history looks at: the user's code in any language (size is checked when scanning). */
export function isHistoryDocument(document: vscode.TextDocument): boolean {
  return !SKIPPED_SCHEMES.has(document.uri.scheme);
}

/** A file's path in its workspace folder, `/`-separated (the project walk's paths). */
function pathInFolder(folder: vscode.Uri, uri: vscode.Uri): string {
  const base = folder.path.endsWith('/') ? folder.path : `${folder.path}/`;
  return uri.path.startsWith(base) ? uri.path.slice(base.length) : uri.path;
}

/**
 * The matches of each open document, computed at most once per version and project facts:
 * annotations and the workspace view of one version share one scan. As the language server does
 * (and `keyfob history scan <folder>`), a document is scanned with what the other files of its
 * workspace folder tell it (`WorkspaceProjectFacts`, read through `workspace.fs` in the background):
 * alone once per version, again with the project's facts only when they concern it.
 */
export class ScanCache implements vscode.Disposable {
  readonly #alone = new Map<
    string,
    { version: number; languageId: string; matches: readonly Match[]; facts: FileFacts }
  >();
  readonly #scans = new Map<
    string,
    { version: number; project: ProjectFacts | undefined; matches: readonly Match[] }
  >();
  #projects: WorkspaceProjectFacts | undefined;
  /**
   * The HCL parser's load, started with the first scan (as the language server loads it at initialize): Terraform
   * files' provider references, tests' and `.tfvars` files' values are read with it. Scans made before it loaded are
   * dropped when it has (their documents are drawn again); the workspace's read waits for it.
   */
  #hcl: Promise<void> | undefined;
  readonly #projectRead = new SimpleEmitter<string>();
  /** A workspace folder's files were read (again), its URI string: annotations may change. */
  readonly onProjectRead = this.#projectRead.event;

  /** `log`: where each file the project facts read is written (the extension's read log). */
  constructor(private readonly log: ReadLog) {}

  /** The document's matches (empty for documents the history skips). */
  get(document: vscode.TextDocument): readonly Match[] {
    void this.#loadHcl();
    const key = document.uri.toString();
    const alone = this.#scanAlone(document);
    const project = this.#projectOf(document);
    const cached = this.#scans.get(key);
    if (cached?.version === document.version && cached.project === project) return cached.matches;
    const text = project === undefined ? '' : document.getText();
    const matches =
      project !== undefined &&
      text.length <= MAX_SCANNED_LENGTH &&
      historyCore().factsConcern(project, text, undefined, document.uri.path, alone.facts)
        ? historyCore().scanFile(text, { languageId: document.languageId, fileName: document.uri.path, project })
            .matches
        : alone.matches;
    this.#scans.set(key, { version: document.version, project, matches });
    return matches;
  }

  /**
   * The saved files' facts of a workspace folder (its URI string), from the one read of its files the
   * end-of-line notes use too: the language server asks for them (PROJECT_FACTS_METHOD) instead of
   * reading the folder itself. Undefined outside the workspace's folders.
   */
  async savedFacts(folderUri: string): Promise<ReadonlyMap<string, FileFacts> | undefined> {
    const folder = vscode.workspace.workspaceFolders?.find((f) => f.uri.toString() === folderUri);
    return folder ? this.#workspaceProjects().saved(folderUri) : undefined;
  }

  /**
   * A workspace folder's saved files from the one read (each file's text and matches alone kept), its
   * files listed again first (`again`: the refresh command; only a file whose size or modification time
   * changed is read again). Undefined outside the workspace's folders.
   */
  async savedFiles(
    folder: vscode.Uri,
    again: boolean,
  ): Promise<{ files: ReadonlyMap<string, SavedProjectFile>; listed: readonly string[]; over?: string } | undefined> {
    const key = folder.toString();
    if (!vscode.workspace.workspaceFolders?.some((f) => f.uri.toString() === key)) return undefined;
    const projects = this.#workspaceProjects();
    if (again) projects.changed(key);
    return projects.savedFiles(key);
  }

  /** Files of a workspace folder changed on disk (a watcher's event): its project is read again. */
  filesChanged(uri: vscode.Uri): void {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (folder) this.#projects?.changed(folder.uri.toString());
  }

  /** Drops a closed document's scan. */
  forget(uri: vscode.Uri): void {
    this.#alone.delete(uri.toString());
    this.#scans.delete(uri.toString());
  }

  #scanAlone(document: vscode.TextDocument): { matches: readonly Match[]; facts: FileFacts } {
    const key = document.uri.toString();
    const cached = this.#alone.get(key);
    if (cached?.version === document.version && cached.languageId === document.languageId) return cached;
    const text = isHistoryDocument(document) ? document.getText() : '';
    const { matches, facts } =
      text.length > 0 && text.length <= MAX_SCANNED_LENGTH
        ? historyCore().scanFile(text, { languageId: document.languageId, fileName: document.uri.path })
        : { matches: [], facts: undefined };
    const entry = {
      version: document.version,
      languageId: document.languageId,
      matches,
      facts: facts ?? historyCore().NO_FACTS,
    };
    this.#alone.set(key, entry);
    return entry;
  }

  /** What the other files of the document's workspace folder tell it (undefined outside a folder, or nothing yet). */
  #projectOf(document: vscode.TextDocument): ProjectFacts | undefined {
    if (!isHistoryDocument(document)) return undefined;
    const folder = vscode.workspace.getWorkspaceFolder(document.uri);
    if (!folder) return undefined;
    const open = vscode.workspace.textDocuments
      .filter(
        (d) =>
          isHistoryDocument(d) && vscode.workspace.getWorkspaceFolder(d.uri)?.uri.toString() === folder.uri.toString(),
      )
      .map((d) => ({
        path: pathInFolder(folder.uri, d.uri),
        version: d.version,
        facts: () => this.#scanAlone(d).facts,
      }));
    return this.#workspaceProjects().factsOf(folder.uri.toString(), open);
  }

  #loadHcl(): Promise<void> {
    this.#hcl ??= historyCore()
      .loadHclParser()
      .then(
        () => {
          this.#alone.clear();
          this.#scans.clear();
          this.#projectRead.fire('');
        },
        (error: unknown) => this.log.info(`keyfob: the HCL parser did not load: ${String(error)}`),
      );
    return this.#hcl;
  }

  #workspaceProjects(): WorkspaceProjectFacts {
    const hcl = this.#loadHcl();
    this.#projects ??= new (historyCore().WorkspaceProjectFacts)({
      fsOf: (folder) => folderProjectFs(vscode.Uri.parse(folder), this.log),
      fileNameOf: (folder, path) => vscode.Uri.joinPath(vscode.Uri.parse(folder), ...path.split('/')).path,
      log: (message) => this.log.info(message),
      // The workspace view ("Used in this workspace") lists the matches of this same read.
      keepTexts: true,
      pause: () => hcl.then(() => new Promise((resolve) => setTimeout(resolve, 0))),
      updated: (folder, files) => {
        this.log.info(`read the API history's project facts of ${files} files of ${folder}`);
        this.#projectRead.fire(folder);
      },
    });
    return this.#projects;
  }

  dispose(): void {
    this.#projectRead.dispose();
    this.#alone.clear();
    this.#scans.clear();
  }
}
