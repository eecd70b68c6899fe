import * as vscode from 'vscode';
import { historyCore } from './history-access.ts';
import type { HistorySettingsCache } from './history-settings.ts';
import { SimpleEmitter } from './simple-emitter.ts';
import type { WorkspaceUsage } from './workspace-usage.ts';

/** Scheme of the read-only history pages (a content provider, so they work on the web and in virtual workspaces). */
export const PAGE_SCHEME = 'keyfob-history';
/** Opens a subject's page: argument the subject id. */
export const SHOW_SUBJECT = 'keyfob.apiHistory.showSubject';
/** Opens an entry's page: argument the entry key. */
export const SHOW_ENTRY = 'keyfob.apiHistory.showEntry';

/** Read-only Markdown pages of a subject (timeline and uses in the workspace) or an entry. */
export class HistoryPages implements vscode.TextDocumentContentProvider, vscode.Disposable {
  readonly #changed = new SimpleEmitter<vscode.Uri>();
  readonly onDidChange = this.#changed.event;

  constructor(
    private readonly settings: HistorySettingsCache,
    private readonly usage: WorkspaceUsage,
  ) {}

  provideTextDocumentContent(uri: vscode.Uri): string {
    const core = historyCore();
    const target = this.settings.for(vscode.window.activeTextEditor?.document.uri).target;
    const [kind, encoded = ''] = uri.path.replace(/^\//, '').replace(/\.md$/, '').split('/');
    const id = decodeURIComponent(encoded);
    if (kind === 'subject') {
      const subject = core.history.byId.get(id);
      if (subject) return core.subjectPage(subject, { target, usedAt: this.usage.placesOf(id) });
    }
    if (kind === 'entry') {
      const entry = core.entryByKey(id, core.history);
      if (entry) return core.entryPage(entry, { target });
    }
    return `# Not in the history\n\n\`${id}\` is not a subject or entry of the platform API history.\n`;
  }

  /** Settings or usage changed: open pages are rendered again. */
  refresh(): void {
    for (const document of vscode.workspace.textDocuments) if (document.uri.scheme === PAGE_SCHEME) this.#changed.fire(document.uri);
  }

  dispose(): void {
    this.#changed.dispose();
  }
}

/** The page URI of a subject (`subject`) or an entry (`entry`). */
function pageUri(kind: 'subject' | 'entry', id: string): vscode.Uri {
  return vscode.Uri.from({ scheme: PAGE_SCHEME, path: `/${kind}/${encodeURIComponent(id)}.md` });
}

/** Opens a page in a preview editor beside nothing else; returns the document. */
export async function showPage(kind: 'subject' | 'entry', id: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(pageUri(kind, id));
  await vscode.window.showTextDocument(document, { preview: true });
  return document;
}
