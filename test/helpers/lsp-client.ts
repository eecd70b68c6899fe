import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node.js';
import type { MessageConnection } from 'vscode-jsonrpc/node.js';
import type { Diagnostic, InitializeResult, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { entryArgs, REPO_ROOT } from './engine.ts';

/** A `keyfob lsp --stdio` process and a protocol client on its pipes (vscode-jsonrpc, as editors' clients use). */
export interface LspSession {
  readonly connection: MessageConnection;
  readonly initialized: InitializeResult;
  readonly process: ChildProcess;
  /** Resolves with the next diagnostics published for `uri` at `version` or later. */
  diagnostics(uri: string, version: number, timeoutMs?: number): Promise<Diagnostic[]>;
  /** Opens a document (`textDocument/didOpen`), version 1. */
  open(uri: string, languageId: string, text: string): void;
  stop(): Promise<void>;
}

/** Options of `startLsp`. */
export interface StartLspOptions {
  /** What `workspace/configuration` answers for section `keyfob` (default: nothing, as most editors). */
  readonly settings?: unknown;
  readonly rootUri?: string;
  readonly initializationOptions?: unknown;
}

/** The file URI of a path. */
export function fileUri(path: string): string {
  return pathToFileURL(path).href;
}

/**
 * Spawns `node cli/dist/keyfob.cjs lsp --stdio` (the sources through tsx when the bundle is stale)
 * and performs the initialize handshake as a pull-configuration client.
 */
export async function startLsp(options: StartLspOptions = {}): Promise<LspSession> {
  const child = spawn(process.execPath, [...entryArgs().args, 'lsp', '--stdio'], { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const published: PublishDiagnosticsParams[] = [];
  const waiters = new Set<() => void>();
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    published.push(params);
    for (const wake of [...waiters]) wake();
  });
  connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) => params.items.map((item) => (item.section === 'keyfob' ? (options.settings ?? null) : null)));
  connection.onRequest('client/registerCapability', () => null);
  connection.onNotification('window/logMessage', () => undefined);
  connection.listen();
  const initialized = await connection.sendRequest<InitializeResult>('initialize', {
    processId: process.pid,
    rootUri: options.rootUri ?? null,
    workspaceFolders: options.rootUri ? [{ uri: options.rootUri, name: 'root' }] : null,
    capabilities: {
      workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } },
      textDocument: { publishDiagnostics: { versionSupport: true, tagSupport: { valueSet: [1, 2] } } },
    },
    initializationOptions: options.initializationOptions ?? null,
  });
  await connection.sendNotification('initialized', {});

  const diagnostics = (uri: string, version: number, timeoutMs = 15_000): Promise<Diagnostic[]> =>
    new Promise((resolve, reject) => {
      const check = (): boolean => {
        const found = published.find((p) => p.uri === uri && (p.version ?? 0) >= version);
        if (!found) return false;
        published.splice(published.indexOf(found), 1);
        resolve(found.diagnostics);
        return true;
      };
      if (check()) return;
      const wake = (): void => {
        if (!check()) return;
        waiters.delete(wake);
        clearTimeout(timer);
      };
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`no diagnostics for ${uri} v${version} within ${timeoutMs} ms; server stderr: ${stderr}`));
      }, timeoutMs);
      waiters.add(wake);
    });

  return {
    connection,
    initialized,
    process: child,
    diagnostics,
    open: (uri, languageId, text) => void connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } }),
    stop: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      await connection.sendRequest('shutdown').catch(() => undefined);
      await connection.sendNotification('exit').catch(() => undefined);
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      connection.dispose();
    },
  };
}
