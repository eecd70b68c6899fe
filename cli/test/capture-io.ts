import type { CliIo } from '../src/io.ts';

/** A CliIo that records what a command prints, for tests. */
export function captureIo(
  cwd: string,
  env: Record<string, string | undefined> = {},
): CliIo & { out: () => string; err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      err += text;
    },
    env,
    cwd,
    isTty: false,
    out: () => out,
    err: () => err,
  };
}
