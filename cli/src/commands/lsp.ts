import * as fsPromises from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';
import { nodeProjectFs } from '@keyfob/shared/history';
import { startLanguageServer } from '@keyfob/shared/lsp';
import {
  createConnection,
  IPCMessageReader,
  IPCMessageWriter,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-languageserver/node.js';
import { sanitizeLine } from '@keyfob/shared/client';
import { EXIT, UsageError } from '../io.ts';
import { readBase } from '../lsp/read-base.ts';
import { readWorkspace } from '../lsp/read-workspace.ts';
import { nodeTerraformFs } from '@keyfob/shared/node';
import { defineCommand, type CommandInput } from '../command.ts';

const USAGE = `usage: keyfob lsp --stdio | --node-ipc

Runs the keyfob language server: diagnostics, completion, hover, quick fixes and an outline for
role files (the files \`keyfob lint\` checks, ACL policies and JWT roles included; hover over a JWT
role or a policy path answers who can get what, from the workspace's files), and the platform API
history (hover, deprecation diagnostics, quick fixes, inlay hints) in code of any language.
Settings are read from the client (section "keyfob"). See the README for Neovim, Helix, Zed and Emacs.

  --stdio      speak LSP over standard input and output (what editors start)
  --node-ipc   speak LSP over Node's IPC channel (a Node client that forked this process)
`;

// clientProcessId: vscode-languageclient passes --clientProcessId=PID; the connection watches it.
const OPTIONS = {
  stdio: { type: 'boolean' },
  'node-ipc': { type: 'boolean' },
  clientProcessId: { type: 'string' },
} as const;

/** `keyfob lsp --stdio`: serves the Language Server Protocol until the client says exit. */
export const lspCommand = defineCommand({ usage: USAGE, options: OPTIONS, run: serveLsp });

async function serveLsp({ values, positionals }: CommandInput<typeof OPTIONS, never>): Promise<number> {
  if (positionals.length > 0) throw new UsageError(`unknown argument ${positionals[0]}\n\n${USAGE}`);
  if (values.stdio === values['node-ipc'])
    throw new UsageError(`give exactly one of --stdio or --node-ipc\n\n${USAGE}`);
  const reader = values.stdio ? new StreamMessageReader(process.stdin) : new IPCMessageReader(process);
  // A stream that cannot be read (a frame without Content-Length, a body that is not JSON) would leave the
  // server running but deaf: end it with the reason on stderr, so the client sees it and restarts it.
  reader.onError((error) => {
    process.stderr.write(
      `keyfob lsp: ${sanitizeLine(error.message, [], 300)}; the message stream is broken, exiting\n`,
    );
    process.exit(EXIT.failed);
  });
  const connection = values.stdio
    ? createConnection(reader, new StreamMessageWriter(process.stdout))
    : createConnection(reader, new IPCMessageWriter(process));
  // Anything printed to stdout would corrupt the protocol stream: route stray console output to the client's log.
  console.log = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
  console.info = console.log;
  startLanguageServer(connection, {
    // picomatch is the matcher `keyfob lint`'s file walk (tinyglobby) uses: one glob dialect everywhere.
    compileGlob: (glob) => picomatch(glob, { dot: true }),
    now: () => new Date(),
    randomInt: (max) => Math.floor(Math.random() * max),
    schedule: (fn, ms) => {
      const timer = setTimeout(fn, ms);
      return () => clearTimeout(timer);
    },
    // The workspace's policies, JWT roles, roles and workflows: the access answer on hover, the trust checks.
    readWorkspace,
    // Terraform's file() and fileset() inside the workspace folder, through the reader `keyfob lint` uses.
    terraformFs: (folderUri) => (folderUri.startsWith('file:') ? nodeTerraformFs(fileURLToPath(folderUri)) : undefined),
    // The same folder at the branch's base (git, no checkout): the "access changed since base" lenses.
    readBase,
    // The folder's files as `keyfob history scan <folder>` reads them: what files tell each other about the API.
    projectFs: (folderUri) =>
      folderUri.startsWith('file:') ? nodeProjectFs(fsPromises, fileURLToPath(folderUri)) : undefined,
  });
  // The connection ends the process on `exit` (or when the client process dies); until then, wait.
  return new Promise<number>(() => undefined);
}
