import type { CliIo } from '../src/io.ts';
import { main } from '../src/main.ts';

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

/** Runs `keyfob ARGS` in this process in `cwd` (with only `env`): its exit code and what it printed. */
export async function runMain(
  args: readonly string[],
  cwd: string,
  env: Record<string, string | undefined> = {},
): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(cwd, env);
  const code = await main([...args], io);
  return { code, out: io.out(), err: io.err() };
}
