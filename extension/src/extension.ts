import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { NEW_ROLE_FILE, newRoleFile } from './commands/new-role-file.ts';
import { VALIDATE_WORKSPACE, validateWorkspace } from './commands/validate-workspace.ts';
import { registerHistoryProviders } from './history/index.ts';
import { WorkspaceDiagnostics } from './workspace-diagnostics.ts';
import { workspaceSnapshot } from './workspace-snapshot.ts';
import { ReadLog } from './read-log.ts';
import {
  PROJECT_FACTS_CHANGED,
  PROJECT_FACTS_METHOD,
  projectFactsToWire,
  WORKSPACE_SNAPSHOT_METHOD,
} from '@keyfob/shared/lsp';

/**
 * Activation of both builds. Diagnostics, completion, hover, code actions, the outline and the API
 * history's hovers, diagnostics, fixes and inlay hints come from the keyfob language server (the
 * same server as `keyfob lsp`), started by `createClient` (a Node process on the desktop, a web
 * worker on the web). The extension keeps what is VS Code's own: commands, the history view,
 * search, pages and end-of-line decorations. Resolves once the server answered `initialize`, so
 * every feature works as soon as activation is over.
 */
let running: BaseLanguageClient | undefined;

/** What activation resolves to (other extensions read it with `getExtension(…).exports`): the build that runs. */
export interface KeyfobExtensionApi {
  /** `desktop`: the `main` entry, server in a Node process; `web`: the `browser` entry, server in a web worker. */
  readonly build: 'desktop' | 'web';
  /** The workspace files the extension read for the API history, oldest first (URI strings, one entry per read). */
  readonly filesRead: () => readonly string[];
}

export async function activateExtension(
  context: vscode.ExtensionContext,
  createClient: (context: vscode.ExtensionContext) => BaseLanguageClient | Promise<BaseLanguageClient>,
  build: KeyfobExtensionApi['build'],
): Promise<KeyfobExtensionApi> {
  const client = await createClient(context);
  running = client;
  const workspaceDiagnostics = new WorkspaceDiagnostics(client);
  context.subscriptions.push(
    workspaceDiagnostics,
    vscode.commands.registerCommand(NEW_ROLE_FILE, newRoleFile),
    vscode.commands.registerCommand(VALIDATE_WORKSPACE, () => validateWorkspace(workspaceDiagnostics)),
    vscode.workspace.onDidOpenTextDocument((document) => workspaceDiagnostics.opened(document)),
    vscode.workspace.onDidCloseTextDocument((document) => void workspaceDiagnostics.closed(document)),
  );
  const log = new ReadLog();
  const cache = registerHistoryProviders(context, log);
  // Registered before start: the server asks for folders as soon as it is initialized. The API
  // history's project facts are read once, by this host (the end-of-line notes), and given to the
  // server from that read; it is told when a folder was read again.
  context.subscriptions.push(
    log,
    client.onRequest(WORKSPACE_SNAPSHOT_METHOD, workspaceSnapshot),
    client.onRequest(PROJECT_FACTS_METHOD, async (params: unknown) => {
      const folderUri = (params as { folderUri?: unknown } | null)?.folderUri;
      const saved = typeof folderUri === 'string' ? await cache.savedFacts(folderUri) : undefined;
      return saved ? projectFactsToWire(saved) : null;
    }),
    cache.onProjectRead((folderUri) => {
      if (client.isRunning()) void client.sendNotification(PROJECT_FACTS_CHANGED, { folderUri }).catch(() => undefined);
    }),
  );
  await client.start();
  return { build, filesRead: () => log.files };
}

/** Stops the server (VS Code waits for the returned promise when the extension is deactivated). */
export function deactivateExtension(): Promise<void> | undefined {
  const client = running;
  running = undefined;
  return client?.dispose();
}
