import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

/** The subjects a source yields, with their lines (of one subject type when given). */
function found(source: string, languageId: string, type?: string): string[] {
  return scanText(source, { languageId })
    .filter((m) => type === undefined || m.subject.type === type)
    .map((m) => `${m.line} ${m.subject.id}`);
}

// Text that quotes the API instead of calling it: a recorded response's links, a list of paths kept as data, a call
// left in a comment, a type declared as a union, an admin resource's name under a type that is not the admin API's.
// Learned from held38-40's must-not rows and k1's wide-probe sample (session 24).

describe("a JSON:API link is the server's address, no request", () => {
  it('a recorded response in Markdown, a Rust mock body, a Python fixture, JSON in a Go string', () => {
    const md = [
      '## Sample response',
      '```json',
      '{',
      '  "data": {',
      '    "id": "run-1",',
      '    "type": "runs",',
      '    "relationships": {',
      '      "policy-checks": {',
      '        "data": [],',
      '        "links": { "related": "/api/v2/runs/run-1/policy-checks" }',
      '      }',
      '    },',
      '    "links": {',
      '      "self": "/api/v2/organizations/acme/workspaces/prod",',
      '      "next": "/api/v2/organizations/acme/workspaces?page%5Bnumber%5D=2&page%5Bsize%5D=20"',
      '    }',
      '  }',
      '}',
      '```',
      '```sh',
      'curl -s -H "Authorization: Bearer $TOKEN" https://app.terraform.io/api/v2/runs/run-1/policy-checks',
      '```',
    ].join('\n');
    // The curl below the sample is the one request; the page link's query keys say nothing either.
    assert.deepEqual(
      found(md, 'markdown').filter((s) => !s.includes('attribute') && !s.includes('resource')),
      ['21 endpoint GET /runs/:run_id/policy-checks'],
    );
    const rs = [
      'let body = serde_json::json!({',
      '    "data": [{',
      '        "id": "cv-1",',
      '        "type": "configuration-versions",',
      '        "links": {',
      '            "self": "/api/v2/configuration-versions/cv-1",',
      '            "download": "/api/v2/configuration-versions/cv-1/download"',
      '        }',
      '    }]',
      '});',
      'let url = format!("{}/api/v2/configuration-versions/{}/download", base, id);',
      'client.get(&url).send().await?;',
    ].join('\n');
    assert.deepEqual(found(rs, 'rust', 'endpoint'), [
      '11 endpoint GET /configuration-versions/:configuration_version_id/download',
    ]);
    const py = [
      'WORKSPACE = {',
      '    "data": {"id": "ws-1", "type": "workspaces",',
      '             "links": {"self": "https://app.terraform.io/api/v2/organizations/acme/workspaces/prod"}},',
      '}',
      'PAGE = {"links": {"last": "https://app.terraform.io/api/v2/organizations/acme/projects?page[number]=3"}}',
    ].join('\n');
    assert.deepEqual(found(py, 'python', 'endpoint'), []);
    assert.deepEqual(found(py, 'python', 'parameter'), []);
    const go =
      'w.Write([]byte(`{"data":{"id":"ws-1","type":"workspaces","links":{"self":"/api/v2/workspaces/ws-1"}}}`))';
    assert.deepEqual(found(`package x\nfunc h() {\n\t${go}\n}`, 'go', 'endpoint'), []);
  });
});

