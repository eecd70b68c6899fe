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

  it("PHP's array(…) and Python's dict(…) are maps too; a call's parentheses are not", () => {
    const php = [
      '<?php',
      '$body = array(',
      '    "data" => array(',
      '        "type" => "projects",',
      '        "attributes" => array("name" => $name),',
      '        "relationships" => array(',
      '            "workspace" => array("data" => array("type" => "workspaces", "id" => $ws)),',
      '        ),',
      '    ),',
      ');',
      '$other = json_encode(array("type" => "workspaces", "attributes" => array("name" => $n)));',
    ].join('\n');
    assert.deepEqual(types(php, 'php'), ['4 resource - projects', '11 resource - workspaces']);
    const py = [
      'payload = dict(data=dict(type="projects", relationships=dict(workspace=dict(data=dict(id=ws, type="workspaces")))))',
      'other = make(type="workspaces", relationships=x)',
    ].join('\n');
    assert.deepEqual(types(py, 'python'), ['1 resource - projects', '2 resource - workspaces']);
  });

  it('YAML: a relationship written by indentation alone, as a mapping or a list item', () => {
    const yaml = [
      '- name: create a workspace',
      '  uri:',
      '    url: "{{ host }}/api/v2/organizations/{{ org }}/workspaces"',
      '    method: POST',
      '    body:',
      '      data:',
      '        type: workspaces',
      '        relationships:',
      '          project:',
      '            data:',
      '              # the project it belongs to',
      '              type: projects',
      '              id: "{{ project_id }}"',
      '          tag-bindings:',
      '            data:',
      '              - type: projects',
      '                id: p',
      '        attributes:',
      '          name: web',
      '- body:',
      '    data:',
      '      type: projects',
    ].join('\n');
    assert.deepEqual(types(yaml, 'yaml'), ['7 resource - workspaces', '22 resource - projects']);
  });

  it('an identifier object held by a name that the file puts under relationships, in any language', () => {
    const py = [
      'class VariableSet:',
      '    def __init__(self, project):',
      '        self.projects = [',
      "            {'id': project, 'type': 'projects'}",
      '        ]',
      '',
      '    def load(self, body):',
      "        self.projects = body['relationships']['projects']['data']",
      '',
      'owner = {"type": "projects", "id": pid}',
      'print(owner)',
    ].join('\n');
    assert.deepEqual(types(py, 'python'), ['10 resource - projects']);
    const js = [
      "const ws = { type: 'workspaces', id: wsId };",
      "const body = { data: { type: 'projects', attributes: {}, relationships: { workspace: { data: ws } } } };",
      'const relationships = {};',
      "relationships.project = { data: { type: 'projects', id: options.projectId } };",
    ].join('\n');
    assert.deepEqual(types(js, 'javascript'), ['2 resource - projects']);
    const ps = [
      '$ref = @{ type = "workspaces"; id = $id }',
      '$body = @{ data = @{ type = "projects"; relationships = @{ workspace = @{ data = $ref } } } }',
    ].join('\n');
    assert.deepEqual(types(ps, 'powershell'), ['2 resource - projects']);
    const php = [
      '<?php',
      '$ws = array("type" => "workspaces", "id" => $id);',
      '$payload["data"]["relationships"]["workspace"]["data"] = $ws;',
      '$payload["data"]["type"] = "projects";',
      '$payload["data"]["relationships"]["project"] = array("data" => array("type" => "projects", "id" => $p));',
    ].join('\n');
    assert.deepEqual(types(php, 'php'), ['4 resource - projects']);
  });
  it('a relationship written through a member chain, or as the value paired with a relationships key, in any language', () => {
    const cs = [
      'var request = new RunsRequest();',
      'request.Data.Attributes.Message = "from a pipeline";',
      'request.Data.Relationships.Workspace.Data.Type = "workspaces";',
      'request.Data.Relationships.Workspace.Data.Id = workspaceId;',
    ].join('\n');
    assert.deepEqual(types(cs, 'csharp'), []);
    const js = [
      "const body = { data: { type: 'projects', attributes: { name }, relationships: {} } };",
      'body.data.relationships.workspace = { data: {} };',
      "body.data.relationships.workspace.data.type = 'workspaces';",
    ].join('\n');
    assert.deepEqual(types(js, 'javascript'), ['1 resource - projects']);
    const py = [
      'payload = {"data": {"type": "projects", "attributes": {"name": name}, "relationships": {}}}',
      'payload["data"]["relationships"]["workspace"] = {"data": {}}',
      'payload["data"]["relationships"]["workspace"]["data"]["type"] = "workspaces"',
    ].join('\n');
    assert.deepEqual(types(py, 'python'), ['1 resource - projects']);
    const rs = [
      'let mut data = serde_json::Map::new();',
      'data.insert("type".to_string(), json!("workspaces"));',
      'data.insert(',
      '    "relationships".to_string(),',
      '    serde_json::json!({',
      '        "project": { "data": { "type": "projects", "id": project_id } }',
      '    }),',
      ');',
      'let pair = ("relationships".to_string(), json!({"workspace": {"data": {"type": "workspaces", "id": ws}}}));',
      'let other = json!({"data": {"type": "projects", "attributes": {"name": name}}});',
    ].join('\n');
    assert.deepEqual(types(rs, 'rust'), ['10 resource - projects']);
  });
});

