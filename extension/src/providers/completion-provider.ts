import * as vscode from 'vscode';
import { core } from '../core-access.ts';
import type { CompletionEntry, FileKind } from '@keyfob/shared/editor';
import { toRange } from '../convert.ts';
import type { LintCache } from '../lint-cache.ts';
import type { RoleFiles } from '../role-files.ts';

const KINDS: Readonly<Record<CompletionEntry['kind'], vscode.CompletionItemKind>> = {
  field: vscode.CompletionItemKind.Property,
  value: vscode.CompletionItemKind.Value,
  snippet: vscode.CompletionItemKind.Snippet,
};

/** Completion of keys, values and whole-role scaffolds in role files (logic in shared/src/editor). */
export class RoleCompletionProvider implements vscode.CompletionItemProvider {
  constructor(
    private readonly roleFiles: RoleFiles,
    private readonly cache: LintCache,
  ) {}

  provideCompletionItems(document: vscode.TextDocument, position: vscode.Position): vscode.CompletionItem[] {
    if (!this.roleFiles.isRoleFile(document)) return [];
    const text = document.getText();
    const offset = document.offsetAt(position);
    const result = this.cache.get(document);
    const kind = this.#kindAt(result, offset);
    const format = document.languageId === 'yaml' ? 'yaml' : 'json';
    return core().completionsAt(text, offset, { format, kind }).map((entry) => toItem(document, entry));
  }

  #kindAt(result: ReturnType<LintCache['get']>, offset: number): FileKind | undefined {
    const index = result.file.documents.findIndex((d) => offset >= d.range.start && offset <= d.range.end);
    return this.cache.kindOf(result, Math.max(0, index));
  }
}

function toItem(document: vscode.TextDocument, entry: CompletionEntry): vscode.CompletionItem {
  const item = new vscode.CompletionItem(entry.label, KINDS[entry.kind]);
  item.insertText = entry.snippet ? new vscode.SnippetString(entry.insertText) : entry.insertText;
  item.range = toRange(document, entry.replace);
  item.sortText = entry.sortText;
  if (entry.filterText) item.filterText = entry.filterText;
  if (entry.detail) item.detail = entry.detail;
  if (entry.documentation) item.documentation = new vscode.MarkdownString(entry.documentation);
  if (entry.retrigger) item.command = { title: 'Suggest values', command: 'editor.action.triggerSuggest' };
  return item;
}
