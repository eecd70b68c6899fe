/**
 * What a host reads of a workspace folder at most, for the checks that look beyond one file (the
 * JWT trust checks' workflows, the editor's access answer): keyfob files, workflows, bytes per file,
 * and the characters the language server keeps in all. One set for `keyfob lint`, the action, the
 * CLI's language server and the VS Code extension.
 */
export const WORKSPACE_LIMITS = {
  files: 1000,
  workflows: 200,
  fileBytes: 1024 * 1024,
  totalLength: 20_000_000,
  /** Directory entries a folder walk looks at (the language server's, nearest the open documents first). */
  walkEntries: 50_000,
} as const;
