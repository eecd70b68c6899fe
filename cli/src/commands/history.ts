import { annotationFor, findSubjects, parseTarget, searchHistory, timeline } from '@keyfob/shared/history';
import type { Annotation, Match, Target } from '@keyfob/shared/history';
import { EXIT, UsageError } from '../io.ts';
import type { CliIo } from '../io.ts';
import { defineCommand, type Command } from '../command.ts';
import { toSarif } from '@keyfob/shared/sarif';
import type { ProblemCode } from '@keyfob/shared/codes';
import packageJson from '../../package.json' with { type: 'json' };
import { scanSourceFiles } from '../history/module-context.ts';
import { sourceFiles } from '../history/source-files.ts';

const USAGE = `usage: keyfob history scan PATH... [--format text|json|sarif] [--target TARGET]
       keyfob history show SUBJECT [--target TARGET]
       keyfob history changes --since DATE|RELEASE [PATH...] [--fail-on LEVEL] [--format FORMAT]

scan   Finds the platform API subjects that source files use (endpoints, attributes, query
       parameters, statuses, ...) and annotates each with its change history.
       PATH is a file or a folder (walked; node_modules, .git and dist are skipped, as are
       binary files and files over 5 MB).
changes  Lists what changed since a date or release for the subjects the code uses
       (see \`keyfob history changes --help\`).
show   Prints the timeline of one subject, named by name, alias or path
       (e.g. enforce, terraform-build-worker-plan-timeout, "DELETE /workspaces/ws-1/relationships/tags").

  --format text    file:line:column: annotation [subject] (default)
  --format json    {"annotations":[{"file","line","column","endColumn","text",
                   "subject":{"type","name","resource"},"kind","date","replacedBy"}]}
  --format sarif   SARIF 2.1.0 for GitHub code scanning (rule ids HISTORY_*)
  --target TARGET  hosted, self-hosted@vYYYYMM-N or a date YYYY-MM-DD: also report subjects
                   that target does not have (added later, or not on its edition)

Exit status (scan): 0 nothing to act on; 1 a deprecated or breaking subject is used, or one
newer than --target; 2 usage error. (show): 0 found, 1 no such subject, 2 usage error.
`;

/** One line of `scan --format json`, as ARCHITECTURE.md fixes it. */
interface JsonAnnotation {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly endColumn: number;
  readonly text: string;
  readonly subject: { readonly type: string; readonly name: string; readonly resource: string | null };
  readonly kind: string;
  readonly date: string;
  readonly replacedBy: string | null;
}

/** `keyfob history scan|show|changes`: see USAGE (changes has its own frame and usage). */
export const historyCommand: Command = async (argv, io) =>
  argv[0] === 'changes'
    ? (await import('./history-changes.ts')).historyChanges(argv.slice(1), io)
    : scanOrShow(argv, io);

const scanOrShow = defineCommand({
  usage: USAGE,
  options: { target: { type: 'string', short: 't' } },
  formats: ['text', 'json', 'sarif'],
  run: async ({ values, positionals, format }, io) => {
    const [action, ...rest] = positionals;
    if (action === 'help') {
      io.stdout(USAGE);
      return EXIT.ok;
    }
    const target = values.target === undefined ? undefined : targetOf(values.target);
    if (action === 'scan') return scan(rest, format, target, io);
    if (action === 'show') return show(rest, target, io);
    throw new UsageError(
      action === undefined
        ? `give a subcommand: scan, show or changes\n\n${USAGE}`
        : `unknown subcommand "${action}"\n\n${USAGE}`,
    );
  },
});

function targetOf(text: string): Target {
  const parsed = parseTarget(text);
  if (!parsed.ok) throw new UsageError(`--target: ${parsed.message}`);
  return parsed.target;
}

