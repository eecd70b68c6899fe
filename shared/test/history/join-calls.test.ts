// A literal that is only the first piece of a join call (`urljoin('/runs/', id, '/actions/apply')`,
// `path.join("/workspaces", id, "runs")`) is not the URL: the pieces joined are, an expression a
// segment. Learned from history-held7 (seen): a TypeScript client's run actions read as `POST /runs`.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (text: string, languageId: string): string[] =>
  scanText(text, { languageId })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

describe('history: the pieces of a join call are one URL', () => {
  it('a first piece followed by more is no use of its own path; the whole is', () => {
    const text = [
      'async apply(runId: string): Promise<void> {',
      "  const endpoint = urljoin('/runs/', encodeURI(runId), '/actions/apply');",
      '  await this.client.post(endpoint, {});',
      '}',
      'async forceCancel(runId: string): Promise<void> {',
      '  const endpoint = urljoin(',
      "    '/runs/',",
      '    encodeURI(runId),',
      "    '/actions/force-cancel'",
      '  );',
      '  await this.client.post(endpoint, {});',
      '}',
      'async safeDelete(id: string): Promise<void> {',
      "  await this.client.post(urljoin('/workspaces/', encodeURI(id), '/actions/safe-delete'), {});",
      '}',
      'async create(): Promise<void> {',
      "  await this.client.post(urljoin('/runs'), {});",
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'typescript'), [
      '14 endpoint POST /workspaces/:workspace_id/actions/safe-delete',
      '17 endpoint POST /runs',
    ]);
  });

  it("Python's os.path.join and posixpath.join alike", () => {
    const text = [
      'def lock(self, ws_id):',
      '    return requests.post(self.base + posixpath.join("/workspaces", ws_id, "actions/safe-delete"))',
      'def runs(self):',
      '    return requests.post(self.base + os.path.join("/runs", self.run_id, "actions", "apply"))',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'python'), ['2 endpoint POST /workspaces/:workspace_id/actions/safe-delete']);
  });
});
