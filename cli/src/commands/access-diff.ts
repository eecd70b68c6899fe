import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  DEFAULT_MOUNTS,
  ACCESS_FAIL_ON,
  createAccessReadCache,
  diffAccess,
  diffFindings,
  failingChanges,
  isAccessModelFileName,
  readAccessModel,
  renderDiffMarkdown,
  renderDiffText,
  type AccessFailOn,
  type AccessFileText,
  type AccessModel,
} from '@keyfob/shared/access';
import { textTerraformFs } from '@keyfob/shared/lint';
import { toSarif } from '@keyfob/shared/sarif';
import { quoted, splitCommaList } from '@keyfob/shared/text';
import packageJson from '../../package.json' with { type: 'json' };
import { ENGINE_SIDE_OPTIONS, ENGINE_SIDE_USAGE, readEngineSide } from '../access/engine-side.ts';
import { readGitFiles } from '../access/git-files.ts';
import { defineCommand } from '../command.ts';
import { EXIT, UsageError, type CliIo } from '../io.ts';
import { collectFiles } from '../lint/collect-files.ts';
import { nodeTerraformFs } from '@keyfob/shared/node';

const USAGE = `usage: keyfob access diff --base REF [PATH...] [--format text|json|markdown|sarif]
                          [--fail-on new-login,new-action,wider-ttl,any] [--mount M] [--jwt-path P]
       keyfob access diff --base-url URL [PATH...] [options]      (an engine against the files)
       keyfob access diff --base-url URL --head-url URL [options] (two engines)
       keyfob access diff --base REF --head-url URL [options]     (a commit against an engine)

What changes in who can get what between the commit REF and the working tree: logins gained and
lost per JWT role (the repositories, branches, environments and events that can now log in, as
claim sets), capabilities a login token gains on engine paths (the engine's ACL evaluation),
cloud actions gained and lost per credential role (the IAM evaluation of keyfob can-i: s3:* lists
the actions it adds), and longer or shorter token and STS lifetimes. Every gained line names the
file and line that grants it. REF is read from git (git ls-tree, git cat-file), never checked out.
Either side can be a running engine instead (its policies, JWT roles and roles read back through
the engine API): the same changes are reported, without file and line on the engine's side.

PATH is a file, folder or glob as for keyfob access (default: the current folder), relative to
the working folder, which must be inside the git repository.

  --base REF        the commit to compare with (a branch, tag or hash: main, origin/main, HEAD~1);
                    or --base-url (below)
  --format F        text (default), json, markdown (a pull request comment), or sarif (the gained
                    access at its lines, for code scanning)
  --fail-on LIST    exit 1 when the diff has: new-login (a login gained), new-action (a cloud action
                    or engine capability gained), wider-ttl (a longer lifetime), any (any change);
                    comma-separated. Without it the exit status says only whether it answered.
  --mount M         the secrets engine's mount (default cloud), for files and engines alike
  --jwt-path P      where the JWT auth method is mounted (default jwt)

${ENGINE_SIDE_USAGE}
Exit status: 0 answered (and nothing --fail-on names), 1 a change --fail-on names or a file has
errors or an engine refused, 2 usage error (no such REF, a bad flag).
`;

const OPTIONS = {
  ...ENGINE_SIDE_OPTIONS,
  base: { type: 'string' },
  'fail-on': { type: 'string' },
  mount: { type: 'string' },
  'jwt-path': { type: 'string' },
} as const;

