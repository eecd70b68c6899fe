// Entry point of the keyfob command (bundled to dist/esm/bin.js, loaded by dist/keyfob.cjs).
import { main } from './main.ts';

const args = process.argv.slice(2);

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