describe('a URL among other items of a list is data unless something sends it', () => {
  it("a capability summary's paths, a path joined from a list of segments", () => {
    const py = [
      'def capability_summary(self):',
      '    return {',
      '        "service": "Terraform Cloud",',
      '        "endpoints": [',
      '            "/api/v2/organizations/{org}/workspaces",',
      '            "/api/v2/runs",',
      '            "/api/v2/policies",',
      '        ],',
      '    }',
      '',
      'def show(self, name):',
      "    path = '/'.join(['/organizations', self.org, 'registry-modules', name])",
      '    return self._requestor.get(path=path)',
      '',
      'def create_run(self, body):',
      '    return requests.post(f"{self.base}/api/v2/runs", json=body)',
    ].join('\n');
    assert.deepEqual(found(py, 'python', 'endpoint'), ['16 endpoint POST /runs']);
    const ts = "const ROUTES = ['/api/v2/runs', '/api/v2/organizations'];\nawait fetch('/api/v2/organizations');";
    assert.deepEqual(found(ts, 'typescript', 'endpoint'), ['2 endpoint GET /organizations']);
    // A list a loop goes over is sent item by item: the items keep what they said before (Python, JS, Go).
    const loopPy = [
      'for path in [',
      '    "/api/v2/organizations/acme/workspaces",',
      '    "/api/v2/organizations/acme/projects",',
      ']:',
      '    resp = requests.get(BASE + path, headers=HEADERS)',
    ].join('\n');
    assert.deepEqual(found(loopPy, 'python', 'endpoint'), [
      '3 endpoint GET /organizations/:organization_name/projects',
    ]);
    const loopJs =
      "await Promise.all(['/api/v2/organizations/acme/tags', '/api/v2/organizations/acme/ssh-keys'].map((p) => fetch(base + p, { method: 'GET' })));";
    assert.deepEqual(found(loopJs, 'javascript', 'endpoint'), [
      '1 endpoint GET /organizations/:organization_name/ssh-keys',
    ]);
    const loopGo = [
      'package main',
      'func check(base string) {',
      '\tfor _, p := range []string{"/api/v2/organizations/acme/workspaces", "/api/v2/organizations/acme/projects"} {',
      '\t\treq, _ := http.NewRequest(http.MethodGet, base+p, nil)',
      '\t}',
      '}',
    ].join('\n');
    assert.deepEqual(found(loopGo, 'go', 'endpoint'), ['3 endpoint GET /organizations/:organization_name/projects']);
    const heldLoop = [
      'PATHS = ["/api/v2/organizations/acme/workspaces", "/api/v2/organizations/acme/projects"]',
      'for p in PATHS:',
      '    requests.get(BASE + p)',
    ].join('\n');
    assert.deepEqual(found(heldLoop, 'python', 'endpoint'), [
      '1 endpoint GET /organizations/:organization_name/projects',
    ]);
    // A list pairing each URL with its method (a test table iterated and sent) is requests, not a list of paths.
    const table = [
      'const cases = [',
      '  [`/api/v2/configuration-versions/${cvId}`, "GET"],',
      '  ["/api/v2/runs", "POST", runBody(wsId)],',
      '];',
      'for (const [path, method, body] of cases) await request(path, token, method, body);',
      "const joined = ['/organizations', org, 'projects'].join('/');",
    ].join('\n');
    assert.deepEqual(found(table, 'typescript', 'endpoint'), [
      '2 endpoint GET /configuration-versions/:configuration-id',
      '3 endpoint POST /runs',
    ]);
  });
});

describe('a go-tfe call in a comment sends nothing', () => {
  it('code left commented out and a doc comment example; the live call still counts', () => {
    const go = [
      'package x',
      'import tfe "github.com/hashicorp/go-tfe"',
      '// Example:',
      '//\tresult, err := client.Projects.List(ctx, "org-name", &tfe.ProjectListOptions{ListOptions: tfe.ListOptions{PageSize: 100}})',
      'func discard(client *tfe.Client, id string) {',
      '\t//ws, err := client.Workspaces.ReadByID(ctx, id)',
      '\tws, _ := client.Workspaces.ReadByID(ctx, id)',
      '\t_ = ws',
      '}',
    ].join('\n');
    assert.deepEqual(found(go, 'go'), ['7 endpoint GET /workspaces/:workspace_id']);
  });
});

