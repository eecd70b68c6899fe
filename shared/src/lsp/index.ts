// Public surface of the language-server area: the one adapter between shared/'s editor logic and
// the Language Server Protocol. Hosts (the CLI's `keyfob lsp --stdio`, the VS Code extension's
// node and web-worker servers) create the connection and pass it in.
export { startLanguageServer } from './server.ts';
export type { ServerDeps } from './server.ts';
export { LINT_FILES_METHOD } from './lint-files.ts';
export { WORKSPACE_SNAPSHOT_METHOD } from './workspace-request.ts';
export { PROJECT_FACTS_CHANGED, PROJECT_FACTS_METHOD, projectFactsToWire } from './project-request.ts';
export type { LintedFile } from './lint-files.ts';
export type { ReadOptions, WorkspaceFile, WorkspaceSnapshot } from './workspace-access.ts';
export { gitBaseReader } from './git-base-reader.ts';
