// Other products have an `/api/v2` root too, with collections of the same names: Foreman's and AWX's
// `/api/v2/organizations`, AWX's `/api/v2/projects/{id}/` and `/api/v2/teams/`, Zendesk's `/api/v2/users/{id}`. A path
// made only of those words is this API's only where the file shows this API (its names, a path or query key only it
// has, a JSON:API document, a type value of its resources, a file named for it); this API's own clients, whose base
// lives in configuration, show it that way. Made-up clients in the style of real ones.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const found = (text: string, fileName: string): string[] =>
  scanText(text, { fileName }).map((m) => `${m.line} ${m.subject.id}`);

const foremanRuby = [
  "require 'json'",
  '',
  'class Organizations < Resource',
  '  def list',
  '    JSON.parse(request(:get, "#{base_url}/api/v2/organizations?per_page=500", token, {}).read_body)',
  '  end',
  '',
  '  def show(id)',
  '    JSON.parse(request(:get, "#{base_url}/api/v2/organizations/#{id}", token, {}).read_body)',
  '  end',
  'end',
].join('\n');

const awxShell = [
  '#!/bin/bash',
  'TOWER_HOST=${TOWER_HOST:?}',
  'curl -sk -u "$TOWER_USER:$TOWER_PASS" "$TOWER_HOST/api/v2/organizations/" | jq -r \'.results[].name\'',
  'curl -sk -u "$TOWER_USER:$TOWER_PASS" -X POST "$TOWER_HOST/api/v2/teams/" -d \'{"name": "ops", "organization": 1}\'',
  'curl -sk -u "$TOWER_USER:$TOWER_PASS" -X DELETE "$TOWER_HOST/api/v2/projects/$PROJECT_ID/"',
].join('\n');

const boardsPython = (extra: string[]): string =>
  [
    'import requests',
    '',
    'class Client:',
    '    def __init__(self, base, session):',
    '        self.base = base',
    '        self.s = session',
    '',
    '    def organizations(self):',
    '        return self.s.get(f"{self.base}/api/v2/organizations").json()',
    '',
    '    def delete_project(self, project_id):',
    '        self.s.delete(f"{self.base}/api/v2/projects/{project_id}")',
    ...extra,
  ].join('\n');

describe('history: a path other products have under their own /api/v2', () => {
  it('Ruby: a Foreman-style resource class says nothing of this API', () => {
    assert.deepEqual(found(foremanRuby, 'lib/puppet_x/foreman/organizations.rb'), []);
  });

  it('shell: AWX-style calls give no endpoint, nor the payload keys near them a resource', () => {
    assert.deepEqual(found(awxShell, 'tower.sh'), []);
  });

  it('Python: a client of those paths alone, its base in configuration, says nothing', () => {
    assert.deepEqual(found(boardsPython([]), 'client.py'), []);
  });
});

