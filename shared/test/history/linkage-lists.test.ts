import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

/** The subjects a source yields, with their lines. */
function found(source: string, languageId: string, type?: string): string[] {
  return scanText(source, { languageId })
    .filter((m) => type === undefined || m.subject.type === type)
    .map((m) => `${m.line} ${m.subject.id}`);
}

// A to-many linkage body (`{"data": [{"type": "workspaces", "id": ws}]}`, posted to `…/relationships/workspaces`
// of a policy set or a varset) lists the targets of a relationship: its type strings are no payload of that
// resource. A payload's own object has its attributes; only an object of `type` and `id` alone, an item of a
// list under `data`, is a linkage. Learned from held24 and held25 (two wrong reports, each a must-not).
describe("a to-many linkage list's type string is no payload type", () => {
  it('shell here-document, jq -n, Python, JavaScript, PowerShell, Go', () => {
    const sh = [
      'cat <<-EOF > /tmp/attach_workspace.json',
      '{',
      '  "data": [',
      '    { "id": "$WORKSPACE_ID", "type": "workspaces" }',
      '  ]',
      '}',
      'EOF',
      'cat > /tmp/ws.json <<EOF',
      '{ "data": { "type": "workspaces", "attributes": { "name": "x" } } }',
      'EOF',
      `jq -n --arg id "$ID" '{data: [{type: "workspaces", id: $id}]}'`,
    ].join('\n');
    assert.deepEqual(found(sh, 'shellscript', 'resource'), ['9 resource - workspaces']);
    const py = [
      'def assign(self, varset_id, workspace_id):',
      '    payload = {',
      '        "data": [',
      '            {',
      '                "type": "workspaces",',
      '                "id": workspace_id,',
      '            }',
      '        ]',
      '    }',
      '    many = {"data": [{"type": "projects", "id": p} for p in ids]}',
      '    p2 = {"data": [{"type": "workspaces", "id": w, "attributes": {"name": n}}]}',
      '    p3 = {"data": {"type": "workspaces", "attributes": {"name": n}}}',
    ].join('\n');
    assert.deepEqual(found(py, 'python', 'resource'), ['11 resource - workspaces', '12 resource - workspaces']);
    const js =
      'let req = { data: [{ id: workSpaceId, type: "workspaces" }] };\nconst b = { data: { type: "projects" } };';
    assert.deepEqual(found(js, 'javascript', 'resource'), ['2 resource - projects']);
    const ps = [
      '$body = @{ data = @( @{ type = "workspaces"; id = $wsId } ) } | ConvertTo-Json -Depth 5',
      '$b2 = @{ data = @{ type = "workspaces"; attributes = @{ name = "x" } } }',
    ].join('\n');
    assert.deepEqual(found(ps, 'powershell', 'resource'), ['2 resource - workspaces']);
    const go = [
      'package main',
      'func f() {',
      '\tbody := map[string]interface{}{',
      '\t\t"data": []map[string]string{{"type": "workspaces", "id": wsID}},',
      '\t}',
      '\tb2 := map[string]interface{}{"data": map[string]interface{}{"type": "workspaces", "id": wsID}}',
      '}',
    ].join('\n');
    assert.deepEqual(found(go, 'go', 'resource'), ['6 resource - workspaces']);
  });
});

