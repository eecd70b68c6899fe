import { readFile } from 'node:fs/promises';
import { isRoleFileName, lintText, trustContextOf, type TrustContext } from '@keyfob/shared/lint';
import type { Problem } from '@keyfob/shared/problem';
import { EXIT, UsageError } from '../io.ts';
import { collectFiles, type CollectedFile } from '../lint/collect-files.ts';
import { formatGithub } from '../lint/format-github.ts';
import { formatJson } from '../lint/format-json.ts';
import { formatSarif } from '../lint/format-sarif.ts';
import { formatText } from '../lint/format-text.ts';
import { readWorkflows } from '../lint/read-workflows.ts';
import { readGithubIdsNear } from '../lint/read-github-ids.ts';
import type { FileReport } from '../lint/report.ts';
import { defineCommand } from '../command.ts';

const USAGE = `usage: keyfob lint PATH... [--format text|json|github|sarif] [--quiet]

Checks role files (*.role.yaml|yml|json, *.static-role.*, manifests, JWT roles *.jwt-role.*, ACL
policies *.policy.hcl|json, and YAML/JSON files whose $schema names a keyfob schema) with the same
rules the engine, the action and the editor use. PATH is a file, a folder (walked recursively) or a
glob such as 'roles/**/*.yaml'. JWT roles are checked against the policies among the files and the
workflows in .github/workflows of the workspace (the nearest one above the working folder).

  --format text     compiler-style lines with the source and a caret (default)
  --format json     {"files":[...],"problems":[...]} for tools
  --format github   workflow annotations for GitHub Actions
  --format sarif    SARIF 2.1.0 for GitHub code scanning (upload with github/codeql-action/upload-sarif)
  --quiet           report errors only

Exit status: 0 no errors, 1 errors found, 2 usage error.
`;

/** A walked file is ours when its name says so or its text points at one of our schemas. */
const SCHEMA_REFERENCE =
  /keyfob[^\s"']*\/(?:role|static-role|manifest|root-config|lease-config|jwt-role|policy)\.schema\.json/;

/** `keyfob lint PATH...`: checks role files and reports problems; see USAGE. */
export const lintCommand = defineCommand({
  usage: USAGE,
  options: { quiet: { type: 'boolean', short: 'q' } },
  formats: ['text', 'json', 'github', 'sarif'],
  run: async ({ values, positionals, format }, io) => {
    if (positionals.length === 0) throw new UsageError(`give at least one file, folder or glob\n\n${USAGE}`);
    const { files, missing } = await collectFiles(positionals, io.cwd);
    for (const m of missing) io.stderr(`keyfob lint: ${m.argument}: no such file, folder or matching file\n`);
    if (missing.length > 0) return EXIT.usage;

    const texts = new Map<CollectedFile, string>();
    for (const file of files) texts.set(file, await readFile(file.absolute, 'utf8'));
    const trust = trustContextOf(
      files.map((f) => ({ file: f.display, text: texts.get(f) ?? '' })),
      await readWorkflows(io.cwd, io.cwd),
      await readGithubIdsNear(io.cwd, io.env, (line) => io.stderr(`keyfob lint: warning: ${line}\n`)),
    );
    const reports: FileReport[] = [];
    for (const file of files) {
      const report = lintFile(file, texts.get(file) ?? '', trust);
      if (report)
        reports.push(
          values.quiet ? { ...report, problems: report.problems.filter((p) => p.severity === 'error') } : report,
        );
    }
    if (reports.length === 0) io.stderr('keyfob lint: no role files found in the given paths\n');

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

function lintFile(file: CollectedFile, text: string, trust: TrustContext): FileReport | undefined {
  const named = isRoleFileName(file.display);
  if (!file.explicit && !named && !SCHEMA_REFERENCE.test(text)) return undefined;
  const result = lintText(text, { fileName: file.display, trust });
  const recognised = result.documents.some((d) => d.kind !== undefined);
  if (!recognised && !file.explicit) return undefined;
  const problems: Problem[] = [...result.problems];
  return { file: file.display, text, documents: result.documents.length, problems };
}
