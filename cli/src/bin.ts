// Entry point of the keyfob command (bundled to dist/esm/bin.js, loaded by dist/keyfob.cjs).
import { main } from './main.ts';

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