describe("a type union's first value is no resource type", () => {
  it('a tool parameter typed as a union; a payload type still counts', () => {
    const ts = [
      'interface ExplorerArgs {',
      '  type: "workspaces" | "providers" | "modules";',
      '}',
      'const body = { data: { type: "workspaces", attributes: { name } } };',
    ].join('\n');
    assert.deepEqual(found(ts, 'typescript', 'resource'), ['4 resource - workspaces']);
  });
});

describe('a TypeScript list of identifier objects, and an identifier appended to a list, are linkage', () => {
  it('Array<{type, id}> and {type, id}[] under data; append and push of an identifier object', () => {
    const ts = [
      'export interface AttachRequest {',
      '  data: Array<{',
      "    type: 'workspaces'",
      '    id: string',
      '  }>',
      '}',
      "export interface DetachRequest { data: { type: 'projects'; id: string }[] }",
      "export interface CreateRequest { data: { type: 'projects'; attributes: { name: string } } }",
    ].join('\n');
    assert.deepEqual(found(ts, 'typescript', 'resource'), ['8 resource - projects']);
    const go = [
      'package x',
      'func attach(ids []string) {',
      '\tfor i, id := range ids {',
      '\t\tdata.S("data").SetIndex(map[string]any{"type": "workspaces", "id": id}, i)',
      '\t\trefs = append(refs, map[string]string{"type": "projects", "id": id})',
      '\t}',
      '}',
    ].join('\n');
    assert.deepEqual(found(go, 'go', 'resource'), []);
    const js =
      "refs.push({ type: 'workspaces', id: ws.id });\nconst b = { data: { type: 'workspaces', attributes: {} } };";
    assert.deepEqual(found(js, 'javascript', 'resource'), ['2 resource - workspaces']);
  });
});

describe("an admin resource's name under the plain type", () => {
  it('is the admin API only in a text that speaks of it', () => {
    const plain = [
      'export interface Organization {',
      "  type: 'organizations';",
      '  attributes: {',
      "    'workspace-limit': number | null;",
      '  };',
      '}',
    ].join('\n');
    assert.deepEqual(found(plain, 'typescript', 'attribute'), []);
    // The bare word is no sign of the admin API (an app's roles, a flag).
    const roles = `${plain}\nexport const canEdit = (user: { role: 'admin' | 'member'; isAdmin: boolean }) => user.role === 'admin';`;
    assert.deepEqual(found(roles, 'typescript', 'attribute'), []);
    const admin = `// GET /api/v2/admin/organizations/:name\n${plain}`;
    assert.deepEqual(found(admin, 'typescript', 'attribute'), ['5 attribute admin/organizations workspace-limit']);
  });
});

describe("a to-one linkage's type names a relationship's target wherever its object is written", () => {
  it('a constant kept for a payload, a TypeScript variable annotated with its type, Go; a document keeps its type', () => {
    const py = [
      'WORKSPACE_PROJECT_REL = {',
      '    "project": {',
      '        "data": {',
      '            "type": "projects",',
      '            "id": ""',
      '        }',
      '    }',
      '}',
      'body = {"data": {"type": "workspaces", "id": ws}}',
    ].join('\n');
    assert.deepEqual(found(py, 'python', 'resource'), ['9 resource - workspaces']);
    const ts = [
      'let relationships: {[key: string]: {data: {type: string, id: string}}} = {',
      '  "workspace": {"data": {"type": "workspaces", "id": workspaceId}},',
      '};',
      'const payload = { "data": { "type": "projects", "attributes": { "name": n } } };',
    ].join('\n');
    assert.deepEqual(found(ts, 'typescript', 'resource'), ['4 resource - projects']);
    const go = [
      'package x',
      'func body(id string) map[string]any {',
      '\treturn map[string]any{"project": map[string]any{"data": map[string]any{"type": "projects", "id": id}}}',
      '}',
    ].join('\n');
    assert.deepEqual(found(go, 'go', 'resource'), []);
  });
});