describe('history: a file that names another product with an /api/v2 root', () => {
  // Coder's REST API is `/api/v2/workspaces/{id}` and `/api/v2/organizations/{org}/workspaces`, sent with its
  // `Coder-Session-Token` header: `workspaces`, a path other products do not share with this API, is Coder's here.
  const coderTs = (extra: string[]): string =>
    [
      'const CODER_URL = process.env.CODER_URL!;',
      "const headers = { 'Coder-Session-Token': process.env.CODER_SESSION_TOKEN! };",
      '',
      'export async function workspace(id: string) {',
      '  return (await fetch(`${CODER_URL}/api/v2/workspaces/${id}`, { headers })).json();',
      '}',
      'export async function orgWorkspaces(org: string) {',
      '  return (await fetch(`${CODER_URL}/api/v2/organizations/${org}/workspaces`, { headers })).json();',
      '}',
      ...extra,
    ].join('\n');

  it("TypeScript: Coder's workspaces say nothing", () => {
    assert.deepEqual(found(coderTs([]), 'src/coder.ts'), []);
  });

  it('shell: a curl with its session header says nothing', () => {
    const sh = [
      '#!/bin/sh',
      'curl -s -H "Coder-Session-Token: $CODER_SESSION_TOKEN" "$CODER_URL/api/v2/workspaces/$WORKSPACE_ID" | jq -r .latest_build.status',
    ].join('\n');
    assert.deepEqual(found(sh, 'scripts/status.sh'), []);
  });

  it("Python: Zendesk's organizations, even with a bracketed page key, say nothing", () => {
    const py = [
      'import requests',
      '',
      'def organizations(sub, auth):',
      '    r = requests.get(f"https://{sub}.zendesk.com/api/v2/organizations?page[size]=100", auth=auth)',
      '    return r.json()["organizations"]',
    ].join('\n');
    assert.deepEqual(found(py, 'sync.py'), []);
  });

  it('but a file that names this API too keeps its paths', () => {
    const both = coderTs([
      'export async function tfcWorkspaces(org: string) {',
      '  return (await fetch(`https://app.terraform.io/api/v2/organizations/${org}/workspaces`)).json();',
      '}',
    ]);
    assert.deepEqual(found(both, 'src/sync.ts'), [
      '5 endpoint GET /workspaces/:workspace_id',
      '8 endpoint GET /organizations/:organization_name/workspaces',
      '11 endpoint GET /organizations/:organization_name/workspaces',
    ]);
  });

  it('a name of another product in a comment only is no mark of it', () => {
    const py = boardsPython([
      '',
      '    # unlike our Foreman scripts, no per_page here',
      '    def workspaces(self, org):',
      '        return self.s.get(f"{self.base}/api/v2/organizations/{org}/workspaces").json()',
    ]);
    assert.deepEqual(found(py, 'client.py'), [
      '9 endpoint GET /organizations',
      '12 endpoint DELETE /projects/:project_id',
      '16 endpoint GET /organizations/:organization_name/workspaces',
    ]);
    assert.deepEqual(found(py.replace('# unlike our Foreman scripts', 'FOREMAN_URL = None  #'), 'client.py'), []);
  });

  it('another product named and this API named only in a comment: its paths, however often asked', () => {
    // Whether the text names this API is asked first (and kept for the text's later questions): a name in a comment
    // says nothing, so the other product's name decides, in a first scan and in a second of the same text.
    const py = boardsPython(['', '    # ported from our TFE scripts', '    awx = AWX_HOST']);
    assert.deepEqual(found(py, 'client.py'), []);
    assert.deepEqual(found(py, 'client.py'), []);
    // Named outside the comment, inside an identifier (`NewTfeClient`): this API's, each time.
    const named = py.replace('awx = AWX_HOST', 'awx = AWX_HOST\n    c = NewTfeClient()');
    assert.deepEqual(found(named, 'client.py'), [
      '9 endpoint GET /organizations',
      '12 endpoint DELETE /projects/:project_id',
    ]);
    assert.deepEqual(found(named, 'client.py'), [
      '9 endpoint GET /organizations',
      '12 endpoint DELETE /projects/:project_id',
    ]);
  });
});

