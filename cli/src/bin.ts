// Entry point of the keyfob command (bundled to dist/esm/bin.js, loaded by dist/keyfob.cjs).
import { setFlagsFromString } from 'node:v8';
import { main } from './main.ts';

const args = process.argv.slice(2);

/**
 * Commands that run once and exit. For them V8 keeps the HCL parser's WebAssembly on its baseline
 * compiler (Liftoff): tiering its hot functions up to TurboFan cost more CPU than a run ever won
 * back (keyfob lint of one ACL policy: about 355 ms of CPU with tier-up, 260 ms without; of 80
 * policy and JWT role files, 660 ms and 530 ms). The engine and the language server run long and
 * keep it. Set here, where the process is keyfob's own, never by main() (tests call it in process).
 */
const SHORT_COMMANDS = new Set(['lint', 'apply', 'can-i', 'access', 'import', 'creds', 'doctor', 'history']);
if (SHORT_COMMANDS.has(args[0] ?? '')) setFlagsFromString('--liftoff-only');

// A reader that went away (`keyfob lint . | head`) is not a failure: stop quietly, as Unix tools do,
// instead of dying on an unhandled EPIPE. A server keeps serving when whoever read its listening
// line closed the pipe; its later log lines have nowhere to go.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  if (args[0] !== 'serve') process.exit(process.exitCode ?? 0);
});

main(args).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
