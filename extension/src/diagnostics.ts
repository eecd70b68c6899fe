import * as vscode from 'vscode';
import { toDiagnostic } from './convert.ts';
import type { LintCache } from './lint-cache.ts';
import type { RoleFiles } from './role-files.ts';
import type { Settings } from './settings.ts';

/**
 * Keeps the Problems panel in step with open role files: lints on open at once, on change after a
 * debounce (`keyfob.diagnostics.debounceMs`, 250 ms by default) and only when the version changed,
 * and clears a file's entries when it closes (unless a workspace validation reported it).
 */
export class DiagnosticsController implements vscode.Disposable {
  readonly collection = vscode.languages.createDiagnosticCollection('keyfob');
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  readonly #published = new Map<string, number>();
  /** Files reported by "Validate all role files": their entries stay after closing. */
  readonly workspaceReported = new Set<string>();

  constructor(
    private readonly roleFiles: RoleFiles,
    private readonly cache: LintCache,
    private readonly settingsFor: (uri: vscode.Uri) => Settings,
  ) {}

  /** Lints a document now (no debounce) if it is a role file; clears its entries otherwise. */
  refresh(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    if (!this.roleFiles.isRoleFile(document)) {
      if (this.#published.delete(key)) this.collection.delete(document.uri);
      return;
    }
    if (this.#published.get(key) === document.version) return;
    const result = this.cache.get(document);
    this.collection.set(document.uri, result.problems.map((p) => toDiagnostic(p, document)));
    this.#published.set(key, document.version);
  }

  /** Schedules a lint after the debounce; a newer change restarts the wait. */
  schedule(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    clearTimeout(this.#timers.get(key));
    const delay = this.settingsFor(document.uri).debounceMs;
    this.#timers.set(key, setTimeout(() => {
      this.#timers.delete(key);
      this.refresh(document);
    }, delay));
  }

  /** A document closed: drop timers and cached state; keep entries a workspace validation made. */
  closed(document: vscode.TextDocument): void {
    const key = document.uri.toString();
    clearTimeout(this.#timers.get(key));
    this.#timers.delete(key);
    this.#published.delete(key);
    this.cache.forget(document.uri);
    this.roleFiles.forget(document.uri);
    if (!this.workspaceReported.has(key)) this.collection.delete(document.uri);
  }

  /** Re-lints every open document (after a settings change). */
  refreshAll(): void {
    this.#published.clear();
    for (const document of vscode.workspace.textDocuments) this.refresh(document);
  }

  dispose(): void {
    for (const timer of this.#timers.values()) clearTimeout(timer);
    this.collection.dispose();
  }
}
