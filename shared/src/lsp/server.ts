import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import type { Connection, InitializeParams, InitializeResult } from 'vscode-languageserver';
import type { TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { CodeActionKind } from 'vscode-languageserver-types';
import type { TemplatePreviewDeps } from '../editor/template-preview.ts';
import type { ClientOptions, FeatureContext } from './features.ts';
import { codeActionsOf, completionsOf, diagnosticsOf, hoverOf, inlayHintsOf, symbolsOf } from './features.ts';
import { lintTargetOf } from './lint-file-name.ts';
import { LINT_FILES_METHOD, lintFile, readLintFilesParams } from './lint-files.ts';
import type { LintedFile } from './lint-files.ts';
import { MAX_DOCUMENT_LENGTH, OpenDocument } from './open-document.ts';
import { SettingsStore } from './settings-store.ts';
import { WorkspaceAccess } from './workspace-access.ts';
import type { OpenFile, ReadWorkspace, WorkspaceFacts } from './workspace-access.ts';
import { readWorkspaceSnapshot, WORKSPACE_SNAPSHOT_METHOD } from './workspace-request.ts';
import { kindFromFileName } from '../lint/index.ts';

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
}

/** Wait after a watched file changed before re-reading its folder (a checkout changes many at once). */
const RELOAD_DELAY_MS = 150;
/** Files whose change may change the access answer or the trust checks. */
const WATCHED_GLOB = '**/*.{hcl,json,jsonc,yaml,yml}';

/** An edit at most this long (inserted text, lines replaced) is linted without waiting. */
const SMALL_EDIT_CHARS = 200;
/** `TextDocumentSyncKind.Incremental` of the protocol: clients send only the changed ranges. */
const INCREMENTAL_SYNC = 2;

/**
 * The keyfob language server on a connection the host created (stdio or node IPC in Node, a
 * message port in a web worker): diagnostics, completion, hover, code actions and symbols for the
 * files `keyfob lint` checks, and the platform API history (hover, Deprecated diagnostics, quick
 * fixes, inlay hints) in any document. Every answer comes from shared/ through features.ts.
 */
