// Scores `keyfob lint` on the real Terraform corpus (test/fixtures/terraform-corpus): SOURCES.tsv lists
// each definition (a resource block of a supported type in a public repository), labels.tsv the real
// problems read from it (code, attribute, line) or `clean`. keyfob runs as a user runs it, `keyfob lint
// --format json .` in each repository's restored folder; only the definitions of the chosen part count.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TERRAFORM_RESOURCES } from '@keyfob/shared/terraform';
import { REPO_ROOT } from '../../test/helpers/engine.ts';
import { runKeyfob } from './run-keyfob.ts';

/** working: what keyfob was changed against; held-aside: the first collection's third, measured once
 * and seen since; held2: the second collection (repositories the first lacks), labelled and held aside
 * before keyfob ran on it, measured once; held3: the third collection (repositories neither earlier one
 * has), likewise; held4: the fourth (repositories none of the three has), likewise; held5: the fifth
 * (repositories none of the four has), likewise; held6: the sixth (repositories none of the five has),
 * likewise; held7: the seventh (repositories none of the six has), likewise. */
export type Part = 'working' | 'held-aside' | 'held2' | 'held3' | 'held4' | 'held5' | 'held6' | 'held7';

export const PARTS: readonly Part[] = ['working', 'held-aside', 'held2', 'held3', 'held4', 'held5', 'held6', 'held7'];

const FIXTURE = join(REPO_ROOT, 'test', 'fixtures', 'terraform-corpus');
const RESTORED = join(FIXTURE, 'restored');

export interface Definition {
  readonly id: string;
  readonly repository: string;
  readonly path: string;
  readonly type: string;
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly part: Part;
}

/** A real problem read from a definition; code `-` is one no keyfob rule covers. */
interface Label {
  readonly id: string;
  readonly code: string;
  readonly attribute: string;
  readonly line: number;
}

interface JsonReport {
  readonly files: { file: string; resources?: { address: string; kind: string; line: number }[] }[];
  readonly problems: {
    file: string;
    document: number;
    line: number;
    severity: 'error' | 'warning' | 'info';
    code: string;
    path: string;
    message: string;
  }[];
}

const rows = (name: string): string[][] =>
  readFileSync(join(FIXTURE, name), 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split('\t'));

export function readDefinitions(): Definition[] {
  return rows('SOURCES.tsv').map(([id, repository, path, , type, name, lines, part]) => {
    const [start, end] = (lines ?? '').split('-').map(Number);
    const known = PARTS.find((p) => p === part);
    if (known === undefined) throw new Error(`SOURCES.tsv ${id}: part '${part}' is none of ${PARTS.join(', ')}`);
    return {
      id: id ?? '',
      repository: repository ?? '',
      path: path ?? '',
      type: type ?? '',
      name: name ?? '',
      start: start ?? 0,
      end: end ?? 0,
      part: known,
    };
  });
}

function readLabels(): Label[] {
  return rows('labels.tsv')
    .filter(([, code]) => code !== 'clean')
    .map(([id, code, attribute, line]) => ({
      id: id ?? '',
      code: code ?? '',
      attribute: attribute ?? '',
      line: Number(line),
    }));
}

/** The definition id of every row of labels.tsv (problems and `clean`). */
export function labelIds(): string[] {
  return rows('labels.tsv').map(([id]) => id ?? '');
}

/** Whether every file FILES.tsv lists is restored. */
export function corpusPresent(): boolean {
  return rows('FILES.tsv').every(([repository, path]) =>
    existsSync(join(RESTORED, (repository ?? '').replace('/', '+'), path ?? '')),
  );
}

async function lintRepository(repository: string): Promise<JsonReport> {
  const run = await runKeyfob(['lint', '--format', 'json', '.'], {}, join(RESTORED, repository.replace('/', '+')));
  if (run.status !== 0 && run.status !== 1)
    throw new Error(`keyfob lint in ${repository}: exit ${run.status}: ${run.stderr}`);
  return JSON.parse(run.stdout) as JsonReport;
}

