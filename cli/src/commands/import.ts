import { mkdir, stat, writeFile } from 'node:fs/promises';
import { relative, resolve } from 'node:path';
import type { Problem } from '@keyfob/shared/problem';
import { defineCommand, oneOf } from '../command.ts';
import { clientFromFlags, CONNECTION_OPTIONS, CONNECTION_USAGE } from '../connection.ts';
import { insideFolder } from '../import/file-names.ts';
import { ImportLimitError, JWT_PATH, MAX_ITEMS_BOUND, readEngineObjects } from '../import/read-engine.ts';
import { renderRoleFiles, type ImportedFile } from '../import/role-files.ts';
import { renderTerraformFiles } from '../import/terraform-files.ts';
import { EXIT, UsageError, type CliIo } from '../io.ts';
import { failureText } from './creds.ts';
import { quoted } from '@keyfob/shared/text';

const DEFAULT_MAX_ITEMS = 10_000;

const USAGE = `usage: keyfob import --out DIR [--format role|terraform] [--force] [--max-items N]
                     [--format-output text|json] [connection options]

Reads the engine's roles, static roles and root configuration (of --mount), its ACL policies and
its JWT roles (auth/jwt) and writes them to DIR as role files, the layout keyfob apply reads
(NAME.role.yaml, NAME.static-role.yaml, NAME.jwt-role.yaml, NAME.policy.hcl, MOUNT.root-config.yaml),
or as Vault-provider Terraform (--format terraform: aws_secret_backend.tf,
aws_secret_backend_roles.tf, aws_secret_backend_static_roles.tf, policies.tf,
jwt_auth_backend_roles.tf). keyfob apply of the role files changes nothing on the same engine, and
the Terraform reads back to the same values. The token needs list and read on those paths.

No secret is written: the engine never returns the root configuration's secret key, and the
role files leave the static keys out; Terraform reads secret_key from var.aws_secret_key, a
sensitive variable (a note says so). Names are written as safe file names (role files) or safe
resource labels (Terraform); a name that is not one as it is keeps its own name in the file.
What the chosen format cannot express is left out with a warning (IMPORT_NOT_REPRESENTABLE).

  --out DIR                  the folder to write to (made when missing)
  --format F                 role (default): keyfob role files; terraform: Vault-provider .tf files
  --force                    overwrite files that exist; without it nothing is written when any does
  --max-items N              refuse an engine list longer than N (default ${DEFAULT_MAX_ITEMS}, 1 to ${MAX_ITEMS_BOUND})
  --format-output F          text (default) or json ({"out":...,"files":[{"file","kind","name"}],"notes":[...]})

${CONNECTION_USAGE}
Exit status: 0 written, 1 the engine refused or a file exists (nothing written), 2 usage error.
`;

/** `keyfob import --out DIR`: an engine's objects as role files; see USAGE. */
export const importCommand = defineCommand({
  usage: USAGE,
  options: {
    ...CONNECTION_OPTIONS,
    out: { type: 'string' },
    force: { type: 'boolean' },
    'max-items': { type: 'string' },
    'format-output': { type: 'string' },
  },
  formats: ['role', 'terraform'],
  run: async ({ values, positionals, format }, io) => {
    if (positionals.length > 0)
      throw new UsageError(
        `keyfob import takes no PATH (give the folder with --out), not ${quoted(positionals[0] ?? '')}\n\n${USAGE}`,
      );
    const out = outFolder(values.out, io);
    const maxItems = maxItemsOf(values['max-items']);
    const output = oneOf('--format-output', values['format-output'] ?? 'text', ['text', 'json'] as const);
    const client = await clientFromFlags(values, io);
    let read;
    try {
      read = await readEngineObjects(client, { maxItems });
    } catch (error) {
      const text =
        error instanceof ImportLimitError
          ? error.message
          : failureText(error, "read the engine's objects", undefined, client.mount);
      io.stderr(`keyfob import: ${text}; nothing was written.\n`);
      return EXIT.failed;
    }
    const rendered =
      format === 'terraform'
        ? renderTerraformFiles(read.objects, client.mount, JWT_PATH)
        : renderRoleFiles(read.objects);
    const notes = [...read.notes, ...rendered.notes];
    const existing = await existingFiles(out, rendered.files);
    if (existing.length > 0 && values.force !== true) {
      const shownFiles =
        existing.slice(0, 5).join(', ') + (existing.length > 5 ? ` and ${existing.length - 5} more` : '');
      io.stderr(
        `keyfob import: ${existing.length === 1 ? 'a file exists' : `${existing.length} files exist`} in ${display(out, io)}: ${shownFiles}; give --force to overwrite, or another --out. Nothing was written.\n`,
      );
      return EXIT.failed;
    }
    await mkdir(out, { recursive: true });
    for (const file of rendered.files)
      await writeFile(insideFolder(out, file.file), file.text, { flag: values.force === true ? 'w' : 'wx' });
    report(output, out, rendered.files, notes, io);
    return EXIT.ok;
  },
});

function outFolder(value: string | undefined, io: CliIo): string {
  if (value === undefined || value.trim() === '')
    throw new UsageError(`give the folder to write to with --out DIR\n\n${USAGE}`);
  if (value.length > 4096 || value.includes('\0'))
    throw new UsageError('--out must be a folder path of at most 4096 characters without NUL; give a shorter path.');
  return resolve(io.cwd, value);
}

function maxItemsOf(value: string | undefined): number {
  if (value === undefined) return DEFAULT_MAX_ITEMS;
  const n = /^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!(n >= 1 && n <= MAX_ITEMS_BOUND))
    throw new UsageError(`--max-items must be a whole number from 1 to ${MAX_ITEMS_BOUND}, not ${quoted(value, 40)}`);
  return n;
}

/** The files of the output that exist already (or that are something else, a folder). */
async function existingFiles(out: string, files: readonly ImportedFile[]): Promise<string[]> {
  const found: string[] = [];
  for (const file of files) {
    const exists = await stat(insideFolder(out, file.file)).then(
      () => true,
      () => false,
    );
    if (exists) found.push(file.file);
  }
  return found;
}

function display(path: string, io: CliIo): string {
  const rel = relative(io.cwd, path);
  return rel === '' ? '.' : rel.startsWith('..') ? path : rel;
}

function report(
  output: 'text' | 'json',
  out: string,
  files: readonly ImportedFile[],
  notes: readonly Problem[],
  io: CliIo,
): void {
  if (output === 'json') {
    const brief = files.flatMap(({ file, objects }) => objects.map(({ kind, name }) => ({ file, kind, name })));
    io.stdout(`${JSON.stringify({ out, files: brief, notes }, null, 2)}\n`);
    return;
  }
  for (const n of notes) io.stderr(`keyfob import: ${n.severity} ${n.code} ${n.message}\n`);
  const folder = display(out, io);
  for (const file of files) io.stdout(`wrote ${folder}/${file.file}\n`);
  const objects = files.flatMap((f) => f.objects);
  const count = (kind: ImportedFile['objects'][number]['kind']) => objects.filter((o) => o.kind === kind).length;
  io.stdout(
    `imported ${count('role')} roles, ${count('static-role')} static roles, ${count('root-config')} root configuration, ${count('policy')} policies and ${count('jwt-role')} JWT roles into ${folder}\n`,
  );
}
