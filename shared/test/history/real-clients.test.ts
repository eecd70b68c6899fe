// The matcher on real client code (test/fixtures/history-real), all of it: both held-aside measures of
// issue 22's second session are taken, so the whole corpus is a working set now (the clean held-aside set
// is test/fixtures/history-held, see held-clients.test.ts). `KEYFOB_HISTORY_PART=working` or `held-aside`
// scores one part as before. Prints recall and wrong annotations per language and construct kind.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { describe, it } from 'node:test';
import { corpusFiles, readLabels, scoreCorpus, scoreTable } from './real-clients-score.ts';
import type { Part } from './real-clients-score.ts';

const chosen = process.env['KEYFOB_HISTORY_PART'];
const part: Part = chosen === 'held-aside' || chosen === 'working' ? chosen : 'all';
// Floors of the matcher as it stands on the working part (the target is 95% and 2%). Working part
// 2026-11-29: recall 100% (432/432), wrong 0 of 435; held-aside part, measured once that day: 99.6%, 0%.
const ABSENT =
  "the real-client corpus is not restored here (its clients' code is not committed: node test/fixtures/history-real/restore.mjs brings it from the repositories' snapshots)";
const MIN = { expected: 400, never: 150, recall: 0.98, wrongShare: 0.01 } as const;

const present = existsSync(new URL('../../../test/fixtures/history-real/go-tfe/', import.meta.url));

describe(`matcher on real client code (${part} part)`, { skip: present ? false : ABSENT }, () => {
  if (!present) return;
  const score = scoreCorpus(part);

  it('prints recall and wrong annotations per language and construct kind', (t) => {
    for (const line of scoreTable(score)) t.diagnostic(line);
    if (process.env['KEYFOB_RECALL_DETAILS'] === '1')
      for (const m of [...score.misses, ...score.wrong, ...score.unlabelled]) t.diagnostic(m);
  });

  it(`the corpus has >= ${MIN.expected} expected uses and >= ${MIN.never} must-not spots, a third held aside`, () => {
    const all = [...readLabels().values()].flat();
    assert.ok(all.filter((l) => l.label === 'expect').length >= MIN.expected);
    assert.ok(all.filter((l) => l.label === 'never').length >= MIN.never);
    const held = corpusFiles('held-aside').length;
    const total = corpusFiles('all').length;
    assert.ok(held > total / 4 && held < total / 2.5, `${held} of ${total} files held aside`);
  });

  it(`finds >= ${MIN.recall * 100}% of the expected uses`, () => {
    assert.ok(
      score.total.found / score.total.expected >= MIN.recall,
      `recall ${score.total.found}/${score.total.expected}:\n${score.misses.join('\n')}`,
    );
  });

  it(`wrong annotations are <= ${MIN.wrongShare * 100}% of what the matcher reports on labelled lines`, () => {
    assert.ok(
      score.total.wrong <= MIN.wrongShare * score.total.reported,
      `${score.total.wrong} of ${score.total.reported}:\n${score.wrong.join('\n')}`,
    );
  });
});
