import type { Connection } from 'vscode-languageserver';
import type { DocumentSession } from './document-session.ts';
import type { SettingsStore } from './settings-store.ts';
import { WorkspaceAccess } from './workspace-access.ts';
import type { ReadWorkspace } from './workspace-access.ts';
import type { TerraformFs } from '../lint/index.ts';
import { readWorkspaceSnapshot, WORKSPACE_SNAPSHOT_METHOD } from './workspace-request.ts';

/** Wait after a watched file changed before re-reading its folder (a checkout changes many at once). */
const RELOAD_DELAY_MS = 150;
/**
 * Files whose change may change the access answer or the trust checks: the files the folder reads keep
 * (isRoleFileName: role files, policies, Terraform's `.tf` and `.tf.json`) and the workflows.
 */
const WATCHED_GLOB = '**/*.{hcl,json,jsonc,yaml,yml,tf}';
/** The files of WATCHED_GLOB, or a folder (the client may report other files: the project files' watcher). */
const WATCHED = /\.(?:hcl|json|jsonc|ya?ml|tf)$|\/[^./]*$/i;

/** What the reloads need from the server around them. */
export interface ReloadDeps {
  readonly connection: Connection;
  readonly settings: SettingsStore;
  readonly session: DocumentSession;
  /** Runs `fn` after `ms` milliseconds; returns a cancel function. */
  readonly schedule: (fn: () => void, ms: number) => () => void;
  /** The host's folder reader (`keyfob lsp`), if it has one. */
  readonly readWorkspace: ReadWorkspace | undefined;
  /** The host's files of a folder for Terraform's `file()` (`keyfob lsp`), if it reads files. */
  readonly terraformFs?: ((folderUri: string) => TerraformFs | undefined) | undefined;
  /** Called after a folder was read again and its open documents checked again. */
  readonly reloaded?: (folder: string) => void;
}

/**
 * The workspace folders as the server knows them: who reads them (the host, or a client that offers
 * to), when they are read again (their files changed on disk, a little later so a checkout is one
 * read) and which open documents are checked again after (JWT roles whose trust context changed).
 */
export class WorkspaceReloads {
  #access: WorkspaceAccess;
  readonly #timers = new Map<string, () => void>();

  constructor(private readonly deps: ReloadDeps) {
    this.#access = new WorkspaceAccess(deps.readWorkspace, this.#warn, deps.terraformFs);
  }

  /** The workspace side the features ask. */
  get access(): WorkspaceAccess {
    return this.#access;
  }

  /** At initialize: a client that reads folders (the VS Code extension) does so when the host cannot. */
  useClientReader(offered: boolean): void {
    if (!this.deps.readWorkspace && offered)
      this.#access = new WorkspaceAccess(this.#askClient, this.#warn, this.deps.terraformFs);
  }

  /** After initialized: watch the files that matter (when the client can) and read every folder. */
  start(canWatchFiles: boolean): void {
    if (!this.#access.enabled) return;
    if (canWatchFiles)
      void this.deps.connection
        .sendRequest('client/registerCapability', {
          registrations: [
            {
              id: 'keyfob-workspace-files',
              method: 'workspace/didChangeWatchedFiles',
              registerOptions: { watchers: [{ globPattern: WATCHED_GLOB }] },
            },
          ],
        })
        .catch(() => undefined);
    for (const folder of this.deps.settings.folders) this.reload(folder);
  }

  /** Files changed on disk: their folders are read again. */
  changed(uris: readonly string[]): void {
    const folders = new Set(uris.flatMap((uri) => (WATCHED.test(uri) ? (this.deps.settings.folderOf(uri) ?? []) : [])));
    for (const folder of folders) this.reload(folder);
  }

  /**
   * Re-reads a folder a little later, nearest the open documents first (the first read waits as long,
   * so the documents an editor opens with the workspace are known), then re-checks what depends on it.
   */
  reload(folder: string): void {
    this.#timers.get(folder)?.();
    this.#timers.set(
      folder,
      this.deps.schedule(() => {
        this.#timers.delete(folder);
        const near = this.deps.session.openFilesIn(folder).map((f) => f.path);
        void this.#access
          .load(folder, near)
          .then(() => this.deps.session.workspaceChanged(folder))
          .then(() => this.deps.reloaded?.(folder))
          .catch((error: unknown) =>
            this.#warn(
              `keyfob: reading ${folder} again failed: ${error instanceof Error ? error.message : String(error)}`,
            ),
          );
      }, RELOAD_DELAY_MS),
    );
  }

  readonly #warn = (message: string): void => this.deps.connection.console.warn(message);

  /** The client reads the folder (the VS Code extension): its answer is checked at the edge. */
  readonly #askClient: ReadWorkspace = async (folderUri) => {
    const { value, dropped } = readWorkspaceSnapshot(
      await this.deps.connection.sendRequest(WORKSPACE_SNAPSHOT_METHOD, { folderUri }),
    );
    if (dropped > 0)
      this.#warn(`keyfob: ${dropped} entries of the client's workspace snapshot were malformed and left out`);
    return value;
  };
}
