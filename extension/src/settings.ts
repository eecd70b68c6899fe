import * as vscode from 'vscode';

/**
 * `keyfob.roleFiles.include` of a folder: extra globs of role files, for finding them in the
 * workspace (the language server reads the same setting to decide what it lints).
 */
export function includeGlobs(scope?: vscode.Uri): string[] {
  const value = vscode.workspace.getConfiguration('keyfob', scope).get<unknown>('roleFiles.include');
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    : [];
}
