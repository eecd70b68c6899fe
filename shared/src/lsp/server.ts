import { loadHclParser } from '../hcl/index.ts';
import type { Connection, InitializeParams, InitializeResult } from 'vscode-languageserver';
import { CodeActionKind } from 'vscode-languageserver-types';
import type { TemplatePreviewDeps } from '../editor/index.ts';
import { WorkspaceProjectFacts } from '../history/index.ts';
import type { ProjectFs } from '../history/index.ts';
import { registerAccessLenses, type BaseReader } from './access-since-base.ts';
import { DocumentSession } from './document-session.ts';
import { clientProjectFacts, PROJECT_FACTS_CHANGED } from './project-request.ts';
import type { ClientOptions } from './features.ts';
import { registerHandlers } from './handlers.ts';
import { SettingsStore } from './settings-store.ts';
import type { ReadWorkspace } from './workspace-access.ts';
import type { TerraformFs } from '../lint/index.ts';
import { WorkspaceReloads } from './workspace-reloads.ts';

/** What the server needs from its host (a Node process, a web worker): all of it outside shared/. */
export interface ServerDeps extends TemplatePreviewDeps {
  /** Compiles a `roleFiles.include` glob into a path matcher. */
  readonly compileGlob: (glob: string) => (path: string) => boolean;
  /** Runs `fn` after `ms` milliseconds; returns a cancel function. */
  readonly schedule: (fn: () => void, ms: number) => () => void;
  /**
   * Reads a workspace folder's keyfob files and workflows (hosts that can read files: `keyfob lsp`).
   * Without it the server asks a client that offers to (`workspaceSnapshot`, WORKSPACE_SNAPSHOT_METHOD);
   * with neither, the access answer on hover and the workflow trust checks are left out.
   */
  readonly readWorkspace?: ReadWorkspace;
  /**
   * A workspace folder's files for Terraform's `file()` and `fileset()` (`nodeTerraformFs` in Node),
   * read through the one reader `keyfob lint` uses; without it the workspace snapshot's files alone.
   */
  readonly terraformFs?: (folderUri: string) => TerraformFs | undefined;
  /** Reads a folder at the branch's base (git, `keyfob lsp`); without it no "access changed since base" lenses. */
  readonly readBase?: BaseReader;
  /**
   * A workspace folder's files (`nodeProjectFs` in Node), for what the files of a project tell each other
   * about the platform API (as `keyfob history scan <folder>`); without it the open documents alone.
   */
  readonly projectFs?: (folderUri: string) => ProjectFs | undefined;
}

/** `TextDocumentSyncKind.Incremental` of the protocol: clients send only the changed ranges. */
const INCREMENTAL_SYNC = 2;

/**
 * The keyfob language server on a connection the host created (stdio or node IPC in Node, a
 * message port in a web worker): diagnostics, completion, hover, code actions and symbols for the
 * files `keyfob lint` checks, and the platform API history (hover, Deprecated diagnostics, quick
 * fixes, inlay hints) in any document. Three parts: the document session (open documents and their
 * diagnostics), the workspace reloads (folders' files, for the access answer and trust checks) and
 * the request handlers; every answer comes from shared/ through features.ts.
 */
