// A payload sent to another API in a text that also calls this one (shared/src/history/sending-calls.ts
// `otherPayloadSpans`): its keys say nothing of this API, while a payload sent to this API keeps them. Snippets
// written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const rows = (text: string, fileName: string): string[] =>
  scanText(text, { fileName }).map((m) => `${m.line} ${m.subject.id}`);

const HEAD = [
  'import os',
  'import requests',
  '',
  'TFE = "https://app.terraform.io/api/v2"',
  'H = {"Authorization": f"Bearer {os.environ[\'TFE_TOKEN\']}", "Content-Type": "application/vnd.api+json"}',
  'JIRA = os.environ["JIRA_URL"]',
  'GH = "https://api.github.com"',
  '',
];

describe('a payload sent to another API', () => {
  it('an object assigned to a variable and posted to a Jira URL: its keys are Jira’s', () => {
    const text = [
      ...HEAD,
      'def drifted(org):',
      '    r = requests.get(f"{TFE}/organizations/{org}/workspaces", headers=H)',
      '    return [w for w in r.json()["data"] if w["attributes"]["resource-count"] > 0]',
      '',
      'def open_ticket(ws):',
      '    body = {',
      '        "fields": {',
      '            "project": {"key": "OPS"},',
      '            "summary": f"Drift in {ws}",',
      '        }',
      '    }',
      '    requests.post(f"{JIRA}/rest/api/2/issue", json=body, auth=(os.environ["JIRA_USER"], os.environ["JIRA_TOKEN"]))',
    ].join('\n');
    const found = rows(text, 'drift.py');
    assert.ok(found.includes('11 attribute workspaces resource-count'), found.join('\n'));
    assert.ok(!found.some((r) => r.startsWith('16 ')), found.join('\n'));
  });

  it('a payload written in the call, its URL a variable given another API’s URL; this API’s payload kept', () => {
    const text = [
      ...HEAD,
      'def mirror(pid, name):',
      '    url = f"{GH}/projects/{pid}"',
      '    requests.patch(url, json={"name": name})',
      '',
      'def rename(pid, name):',
      '    requests.patch(',
      '        f"{TFE}/projects/{pid}",',
      '        headers=H,',
      '        json={"data": {"type": "projects", "attributes": {"name": name}}},',
      '    )',
    ].join('\n');
    const found = rows(text, 'boards.py');
    assert.ok(!found.some((r) => r.startsWith('11 ')), found.join('\n'));
    assert.ok(found.includes('17 attribute projects name'), found.join('\n'));
  });

  it('a payload sent to a path from this API’s root that fits none of its templates takes no neighbour’s resource', () => {
    const text = [
      'import os',
      'import requests',
      '',
      'TFE = os.environ["TFE_ADDRESS"]',
      'HEADERS = {"Authorization": f"Bearer {os.environ[\'TFE_TOKEN\']}"}',
      '',
      'def add_member(team_id, name):',
      '    return requests.post(f"{TFE}/api/v2/teams/{team_id}/organization-memberships", json={"name": name}, headers=HEADERS)',
      '',
      'def list_projects(org):',
      '    return requests.get(f"{TFE}/api/v2/organizations/{org}/projects", headers=HEADERS).json()',
    ].join('\n');
    const found = rows(text, 'tower.py');
    assert.ok(found.includes('11 endpoint GET /organizations/:organization_name/projects'), found.join('\n'));
    assert.ok(!found.some((r) => r.startsWith('8 ')), found.join('\n'));
  });
});
