import { startLanguageServer } from '@keyfob/shared/lsp';
import { createConnection, IPCMessageReader, IPCMessageWriter } from 'vscode-languageserver/node';
import { hostDeps } from './host-deps.ts';

// dist/server.js: the keyfob language server in the Node process the desktop extension forks
// (TransportKind.ipc). The same server as `keyfob lsp`, bundled so the extension needs no CLI.
const connection = createConnection(new IPCMessageReader(process), new IPCMessageWriter(process));
startLanguageServer(connection, hostDeps);
