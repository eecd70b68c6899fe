import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  DEFAULT_MOUNTS,
  buildAccessReport,
  collectAccessFiles,
  isAccessFileName,
  readEngineAccess,
  renderAccessMarkdown,
  renderAccessText,
  type AccessFileText,
  type AccessInputs,
} from '@keyfob/shared/access';
import { isRoleFileName } from '@keyfob/shared/lint';
import { EXIT, UsageError, type CliIo } from '../io.ts';
import { collectFiles } from '../lint/collect-files.ts';
import { nodeTerraformFs } from '@keyfob/shared/node';
import { defineCommand, type Command, type CommandInput } from '../command.ts';
import { clientFromFlags, CONNECTION_OPTIONS, CONNECTION_USAGE } from '../connection.ts';
import { failureText } from './creds.ts';
import { quoted } from '@keyfob/shared/text';

const USAGE = `usage: keyfob access PATH... [--format text|json|markdown] [--mount M] [--jwt-path P]
       keyfob access [--url URL] [--token T] [--format ...] [--jwt-path P] [connection options]
       keyfob access diff --base REF [PATH...]   (what changed since a commit; see keyfob access diff --help)

Who can get what. For each JWT role: the GitHub OIDC claims that can log in with it (repository,
ref, environment, event), the login token's policies (token_policies + default) and every
credential role (creds/sts), static role (static-creds), rotation (rotate-root, rotate-role) and
configuration path those policies reach, with capabilities, evaluated by the engine's own ACL
rules. Then the reverse: for each credential and static role, every login path that reaches it.

With PATHs it reads files: policies (*.policy.hcl, *.policy.json), JWT roles (*.jwt-role.yaml|json)
and role files (*.role.*, *.static-role.*, manifests) for the role names, and the same from
Vault-provider Terraform (*.tf, *.tf.json: vault_policy, vault_jwt_auth_backend_role, the
vault_aws_secret_backend roles; a folder's Terraform files are one module). A Terraform resource
whose name or bindings keyfob cannot know, or on another mount (backend), is left out with a
warning. PATH is a file, a folder (walked recursively) or a glob; --mount names the mount their
roles live under. Without
PATH it asks a running engine, reached with the connection flags below (the token needs list and
read on sys/policies/acl, auth/<jwt-path>/role, <mount>/roles and <mount>/static-roles).

  --format F                text (default), json, or markdown (the table the action writes to the
                            job summary)
  --jwt-path P              where the JWT auth method is mounted (default jwt)

${CONNECTION_USAGE}
Exit status: 0 answered, 1 a file has errors or the engine refused, 2 usage error.
`;

const OPTIONS = { ...CONNECTION_OPTIONS, 'jwt-path': { type: 'string' } } as const;

/** `keyfob access [PATH...]`, and `keyfob access diff ...` (access-diff.ts): see USAGE. */
export const accessCommand: Command = async (argv, io) =>
  argv[0] === 'diff'
    ? (await import('./access-diff.ts')).accessDiffCommand(argv.slice(1), io)
    : accessAnswerCommand(argv, io);

const accessAnswerCommand = defineCommand({
  usage: USAGE,
  options: OPTIONS,
  formats: ['text', 'json', 'markdown'],
  run: async ({ values, positionals, format }, io) => {
    const jwtMount = values['jwt-path'] ?? DEFAULT_MOUNTS.jwtMount;
    if (!/^[\w.-]+(\/[\w.-]+)*$/.test(jwtMount))
      throw new UsageError(`--jwt-path must be a mount path such as jwt or github/jwt, not ${quoted(jwtMount)}`);
    const inputs =
      positionals.length > 0
        ? await fromFiles(positionals, values, jwtMount, io)
        : await fromEngine(values, jwtMount, io);
    if (!inputs) return EXIT.failed;
    const report = buildAccessReport(inputs);
    if (format === 'json') io.stdout(`${JSON.stringify(report, null, 2)}\n`);
    else io.stdout(format === 'markdown' ? renderAccessMarkdown(report) : renderAccessText(report));
    return EXIT.ok;
  },
});

type Values = CommandInput<typeof OPTIONS, string>['values'];

async function fromFiles(
  paths: readonly string[],
  values: Values,
  jwtMount: string,
  io: CliIo,
): Promise<AccessInputs | undefined> {
  if (values.url !== undefined || values.token !== undefined)
    throw new UsageError('give either PATHs (files) or --url/--token (an engine), not both');
  const { files, missing } = await collectFiles(paths, io.cwd);
  for (const m of missing) io.stderr(`keyfob access: ${m.argument}: no such file, folder or matching file\n`);
  if (missing.length > 0) throw new UsageError('some paths name nothing');
  const chosen = files.filter((f) => f.explicit || isRoleFileName(f.display) || isAccessFileName(f.display));
  const texts: AccessFileText[] = await Promise.all(
    chosen.map(async (f) => ({ file: f.display, text: await readFile(f.absolute, 'utf8') })),
  );
  const { inputs, errors, notices } = collectAccessFiles(texts, {
    mount: values.mount ?? DEFAULT_MOUNTS.mount,
    jwtMount,
    terraformFs: (root) => nodeTerraformFs(resolve(io.cwd, root)),
  });
  for (const e of notices) io.stderr(`${e.file}: warning: ${e.message.replace(/[\r\n]+/g, ' ')}\n`);
  for (const e of errors) io.stderr(`${e.file}: ${e.message.replace(/[\r\n]+/g, ' ')}\n`);
  if (errors.length > 0) {
    io.stderr(`keyfob access: the files have errors; run keyfob lint on them. Nothing was answered.\n`);
    return undefined;
  }
  return inputs;
}

async function fromEngine(values: Values, jwtMount: string, io: CliIo): Promise<AccessInputs | undefined> {
  const client = await clientFromFlags(values, io);
  try {
    const { inputs, errors } = await readEngineAccess(client, { jwtMount });
    for (const e of errors) io.stderr(`keyfob access: warning: ${e.replace(/[\r\n]+/g, ' ')}\n`);
    return inputs;
  } catch (error) {
    io.stderr(`keyfob access: ${failureText(error, 'read policies, JWT roles and roles', undefined, client.mount)}\n`);
    return undefined;
  }
}
