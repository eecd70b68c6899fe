/** What a command may touch: its output streams and the environment (injected so tests can capture them). */
export interface CliIo {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /** True when stdout is a terminal (colour, progress). */
  readonly isTty: boolean;
  /** The clock in ms (default `Date.now`; tests move it). */
  readonly now?: () => number;
}

/** The process's own streams and environment. */
export function processIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    env: process.env,
    cwd: process.cwd(),
    isTty: Boolean(process.stdout.isTTY),
  };
}

/** Exit codes shared by every command: 0 fine, 1 problems found or the operation failed, 2 usage error. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;

/** A usage error: the command prints the message and its usage line, and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
