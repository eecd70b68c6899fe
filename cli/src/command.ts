import type { CliIo } from './io.ts';

/** A subcommand: parses its own flags and returns the exit code. */
export type Command = (argv: string[], io: CliIo) => Promise<number>;
