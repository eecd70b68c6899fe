import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import type { Connection } from 'vscode-languageserver';
import type { DocumentSession } from './document-session.ts';
import { codeActionsOf, completionsOf, hoverOf, inlayHintsOf, symbolsOf } from './features.ts';
import { lintTargetOf } from './lint-file-name.ts';
import { LINT_FILES_METHOD, lintFile, readLintFilesParams } from './lint-files.ts';
import type { LintedFile } from './lint-files.ts';
import { MAX_DOCUMENT_LENGTH, type OpenDocument } from './open-document.ts';
import type { SettingsStore } from './settings-store.ts';

/**
 * The requests a client asks about open documents (hover, completion, code actions, symbols, inlay
 * hints) and `keyfob/lintFiles` (Validate all role files): each answered from the session's document
 * through features.ts.
 */
export function registerHandlers(connection: Connection, session: DocumentSession, settings: SettingsStore): void {
  const withDocument = <T>(uri: string, empty: T, answer: (open: OpenDocument) => T): T => {
    const open = session.get(uri);
    return open ? answer(open) : empty;
  };
  connection.onHover(({ textDocument, position }) =>
    withDocument(
      textDocument.uri,
      null,
      (open) => hoverOf(open, open.document.offsetAt(position), session.contextOf(open)) ?? null,
    ),
  );
  connection.onCompletion(({ textDocument, position }) =>
    withDocument(textDocument.uri, [], (open) =>
      completionsOf(open, open.document.offsetAt(position), session.contextOf(open)),
    ),
  );
  connection.onCodeAction(({ textDocument, range, context }) =>
    withDocument(textDocument.uri, [], (open) => {
      const actions = codeActionsOf(
        open,
        open.document.offsetAt(range.start),
        open.document.offsetAt(range.end),
        session.contextOf(open),
      );
      const only = context.only;
      return only
        ? actions.filter((a) => only.some((kind) => a.kind === kind || a.kind?.startsWith(`${kind}.`)))
        : actions;
    }),
  );
  connection.onDocumentSymbol(({ textDocument }) => withDocument(textDocument.uri, [], symbolsOf));
  connection.languages.inlayHint.on(({ textDocument, range }) =>
    withDocument(textDocument.uri, [], (open) => inlayHintsOf(open, range, settings.cached(open.uri).history)),
  );

  connection.onRequest(LINT_FILES_METHOD, async (params: unknown) => {
    const { value, problems } = readLintFilesParams(params);
    if (problems.length > 0) throw new ResponseError(ErrorCodes.InvalidParams, problems.join('; '));
    const files: LintedFile[] = [];
    for (const file of value) {
      await settings.load(file.uri);
      const facts = { ...file, relativePath: settings.relativePath(file.uri) };
      files.push(lintFile(facts, lintTargetOf(facts, settings.includes(file.uri)), MAX_DOCUMENT_LENGTH));
    }
    return { files };
  });
}