// A Java model class whose name spells a resource (`class Organization` with `@JsonProperty` fields) declares that
// resource's attributes: a name two resources share (the admin API's `terraform-build-worker-*-timeout`, on
// `admin/organizations` and `general-settings`) is the model's resource's, not the first one in the data. A class
// nested in a model of another resource (a policy check's `Result…Policy`) is a part of that one's object.
// Learned from held25 (tfe4j's Models.java: two wrong reports) and held18 (harness' PolicyCheckData). An admin
// resource shares its plain type, so the model is the admin API's only in a text that names that API (tfe4j folds the
// model under `ent/admin/org`; held39's pabawi models the organization's own document with `workspace-limit`).
describe("a Java model class's resource decides between resources sharing a name", () => {
  it('an organization model, a nested class, a class that spells nothing', () => {
    const java = [
      "// ent/admin/org: the admin API's organization",
      'public interface Models {',
      '    @Data',
      '    class Organization {',
      '        String name;',
      '        @JsonProperty("terraform-build-worker-apply-timeout")',
      '        String terraformBuildWorkerApplyTimeout;',
      '    }',
      '    class GeneralSettings {',
      '        @JsonProperty("terraform-build-worker-plan-timeout")',
      '        String planTimeout;',
      '    }',
      '}',
      'public class PolicyCheckData {',
      '  public static class Result {',
      '    public static class Policy {',
      '      @JsonProperty("enforcement-level") String enforcementLevel;',
      '    }',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(found(java, 'java', 'attribute'), [
      '6 attribute admin/organizations platform-build-worker-apply-timeout',
      '10 attribute general-settings platform-build-worker-plan-timeout',
    ]);
    // Without a word of the admin API the model is the organization's own: no admin attribute is said of it.
    assert.deepEqual(found(java.replace(/^.*\n/, '').replace(/admin/g, 'x'), 'java', 'attribute'), [
      '9 attribute general-settings platform-build-worker-plan-timeout',
    ]);
  });
});

// A to-many linkage list is often made by mapping ids to identifier objects, and JavaScript writes the id as a
// shorthand property (`relationships['workspaces'] = { data: ids.map((id) => ({ id, type: 'workspaces' })) }`, the
// object spread into the payload later): the type names the targets, the payload's own `data.type` its resource.
// Learned from held50 (a TypeScript client's variable-set and policy-set builders: four wrong reports).
describe("a to-many linkage list made by mapping ids is no payload type; a shorthand id is the id's key", () => {
  it('TypeScript, Ruby, Python and C#', () => {
    const ts = [
      'async function createVarset(ids: string[], projectIds: string[], name: string) {',
      '  const relationships: Record<string, unknown> = {};',
      '  if (ids.length > 0) {',
      "    relationships['workspaces'] = {",
      "      data: ids.map((id) => ({ id, type: 'workspaces' })),",
      '    };',
      '  }',
      '  relationships.projects = {',
      '    data: projectIds.map((id: string) => {',
      "      return { type: 'projects', id };",
      '    }),',
      '  };',
      "  const owner = { data: { id, type: 'organizations' } };",
      "  return http.post('/organizations/acme/varsets', {",
      "    data: { type: 'varsets', attributes: { name }, relationships: { ...relationships, owner } },",
      '  });',
      '}',
      "const listed = { data: ids.map((id) => ({ type: 'workspaces', id, attributes: { name: id } })) };",
    ].join('\n');
    assert.deepEqual(found(ts, 'typescript', 'resource'), ['15 resource - varsets', '18 resource - workspaces']);
    const rb = [
      "body = { data: { type: 'varsets', attributes: { name: name } } }",
      "rels = { workspaces: { data: ids.map { |id| { type: 'workspaces', id: id } } } }",
      "more = { data: ids.collect { |id| { type: 'projects', id: } } }",
    ].join('\n');
    assert.deepEqual(found(rb, 'ruby', 'resource'), ['1 resource - varsets']);
    const py = [
      'body = {"data": {"type": "varsets", "attributes": {"name": name}}}',
      'rels = {"workspaces": {"data": list(map(lambda i: {"type": "workspaces", "id": i}, ids))}}',
      'other = {"data": sorted(map(lambda i: {"type": "projects", "id": i}, ids))}',
    ].join('\n');
    // `sorted(…)` is a call the rule does not read through: the type stays a use (says more, never guesses less).
    assert.deepEqual(found(py, 'python', 'resource'), ['1 resource - varsets', '3 resource - projects']);
    const cs = [
      'var body = new { data = new { type = "varsets", attributes = new { name } } };',
      'var rels = new { workspaces = new { data = ids.Select(id => new { type = "workspaces", id }).ToArray() } };',
    ].join('\n');
    assert.deepEqual(found(cs, 'csharp', 'resource'), ['1 resource - varsets']);
  });
});
