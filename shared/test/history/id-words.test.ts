// A template's id parameter (`:id`, `:workspace_id`) is filled in code by a placeholder or by an id of this API, which
// carries a prefix and digits (`task-4qR8…`, `ws-…`); a plain lower-case word there (`/tasks/search`, `/users/me`) is
// another API's path segment (Asana's `/workspaces/{gid}/tasks/search`). A name parameter (`:organization_name`) takes
// any word. Made-up requests in the style of real ones.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const found = (text: string): string[] =>
  scanText(text, { fileName: 'client.py' }).map((m) => `${m.line} ${m.subject.id}`);

const client = (path: string): string =>
  ['import requests', '', 'API = "https://app.terraform.io/api/v2"', '', `requests.get(f"{API}${path}")`].join('\n');

describe('history: a plain word where a template has an id', () => {
  it('is no id: another API’s segment', () => {
    assert.deepEqual(found(client('/workspaces/{ws}/tasks/search')), []);
  });

  it('a placeholder or an id of this API fills it', () => {
    assert.deepEqual(found(client('/workspaces/{ws}/tasks/{task_id}')), [
      '5 endpoint GET /workspaces/:workspace_id/tasks/:id',
    ]);
    assert.deepEqual(found(client('/workspaces/{ws}/tasks/task-4qR8fZ2')), [
      '5 endpoint GET /workspaces/:workspace_id/tasks/:id',
    ]);
  });

  it('a name parameter takes a plain word', () => {
    assert.deepEqual(found(client('/organizations/hashicorp/workspaces')), [
      '5 endpoint GET /organizations/:organization_name/workspaces',
    ]);
  });
});