describe("an identifier's id written as a placeholder, or compared with a relationship's data, is still a reference", () => {
  it('Python, HCL and JavaScript: a to-many list whose ids are interpolated (`f"{ws}"`, `"${tfe_project.p["x"].id}"`)', () => {
    const python = [
      'def attach(api, varset_id, workspace_id):',
      '    payload = {"data": [{"type": "workspaces", "id": f"{workspace_id}"}]}',
      '    return requests.post(f"{api}/api/v2/varsets/{varset_id}/relationships/workspaces", json=payload)',
    ].join('\n');
    assert.deepEqual(types(python, 'python'), []);
    const hcl = [
      'resource "terracurl_request" "attach" {',
      '  url    = "https://app.terraform.io/api/v2/varsets/${tfe_variable_set.shared.id}/relationships/projects"',
      '  method = "POST"',
      '  request_body = <<EOT',
      '{',
      '  "data": [',
      '    { "type": "projects", "id": "${tfe_project.all["Platform Team"].id}" },',
      '    {',
      '      "type": "projects",',
      '      "id": "${tfe_project.all["Data"].id}"',
      '    }',
      '  ]',
      '}',
      'EOT',
      '}',
    ].join('\n');
    assert.deepEqual(types(hcl, 'terraform'), []);
    // A long list: its last items far from the `[` (the lead's note: held18's fourth member).
    const item = (k: number): string[] => [
      '    {',
      '      "type": "projects",',
      `      "id": "\${tfe_project.all["Project number ${k}"].id}"`,
      '    },',
    ];
    const long = ['  request_body = <<EOT', '{', '  "data": [', ...[1, 2, 3, 4, 5, 6].flatMap(item), '  ]', '}', 'EOT'];
    assert.deepEqual(types(long.join('\n'), 'terraform'), []);
    const js = 'const body = { data: [{ type: "projects", id: `${projectId}` }] };';
    assert.deepEqual(types(js, 'javascript'), []);
    // A payload's own object (its attributes beside) stays its resource's.
    const own = 'payload = {"data": {"type": "workspaces", "id": f"{ws}", "attributes": {"name": n}}}';
    assert.deepEqual(types(own, 'python'), ['1 resource - workspaces']);
  });

  it("a test comparing a relationship's data with an identifier: no use of the target's type", () => {
    const ts = [
      'Deno.test("run-create puts the workspace in relationships", async () => {',
      '  const body = JSON.parse(calls[0].body!);',
      '  assertEquals(body.data.relationships.workspace.data, { type: "workspaces", id: "ws-1" });',
      "  expect(req.data.relationships.project.data).toEqual({ type: 'projects', id: `${projectId}` });",
      '});',
    ].join('\n');
    assert.deepEqual(types(ts, 'typescript'), []);
    const python = 'assert body["data"]["relationships"]["workspace"]["data"] == {"type": "workspaces", "id": ws}';
    assert.deepEqual(types(python, 'python'), []);
  });
});