export function startLanguageServer(connection: Connection, deps: ServerDeps): void {
  const documents = new Map<string, OpenDocument>();
  const pending = new Map<string, () => void>();
  let client: ClientOptions = {};
  let canRefreshInlayHints = false;
  let canWatchFiles = false;
  const settings = new SettingsStore(connection, deps.compileGlob);
  const warn = (message: string): void => connection.console.warn(message);
  let workspace = new WorkspaceAccess(deps.readWorkspace, warn);
  /** The client reads the folder (the VS Code extension): its answer is checked at the edge. */
  const askClient: ReadWorkspace = async (folderUri) => {
    const { value, dropped } = readWorkspaceSnapshot(
      await connection.sendRequest(WORKSPACE_SNAPSHOT_METHOD, { folderUri }),
    );
    if (dropped > 0) warn(`keyfob: ${dropped} entries of the client's workspace snapshot were malformed and left out`);
    return value;
  };
  const reloads = new Map<string, () => void>();

  /** The open documents of a folder, as the workspace sees them. */
  const openFilesIn = (folder: string): OpenFile[] =>
    [...documents.values()].flatMap((d) => {
      if (settings.folderOf(d.uri) !== folder) return [];
      const path = settings.relativePath(d.uri);
      return path === undefined ? [] : [{ uri: d.uri, path, version: d.version, text: d.document.getText() }];
    });

  const factsFor = (open: OpenDocument): WorkspaceFacts | undefined => {
    const folder = settings.folderOf(open.uri);
    return folder === undefined ? undefined : workspace.factsOf(folder, openFilesIn(folder));
  };

  // The trust context of a document's lint is set when its diagnostics are published, so hovers and
  // fixes answer from the same lint the client shows.
  const contextFor = (open: OpenDocument): FeatureContext => ({
    history: settings.cached(open.uri).history,
    template: deps,
    client,
    workspace: factsFor(open),
  });

  const publish = (open: OpenDocument): void => {
    pending.delete(open.uri);
    if (documents.get(open.uri) !== open) return;
    try {
      open.target = lintTargetOf(facts(open), settings.includes(open.uri));
      const trustBefore = open.trust;
      open.trust = factsFor(open)?.trust;
      void connection.sendDiagnostics({
        uri: open.uri,
        version: open.version,
        diagnostics: diagnosticsOf(open, settings.cached(open.uri).history),
      });
      // Another open JWT role's trust checks read this file's policies: re-check those whose context changed.
      if (open.target && open.trust !== trustBefore) republishJwtRoles(open);
    } catch (error) {
      connection.console.error(
        `keyfob: could not check ${open.uri}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  };

  const schedule = (open: OpenDocument, delay: number): void => {
    pending.get(open.uri)?.();
    pending.set(
      open.uri,
      deps.schedule(() => publish(open), delay),
    );
  };

  const facts = (open: OpenDocument) => ({
    uri: open.uri,
    languageId: open.document.languageId,
    text: open.document.getText(),
    relativePath: settings.relativePath(open.uri),
  });

  const republishJwtRoles = (changed: OpenDocument): void => {
    const folder = settings.folderOf(changed.uri);
    for (const other of documents.values()) {
      if (other === changed || settings.folderOf(other.uri) !== folder) continue;
      if (isJwtRole(other) && other.trust !== changed.trust) publish(other);
    }
  };

  /** Re-reads a folder (after its files changed on disk) and re-checks its open documents. */
  const reload = (folder: string): void => {
    reloads.get(folder)?.();
    reloads.set(
      folder,
      deps.schedule(() => {
        reloads.delete(folder);
        // Only JWT roles' diagnostics depend on the workspace (the trust checks): re-check those whose context changed.
        void workspace.load(folder).then(() => {
          for (const open of documents.values())
            if (settings.folderOf(open.uri) === folder && isJwtRole(open) && open.trust !== factsFor(open)?.trust)
              publish(open);
        });
      }, RELOAD_DELAY_MS),
    );
  };

  const republishAll = async (): Promise<void> => {
    settings.clear();
    for (const open of documents.values()) {
      await settings.load(open.uri);
      publish(open);
    }
    if (canRefreshInlayHints) void connection.languages.inlayHint.refresh();
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    client = readClientOptions(params.initializationOptions);
    if (!deps.readWorkspace && client.workspaceSnapshot) workspace = new WorkspaceAccess(askClient, warn);
    settings.initialize(params);
    canRefreshInlayHints = params.capabilities.workspace?.inlayHint?.refreshSupport === true;
    canWatchFiles = params.capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: INCREMENTAL_SYNC },
        completionProvider: { triggerCharacters: ['"', ':', ' '] },
        hoverProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite] },
        documentSymbolProvider: true,
        inlayHintProvider: true,
      },
      serverInfo: { name: 'keyfob', version: '0.1.0' },
    };
  });
  connection.onInitialized(() => {
    settings.registerForChanges();
    if (!workspace.enabled) return;
    if (canWatchFiles)
      void connection
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
    for (const folder of settings.folders) reload(folder);
  });
  connection.onDidChangeWatchedFiles(({ changes }) => {
    const folders = new Set(changes.flatMap((c) => settings.folderOf(c.uri) ?? []));
    for (const folder of folders) reload(folder);
  });
  connection.onDidChangeConfiguration((params) => {
    settings.pushed(params.settings);
    void republishAll();
  });

  connection.onDidOpenTextDocument(({ textDocument: t }) => {
    const open = new OpenDocument(t.uri, t.languageId, t.version, t.text);
    documents.set(t.uri, open);
    void settings.load(t.uri).then(() => publish(open));
  });
  connection.onDidChangeTextDocument(({ textDocument: t, contentChanges }) => {
    const open = documents.get(t.uri);
    if (!open) return;
    open.update(contentChanges, t.version);
    schedule(open, isSmall(contentChanges) ? 0 : settings.cached(t.uri).debounceMs);
  });
  connection.onDidCloseTextDocument(({ textDocument: t }) => {
    pending.get(t.uri)?.();
    pending.delete(t.uri);
    documents.delete(t.uri);
    void connection.sendDiagnostics({ uri: t.uri, diagnostics: [] });
  });

  const withDocument = <T>(uri: string, empty: T, answer: (open: OpenDocument) => T): T => {
    const open = documents.get(uri);
    if (!open) return empty;
    open.target = lintTargetOf(facts(open), settings.includes(uri));
    return answer(open);
  };
  connection.onHover(({ textDocument, position }) =>
    withDocument(
      textDocument.uri,
      null,
      (open) => hoverOf(open, open.document.offsetAt(position), contextFor(open)) ?? null,
    ),
  );
  connection.onCompletion(({ textDocument, position }) =>
    withDocument(textDocument.uri, [], (open) =>
      completionsOf(open, open.document.offsetAt(position), contextFor(open)),
    ),
  );
  connection.onCodeAction(({ textDocument, range, context }) =>
    withDocument(textDocument.uri, [], (open) => {
      const actions = codeActionsOf(
        open,
        open.document.offsetAt(range.start),
        open.document.offsetAt(range.end),
        contextFor(open),
      );
      const only = context.only;
      return only
        ? actions.filter((a) => only.some((kind) => a.kind === kind || a.kind?.startsWith(`${kind}.`)))
        : actions;
    }),
  );
  connection.onDocumentSymbol(({ textDocument }) => withDocument(textDocument.uri, [], symbolsOf));
  connection.languages.inlayHint.on(({ textDocument, range }) =>
    withDocument(textDocument.uri, [], (open) => inlayHintsOf(open, range, settings.cached(open.uri).history)),
  );

  connection.onRequest(LINT_FILES_METHOD, async (params: unknown) => {
    const { value, problems } = readLintFilesParams(params);
    if (problems.length > 0) throw new ResponseError(ErrorCodes.InvalidParams, problems.join('; '));
    const files: LintedFile[] = [];
    for (const file of value) {
      await settings.load(file.uri);
      const facts = { ...file, relativePath: settings.relativePath(file.uri) };
      files.push(lintFile(facts, lintTargetOf(facts, settings.includes(file.uri)), MAX_DOCUMENT_LENGTH));
    }
    return { files };
  });

  connection.listen();
}

function isJwtRole(open: OpenDocument): boolean {
  return open.target !== undefined && kindFromFileName(open.target.fileName) === 'jwt-role';
}

/** Small edits (typing, a short paste) are linted at once; the per-document cache keeps that cheap. */
function isSmall(changes: readonly TextDocumentContentChangeEvent[]): boolean {
  return (
    changes.length <= 4 &&
    changes.every((change) => {
      if (!('range' in change)) return false;
      const lines = change.range.end.line - change.range.start.line;
      return change.text.length <= SMALL_EDIT_CHARS && lines <= 3;
    })
  );
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
  };
}
