// The files of a labelled history set (test/fixtures/history-<name>/SOURCES.tsv): which public
// repository, path and commit each comes from, and their text, read from the repository snapshots
// (KEYFOB_MIRROR, default /work/.mirror, one git directory per repository as `owner+name/repo`).
// The code is theirs, never committed here: only the sources, the labels and our scripts are.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export const MIRROR = process.env['KEYFOB_MIRROR'] ?? '/work/.mirror';

export interface Source {
  readonly file: string;
  readonly repository: string;
  readonly path: string;
  readonly commit: string;
}

/**
 * SOURCES.tsv: the columns by their header (`file`, `repository` or `repo`, `path`, `commit`), else by
 * position (file, repository, path, commit, as history-new writes them); without a file column a file is
 * named `<repository name>/<path>`.
 */
export function readSources(corpus: URL): Source[] {
  const [head = '', ...rows] = readFileSync(new URL('SOURCES.tsv', corpus), 'utf8').split('\n');
  const columns = head.split('\t').map((c) => c.trim().toLowerCase());
  const column = (fallback: number, ...names: string[]): number => {
    const i = columns.findIndex((c) => names.includes(c));
    return i !== -1 ? i : columns.includes('path') ? -1 : fallback;
  };
  const at = {
    file: column(0, 'file'),
    repository: column(1, 'repository', 'repo'),
    path: column(2, 'path'),
    commit: column(3, 'commit'),
  };
  assert.ok(
    at.repository !== -1 && at.path !== -1 && at.commit !== -1,
    `SOURCES.tsv header "${head}": needs repository, path and commit`,
  );
  return rows
    .filter((r) => r.trim() !== '')
    .map((r) => {
      const cells = r.split('\t');
      const repository = cells[at.repository] ?? '';
      const path = cells[at.path] ?? '';
      const file = at.file === -1 ? `${repository.slice(repository.indexOf('/') + 1)}/${path}` : (cells[at.file] ?? '');
      return { file, repository, path, commit: (cells[at.commit] ?? '').trim() };
    });
}

/** A repository's snapshot: `owner+name/repo` is the git directory, or holds it as `.git` (a checkout). */
const gitDir = (s: Pick<Source, 'repository'>): string => {
  const dir = `${MIRROR}/${s.repository.replace('/', '+')}/repo`;
  return existsSync(`${dir}/.git`) ? `${dir}/.git` : dir;
};

/** The repositories whose snapshots are not here. */
export const absentRepositories = (sources: readonly Source[]): string[] => [
  ...new Set(sources.filter((s) => !existsSync(gitDir(s))).map((s) => s.repository)),
];

/** One file's text at its commit, from its repository's snapshot. */
export const sourceText = (s: Source): string =>
  execFileSync('git', ['--git-dir', gitDir(s), 'show', `${s.commit}:${s.path}`], {
    encoding: 'utf8',
    maxBuffer: 16 << 20,
  });

/** Writes every file of the set under `dir` as `<dir>/<file>` (a folder as `keyfob history scan` reads one). */
export function restoreSources(sources: readonly Source[], dir: string): void {
  for (const s of sources) {
    const target = join(dir, s.file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, sourceText(s));
  }
}
