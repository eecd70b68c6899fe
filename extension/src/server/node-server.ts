import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { installIamCatalogue } from '@keyfob/shared/iam-policy';
import { gitBaseReader, startLanguageServer } from '@keyfob/shared/lsp';
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
// The folder at the branch's base, read with git (the "access changed since base" lenses); the web
// worker has no git and shows none. The folders skipped are the workspace snapshot's (workspace-files.ts).
const skipped = (path: string): boolean => /(^|\/)(node_modules|\.git|dist)\//.test(path);
startLanguageServer(connection, { ...hostDeps, readBase: gitBaseReader(spawn, fileURLToPath, skipped) });