/** `keyfob access diff --base REF [PATH...]`: see USAGE. */
export const accessDiffCommand = defineCommand({
  usage: USAGE,
  options: OPTIONS,
  formats: ['text', 'json', 'markdown', 'sarif'],
  run: async ({ values, positionals, format }, io) => {
    const baseUrl = values['base-url'];
    const headUrl = values['head-url'];
    if ((values.base === undefined) === (baseUrl === undefined))
      throw new UsageError(`give --base REF (a commit) or --base-url URL (an engine), one of them\n\n${USAGE}`);
    if (headUrl !== undefined && positionals.length > 0)
      throw new UsageError('give PATHs (the files of the head side) or --head-url (an engine), not both');
    const base = values.base ?? baseUrl ?? '';
    const failOn = failOnOf(values['fail-on']);
    const options = {
      mount: values.mount ?? DEFAULT_MOUNTS.mount,
      jwtMount: values['jwt-path'] ?? DEFAULT_MOUNTS.jwtMount,
      cache: createAccessReadCache(),
    };
    const paths = positionals.length > 0 ? positionals : ['.'];
    const select = isAccessModelFileName;
    const engine = (side: 'base' | 'head') =>
      readEngineSide(side, { ...values, mount: options.mount }, options.jwtMount, io);
    const [before, after] = await Promise.all([
      baseUrl !== undefined
        ? engine('base')
        : readGitFiles(io.cwd, base, paths, (f) => select(f) || isModuleAsset(f)).then((r) => {
            // Files a Terraform module may read with file() (policy texts, JSON documents) at the same commit.
            const terraformFs = textTerraformFs(new Map(r.files.map((f) => [f.file, f.text])));
            return modelOf(
              r.files.filter((f) => select(f.file)),
              { ...options, terraformFs: (root) => (root === '.' ? terraformFs : undefined) },
              `${base}`,
              io,
            );
          }),
      headUrl !== undefined
        ? engine('head')
        : workingTree(paths, select, io).then((files) =>
            modelOf(
              files,
              { ...options, terraformFs: (root) => nodeTerraformFs(resolve(io.cwd, root)) },
              'the working tree',
              io,
            ),
          ),
    ]);
    if (!before || !after) return EXIT.failed;
    const diff = diffAccess(before, after);
    if (format === 'json') io.stdout(`${JSON.stringify({ base, ...diff }, null, 2)}\n`);
    else if (format === 'markdown') io.stdout(renderDiffMarkdown(diff, base));
    else if (format === 'sarif')
      io.stdout(
        `${JSON.stringify(toSarif(diffFindings(diff), { version: packageJson.version, command: 'keyfob access diff' }), null, 2)}\n`,
      );
    else io.stdout(renderDiffText(diff, base));
    const failing = failingChanges(diff, failOn);
    if (failing.length > 0)
      io.stderr(
        `keyfob access diff: ${failing.length} change${failing.length === 1 ? '' : 's'} that --fail-on ${failOn.join(',')} names\n`,
      );
    return failing.length > 0 ? EXIT.failed : EXIT.ok;
  },
});

function failOnOf(text: string | undefined): AccessFailOn[] {
  if (text === undefined) return [];
  const values = splitCommaList(text);
  for (const v of values)
    if (!(ACCESS_FAIL_ON as readonly string[]).includes(v))
      throw new UsageError(`--fail-on takes ${ACCESS_FAIL_ON.join(', ')} (comma-separated), not ${quoted(v, 32)}`);
  return values as AccessFailOn[];
}

async function workingTree(paths: readonly string[], select: (f: string) => boolean, io: CliIo) {
  const { files, missing } = await collectFiles(paths, io.cwd);
  for (const m of missing) io.stderr(`keyfob access diff: ${m.argument}: no such file, folder or matching file\n`);
  if (missing.length > 0) throw new UsageError('some paths name nothing');
  return Promise.all(
    files
      .filter((f) => f.explicit || select(f.display))
      .map(async (f): Promise<AccessFileText> => ({ file: f.display, text: await readFile(f.absolute, 'utf8') })),
  );
}

/** Files a Terraform module's file() commonly reads: ACL policies, JSON, templates (read at the base commit). */
function isModuleAsset(file: string): boolean {
  return /\.(?:hcl|json|tpl|tftpl)$/i.test(file);
}

function modelOf(
  files: readonly AccessFileText[],
  options: Parameters<typeof readAccessModel>[1],
  side: string,
  io: CliIo,
): AccessModel | undefined {
  const { model, errors, notices } = readAccessModel(files, options);
  for (const e of notices) io.stderr(`${side}: ${e.file}: warning: ${e.message.replace(/[\r\n]+/g, ' ')}\n`);
  for (const e of errors) io.stderr(`${side}: ${e.file}: ${e.message.replace(/[\r\n]+/g, ' ')}\n`);
  if (errors.length === 0) return model;
  io.stderr(`keyfob access diff: the files of ${side} have errors; run keyfob lint on them. Nothing was compared.\n`);
  return undefined;
}