/** The Terraform attribute an engine field is written as (`name` of a JWT role is `role_name`). */
function attributeOf(type: string, path: string): string {
  const field = path.split('/')[1] ?? '';
  const table = TERRAFORM_RESOURCES.find((r) => r.type === type);
  return table?.attributes.find((a) => a.field === field)?.attribute ?? field;
}

export interface Score {
  readonly definitions: number;
  /** Per resource type: definitions, and those keyfob listed as checked. */
  readonly perType: Map<string, { definitions: number; checked: number }>;
  readonly labelled: number;
  readonly found: number;
  readonly atLine: number;
  readonly missed: string[];
  /** Real problems no keyfob rule covers (code `-`). */
  readonly outsideRules: number;
  readonly falseErrors: string[];
  readonly unlabelledWarnings: string[];
  readonly unchecked: string[];
}

/** Runs keyfob on every repository of the part and compares with the labels. */
export async function scoreCorpus(part: Part): Promise<Score> {
  const definitions = readDefinitions().filter((d) => d.part === part);
  const labels = readLabels().filter((l) => definitions.some((d) => d.id === l.id));
  const repositories = [...new Set(definitions.map((d) => d.repository))];
  const reports = new Map<string, JsonReport>();
  // Two at a time: the machine is shared.
  for (let i = 0; i < repositories.length; i += 2) {
    const batch = repositories.slice(i, i + 2);
    const done = await Promise.all(batch.map((r) => lintRepository(r)));
    batch.forEach((r, j) => reports.set(r, done[j] as JsonReport));
  }
  const perType = new Map<string, { definitions: number; checked: number }>();
  const missed: string[] = [];
  const falseErrors: string[] = [];
  const unlabelledWarnings: string[] = [];
  const unchecked: string[] = [];
  let found = 0;
  let atLine = 0;
  for (const d of definitions) {
    const count = perType.get(d.type) ?? { definitions: 0, checked: 0 };
    perType.set(d.type, count);
    count.definitions++;
    const report = reports.get(d.repository) as JsonReport;
    const file = report.files.find((f) => f.file === d.path);
    const document = (file?.resources ?? []).findIndex((r) => r.address === `${d.type}.${d.name}`);
    const where = `${d.id} ${d.repository} ${d.path}:${d.start} ${d.type}.${d.name}`;
    if (document < 0) {
      unchecked.push(where);
      continue;
    }
    count.checked++;
    const problems = report.problems.filter(
      (p) => p.file === d.path && p.document === document && p.severity !== 'info',
    );
    const mine = labels.filter((l) => l.id === d.id && l.code !== '-');
    for (const label of mine) {
      const hits = problems.filter((p) => p.code === label.code && attributeOf(d.type, p.path) === label.attribute);
      if (hits.length === 0) missed.push(`${where}: ${label.code} at ${label.attribute} line ${label.line}`);
      else {
        found++;
        if (hits.some((p) => p.line === label.line)) atLine++;
      }
    }
    for (const p of problems) {
      if (mine.some((l) => l.code === p.code && l.attribute === attributeOf(d.type, p.path))) continue;
      const line = `${where}: ${p.severity} ${p.code} ${p.path} line ${p.line}: ${p.message}`;
      (p.severity === 'error' ? falseErrors : unlabelledWarnings).push(line);
    }
  }
  return {
    definitions: definitions.length,
    perType,
    labelled: labels.filter((l) => l.code !== '-').length,
    found,
    atLine,
    missed,
    outsideRules: labels.filter((l) => l.code === '-').length,
    falseErrors,
    unlabelledWarnings,
    unchecked,
  };
}

/** The figures as lines for the test's output and the closing note. */
export function scoreTable(score: Score, part: Part): string[] {
  const types = [...score.perType].map(([type, c]) => `${type} ${c.checked}/${c.definitions}`);
  return [
    `${part} part: ${score.definitions} definitions; checked per type: ${types.join(', ')}`,
    `real problems labelled: ${score.labelled} (+${score.outsideRules} outside keyfob's rules); found ${score.found}, at the labelled line ${score.atLine}; missed ${score.missed.length}`,
    `false errors: ${score.falseErrors.length}; warnings the labels do not hold: ${score.unlabelledWarnings.length}`,
  ];
}
