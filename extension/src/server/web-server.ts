import { startLanguageServer } from '@keyfob/shared/lsp';
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { hostDeps } from './host-deps.ts';

// dist/web/server.js: the keyfob language server in the web worker the web extension starts
// (vscode.dev, github.dev, code-server's browser host). Messages travel over the worker's port.
// The worker's global scope (typed with the DOM library's Worker: the same postMessage/onmessage surface).
declare const self: Worker;

const connection = createConnection(new BrowserMessageReader(self), new BrowserMessageWriter(self));
startLanguageServer(connection, hostDeps);