describe('history: the same paths in a file that shows this API', () => {
  const expected = ['9 endpoint GET /organizations', '12 endpoint DELETE /projects/:project_id'];

  it('its token names, outside comments', () => {
    const token = ['', 'TOKEN = os.environ["TFE_TOKEN"]'];
    assert.deepEqual(found(boardsPython(token), 'client.py'), expected);
  });

  it("not JSON:API's media type alone: every JSON:API service sends it", () => {
    const headers = ['', 'HEADERS = {"Content-Type": "application/vnd.api+json"}'];
    assert.deepEqual(found(boardsPython(headers), 'client.py'), []);
    const rails = [
      '// Frontend of our Rails app; its JSON:API controllers live under /api/v2',
      "const headers = { Accept: 'application/vnd.api+json', 'Content-Type': 'application/vnd.api+json' };",
      '',
      'export const getProject = (id: string) => fetch(`/api/v2/projects/${id}`, { headers }).then((r) => r.json());',
      "export const dropProject = (id: string) => fetch(`/api/v2/projects/${id}`, { method: 'DELETE', headers });",
    ];
    assert.deepEqual(found(rails.join('\n'), 'src/api/projects.ts'), []);
    const tfe = rails.map((l) => l.replace('/api/v2/projects', '${TFE_ADDRESS}/api/v2/projects'));
    tfe.unshift('const TFE_ADDRESS = process.env.TFE_ADDRESS;');
    assert.deepEqual(found(tfe.join('\n'), 'src/api/projects.ts'), [
      '5 endpoint GET /projects/:project_id',
      '6 endpoint DELETE /projects/:project_id',
    ]);
  });

  it('but not a name in a comment', () => {
    assert.deepEqual(found(boardsPython(['', '# ported from our TFE scripts']), 'client.py'), []);
  });

  it('a path of this API no other product shares, in the same file', () => {
    const workspaces = [
      '',
      '    def workspaces(self, org):',
      '        return self.s.get(f"{self.base}/api/v2/organizations/{org}/workspaces").json()',
    ];
    assert.deepEqual(found(boardsPython(workspaces), 'client.py'), [
      ...expected,
      '15 endpoint GET /organizations/:organization_name/workspaces',
    ]);
  });

  it("its token's and address's older names, ATLAS_TOKEN and ATLAS_ADDRESS (a Terraform variable's too)", () => {
    const sh = [
      '#!/bin/sh',
      'curl -s -X DELETE -H "Authorization: Bearer $ATLAS_TOKEN" "https://$HOST/api/v2/projects/$PROJECT_ID"',
    ].join('\n');
    assert.deepEqual(found(sh, 'cleanup.sh'), ['2 endpoint DELETE /projects/:project_id']);
    const address = [
      '#!/bin/sh',
      'curl \\',
      '  --header "Authorization: Bearer $TOKEN" \\',
      '  --header "Content-Type: application/vnd.api+json" \\',
      '  --request DELETE \\',
      '  ${TF_VAR_ATLAS_ADDRESS}/api/v2/projects/${ID}',
    ].join('\n');
    assert.deepEqual(found(address, 'delete.sh'), ['6 endpoint DELETE /projects/:project_id']);
    assert.deepEqual(found(address.replace('TF_VAR_ATLAS_ADDRESS', 'API_ADDRESS'), 'delete.sh'), []);
  });

  it('a JSON:API document written with unquoted keys: a data object of attributes', () => {
    const ts = [
      'export async function createProject(host: string, token: string, org: string, name: string) {',
      '  return fetch(`https://${host}/api/v2/organizations/${org}/projects`, {',
      "    method: 'POST',",
      '    headers: { Authorization: `Bearer ${token}` },',
      '    body: JSON.stringify({ data: { attributes: { name } } }),',
      '  });',
      '}',
    ].join('\n');
    assert.deepEqual(found(ts, 'src/setup.ts'), ['2 endpoint POST /organizations/:organization_name/projects']);
    // A data object of other members is no JSON:API document.
    assert.deepEqual(found(ts.replace('data: { attributes: { name } }', 'data: { name }'), 'src/setup.ts'), []);
  });

  it('a JSON:API document read: the response’s data and attributes', () => {
    const read = ['', '    def project_name(self, doc):', '        return doc["data"]["attributes"]["name"]'];
    assert.deepEqual(found(boardsPython(read), 'client.py').slice(0, 2), expected);
  });

  it('a file named for this API, or an identifier that names it', () => {
    assert.deepEqual(found(boardsPython([]), 'src/terraform_cloud/client.py'), expected);
    assert.deepEqual(found(boardsPython([]), 'tfc_client.py'), expected);
    const go = [
      'package tfc',
      '',
      'func TestOrganizationsURL(t *testing.T) {',
      '\treq, _ := http.NewRequest(http.MethodGet, NewTfcUrl("/organizations").String(), nil)',
      '\t_ = req',
      '}',
    ].join('\n');
    assert.deepEqual(found(go, 'lib/url_test.go'), ['4 endpoint GET /organizations']);
  });
});
