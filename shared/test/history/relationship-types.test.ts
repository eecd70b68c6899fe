import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

/** The resource subjects (JSON:API type strings) a source yields, with their lines. */
function types(source: string, languageId: string): string[] {
  return scanText(source, { languageId })
    .filter((m) => m.subject.type === 'resource')
    .map((m) => `${m.line} ${m.subject.id}`);
}

// Inside a relationship's `data` a type string names the TARGET of a reference (the workspace a run
// or a variable belongs to), not a use of that resource: the payload's own `type` (its top-level
// `data`) is the one that decides the resource. Learned from history-held6 and held7 (seen): ten
// relationship type strings reported on lines whose use is the relationship.
describe("a JSON:API relationship's type string is no use of its resource; the payload's own type is", () => {
  it('Python: one-line and nested dicts', () => {
    const source = [
      "payload = {'data': {'attributes': {'name': name}, 'type': 'workspaces'}}",
      'payload = { "data": { "type": "vars", "attributes": { "key": k }, "relationships": { "workspace": { "data": { "id": ws, "type": "workspaces" } } } }}',
      'payload = {',
      '    "data": {',
      '        "type": "workspaces",',
      '        "relationships": {',
      '            "project": {"data": {"type": "projects", "id": project_id}}',
      '        },',
      '    }',
      '}',
      'relationships = {"workspaces": {"data": [{"type": "workspaces", "id": w} for w in ids]}}',
    ].join('\n');
    assert.deepEqual(types(source, 'python'), ['1 resource - workspaces', '5 resource - workspaces']);
  });

  it('TypeScript and Ruby objects with unquoted keys, a to-many list', () => {
    const ts = [
      'const body = {',
      '  data: {',
      "    type: 'workspaces',",
      '    relationships: {',
      "      project: { data: { type: 'projects', id } },",
      "      'tag-bindings': { data: [{ type: 'projects', id: p }] },",
      '    },',
      '  },',
      '};',
    ].join('\n');
    assert.deepEqual(types(ts, 'typescript'), ['3 resource - workspaces']);
    const rb = [
      'data = {',
      '  relationships: {',
      '    workspace: {',
      '      data: {',
      "        type: 'workspaces',",
      '        id: params[:workspace_id]',
      '      }',
      '    }',
      '  },',
      "  type: 'projects'",
      '}',
    ].join('\n');
    assert.deepEqual(types(rb, 'ruby'), ['10 resource - projects']);
  });

  it('PowerShell hashtables, a Go map literal and JSON in a curl body', () => {
    const ps = [
      '$body = @{',
      '  data = @{',
      '    type = "projects"',
      '    relationships = @{ workspace = @{ data = @{ type = "workspaces"; id = $id } } }',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(types(ps, 'powershell'), ['3 resource - projects']);
    const go = [
      'body := map[string]interface{}{',
      '\t"data": map[string]interface{}{',
      '\t\t"type": "projects",',
      '\t\t"relationships": map[string]interface{}{',
      '\t\t\t"workspace": map[string]interface{}{"data": map[string]interface{}{"type": "workspaces", "id": id}},',
      '\t\t},',
      '\t},',
      '}',
    ].join('\n');
    assert.deepEqual(types(go, 'go'), ['3 resource - projects']);
    const sh = [
      'curl -s -X POST "$API/organizations/$ORG/projects" -d \'{',
      '  "data": {"type": "projects", "relationships": {"workspace": {"data": {"type": "workspaces", "id": "\'"$WS"\'"}}}}',
      "}'",
    ].join('\n');
    assert.deepEqual(types(sh, 'shellscript'), ['2 resource - projects']);
  });
});
