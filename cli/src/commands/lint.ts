import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import {
  isRoleFileName,
  lintText,
  needsHclParser,
  TerraformTree,
  trustContextOf,
  type TerraformContext,
  type TrustContext,
} from '@keyfob/shared/lint';
import { isTerraformFileName } from '@keyfob/shared/terraform';
import { loadHclParser } from '@keyfob/shared/hcl';
import { LineIndex } from '@keyfob/shared/text';
import type { Problem } from '@keyfob/shared/problem';
import { EXIT, UsageError } from '../io.ts';
import { collectFiles, type CollectedFile } from '../lint/collect-files.ts';
import { formatGithub } from '../lint/format-github.ts';
import { formatJson } from '../lint/format-json.ts';
import { formatSarif } from '../lint/format-sarif.ts';
import { formatText } from '../lint/format-text.ts';
import { readWorkflows } from '../lint/read-workflows.ts';
import { readGithubIdsNear } from '../lint/read-github-ids.ts';
import { nodeTerraformFs } from '@keyfob/shared/node';
import type { FileReport } from '../lint/report.ts';
import { defineCommand } from '../command.ts';

const USAGE = `usage: keyfob lint PATH... [--format text|json|github|sarif] [--quiet] [--explain] [--allow-empty]

Checks role files (*.role.yaml|yml|json, *.static-role.*, manifests, JWT roles *.jwt-role.*, ACL
policies *.policy.hcl|json, YAML/JSON files whose $schema names a keyfob schema, and the Vault
provider's resources in Terraform files *.tf, *.tf.json) with the same rules the engine, the action
and the editor use. In Terraform, only what is known is checked (literals, heredocs, jsonencode,
locals, variable defaults, file(), data "aws_iam_policy_document" of the module); a rule that
depends on anything else stays silent. PATH is a file, a folder (walked recursively) or a
glob such as 'roles/**/*.yaml'. JWT roles are checked against the policies among the files and the
workflows in .github/workflows of the workspace (the nearest one above the working folder).

  --format text     compiler-style lines with the source and a caret (default)
  --format json     {"files":[...],"problems":[...]} for tools
  --format github   workflow annotations for GitHub Actions
  --format sarif    SARIF 2.1.0 for GitHub code scanning (upload with github/codeql-action/upload-sarif)
  --quiet           report errors only
  --explain         list the Terraform attributes left unchecked and why (on stderr)
  --allow-empty     exit 0 when the paths hold no file keyfob recognises (else exit 2)

Exit status: 0 no errors, 1 errors found, 2 usage error or nothing to check.
`;

