// The second held-aside set (test/fixtures/history-new), a working set since issue 22's third session:
// programs that call the platform API through go-tfe (tfc-workflows-tooling, terraform-mcp-server,
// hcp-terraform-operator) or curl (tf-helper), not in test/fixtures/history-real, labelled from their
// code by test/fixtures/history-new/label.mjs. Their code is read from repository snapshots. Every run
// checks the labels' form and, where the repository snapshots are, scores the matcher with floors and
// checks that label.mjs still writes the committed labels.tsv (it went stale once when a reader it shares
// with the later sets changed).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { absentRepositories, MIRROR, readSources } from '../../../test/helpers/labelled-sources.ts';
import { labelledSet } from './labelled-set.ts';

labelledSet('new', { alwaysCheck: true, minExpected: 100, floors: { recall: 1, wrongShare: 0 } });

const CORPUS = new URL('../../../test/fixtures/history-new/', import.meta.url);
const GO_TFE = new URL('../../../test/fixtures/history-real/go-tfe/', import.meta.url);
const absent = absentRepositories(readSources(CORPUS));
void it(
  'history-new: label.mjs writes exactly the committed labels.tsv',
  {
    skip:
      absent.length > 0
        ? `the repository snapshots are not here (${absent.join(', ')} under ${MIRROR}; set KEYFOB_MIRROR)`
        : !existsSync(GO_TFE)
          ? "go-tfe's source is not restored (node test/fixtures/history-real/restore.mjs): label.mjs reads it"
          : false,
  },
  () => {
    const run = spawnSync(process.execPath, [fileURLToPath(new URL('label.mjs', CORPUS)), '--check'], {
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
  },
);