async function scan(
  paths: string[],
  format: 'text' | 'json' | 'sarif',
  target: Target | undefined,
  io: CliIo,
): Promise<number> {
  if (paths.length === 0) throw new UsageError(`give at least one file or folder\n\n${USAGE}`);
  const found = await sourceFiles(paths, io.cwd);
  if ('missing' in found) {
    io.stderr(`keyfob history: ${found.missing}: no such file or folder\n`);
    return EXIT.usage;
  }
  const annotations: { file: string; match: Match; annotation: Annotation }[] = [];
  // The files given are one project: a model sent by another file's function is read with it.
  const scanned = await scanSourceFiles(found.files);
  found.files.forEach((source, k) => {
    for (const match of scanned[k] ?? [])
      annotations.push({ file: source.file, match, annotation: annotationFor(match, target) });
  });
  io.stdout(
    format === 'json'
      ? formatJson(annotations)
      : format === 'sarif'
        ? formatSarif(annotations)
        : formatText(annotations),
  );
  return annotations.some((a) => a.annotation.severity !== 'info') ? EXIT.failed : EXIT.ok;
}

function formatJson(annotations: readonly { file: string; match: Match; annotation: Annotation }[]): string {
  const out: JsonAnnotation[] = annotations.map(({ file, match, annotation }) => {
    // ARCHITECTURE.md: `kind` (and its date) is the newest change of the subject, whatever the text stresses.
    const newest = match.subject.changes[0];
    return {
      file,
      line: match.line,
      column: match.column,
      endColumn: match.endColumn,
      text: annotation.text,
      subject: { type: match.subject.type, name: match.subject.name, resource: match.subject.resource ?? null },
      kind: newest?.change ?? annotation.kind,
      date: newest?.date ?? annotation.date,
      replacedBy: match.subject.replacedBy ?? null,
    };
  });
  return `${JSON.stringify({ annotations: out }, null, 2)}\n`;
}

/** The problem code of each kind of annotation (rule ids of the SARIF output). */
const ANNOTATION_CODES: Readonly<Record<Annotation['severity'], ProblemCode>> = {
  deprecated: 'HISTORY_DEPRECATED',
  breaking: 'HISTORY_BREAKING',
  newer: 'HISTORY_NOT_IN_TARGET',
  info: 'HISTORY_CHANGED',
};

function formatSarif(annotations: readonly { file: string; match: Match; annotation: Annotation }[]): string {
  const findings = annotations.map(({ file, match, annotation }) => {
    const owner = match.subject.resource === undefined ? '' : ` of ${match.subject.resource}`;
    return {
      file,
      code: ANNOTATION_CODES[annotation.severity],
      severity: annotation.severity === 'info' ? ('info' as const) : ('warning' as const),
      message: `${match.subject.type} ${match.subject.name}${owner}: ${annotation.text} [change ${annotation.changeId}, ${annotation.level}]`,
      range: { startLine: match.line, startColumn: match.column, endLine: match.line, endColumn: match.endColumn },
    };
  });
  return `${JSON.stringify(toSarif(findings, { version: packageJson.version, command: 'keyfob history scan' }), null, 2)}\n`;
}

function formatText(annotations: readonly { file: string; match: Match; annotation: Annotation }[]): string {
  const lines = annotations.map(({ file, match, annotation }) => {
    const owner = match.subject.resource === undefined ? '' : ` of ${match.subject.resource}`;
    return `${file}:${match.line}:${match.column}: ${annotation.text} [${match.subject.type} ${match.subject.name}${owner}]`;
  });
  const actionable = annotations.filter((a) => a.annotation.severity !== 'info').length;
  lines.push(
    `${annotations.length} API subject use${annotations.length === 1 ? '' : 's'} found, ${actionable} to act on`,
  );
  return `${lines.join('\n')}\n`;
}

function show(words: string[], target: Target | undefined, io: CliIo): number {
  const query = words.join(' ').trim();
  if (query === '') throw new UsageError(`give a subject: a name, an alias or a path\n\n${USAGE}`);
  const subjects = findSubjects(query);
  if (subjects.length === 0) {
    const suggestions = searchHistory(query)
      .subjects.slice(0, 5)
      .map((hit) => `  ${hit.item.name}${hit.item.resource === undefined ? '' : ` (${hit.item.resource})`}`);
    io.stderr(
      `keyfob history: no subject named "${query}"${suggestions.length > 0 ? `; did you mean:\n${suggestions.join('\n')}` : ''}\n`,
    );
    return EXIT.failed;
  }
  io.stdout(`${subjects.map((s) => timeline(s, { format: 'text', ...(target ? { target } : {}) })).join('\n\n')}\n`);
  return EXIT.ok;
}
