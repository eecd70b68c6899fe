import type * as vscode from 'vscode';
import { core } from './core-access.ts';
import type { FileKind } from '@keyfob/shared/editor';
import type { LintResult } from '@keyfob/shared/lint';
import type { RoleFiles } from './role-files.ts';

export type { LintResult } from '@keyfob/shared/lint';

/**
 * Lints documents with `lintText` (the CLI's rules) and keeps the latest result per document,
 * keyed by version: diagnostics, hovers, quick fixes and the outline of one version share one run.
 */
export class LintCache {
  readonly #results = new Map<string, { version: number; result: LintResult }>();

  constructor(private readonly roleFiles: RoleFiles) {}

  /** The lint result of the document's current version, computed at most once per version. */
  get(document: vscode.TextDocument): LintResult {
    const key = document.uri.toString();
    const cached = this.#results.get(key);
    if (cached?.version === document.version) return cached.result;
    const result = core().lintText(document.getText(), { fileName: this.roleFiles.lintFileName(document), format: document.languageId === 'yaml' ? 'yaml' : 'json' });
    this.#results.set(key, { version: document.version, result });
    return result;
  }

  /** Kind of a document of the file (falls back to the file's first document's kind). */
  kindOf(result: LintResult, index: number): FileKind | undefined {
    const found = result.documents.find((d) => d.index === index) ?? result.documents[0];
    return found?.kind;
  }

  /** Drops every result (the settings that decide a file's lint name changed). */
  clear(): void {
    this.#results.clear();
  }

  /** Drops a closed document's result. */
  forget(uri: vscode.Uri): void {
    this.#results.delete(uri.toString());
  }
}
