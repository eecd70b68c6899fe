import * as vscode from 'vscode';

/**
 * `keyfob.roleFiles.include` of a folder: extra globs of role files, for finding them in the
 * workspace (the language server reads the same setting to decide what it lints).
 */
function includeGlobs(scope?: vscode.Uri): string[] {
  const value = vscode.workspace.getConfiguration('keyfob', scope).get<unknown>('roleFiles.include');
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    : [];
}

/** Glob patterns (for `workspace.findFiles`) of role files: the built-in names plus the include setting. */
export function roleFilePatterns(): string[] {
  // The names `keyfob lint` walks (isRoleFileName): role kinds, JWT roles, manifests and ACL policies.
  const builtIn = [
    '**/*.{role,static-role,manifest,root-config,lease-config,jwt-role}.{yaml,yml,json,jsonc}',
    '**/keyfob.{yaml,yml,json,jsonc}',
    '**/*.policy.{hcl,json}',
  ];
  const folders = vscode.workspace.workspaceFolders ?? [];
  return [...builtIn, ...folders.flatMap((folder) => includeGlobs(folder.uri))];
}
