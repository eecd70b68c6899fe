import * as vscode from 'vscode';
import { core } from './core-access.ts';
import type { Settings } from './settings.ts';

const LANGUAGES = new Set(['yaml', 'json', 'jsonc']);
// A `$schema` or yaml-language-server modeline naming one of keyfob's schemas marks a role file
// whatever its name (the lint area reads the same marker).
const SCHEMA_MARKER = 'keyfob.dev/schemas/';

/** Why a document is a role file: its name, the include setting, or a keyfob `$schema`; undefined: it is not. */
type Reason = 'name' | 'include' | 'schema' | undefined;

/** `team.yaml` -> `team.role.yaml`: the name lint reads as a dynamic role named `team`. */
function asRoleName(name: string, languageId: string): string {
  const stem = name.replace(/\.(ya?ml|jsonc?)$/i, '');
  return `${stem}.role.${languageId === 'yaml' ? 'yaml' : 'json'}`;
}

/** The file name without folders, for the name-based rules of `isRoleFileName`. */
function baseName(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1);
}

/**
 * Decides whether an open document is a keyfob role file: YAML/JSON/JSONC and either a role file
 * name (`*.role.yaml`, ...), a match of `keyfob.roleFiles.include`, or a keyfob `$schema`. Cached per
 * document version, since providers ask on every keystroke.
 */
export class RoleFiles {
  readonly #cache = new Map<string, { version: number; reason: Reason }>();

  constructor(private readonly settingsFor: (uri: vscode.Uri) => Settings) {}

  /** True when the document is a role file (see class summary). */
  isRoleFile(document: vscode.TextDocument): boolean {
    return this.#reason(document) !== undefined;
  }

  /**
   * The file name `lintText` should see: the real one, except for files that are role files only by
   * the include setting or untitled ones, which get a `.role` suffix so lint reads them as dynamic
   * roles (a `$schema` or modeline inside still wins, as lint gives those precedence).
   */
  lintFileName(document: vscode.TextDocument): string {
    const reason = this.#reason(document);
    return reason === 'include' || document.uri.scheme === 'untitled' ? asRoleName(baseName(document.uri), document.languageId) : baseName(document.uri);
  }

  /** Like `lintFileName` for a file found by a pattern, before it is opened. */
  lintFileNameOf(uri: vscode.Uri): string {
    const name = baseName(uri);
    return core().isRoleFileName(name) ? name : asRoleName(name, /\.ya?ml$/i.test(name) ? 'yaml' : 'json');
  }

  #reason(document: vscode.TextDocument): Reason {
    if (!LANGUAGES.has(document.languageId) || document.uri.scheme === 'output') return undefined;
    const key = document.uri.toString();
    const cached = this.#cache.get(key);
    if (cached?.version === document.version) return cached.reason;
    const reason = this.#decide(document);
    this.#cache.set(key, { version: document.version, reason });
    return reason;
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

  #decide(document: vscode.TextDocument): Reason {
    if (core().isRoleFileName(baseName(document.uri))) return 'name';
    const folder = vscode.workspace.getWorkspaceFolder(document.uri);
    for (const glob of this.settingsFor(document.uri).include) {
      const pattern = folder ? new vscode.RelativePattern(folder, glob) : glob;
      if (vscode.languages.match({ pattern }, document) > 0) return 'include';
    }
    return document.getText().includes(SCHEMA_MARKER) ? 'schema' : undefined;
  }
}
