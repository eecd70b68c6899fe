import type { Connection, InitializeParams } from 'vscode-languageserver';
import { DEFAULT_SERVER_SETTINGS, readServerSettings } from './settings.ts';
import type { ServerSettings } from './settings.ts';

/**
 * The server's settings per workspace folder: pulled with `workspace/configuration` (section
 * `keyfob`, scoped to the document) when the client can answer it, else what the client pushed with
 * `workspace/didChangeConfiguration` or `initializationOptions.settings`, else the defaults.
 */
export class SettingsStore {
  readonly #byFolder = new Map<string, ServerSettings>();
  readonly #globs = new Map<string, readonly ((path: string) => boolean)[]>();
  #folders: readonly string[] = [];
  #canPull = false;
  #canRegister = false;
  #pushed: ServerSettings = DEFAULT_SERVER_SETTINGS;

  constructor(
    private readonly connection: Connection,
    private readonly compileGlob: (glob: string) => (path: string) => boolean,
  ) {}

  initialize(params: InitializeParams): void {
    const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
    this.#folders = folders.map((uri) => uri.replace(/\/$/, ''));
    this.#canPull = params.capabilities.workspace?.configuration === true;
    this.#canRegister = params.capabilities.workspace?.didChangeConfiguration?.dynamicRegistration === true;
    const options = params.initializationOptions as { settings?: { keyfob?: unknown } } | null | undefined;
    if (options?.settings?.keyfob !== undefined) this.#pushed = readServerSettings(options.settings.keyfob);
  }

  /** Asks the client to tell us when settings change (pull-model clients send the notification only when asked). */
  registerForChanges(): void {
    if (!this.#canRegister) return;
    void this.connection
      .sendRequest('client/registerCapability', {
        // The section lets clients (VS Code's) send the notification only when a keyfob setting changed.
        registrations: [
          {
            id: 'keyfob-configuration',
            method: 'workspace/didChangeConfiguration',
            registerOptions: { section: 'keyfob' },
          },
        ],
      })
      .catch(() => undefined);
  }

  /** Settings a client pushed with `workspace/didChangeConfiguration` (`{ keyfob: {...} }`). */
  pushed(settings: unknown): void {
    const keyfob =
      typeof settings === 'object' && settings !== null ? (settings as { keyfob?: unknown }).keyfob : undefined;
    if (keyfob !== undefined) this.#pushed = readServerSettings(keyfob);
  }

  /** Forgets pulled settings (they changed). */
  clear(): void {
    this.#byFolder.clear();
    this.#globs.clear();
  }

  /** Fetches the settings of a document's folder unless known. */
  async load(uri: string): Promise<void> {
    const key = this.#folderOf(uri) ?? '';
    if (!this.#canPull || this.#byFolder.has(key)) return;
    try {
      const [section] = (await this.connection.workspace.getConfiguration([
        { scopeUri: uri, section: 'keyfob' },
      ])) as unknown[];
      this.#byFolder.set(key, readServerSettings(section));
    } catch {
      this.#byFolder.set(key, this.#pushed);
    }
  }

  /** The settings that apply to a document now (fetched, pushed or default). */
  cached(uri: string): ServerSettings {
    return this.#byFolder.get(this.#folderOf(uri) ?? '') ?? this.#pushed;
  }

  /** Matchers of the `roleFiles.include` globs that apply to a document. */
  includes(uri: string): readonly ((path: string) => boolean)[] {
    const key = this.#folderOf(uri) ?? '';
    let found = this.#globs.get(key);
    if (!found)
      this.#globs.set(
        key,
        (found = this.cached(uri).include.map((glob) => this.compileGlob(glob.replace(/^\.\//, '')))),
      );
    return found;
  }

  /** A document's path relative to the workspace folder holding it. */
  relativePath(uri: string): string | undefined {
    const folder = this.#folderOf(uri);
    if (folder === undefined) return undefined;
    const rest = uri.slice(folder.length + 1);
    try {
      return decodeURIComponent(rest);
    } catch {
      return rest;
    }
  }

  /** The workspace folders' URIs (no trailing `/`). */
  get folders(): readonly string[] {
    return this.#folders;
  }

  /** The URI of the innermost workspace folder holding a document, if any. */
  folderOf(uri: string): string | undefined {
    return this.#folderOf(uri);
  }

  #folderOf(uri: string): string | undefined {
    let best: string | undefined;
    for (const folder of this.#folders) {
      if (uri.startsWith(`${folder}/`) && (best === undefined || folder.length > best.length)) best = folder;
    }
    return best;
  }
}
