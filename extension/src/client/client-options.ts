import type { LanguageClientOptions } from 'vscode-languageclient';
import { SHOW_SUBJECT } from '../history/history-pages.ts';
import { isHistoryDocument } from '../history/scan-cache.ts';

/** Id of the language client (its output channel and the `keyfob.trace.server` setting use it). */
export const CLIENT_ID = 'keyfob';
/** Name of the language client, shown in its output channel. */
export const CLIENT_NAME = 'keyfob language server';

/**
 * What the extension asks of the keyfob language server, the same on the desktop and the web:
 * every document of the user's code (role files get lint, completion, hover, fixes and an outline;
 * any code gets the API history), settings pulled from the `keyfob` section, hover links that may
 * run only our own history-page command, completions that reopen the suggest widget after a key.
 */
export function clientOptions(): LanguageClientOptions {
  return {
    // API subjects are found in code of any language; the server decides which files it lints.
    // YAML, JSON and Terraform are named as well: VS Code asks completion providers group by group,
    // best selector match first, and stops at the first group with results, so a `*` provider alone
    // would never be asked in JSON (VS Code's own JSON completion answers first) or beside
    // HashiCorp's Terraform extension (terraform-ls answers for the `terraform` language).
    documentSelector: [
      { language: 'yaml' },
      { language: 'json' },
      { language: 'jsonc' },
      { language: 'terraform' },
      { language: '*' },
    ],
    diagnosticCollectionName: 'keyfob',
    // workspaceSnapshot: the server asks the extension to read workspace folders (policies, JWT roles,
    // workflows) for the access answer on hover and the trust checks (see workspace-snapshot.ts);
    // projectFacts: what the folders' files tell each other about the API, from the host's one read of them
    // (ScanCache's WorkspaceProjectFacts), asked with keyfob/projectFacts.
    initializationOptions: {
      suggestCommand: 'editor.action.triggerSuggest',
      historyPageCommand: SHOW_SUBJECT,
      workspaceSnapshot: true,
      projectFacts: true,
    },
    markdown: { isTrusted: { enabledCommands: [SHOW_SUBJECT] } },
    // Panels, diffs of other tools and our own history pages are not the user's code: never sent.
    middleware: {
      didOpen: (document, next) => (isHistoryDocument(document) ? next(document) : Promise.resolve()),
      didChange: (event, next) => (isHistoryDocument(event.document) ? next(event) : Promise.resolve()),
      didClose: (document, next) => (isHistoryDocument(document) ? next(document) : Promise.resolve()),
    },
  };
}
