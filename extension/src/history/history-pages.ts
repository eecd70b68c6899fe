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
/**
 * The only command a page's links may run: opens a use at its line (arguments: the file's URI as a
 * string, the 1-based line). `vscode.open` in a command link cannot take a selection.
 */
const OPEN_USE = 'keyfob.apiHistory.openUse';

/**
 * Read-only pages of a subject (timeline and uses in the workspace) or an entry: Markdown from a
 * content provider, shown rendered in a panel titled by the page's heading, where each use in the
 * workspace is a link that opens its file at its line.
 */
export class HistoryPages implements vscode.TextDocumentContentProvider, vscode.Disposable {
  readonly #changed = new SimpleEmitter<vscode.Uri>();
  readonly onDidChange = this.#changed.event;
  readonly #openUse = vscode.commands.registerCommand(OPEN_USE, openUse);

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
      const usedAt = this.usage
        .usesOf(id)
        .map((use) => `[${markdownText(use.label)}](${openAtLine(use.uri, use.line)})`);
      if (subject) return core.subjectPage(subject, { target, usedAt });
    }
    if (kind === 'entry') {
      const entry = core.entryByKey(id, core.history);
      if (entry) return core.entryPage(entry, { target });
    }
    return `# Not in the history\n\n\`${id}\` is not a subject or entry of the platform API history.\n`;
  }

  /** Settings or usage changed: open pages are rendered again. */
  refresh(): void {
    for (const document of vscode.workspace.textDocuments)
      if (document.uri.scheme === PAGE_SCHEME) this.#changed.fire(document.uri);
    for (const [key, panel] of panels) void render(panel, this.provideTextDocumentContent(vscode.Uri.parse(key)));
  }

  dispose(): void {
    this.#changed.dispose();
    this.#openUse.dispose();
    for (const panel of panels.values()) panel.dispose();
  }
}

/** The open page panels by page URI: opening a page again shows its panel. */
const panels = new Map<string, vscode.WebviewPanel>();

/** The page URI of a subject (`subject`) or an entry (`entry`). */
function pageUri(kind: 'subject' | 'entry', id: string): vscode.Uri {
  return vscode.Uri.from({ scheme: PAGE_SCHEME, path: `/${kind}/${encodeURIComponent(id)}.md` });
}

/** Opens a page rendered in its panel (titled by its heading); returns its Markdown document. */
export async function showPage(kind: 'subject' | 'entry', id: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(pageUri(kind, id));
  const key = document.uri.toString();
  let panel = panels.get(key);
  if (panel) panel.reveal();
  else {
    panel = vscode.window.createWebviewPanel(
      'keyfob.apiHistory.page',
      titleOf(document.getText()),
      vscode.ViewColumn.Active,
      {
        enableScripts: false,
        enableCommandUris: [OPEN_USE],
        localResourceRoots: [],
      },
    );
    panels.set(key, panel);
    panel.onDidDispose(() => panels.delete(key));
  }
  await render(panel, document.getText());
  return document;
}

/** "API history: <the page's heading>", the panel's title. */
function titleOf(markdown: string): string {
  const heading = /^# (.+)$/m.exec(markdown)?.[1] ?? 'page';
  return `API history: ${heading.replaceAll('`', '')}`;
}

/** Renders the page's Markdown with VS Code's own Markdown renderer, styled by the theme. */
async function render(panel: vscode.WebviewPanel, markdown: string): Promise<void> {
  let body: string;
  try {
    body = await vscode.commands.executeCommand<string>('markdown.api.render', markdown);
  } catch {
    // Without the built-in Markdown extension: the text as it is.
    body = `<pre>${escapeHtml(markdown)}</pre>`;
  }
  panel.title = titleOf(markdown);
  const csp = `default-src 'none'; style-src 'unsafe-inline' ${panel.webview.cspSource}; img-src ${panel.webview.cspSource} https:;`;
  panel.webview.html = `<!DOCTYPE html><html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${csp}"><style>${STYLE}</style></head><body>${body}</body></html>`;
}

const STYLE = [
  'body { font-family: var(--vscode-markdown-font-family, var(--vscode-font-family)); font-size: var(--vscode-markdown-font-size, 14px); color: var(--vscode-foreground); padding: 0 26px; line-height: 1.5; }',
  'a { color: var(--vscode-textLink-foreground); } a:hover { color: var(--vscode-textLink-activeForeground); }',
  'code { font-family: var(--vscode-editor-font-family); background: var(--vscode-textCodeBlock-background); padding: 1px 3px; border-radius: 3px; }',
  'h1, h2 { border-bottom: 1px solid var(--vscode-panel-border); padding-bottom: 0.3em; }',
].join('\n');

/** A `command:` link that opens `uri` at `line` (1-based). */
function openAtLine(uri: vscode.Uri, line: number): string {
  return `command:${OPEN_USE}?${encodeURIComponent(JSON.stringify([uri.toString(), line]))}`;
}

/** Opens a use of a subject: the file, with the cursor at the start of the line. */
async function openUse(uri: unknown, line: unknown): Promise<void> {
  if (typeof uri !== 'string' || typeof line !== 'number' || !Number.isInteger(line) || line < 1) return;
  const at = new vscode.Position(line - 1, 0);
  await vscode.window.showTextDocument(vscode.Uri.parse(uri), { selection: new vscode.Range(at, at), preview: true });
}

/** Text shown as is in Markdown (a file path can hold `[`, `*`, `_` or `<`). */
function markdownText(text: string): string {
  return text.replace(/[\\`*_[\]<>&]/g, (c) =>
    c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '&' ? '&amp;' : `\\${c}`,
  );
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}
