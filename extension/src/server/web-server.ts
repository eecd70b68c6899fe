import { installIamCatalogue } from '@keyfob/shared/iam-policy';
import { startLanguageServer } from '@keyfob/shared/lsp';
import { BrowserMessageReader, BrowserMessageWriter, createConnection } from 'vscode-languageserver/browser';
import { hostDeps } from './host-deps.ts';

// dist/web/server.js: the keyfob language server in the web worker the web extension starts
// (vscode.dev, github.dev, code-server's browser host). Messages travel over the worker's port.
// The worker's global scope (typed with the DOM library's Worker: the same postMessage/onmessage surface).
declare const self: Worker & { readonly location: { readonly href: string } };

// AWS's IAM catalogue from the extension's own files (dist/iam beside dist/web), one service at a
// time: the rules ask synchronously, and a worker may use synchronous requests.
installIamCatalogue((name) => {
  try {
    const request = new XMLHttpRequest();
    request.open('GET', new URL(`../iam/${name}`, self.location.href).href, false);
    request.send();
    return request.status === 200 ? request.responseText : undefined;
  } catch {
    return undefined;
  }
});
const connection = createConnection(new BrowserMessageReader(self), new BrowserMessageWriter(self));
startLanguageServer(connection, hostDeps);
