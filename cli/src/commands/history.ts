import { open, readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { annotationFor, findSubjects, parseTarget, scanText, searchHistory, timeline } from '@keyfob/shared/history';
import type { Annotation, Match, Target } from '@keyfob/shared/history';
import { EXIT, UsageError } from '../io.ts';
import type { CliIo } from '../io.ts';
import type { Command } from '../command.ts';
import { toSarif } from '@keyfob/shared/sarif';
import type { ProblemCode } from '@keyfob/shared/codes';
import packageJson from '../../package.json' with { type: 'json' };

const USAGE = `usage: keyfob history scan PATH... [--format text|json|sarif] [--target TARGET]
       keyfob history show SUBJECT [--target TARGET]

scan   Finds the platform API subjects that source files use (endpoints, attributes, query
       parameters, statuses, ...) and annotates each with its change history.
       PATH is a file or a folder (walked; node_modules, .git and dist are skipped, as are
       binary files and files over 5 MB).
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

/** Files larger than this are skipped in a folder walk (generated bundles, data dumps). */
const MAX_FILE_BYTES = 5 * 1024 * 1024;
const SKIPPED_FOLDERS = new Set(['node_modules', '.git', 'dist']);

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

/** `keyfob history scan|show`: see USAGE. */
export const historyCommand: Command = async (argv, io) => {
  const { values, positionals } = parse(argv);
  const [action, ...rest] = positionals;
  if (values.help === true || action === 'help') {
    io.stdout(USAGE);
    return EXIT.ok;
  }
  const target = values.target === undefined ? undefined : targetOf(values.target);
  if (action === 'scan') return scan(rest, values.format ?? 'text', target, io);
  if (action === 'show') return show(rest, target, io);
  throw new UsageError(action === undefined ? `give a subcommand: scan or show\n\n${USAGE}` : `unknown subcommand "${action}"\n\n${USAGE}`);
};

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: { format: { type: 'string', short: 'f' }, target: { type: 'string', short: 't' }, help: { type: 'boolean', short: 'h' } },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n\n${USAGE}`);
  }
}

function targetOf(text: string): Target {
  const parsed = parseTarget(text);
  if (!parsed.ok) throw new UsageError(`--target: ${parsed.message}`);
  return parsed.target;
}

async function scan(paths: string[], format: string, target: Target | undefined, io: CliIo): Promise<number> {
  if (format !== 'text' && format !== 'json' && format !== 'sarif') throw new UsageError(`--format must be text, json or sarif, not "${format}"\n\n${USAGE}`);
  if (paths.length === 0) throw new UsageError(`give at least one file or folder\n\n${USAGE}`);
  const files = new Map<string, string>();
  for (const path of paths) {
    const found = await collect(resolve(io.cwd, path), true);
    if (found === undefined) {
      io.stderr(`keyfob history: ${path}: no such file or folder\n`);
      return EXIT.usage;
    }
    // Shown as given: relative to the working folder, or absolute when the argument was.
    for (const file of found) files.set(file, isAbsolute(path) ? slashes(file) : slashes(relative(io.cwd, file) || '.'));
  }
  const annotations: { file: string; match: Match; annotation: Annotation }[] = [];
  for (const [file, shown] of [...files].sort((a, b) => a[1].localeCompare(b[1]))) {
    const text = await readFile(file, 'utf8');
    for (const match of scanText(text, { fileName: file })) annotations.push({ file: shown, match, annotation: annotationFor(match, target) });
  }
  io.stdout(format === 'json' ? formatJson(annotations) : format === 'sarif' ? formatSarif(annotations) : formatText(annotations));
  return annotations.some((a) => a.annotation.severity !== 'info') ? EXIT.failed : EXIT.ok;
}

/** The files under a path (the path itself when it is a file); undefined when it does not exist. */
async function collect(path: string, explicit: boolean): Promise<string[] | undefined> {
  const info = await stat(path).catch(() => undefined);
  if (!info) return undefined;
  if (info.isFile()) return explicit || (info.size <= MAX_FILE_BYTES && !(await isBinary(path))) ? [path] : [];
  if (!info.isDirectory()) return [];
  const out: string[] = [];
  for (const entry of await readdir(path, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIPPED_FOLDERS.has(entry.name)) continue;
    if (entry.isDirectory() || entry.isFile()) out.push(...((await collect(join(path, entry.name), false)) ?? []));
  }
  return out;
}

/** A NUL byte in the first 8 KB: an image, an archive, a compiled file. */
async function isBinary(path: string): Promise<boolean> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(8192);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    return buffer.subarray(0, bytesRead).includes(0);
  } finally {
    await handle.close();
  }
}

function slashes(path: string): string {
  return sep === '/' ? path : path.split(sep).join('/');
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
      message: `${match.subject.type} ${match.subject.name}${owner}: ${annotation.text}`,
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
  lines.push(`${annotations.length} API subject use${annotations.length === 1 ? '' : 's'} found, ${actionable} to act on`);
  return `${lines.join('\n')}\n`;
}

function show(words: string[], target: Target | undefined, io: CliIo): number {
  const query = words.join(' ').trim();
  if (query === '') throw new UsageError(`give a subject: a name, an alias or a path\n\n${USAGE}`);
  const subjects = findSubjects(query);
  if (subjects.length === 0) {
    const suggestions = searchHistory(query).subjects.slice(0, 5).map((hit) => `  ${hit.item.name}${hit.item.resource === undefined ? '' : ` (${hit.item.resource})`}`);
    io.stderr(`keyfob history: no subject named "${query}"${suggestions.length > 0 ? `; did you mean:\n${suggestions.join('\n')}` : ''}\n`);
    return EXIT.failed;
  }
  io.stdout(`${subjects.map((s) => timeline(s, { format: 'text', ...(target ? { target } : {}) })).join('\n\n')}\n`);
  return EXIT.ok;
}
