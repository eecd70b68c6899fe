import * as vscode from 'vscode';
import { isRoleFileName } from '@keyfob/shared';
import type { Settings } from './settings.ts';

const LANGUAGES = new Set(['yaml', 'json', 'jsonc']);
// A `$schema` or yaml-language-server modeline naming one of keyfob's schemas marks a role file
// whatever its name (the lint area reads the same marker).
const SCHEMA_MARKER = 'keyfob.dev/schemas/';

/** The file name without folders, for the name-based rules of `isRoleFileName`. */
export function baseName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

/**
 * Decides whether an open document is a keyfob role file: YAML/JSON/JSONC and either a role file
 * name (`*.role.yaml`, ...), a match of `keyfob.roleFiles.include`, or a keyfob `$schema`. Cached per
 * document version, since providers ask on every keystroke.
 */
export class RoleFiles {
  readonly #cache = new Map<string, { version: number; answer: boolean }>();

  constructor(private readonly settingsFor: (uri: vscode.Uri) => Settings) {}

  /** True when the document is a role file (see class summary). */
  isRoleFile(document: vscode.TextDocument): boolean {
    if (!LANGUAGES.has(document.languageId) || document.uri.scheme === 'output') return false;
    const key = document.uri.toString();
    const cached = this.#cache.get(key);
    if (cached?.version === document.version) return cached.answer;
    const answer = this.#decide(document);
    this.#cache.set(key, { version: document.version, answer });
    return answer;
  }

  /** Forgets a closed document, or everything after a settings change. */
  forget(uri?: vscode.Uri): void {
    if (uri) this.#cache.delete(uri.toString());
    else this.#cache.clear();
  }

  /** Glob patterns (for `workspace.findFiles`) of role files: the built-in names plus the setting. */
  patterns(): string[] {
    const builtIn = ['**/*.{role,static-role,manifest}.{yaml,yml,json,jsonc}', '**/keyfob.{yaml,yml,json,jsonc}'];
    const folders = vscode.workspace.workspaceFolders ?? [];
    const extra = folders.flatMap((folder) => this.settingsFor(folder.uri).include);
    return [...builtIn, ...extra];
  }

  #decide(document: vscode.TextDocument): boolean {
    if (isRoleFileName(baseName(document.uri))) return true;
    const folder = vscode.workspace.getWorkspaceFolder(document.uri);
    for (const glob of this.settingsFor(document.uri).include) {
      const pattern = folder ? new vscode.RelativePattern(folder, glob) : glob;
      if (vscode.languages.match({ pattern }, document) > 0) return true;
    }
    return document.getText().includes(SCHEMA_MARKER);
  }
}