/** A walked file is ours when its name says so or its text points at one of our schemas. */
const SCHEMA_REFERENCE =
  /keyfob[^\s"']*\/(?:role|static-role|manifest|root-config|lease-config|jwt-role|policy)\.schema\.json/;

/** `keyfob lint PATH...`: checks role files and reports problems; see USAGE. */
export const lintCommand = defineCommand({
  usage: USAGE,
  options: {
    quiet: { type: 'boolean', short: 'q' },
    explain: { type: 'boolean' },
    'allow-empty': { type: 'boolean' },
  },
  formats: ['text', 'json', 'github', 'sarif'],
  run: async ({ values, positionals, format }, io) => {
    if (positionals.length === 0) throw new UsageError(`give at least one file, folder or glob\n\n${USAGE}`);
    const { files, missing } = await collectFiles(positionals, io.cwd);
    for (const m of missing) io.stderr(`keyfob lint: ${m.argument}: no such file, folder or matching file\n`);
    if (missing.length > 0) return EXIT.usage;

    const texts = new Map<CollectedFile, string>();
    for (const file of files) texts.set(file, await readFile(file.absolute, 'utf8'));
    // The HCL parser (a WebAssembly compile, 20-40 ms of CPU) only when a file may hold HCL.
    if (files.some((f) => needsHclParser(f.display, texts.get(f) ?? ''))) await loadHclParser();
    const trust = trustContextOf(
      files.map((f) => ({ file: f.display, text: texts.get(f) ?? '' })),
      await readWorkflows(io.cwd, io.cwd),
      await readGithubIdsNear(io.cwd, io.env, (line) => io.stderr(`keyfob lint: warning: ${line}\n`)),
    );
    const reports: FileReport[] = [];
    const modules = new ModuleReader(
      io.cwd,
      files
        .filter((f) => isTerraformFileName(f.display))
        .map((f) => ({ absolute: f.absolute, text: texts.get(f) ?? '' })),
    );
    for (const file of files) {
      const linted = lintFile(file, texts.get(file) ?? '', trust, modules);
      if (!linted) continue;
      const { report, unknown } = linted;
      reports.push(
        values.quiet ? { ...report, problems: report.problems.filter((p) => p.severity === 'error') } : report,
      );
      if (values.explain) for (const line of unknown) io.stderr(`${line}\n`);
    }
    if (values.explain) for (const line of modules.unreadVariables(io.cwd)) io.stderr(`${line}\n`);
    if (reports.length === 0) {
      io.stderr(
        'keyfob lint: no file keyfob recognises in the given paths (role files, policies, Terraform with Vault-provider resources); nothing was checked. Pass --allow-empty if that is expected.\n',
      );
      if (!values['allow-empty']) return EXIT.usage;
    }

    const output =
      format === 'json'
        ? formatJson(reports)
        : format === 'sarif'
          ? formatSarif(reports)
          : format === 'github'
            ? formatGithub(reports)
            : formatText(reports, { colour: io.isTty && !io.env['NO_COLOR'] });
    io.stdout(output);
    return reports.some((r) => r.problems.some((p) => p.severity === 'error')) ? EXIT.failed : EXIT.ok;
  },
});

function lintFile(
  file: CollectedFile,
  text: string,
  trust: TrustContext,
  modules: ModuleReader,
): { report: FileReport; unknown: string[] } | undefined {
  const named = isRoleFileName(file.display);
  if (!file.explicit && !named && !SCHEMA_REFERENCE.test(text)) return undefined;
  const terraform = isTerraformFileName(file.display) ? modules.contextOf(file.absolute) : undefined;
  const result = lintText(text, { fileName: file.display, trust, ...(terraform ? { terraform } : {}) });
  const recognised = result.documents.some((d) => d.kind !== undefined);
  // A Terraform file without a Vault-provider resource is not ours, even when named.
  if (!recognised && (!file.explicit || terraform)) return undefined;
  const problems: Problem[] = [...result.problems];
  const lines = new LineIndex(text);
  const unknown = result.documents.flatMap((d) =>
    (d.terraform?.unknown ?? []).map((u) => {
      const at = lines.position(u.range.start);
      // A JWT role's field known in part is read by the trust rules where its known part decides.
      // so is an IAM policy's (the validator reads it filled).
      const inPart = u.fills && (d.kind === 'jwt-role' || u.field === 'policy_document');
      const checked = inPart ? 'known in part, only its known part checked' : 'not checked';
      return `${file.display}:${at.line}:${at.column} ${d.terraform?.address ?? ''}.${u.attribute} ${checked}: ${u.reason}`;
    }),
  );
  const resources = terraform
    ? result.documents.map((d) => ({
        address: d.terraform?.address ?? '',
        kind: d.kind ?? '',
        line: lines.position(result.file.documents[d.index]?.range.start ?? 0).line,
      }))
    : undefined;
  return {
    report: {
      file: file.display,
      text,
      documents: result.documents.length,
      problems,
      ...(resources ? { resources } : {}),
    },
    unknown,
  };
}

/**
 * The Terraform modules of the linted files through the one reader (TerraformTree): rooted at the
 * working directory (the linted tree), no file read above it; a file outside it is its own root.
 */
class ModuleReader {
  readonly #trees = new Map<string, TerraformTree>();
  readonly boundary: string;
  readonly #texts: ReadonlyMap<string, string>;

  /**
   * @param boundary no file above this folder is read (the linted tree: the working directory)
   * @param terraformFiles the linted Terraform files, whose `module` blocks tell which roots call a module
   */
  constructor(boundary: string, terraformFiles: readonly { absolute: string; text: string }[]) {
    this.boundary = resolve(boundary);
    this.#texts = new Map(
      terraformFiles.flatMap((f) => {
        const at = this.#inside(f.absolute);
        return at === undefined ? [] : [[at, f.text] as const];
      }),
    );
  }

  /** A path relative to the boundary (posix, '' for it), or undefined when outside it. */
  #inside(path: string): string | undefined {
    const rel = relative(this.boundary, path);
    if (rel.startsWith('..') || isAbsolute(rel)) return undefined;
    return rel.replace(/\\/g, '/');
  }

  #treeAt(root: string, texts: ReadonlyMap<string, string>): TerraformTree {
    const known = this.#trees.get(root);
    if (known) return known;
    const tree = new TerraformTree(nodeTerraformFs(root), texts);
    this.#trees.set(root, tree);
    return tree;
  }

  /**
   * For --explain: each module's `terraform.tfvars` and `*.auto.tfvars` (and their `.json`), whose
   * values keyfob does not read: a variable is read by its default only (as in a module called
   * with no value), so what those files, `-var` or `TF_VAR_` set is unknown.
   */
  unreadVariables(cwd: string): string[] {
    return [...this.#folders].flatMap((folder) => {
      const at = this.#inside(folder);
      const names =
        at === undefined
          ? this.#treeAt(folder, new Map()).names('')
          : this.#treeAt(this.boundary, this.#texts).names(at);
      return names
        .filter((n) => /^terraform\.tfvars(\.json)?$|\.auto\.tfvars(\.json)?$/.test(n))
        .map(
          (name) =>
            `${relative(cwd, join(folder, name)).replace(/\\/g, '/') || name} not read: keyfob reads each variable's default only; what it sets (like -var and TF_VAR_) is unknown here`,
        );
    });
  }

  /** The module folders read, in order. */
  readonly #folders = new Set<string>();

  contextOf(absoluteFile: string): TerraformContext {
    const folder = dirname(absoluteFile);
    this.#folders.add(folder);
    const at = this.#inside(folder);
    return at === undefined
      ? this.#treeAt(folder, new Map()).contextOf('')
      : this.#treeAt(this.boundary, this.#texts).contextOf(at);
  }
}
