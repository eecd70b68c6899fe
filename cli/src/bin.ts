// Entry point of the keyfob command (bundled to dist/esm/bin.js, loaded by dist/keyfob.cjs).
import { setFlagsFromString } from 'node:v8';
import { main } from './main.ts';

const args = process.argv.slice(2);

/**
 * TurboFan's threshold at 16 times V8's default, under the flag's name in this V8: V8 11 (Node 20)
 * counts an interrupt budget (default 67584), V8 12 and later count calls (default 3000). An
 * unknown flag would be printed on stderr, so the name follows the version.
 */
const LATER_TIER_UP =
  Number(process.versions.v8.split('.')[0]) >= 12
    ? '--invocation-count-for-turbofan=48000'
    : '--interrupt-budget=1081344';

/**
 * Commands that run once and exit. For them V8 keeps the HCL parser's WebAssembly on its baseline
 * compiler (Liftoff): tiering its hot functions up to TurboFan cost more CPU than a run ever won
 * back (keyfob lint of one ACL policy: about 355 ms of CPU with tier-up, 260 ms without; of 80
 * policy and JWT role files, 660 ms and 530 ms). The same holds for the script: by V8's default
 * thresholds TurboFan compiles (on background threads) hundreds of functions that a short run
 * leaves before the compiled code pays back. Thresholds 16 times the defaults optimise only what
 * stays hot: keyfob lint's CPU time in pairs against the defaults, same build, Node 20: 0.72x on a
 * repository-shaped folder (1,000 roles and the examples, about 490 ms), 0.69x on 250 role files
 * and 560 examples (780 ms), 0.89x on one file of 10,000 roles (1.1 s); no tier-up at all (--no-opt)
 * was 0.76x, 0.74x and 1.12x. Node 22: 0.83x and 0.95x; Node 24: 0.87x and 0.92x (the folder and
 * the 10,000 roles). The engine and the language server run long and keep the defaults.
 * Set here, where the process is keyfob's own, never by main() (tests call it in process).
 */
const SHORT_COMMANDS = new Set(['lint', 'apply', 'can-i', 'access', 'import', 'creds', 'doctor', 'history']);
if (SHORT_COMMANDS.has(args[0] ?? '')) {
  setFlagsFromString('--liftoff-only');
  setFlagsFromString(LATER_TIER_UP);
}

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
