/*
 * The command frame: every `keyfob` command is one `defineCommand({ usage, options, formats, run })`.
 *
 * How to add a command (e.g. `keyfob doctor`):
 *  1. Write cli/src/commands/doctor.ts:
 *       const USAGE = `usage: keyfob doctor [--format text|json] [connection options]\n\n...\n${CONNECTION_USAGE}`;
 *       export const doctorCommand = defineCommand({
 *         usage: USAGE,
 *         options: { ...CONNECTION_OPTIONS, verbose: { type: 'boolean' } }, // node:util parseArgs options
 *         formats: ['text', 'json'], // --format/-f, checked here; the first is the default
 *         run: async ({ values, positionals, format }, io) => { ...; return EXIT.ok; },
 *       });
 *     The frame parses argv (`--flag value` and `--flag=value`), answers --help/-h with USAGE (exit 0),
 *     turns a parse error or a --format outside `formats` into a UsageError followed by USAGE (exit 2),
 *     and hands `run` typed `values`, the `positionals` and the chosen `format`.
 *  2. Register it in cli/src/main.ts's `commands` table (name, one-line summary, lazy `load`): the top
 *     level usage lists it from there.
 *  3. In `run`: throw `UsageError` for a bad argument (`oneOf` checks any other closed-set flag), return
 *     an `EXIT` code; talk to an engine only through `clientFromFlags(values, io)` (connection.ts), the
 *     shared client, never `fetch`; print through `io`, never `console`.
 *  4. Test it through `main([...], captureIo(cwd))` (cli/test/capture-io.ts), as the other commands are.
 * A command with subcommands (history) dispatches on argv[0] to one framed command per subcommand.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { EXIT, UsageError, type CliIo } from './io.ts';
import { escapeControls, quoted } from '@keyfob/shared/text';

/** A subcommand: takes the words after its name and returns the exit code. */
export type Command = (argv: string[], io: CliIo) => Promise<number>;

type Options = NonNullable<ParseArgsConfig['options']>;

/** The flags the frame adds to every command. */
const FRAME_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  format: { type: 'string', short: 'f' },
} as const;

type Parsed<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; allowPositionals: true; options: O & typeof FRAME_OPTIONS }>
>;

/** What `run` receives: the parsed flags, the words that are not flags, and the checked --format. */
export interface CommandInput<O extends Options, F extends string> {
  readonly values: Parsed<O>['values'];
  readonly positionals: string[];
  /** The --format value, one of `formats` (the first when not given). */
  readonly format: F;
}

/** A command's description for the frame; see the note at the top of this file. */
export interface CommandSpec<O extends Options, F extends string> {
  /** The text of --help, also shown after a usage error about the flags. */
  readonly usage: string;
  /** The command's flags as node:util parseArgs options (--help and --format come from the frame). */
  readonly options: O;
  /** The values --format takes, the default first; omit for a command without --format. */
  readonly formats?: readonly [F, ...F[]];
  readonly run: (input: CommandInput<O, F>, io: CliIo) => Promise<number> | number;
}

/** A command from its usage, flags, formats and body: parsing, --help and --format are done here. */
export function defineCommand<O extends Options, F extends string = never>(spec: CommandSpec<O, F>): Command {
  return async (argv, io) => {
    const { values, positionals } = parse(argv, spec);
    const frame = values as { help?: boolean; format?: string };
    if (frame.help === true) {
      io.stdout(spec.usage);
      return EXIT.ok;
    }
    const formats = spec.formats ?? [];
    if (formats.length === 0 && frame.format !== undefined)
      throw new UsageError(`this command has no --format option\n\n${spec.usage}`);
    const format = frame.format === undefined ? formats[0] : oneOf('--format', frame.format, formats, spec.usage);
    return spec.run({ values, positionals, format: format as F }, io);
  };
}

function parse<O extends Options, F extends string>(argv: string[], spec: CommandSpec<O, F>): Parsed<O> {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: { ...spec.options, ...FRAME_OPTIONS } });
  } catch (error) {
    // parseArgs repeats the argument it refuses as given: its line breaks are shown as escapes.
    throw new UsageError(`${escapeControls(error instanceof Error ? error.message : String(error))}\n\n${spec.usage}`);
  }
}

/**
 * `value` when it is one of `allowed`; otherwise a UsageError "FLAG must be a, b or c, not "x"" (the
 * value cut to 40 characters), followed by `usage` when given.
 */
export function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[], usage?: string): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  const list = allowed.join(', ').replace(/, ([^,]*)$/, ' or $1');
  throw new UsageError(`${flag} must be ${list}, not ${quoted(value, 40)}${usage === undefined ? '' : `\n\n${usage}`}`);
}
