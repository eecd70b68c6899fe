// A nested attribute (`vcs-repo.branch` of a registry module) is written as a key inside its parent's object:
// `"vcs-repo": { "branch": … }` in the body of the resource. Its last part alone is no report anywhere else.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const body = (parent: string, type = 'registry-modules'): string =>
  [
    'def publish(repo, token, branch):',
    '    body = {',
    '        "data": {',
    `            "type": "${type}",`,
    '            "attributes": {',
    `                "${parent}": {`,
    '                    "identifier": f"{repo}",',
    '                    "oauth-token-id": f"{token}",',
    '                    "branch": f"{branch}",',
    '                },',
    '            }',
    '        }',
    '    }',
  ].join('\n');

const attributes = (text: string, languageId: string): string[] =>
  scanText(text, { languageId })
    .filter((m) => m.subject.id.startsWith('attribute '))
    .map((m) => `${m.line} ${m.subject.id}`);

describe('history: a nested key read inside its parent object', () => {
  it('`"vcs-repo": { "branch": … }` in a registry module body is vcs-repo.branch', () => {
    assert.deepEqual(attributes(body('vcs-repo'), 'python'), ['9 attribute registry-modules vcs-repo.branch']);
  });

  it('the same in JSON written in a shell here-document', () => {
    const sh = [
      'PAYLOAD=$(cat <<EOF',
      '{"data": {"type": "registry-modules", "attributes": {',
      '  "vcs-repo": {',
      '    "identifier": "$REPO",',
      '    "branch": "main"',
      '  }',
      '}}}',
      'EOF',
      ')',
    ].join('\n');
    assert.deepEqual(attributes(sh, 'shellscript'), ['5 attribute registry-modules vcs-repo.branch']);
  });

  it('not under another parent, nor in another resource’s body, nor as an include value', () => {
    assert.deepEqual(attributes(body('source'), 'python'), []);
    assert.deepEqual(attributes(body('vcs-repo', 'policy-sets'), 'python'), []);
    const include = 'requests.get(f"{BASE}/workspaces/{ws}/configuration-versions?include=ingress_attributes")';
    assert.deepEqual(attributes(include, 'python'), []);
  });

  it('a key in the object of another resource’s attribute is its member; a field’s value beside an own key', () => {
    // A team's access to a project, kept in a table far from the request that sends it.
    const text = [
      'LEVELS = {',
      '    "planner": {',
      '        "access": "custom",',
      '        "project-access": {"settings": "read"},',
      '        "workspace-access": {"runs": "plan", "run-tasks": True},',
      '    },',
      '}',
    ].join('\n');
    const found = scanText(text, { languageId: 'python' }).map((m) => `${m.line} ${m.subject.id}`);
    // No team-workspaces permission `run-tasks` (line 5): it is a member of team-projects' workspace-access.
    assert.deepEqual(
      found.filter((f) => !f.includes(' attribute ')),
      ['3 status team-projects custom'],
    );
    assert.ok(!found.some((f) => f.startsWith('5 permission')), found.join('\n'));
  });
});
