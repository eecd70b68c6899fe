// Go logging calls' keys are keys of the log line, no attribute of the API (log-calls.ts): logrus field maps,
// zap fields, slog and hclog key-value pairs, zerolog's field adders, fmt's prints. The same keys in a map a
// request sends, and the go-tfe field read inside the log call, are still uses.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

function uses(source: string): string[] {
  return scanText(source, { languageId: 'go' }).map((m) => `${m.line}: ${m.text} → ${m.subject.id}`);
}

const go = (...lines: string[]): string =>
  ['package main', '', 'import (', '\ttfe "github.com/hashicorp/go-tfe"', ')', '', ...lines].join('\n');

describe('Go logging calls', () => {
  it("a logger's field map, fields and key-value pairs name no attribute; the go-tfe read inside still does", () => {
    const source = go(
      'func report(w *tfe.Workspace, lg *zap.Logger, sl *slog.Logger) {', // 7
      '\tlogrus.WithFields(logrus.Fields{',
      '\t\t"auto-destroy-at": w.AutoDestroyAt,', // 9
      '\t\t"locked-by":       owner,',
      '\t}).Warn("expiring")',
      '\tlog.WithField("execution-mode", mode).Info("mode")', // 12
      '\tlg.Info("seen", zap.String("auto-destroy-at", when))', // 13
      '\tsl.Info("seen", "execution-mode", mode)', // 14
      '\tslog.Warn("late",\n\t\t"locked-by", owner)', // 15-16
      '\tzlog.Info().\n\t\tStr("execution-mode", mode).\n\t\tMsg("mode")', // 17-19
      '\tfmt.Printf("%s %s\\n", "locked-by", owner)', // 20
      '\tc.logger.Debug("read", "execution-mode", mode)', // 21
      '}',
    );
    assert.deepEqual(uses(source), ['9: AutoDestroyAt → attribute workspaces auto-destroy-at']);
  });

  it('the same key in a map a request sends, after a log call, is still read', () => {
    const source = go(
      'func send(mode string) ([]byte, error) {', // 7
      '\tlog.Printf("sending %v", mode)',
      '\treturn json.Marshal(map[string]any{"auto-destroy-at": when})', // 9
      '}',
    );
    assert.deepEqual(uses(source), ['9: auto-destroy-at → attribute workspaces auto-destroy-at']);
  });
});
