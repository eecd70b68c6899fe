import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { installIamCatalogue } from '@keyfob/shared/iam-policy';
import { startLanguageServer } from '@keyfob/shared/lsp';
import { createConnection, IPCMessageReader, IPCMessageWriter } from 'vscode-languageserver/node';
import { hostDeps } from './host-deps.ts';

// dist/server.js: the keyfob language server in the Node process the desktop extension forks
// (TransportKind.ipc). The same server as `keyfob lsp`, bundled so the extension needs no CLI.
// AWS's IAM catalogue, copied beside the bundle by build.mjs (dist/iam); one file per service, read on first use.
installIamCatalogue((name) => {
  try {
    return readFileSync(join(__dirname, 'iam', name), 'utf8');
  } catch {
    return undefined;
  }
});
const connection = createConnection(new IPCMessageReader(process), new IPCMessageWriter(process));
startLanguageServer(connection, hostDeps);
