import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import {
  baselineSubjects,
  changeAnnotations,
  changesMarkdown,
  changesSince,
  changesText,
  failsOn,
  parseSince,
} from '@keyfob/shared/history';
import type { ChangeAnnotation, ChangeLevel, ChangesReport, FileMatches } from '@keyfob/shared/history';
import { EXIT, UsageError } from '../io.ts';
import { defineCommand, oneOf } from '../command.ts';
import { changesSarif } from '../history/changes-sarif.ts';
import { scanSourceFiles } from '../history/module-context.ts';
import { sourceFiles } from '../history/source-files.ts';
import packageJson from '../../package.json' with { type: 'json' };

const CHANGES_USAGE = `usage: keyfob history changes --since DATE|RELEASE [PATH...] [--fail-on breaking|deprecation]
                              [--format text|json|sarif|github|markdown] [--baseline FILE]

Lists, for the platform API subjects the code under PATH uses (default: the working folder),
every change after a date or a self-hosted release, grouped by level (breaking, deprecation,
info), each with its stable change id and the places in the code.

  --since DATE|RELEASE   2024-06-30 (padding optional), or a self-hosted release v202207-1
                         (also self-hosted@v202207-1): changes after it
  --fail-on LEVEL        breaking: exit 1 on a breaking change; deprecation: exit 1 on a
                         deprecation or a breaking change. Without it the exit status is 0.
  --format text          grouped by level, places under each change (default)
  --format json          {"since","files","subjectsUsed","counts","levels":{"breaking":[...],...}}
  --format sarif         SARIF 2.1.0: one result per place, rule ids HISTORY_BREAKING,
                         HISTORY_DEPRECATED, HISTORY_CHANGED; the change id in each result
  --format github        GitHub workflow annotations (::error/::warning/::notice), titled
                         with the change id
  --format markdown      the job-summary tables
  --baseline FILE        a --format json report of the same command on the base branch: changes
                         to subjects already used there are marked and do not count for --fail-on

Exit status: 0 nothing at or above --fail-on; 1 something is; 2 usage error.
`;

type Format = 'text' | 'json' | 'sarif' | 'github' | 'markdown';
const FAIL_LEVELS = ['breaking', 'deprecation'] as const;

/** Largest baseline file read (a report of a big monorepo is well under it). */
const MAX_BASELINE_BYTES = 20 * 1024 * 1024;

/** `keyfob history changes`: see CHANGES_USAGE. */
export const historyChanges = defineCommand({
  usage: CHANGES_USAGE,
  options: { since: { type: 'string' }, 'fail-on': { type: 'string' }, baseline: { type: 'string' } },
  formats: ['text', 'json', 'sarif', 'github', 'markdown'],
  run: async ({ values, positionals, format }, io) => {
    if (values.since === undefined)
      throw new UsageError(
        `--since is required: a date YYYY-MM-DD or a self-hosted release vYYYYMM-N\n\n${CHANGES_USAGE}`,
      );
    const since = parseSince(values.since);
    if (!since.ok) throw new UsageError(`${since.message}\n\n${CHANGES_USAGE}`);
    const failOn =
      values['fail-on'] === undefined ? undefined : oneOf('--fail-on', values['fail-on'], FAIL_LEVELS, CHANGES_USAGE);
    const baseline =
      values.baseline === undefined ? undefined : await readBaseline(resolve(io.cwd, values.baseline), values.baseline);
    const found = await sourceFiles(positionals.length === 0 ? ['.'] : positionals, io.cwd);
    if ('missing' in found) {
      io.stderr(`keyfob history: ${found.missing}: no such file or folder\n`);
      return EXIT.usage;
    }
    const scanned = await scanSourceFiles(found.files);
    const files: FileMatches[] = found.files.map((source, k) => ({ file: source.file, matches: scanned[k] ?? [] }));
    const report = changesSince(files, since.since, baseline === undefined ? {} : { baseline });
    io.stdout(render(report, format));
    return failOn !== undefined && failsOn(report, failOn satisfies ChangeLevel) ? EXIT.failed : EXIT.ok;
  },
});

function render(report: ChangesReport, format: Format): string {
  if (format === 'json') return `${JSON.stringify(report, null, 2)}\n`;
  if (format === 'sarif') return `${JSON.stringify(changesSarif(report, packageJson.version), null, 2)}\n`;
  if (format === 'markdown') return changesMarkdown(report);
  if (format === 'github') return changeAnnotations(report).map(workflowCommand).join('');
  return changesText(report);
}

/**
 * One workflow command, escaped as the runner reads them: `%`, CR and LF in the message; also `:`
 * and `,` in properties. Nothing in a file name or a summary can start a command of its own.
 */
export function workflowCommand(a: ChangeAnnotation): string {
  const props = [
    `file=${prop(a.file)}`,
    `line=${a.line}`,
    `col=${a.column}`,
    `endLine=${a.endLine}`,
    `endColumn=${a.endColumn}`,
    `title=${prop(a.title)}`,
  ];
  return `::${a.severity} ${props.join(',')}::${data(a.message)}\n`;
}

function data(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function prop(text: string): string {
  return data(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** The `subjectsUsed` of an earlier JSON report, checked: a clear error names what is wrong. */
async function readBaseline(path: string, shown: string): Promise<ReadonlySet<string>> {
  const info = await stat(path).catch(() => undefined);
  if (!info?.isFile()) throw new UsageError(`--baseline ${shown}: no such file`);
  if (info.size > MAX_BASELINE_BYTES)
    throw new UsageError(
      `--baseline ${shown}: larger than ${MAX_BASELINE_BYTES / 1024 / 1024} MB; give the JSON report of \`keyfob history changes --format json\``,
    );
  const parsed = baselineSubjects(await readFile(path, 'utf8'));
  if (!parsed.ok) throw new UsageError(`--baseline ${shown}: ${parsed.message}`);
  return parsed.subjects;
}
