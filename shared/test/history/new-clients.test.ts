// The second held-aside set (test/fixtures/history-new): programs that call the platform API through
// go-tfe (tfc-workflows-tooling, terraform-mcp-server, hcp-terraform-operator) or curl (tf-helper), not
// in test/fixtures/history-real and labelled from their code by test/fixtures/history-new/label.mjs
// before the matcher ever ran on them. Their code is not in this repository: it is read from
// repository snapshots (KEYFOB_MIRROR, default /work/.mirror) at the listed commits. Every run checks
// the labels' form; the matcher is scored only with KEYFOB_HISTORY_PART=new (once, at the end of a
// piece of work), which fails, naming them, when the snapshots are absent.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { history } from '@keyfob/shared/history';
import { readLabels, scoreFiles, scoreTable } from './real-clients-score.ts';

const CORPUS = new URL('../../../test/fixtures/history-new/', import.meta.url);
const MIRROR = process.env['KEYFOB_MIRROR'] ?? '/work/.mirror';
interface Source {
  readonly file: string;
  readonly repository: string;
  readonly path: string;
  readonly commit: string;
}
const sources: Source[] = readFileSync(new URL('SOURCES.tsv', CORPUS), 'utf8')
  .split('\n')
  .slice(1)
  .filter((r) => r !== '')
  .map((r) => {
    const [file = '', repository = '', path = '', commit = ''] = r.split('\t');
    return { file, repository, path, commit };
  });
const gitDir = (s: Source): string => `${MIRROR}/${s.repository.replace('/', '+')}/repo`;
const language = (file: string): string => (file.endsWith('.sh') ? 'shell' : 'go (via SDK)');

describe('second held-aside set: programs calling the API (test/fixtures/history-new)', () => {
  const labels = readLabels(CORPUS);

  it('labels name listed files, known subjects and construct kinds; >= 100 expected uses', () => {
    const files = new Set(sources.map((s) => s.file));
    const all = [...labels.entries()].flatMap(([file, rows]) => rows.map((r) => ({ file, ...r })));
    for (const r of all) {
      assert.ok(files.has(r.file), `labels.tsv names ${r.file}, which SOURCES.tsv does not list`);
      if (r.subject !== '* *' && r.subject !== 'endpoint *')
        assert.ok(history.byId.has(r.subject), `${r.file}:${r.line}: unknown subject ${r.subject}`);
    }
    assert.ok(all.filter((r) => r.label === 'expect').length >= 100);
    for (const s of sources) assert.match(s.commit, /^[0-9a-f]{40}$/);
  });

  // Scored only on request (no test is registered otherwise, so no run skips): the set is measured once.
  if (process.env['KEYFOB_HISTORY_PART'] !== 'new') return;
  it('scores the matcher on it (KEYFOB_HISTORY_PART=new, with the repository snapshots)', (t) => {
    const absent = sources.filter((s) => !existsSync(gitDir(s))).map((s) => s.repository);
    assert.deepEqual([...new Set(absent)], [], `repository snapshots absent under ${MIRROR} (set KEYFOB_MIRROR)`);
    const bySource = new Map(sources.map((s) => [s.file, s]));
    const read = (file: string): string => {
      const s = bySource.get(file);
      if (!s) throw new Error(`not listed: ${file}`);
      return execFileSync('git', ['--git-dir', gitDir(s), 'show', `${s.commit}:${s.path}`], {
        encoding: 'utf8',
        maxBuffer: 16 << 20,
      });
    };
    const score = scoreFiles(
      sources.map((s) => s.file),
      labels,
      read,
      undefined,
      language,
    );
    for (const line of scoreTable(score)) t.diagnostic(line);
    if (process.env['KEYFOB_RECALL_DETAILS'] === '1')
      for (const m of [...score.misses, ...score.wrong, ...score.unlabelled]) t.diagnostic(m);
  });
});
