// Requests written in runbooks and notes (Markdown): a curl command after a shell prompt (`$ curl -s \`), a run
// task's result PATCHed to its callback URL written as an HTTP request line (`PATCH <callback_url>`), and the
// callback address a run task request carries, which is data in the request's body, not a request.
// Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (text: string, languageId = 'markdown'): string[] =>
  scanText(text, { languageId })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

describe('history: requests in runbooks', () => {
  it("a curl command after the shell prompt `$` is read as curl's", () => {
    const doc = [
      '## List the VCS connections', // 1
      '',
      '```',
      '$ curl -s \\',
      '  -H "Authorization: Bearer $TOKEN" \\', // 5
      '  https://app.terraform.io/api/v2/organizations/acme/oauth-clients \\',
      "  | jq '.data[0].id'",
      '```',
      '',
      '```', // 10
      '$ curl -s -X DELETE -H "Authorization: Bearer $TOKEN" https://app.terraform.io/api/v2/projects/prj-123',
      '```',
    ].join('\n');
    assert.deepEqual(endpoints(doc), [
      '6 endpoint GET /organizations/:organization_name/oauth-clients',
      '11 endpoint DELETE /projects/:project_id',
    ]);
  });

  it("a run task's result PATCHed to the request's callback URL by a request line; the URL the request carries is no request", () => {
    const doc = [
      '## Writing a run task', // 1
      '',
      '```',
      'POST https://tasks.example.com/hook',
      '{', // 5
      '  "stage": "pre_apply",',
      '  "task_result_callback_url": "https://app.terraform.io/api/v2/task-results/taskrs-1/callback"',
      '}',
      '',
      'PATCH <task_result_callback_url>', // 10
      '{ "data": { "type": "task-results", "attributes": { "status": "passed" } } }',
      '```',
      '',
      '- PATCH {{callback_url}}',
      '- GET <callback_url>', // 15
      '- PATCH <callback_url> and then wait',
    ].join('\n');
    assert.deepEqual(endpoints(doc), ['10 endpoint PATCH :callback_url', '14 endpoint PATCH :callback_url']);
    // The same request line in an HTTP request file.
    assert.deepEqual(endpoints('PATCH {{callback_url}}\nContent-Type: application/vnd.api+json\n', 'http'), [
      '1 endpoint PATCH :callback_url',
    ]);
  });
});
