import { spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
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
  /** The messages the server logged to the client (`window/logMessage`), in order. */
  readonly logs: readonly string[];
  /** Resolves with the first message logged (before or after the call) that `accept` takes. */
  logged(accept: (message: string) => boolean, timeoutMs?: number): Promise<string>;
  /** Resolves with the next diagnostics published for `uri` at `version` or later. */
  diagnostics(uri: string, version: number, timeoutMs?: number): Promise<Diagnostic[]>;
  /**
   * Resolves with the first publish for `uri` whose diagnostics satisfy `accept` (earlier ones for
   * `uri` are dropped) and the `performance.now()` at which it arrived: for servers that publish
   * without a version.
   */
  diagnosticsWhere(
    uri: string,
    accept: (diagnostics: Diagnostic[]) => boolean,
    timeoutMs?: number,
  ): Promise<{ diagnostics: Diagnostic[]; at: number }>;
  /** The capabilities the server registered (`client/registerCapability`), in order. */
  readonly registrations: readonly { readonly method: string; readonly registerOptions?: unknown }[];
  /** The methods of the requests the server sent that this client only counts (`workspace/codeLens/refresh`). */
  readonly refreshes: readonly string[];
  /** Opens a document (`textDocument/didOpen`), version 1. */
  open(uri: string, languageId: string, text: string): void;
  stop(): Promise<void>;
}

/** Options of `startLsp`. */
export interface StartLspOptions {
  /** What `workspace/configuration` answers for section `keyfob` (default: nothing, as most editors). */
  readonly settings?: unknown;
  /** What `workspace/configuration` answers per section (replaces `settings`; unknown sections get null). */
  readonly sections?: Readonly<Record<string, unknown>>;
  /** The server's command line after `node` (default: `keyfob lsp --stdio`, the bundle or the sources). */
  readonly command?: readonly string[];
  readonly rootUri?: string;
  readonly initializationOptions?: unknown;
  /** More workspace client capabilities (`{ codeLens: { refreshSupport: true } }`), beside configuration. */
  readonly workspaceCapabilities?: Readonly<Record<string, unknown>>;
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
  const command = options.command ?? [...entryArgs().args, 'lsp', '--stdio'];
  const child = spawn(process.execPath, command, { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const connection = createMessageConnection(
    new StreamMessageReader(child.stdout),
    new StreamMessageWriter(child.stdin),
  );
  const published: (PublishDiagnosticsParams & { at: number })[] = [];
  const waiters = new Set<() => void>();
  connection.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
    published.push({ ...params, at: performance.now() });
    for (const wake of [...waiters]) wake();
  });
  const sections: Readonly<Record<string, unknown>> = options.sections ?? { keyfob: options.settings ?? null };
  connection.onRequest('workspace/configuration', (params: { items: { section?: string }[] }) =>
    params.items.map((item) =>
      item.section !== undefined && Object.hasOwn(sections, item.section) ? sections[item.section] : null,
    ),
  );
  const registrations: { method: string; registerOptions?: unknown }[] = [];
  connection.onRequest('client/registerCapability', (params: { registrations?: typeof registrations }) => {
    registrations.push(...(params.registrations ?? []));
    return null;
  });
  const refreshes: string[] = [];
  connection.onRequest('workspace/codeLens/refresh', () => {
    refreshes.push('workspace/codeLens/refresh');
    return null;
  });
  const logs: string[] = [];
  connection.onNotification('window/logMessage', (params: { message: string }) => {
    logs.push(params.message);
    for (const wake of [...waiters]) wake();
  });
  connection.listen();
  const initialized = await connection.sendRequest<InitializeResult>('initialize', {
    processId: process.pid,
    rootUri: options.rootUri ?? null,
    workspaceFolders: options.rootUri ? [{ uri: options.rootUri, name: 'root' }] : null,
    capabilities: {
      workspace: {
        configuration: true,
        didChangeConfiguration: { dynamicRegistration: true },
        ...options.workspaceCapabilities,
      },
      textDocument: { publishDiagnostics: { versionSupport: true, tagSupport: { valueSet: [1, 2] } } },
    },
    initializationOptions: options.initializationOptions ?? null,
  });
  await connection.sendNotification('initialized', {});

  /** Waits for the first queued or arriving publish `take` accepts (it removes what it consumes). */
  const waitFor = <T>(take: () => T | undefined, timeoutMs: number, what: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const found = take();
      if (found !== undefined) return resolve(found);
      const wake = (): void => {
        const value = take();
        if (value === undefined) return;
        waiters.delete(wake);
        clearTimeout(timer);
        resolve(value);
      };
      const timer = setTimeout(() => {
        waiters.delete(wake);
        reject(new Error(`no diagnostics for ${what} within ${timeoutMs} ms; server stderr: ${stderr}`));
      }, timeoutMs);
      waiters.add(wake);
    });

  const diagnostics = (uri: string, version: number, timeoutMs = 15_000): Promise<Diagnostic[]> =>
    waitFor(
      () => {
        const found = published.find((p) => p.uri === uri && (p.version ?? 0) >= version);
        if (found) published.splice(published.indexOf(found), 1);
        return found?.diagnostics;
      },
      timeoutMs,
      `${uri} v${version}`,
    );

  const diagnosticsWhere = (
    uri: string,
    accept: (diagnostics: Diagnostic[]) => boolean,
    timeoutMs = 15_000,
  ): Promise<{ diagnostics: Diagnostic[]; at: number }> =>
    waitFor(
      () => {
        for (
          let index = published.findIndex((p) => p.uri === uri);
          index >= 0;
          index = published.findIndex((p) => p.uri === uri)
        ) {
          const [found] = published.splice(index, 1);
          if (found && accept(found.diagnostics)) return { diagnostics: found.diagnostics, at: found.at };
        }
        return undefined;
      },
      timeoutMs,
      `${uri} (a wanted set)`,
    );

  const logged = (accept: (message: string) => boolean, timeoutMs = 15_000): Promise<string> =>
    waitFor(() => logs.find(accept), timeoutMs, 'a log message');

  return {
    connection,
    initialized,
    process: child,
    logs,
    logged,
    registrations,
    refreshes,
    diagnostics,
    diagnosticsWhere,
    open: (uri, languageId, text) =>
      void connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } }),
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
