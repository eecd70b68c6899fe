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

/**
 * Every listed file's text at its commit, read with one `git cat-file --batch` per repository (one `git show` per
 * file cost the editor parity check about 100 s over the sets' 2,000 files). A file its snapshot lacks throws, naming it.
 */
export function sourceTexts(sources: readonly Source[]): Map<string, string> {
  const texts = new Map<string, string>();
  const byDir = new Map<string, Source[]>();
  for (const s of sources) byDir.set(gitDir(s), [...(byDir.get(gitDir(s)) ?? []), s]);
  for (const [dir, mine] of byDir) {
    const out = execFileSync('git', ['--git-dir', dir, 'cat-file', '--batch'], {
      input: mine.map((s) => `${s.commit}:${s.path}\n`).join(''),
      maxBuffer: 512 << 20,
    });
    let at = 0;
    for (const s of mine) {
      const eol = out.indexOf(10, at);
      const header = out.toString('utf8', at, eol);
      const size = /^[0-9a-f]{40} blob (\d+)$/.exec(header)?.[1];
      if (size === undefined) throw new Error(`${s.repository}@${s.commit}:${s.path}: ${header}`);
      texts.set(s.file, out.toString('utf8', eol + 1, eol + 1 + Number(size)));
      at = eol + 1 + Number(size) + 1;
    }
  }
  return texts;
}

/** Writes every file of the set under `dir` as `<dir>/<file>` (a folder as `keyfob history scan` reads one). */
export function restoreSources(sources: readonly Source[], dir: string): void {
  const texts = sourceTexts(sources);
  for (const s of sources) {
    const target = join(dir, s.file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, texts.get(s.file)!);
  }
}
