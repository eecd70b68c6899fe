// Public surface of the language-server area: the one adapter between shared/'s editor logic and
// the Language Server Protocol. Hosts (the CLI's `keyfob lsp --stdio`, the VS Code extension's
// node and web-worker servers) create the connection and pass it in.
export { startLanguageServer } from './server.ts';
export type { ServerDeps } from './server.ts';
export type { ClientOptions } from './features.ts';
export { readServerSettings, DEFAULT_SERVER_SETTINGS } from './settings.ts';
export type { HistorySettings, ServerSettings } from './settings.ts';
export { lintTargetOf } from './lint-file-name.ts';
export { HISTORY_SOURCE, LINT_SOURCE } from './to-lsp.ts';
export { LINT_FILES_METHOD } from './lint-files.ts';
export { WORKSPACE_SNAPSHOT_METHOD } from './workspace-request.ts';
export type { LintedFile } from './lint-files.ts';
export type { ReadOptions, ReadWorkspace, WorkspaceFile, WorkspaceSnapshot } from './workspace-access.ts';
