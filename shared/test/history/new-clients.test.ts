// The second held-aside set (test/fixtures/history-new), a working set since issue 22's third session:
// programs that call the platform API through go-tfe (tfc-workflows-tooling, terraform-mcp-server,
// hcp-terraform-operator) or curl (tf-helper), not in test/fixtures/history-real, labelled from their
// code by test/fixtures/history-new/label.mjs. Their code is read from repository snapshots. Every run
// checks the labels' form and, where the repository snapshots are, scores the matcher with floors.
import { labelledSet } from './labelled-set.ts';

labelledSet('new', { alwaysCheck: true, minExpected: 100, floors: { recall: 1, wrongShare: 0 } });
