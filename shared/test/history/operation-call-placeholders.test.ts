// A call of the project's own operation inside a URL's placeholder computes a piece of that URL: the line's request is
// the URL's. Shape of held54's TFCloud.py (`endpoint = f'…/workspaces/{self.get_workspace_id()}/vars'`, where
// `get_workspace_id` lists the organization's workspaces): each such line reported the list's GET at the call too,
// beside (or instead of) the URL's own endpoint. Made-up names; a call outside any URL is still the operation's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const found = (text: string, fileName: string): string[] =>
  scanText(text, { fileName }).map((m) => `${m.line} ${m.text} ${m.subject.id}`);

const LIST = 'endpoint GET /organizations/:organization_name/workspaces';

describe("history: a project's operation called inside a URL's placeholder", () => {
  it('Python: an f-string URL whose placeholder calls the operation reports the URL alone', () => {
    const py = [
      'class Cloud(API):',
      '    def get_workspace_id(self) -> str:',
      "        endpoint = f'https://app.terraform.io/api/v2/organizations/{self.org}/workspaces'",
      "        response = self.call_endpoint('GET', endpoint=endpoint)",
      "        return response['data'][0]['id']",
      '',
      '    def delete_workspace(self):',
      "        endpoint = f'https://app.terraform.io/api/v2/workspaces/{self.get_workspace_id()}/actions/safe-delete'",
      "        self.call_endpoint('POST', endpoint=endpoint)",
      '',
      '    def report(self):',
      '        ws = self.get_workspace_id()',
      '        print(f"workspace {self.get_workspace_id()}")',
    ].join('\n');
    const rows = found(py, 'cloud.py');
    assert.ok(
      rows.includes(
        '8 https://app.terraform.io/api/v2/workspaces/{self.get_workspace_id()}/actions/safe-delete endpoint POST /workspaces/:workspace_id/actions/safe-delete',
      ),
      rows.join('\n'),
    );
    assert.ok(!rows.includes(`8 get_workspace_id ${LIST}`), rows.join('\n'));
    // outside a URL: a call of the operation (a message without a path is no URL)
    assert.ok(rows.includes(`12 get_workspace_id ${LIST}`), rows.join('\n'));
    assert.ok(rows.includes(`13 get_workspace_id ${LIST}`), rows.join('\n'));
  });
});