export function startLanguageServer(connection: Connection, deps: ServerDeps): void {
  let client: ClientOptions = {};
  let canRefreshInlayHints = false;
  let canRefreshLenses = false;
  let canWatchFiles = false;
  // The "access changed since base" lenses follow the workspace: asked again once files changed.
  const refreshLenses = (): void => {
    if (canRefreshLenses) void connection.sendRequest('workspace/codeLens/refresh').catch(() => undefined);
  };
  const settings = new SettingsStore(connection, deps.compileGlob);
  const projects = new WorkspaceProjectFacts({
    // The host's reader (`keyfob lsp`); a client that owns the facts (the VS Code extension) answers from its own read.
    fsOf: (folder) => deps.projectFs?.(folder),
    savedOf: (folder) => (client.projectFacts === true ? clientProjectFacts(connection, folder) : undefined),
    fileNameOf: (folder, path) => `${folder}/${path.split('/').map(encodeURIComponent).join('/')}`,
    log: (message) => connection.console.warn(message),
    pause: () => new Promise((resolve) => deps.schedule(() => resolve(), 0)),
    // Hovers ask for the facts when they come; open documents' diagnostics and inlay hints are redone.
    updated: (folder, files) => {
      connection.console.log(`keyfob: read the API history's project facts of ${files} files of ${folder}`);
      if (session.projectChanged(folder) && canRefreshInlayHints)
        void connection.languages.inlayHint.refresh().catch(() => undefined);
    },
  });
  const session: DocumentSession = new DocumentSession({
    connection,
    settings,
    schedule: deps.schedule,
    template: deps,
    workspace: () => reloads.access,
    client: () => client,
    projects,
  });
  const reloads = new WorkspaceReloads({
    connection,
    settings,
    session,
    schedule: deps.schedule,
    readWorkspace: deps.readWorkspace,
    terraformFs: deps.terraformFs,
    reloaded: refreshLenses,
  });

  connection.onInitialize(async (params: InitializeParams): Promise<InitializeResult> => {
    await loadHclParser(); // ACL policies and Terraform files are HCL
    client = readClientOptions(params.initializationOptions);
    reloads.useClientReader(client.workspaceSnapshot === true);
    settings.initialize(params);
    canRefreshInlayHints = params.capabilities.workspace?.inlayHint?.refreshSupport === true;
    canWatchFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    canRefreshLenses = deps.readBase !== undefined && params.capabilities.workspace?.codeLens?.refreshSupport === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: INCREMENTAL_SYNC },
        completionProvider: { triggerCharacters: ['"', ':', ' '] },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite] },
        documentSymbolProvider: true,
        inlayHintProvider: true,
        ...(deps.readBase ? { codeLensProvider: { resolveProvider: false } } : {}),
      },
      serverInfo: { name: 'keyfob', version: '0.1.0' },
    };
  });
  connection.onInitialized(() => {
    settings.registerForChanges();
    reloads.start(canWatchFiles);
    if (canWatchFiles && deps.projectFs !== undefined && client.projectFacts !== true)
      void connection
        .sendRequest('client/registerCapability', {
          registrations: [
            {
              id: 'keyfob-project-files',
              method: 'workspace/didChangeWatchedFiles',
              registerOptions: { watchers: [{ globPattern: '**/*' }] },
            },
          ],
        })
        .catch(() => undefined);
  });
  connection.onDidChangeWatchedFiles(({ changes }) => {
    const uris = changes.map((c) => c.uri);
    reloads.changed(uris);
    if (client.projectFacts === true) return; // the client reads them again and says so (PROJECT_FACTS_CHANGED)
    for (const folder of new Set(uris.flatMap((uri) => settings.folderOf(uri) ?? []))) projects.changed(folder);
  });
  connection.onNotification(PROJECT_FACTS_CHANGED, (params: unknown) => {
    const folderUri = (params as { folderUri?: unknown } | null)?.folderUri;
    if (client.projectFacts === true && typeof folderUri === 'string') projects.changed(folderUri);
  });
  connection.onDidChangeConfiguration((params) => {
    settings.pushed(params.settings);
    settings.clear();
    void session.republishAll().then(() => {
      if (canRefreshInlayHints) void connection.languages.inlayHint.refresh();
      refreshLenses();
    });
  });

  connection.onDidOpenTextDocument(({ textDocument: t }) => session.open(t.uri, t.languageId, t.version, t.text));
  connection.onDidChangeTextDocument(({ textDocument: t, contentChanges }) =>
    session.change(t.uri, t.version, contentChanges),
  );
  connection.onDidCloseTextDocument(({ textDocument: t }) => session.close(t.uri));
  registerHandlers(connection, session, settings);
  registerAccessLenses({
    connection,
    session,
    settings,
    workspace: () => reloads.access,
    schedule: deps.schedule,
    reader: deps.readBase,
  });

  connection.listen();
}

function readClientOptions(raw: unknown): ClientOptions {
  const options = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const command = (value: unknown): string | undefined =>
    typeof value === 'string' && /^[\w.-]{1,100}$/.test(value) ? value : undefined;
  const suggestCommand = command(options.suggestCommand);
  const historyPageCommand = command(options.historyPageCommand);
  return {
    ...(suggestCommand ? { suggestCommand } : {}),
    ...(historyPageCommand ? { historyPageCommand } : {}),
    ...(options.workspaceSnapshot === true ? { workspaceSnapshot: true } : {}),
    ...(options.projectFacts === true ? { projectFacts: true } : {}),
  };
}
