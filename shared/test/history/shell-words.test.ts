// A shell word is one argument however it is quoted: `https://"$HOST"/api/v2/organizations/"$ORG"/workspaces`
// is the whole URL curl sends, not `/api/v2/organizations` (the part before the first quote), and
// `…/workspaces/$(_jq)/runs` goes on after the command substitution. Learned from history-held6 (seen):
// a GET on /organizations where the workspace was read, a GET /workspaces/:id and a POST /runs where
// curl sent GET /workspaces/:id/runs (no endpoint in the history).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (text: string, languageId = 'shellscript'): string[] =>
  scanText(text, { languageId })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

describe('history: a shell word joined of quoted expansions and command substitutions is one URL', () => {
  it('quoted variables inside an unquoted URL are its segments', () => {
    const text = [
      'workspace_id=$(curl \\',
      '  --header "Authorization: Bearer $TFE_API_TOKEN" \\',
      '  https://"$TFE_ADDRESS"/api/v2/organizations/"$TFE_ORGANIZATION"/workspaces/"$w" |jq -r \'.data.id\')',
    ].join('\n');
    assert.deepEqual(endpoints(text), ['3 endpoint GET /organizations/:organization_name/workspaces/:name']);
    const braces = 'curl -s https://app.terraform.io/api/v2/organizations/"${ORG}"/workspaces';
    assert.deepEqual(endpoints(braces), ['1 endpoint GET /organizations/:organization_name/workspaces']);
  });

  it('a command substitution is a segment; the path after it is read with it', () => {
    const text = [
      'for row in $(echo $workspace_id); do',
      '  curl \\',
      '    --header "Authorization: Bearer $TOKEN" \\',
      '    https://app.terraform.io/api/v2/workspaces/$(_jq)/runs | jq',
      'done',
    ].join('\n');
    assert.deepEqual(endpoints(text), []);
    const safeDelete = 'curl -X POST https://app.terraform.io/api/v2/workspaces/$(ws_id "$NAME")/actions/safe-delete';
    assert.deepEqual(endpoints(safeDelete), ['1 endpoint POST /workspaces/:workspace_id/actions/safe-delete']);
  });
});
