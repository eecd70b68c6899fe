// Calls of a JS/TS client the project defines itself (shared/src/history/client-operations.ts): a zodios API's
// aliases and a generated service's methods name their endpoints in one file, the calls are in others. Snippets
// written here in the shape of such clients.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanFile, scanProject, scanText } from '@keyfob/shared/history';

const ZODIOS_API = [
  "import { makeApi } from '@zodios/core';",
  'export const teamEndpoints = makeApi([',
  '  {',
  "    method: 'get',",
  "    path: '/organizations/:organization_name/projects',",
  "    alias: 'listOrgProjects',",
  '    response: projects,',
  '  },',
  '  {',
  "    method: 'get',",
  "    path: '/projects/:project_id',",
  "    alias: 'readProject',",
  '    response: project,',
  '  },',
  ']);',
  "export const api = new Zodios('https://app.terraform.io/api/v2', teamEndpoints);",
].join('\n');

const SERVICE = [
  'export class RunsApi {',
  '  constructor(public readonly http: Http) {}',
  '',
  '  public createRun(',
  'body: RunCreate,',
  '): Promise<{',
  'data: Run;',
  '}> {',
  '    return this.http.request({',
  "      method: 'POST',",
  "      url: '/runs',",
  '      body,',
  '    });',
  '  }',
  '}',
].join('\n');

const CALLER = [
  "import { api } from './api';",
  'export async function pick(org: string) {',
  '  const all = await api.listOrgProjects({ params: { organization_name: org } });',
  '  const one = await api.readProject({ params: { project_id: all.data[0].id } });',
  '  // api.readProject({ params }) in a comment says nothing',
  '  const run = await client.runs.createRun({ data });',
  '  return cache.list(org);',
  '}',
].join('\n');

const endpoints = (matches: readonly { line: number; subject: { id: string }; sdk?: { name: string } }[]): string[] =>
  matches
    .filter((m) => m.subject.id.startsWith('endpoint'))
    .map((m) => `${m.line} ${m.subject.id}${m.sdk ? ` (${m.sdk.name})` : ''}`);

describe('client operations defined in the project', () => {
  it('a zodios alias and a generated method tell their endpoints', () => {
    assert.deepEqual(Object.fromEntries(scanFile(ZODIOS_API, { fileName: 'src/api/team.ts' }).facts.operations ?? []), {
      listOrgProjects: 'endpoint GET /organizations/:organization_name/projects',
      readProject: 'endpoint GET /projects/:project_id',
    });
    // A generated service's base is in another file (`OpenAPI.BASE`): it is read as a file of a project naming this API.
    const service = scanFile(SERVICE, { fileName: 'src/api/runs.ts', apiElsewhere: true });
    assert.deepEqual(Object.fromEntries(service.facts.operations ?? []), {
      createRun: 'endpoint POST /runs',
    });
  });

  it('alone, the calls say nothing; with the definitions in the project, each is its endpoint', () => {
    assert.deepEqual(
      endpoints(scanText(CALLER, { fileName: 'src/pick.ts' })).filter((e) => !e.includes('createRun')),
      [],
    );
    const [, , caller] = scanProject([
      { text: ZODIOS_API, fileName: 'src/api/team.ts' },
      { text: SERVICE, fileName: 'src/api/runs.ts' },
      { text: CALLER, fileName: 'src/pick.ts' },
    ]);
    assert.deepEqual(endpoints(caller ?? []), [
      '3 endpoint GET /organizations/:organization_name/projects (api.listOrgProjects)',
      '4 endpoint GET /projects/:project_id (api.readProject)',
      '6 endpoint POST /runs (runs.createRun)',
    ]);
  });

  it('a name two definitions give different endpoints names none', () => {
    const other = ZODIOS_API.replace("alias: 'readProject'", "alias: 'listOrgProjects'");
    const [, caller] = scanProject([
      { text: other, fileName: 'src/api/team.ts' },
      { text: CALLER, fileName: 'src/pick.ts' },
    ]);
    assert.deepEqual(
      endpoints(caller ?? []).filter((e) => !e.includes('createRun')),
      [],
    );
  });

  it("a Go program's own HTTP layer: a function that sends one endpoint, called in another file", () => {
    const layer = [
      'package api',
      '',
      'import (',
      '\t"context"',
      '\t"fmt"',
      '\t"net/http"',
      ')',
      '',
      'func (c *Client) ReadProject(ctx context.Context, id string) (*Project, error) {',
      '\tu := fmt.Sprintf("%s/api/v2/projects/%s", c.base, id)',
      '\treq, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)',
      '\tif err != nil {',
      '\t\treturn nil, err',
      '\t}',
      '\treturn c.decode(req)',
      '}',
      '',
      'func (c *Client) Do(req *http.Request) error {',
      '\treturn nil',
      '}',
    ].join('\n');
    assert.deepEqual(Object.fromEntries(scanFile(layer, { fileName: 'tfe/client.go' }).facts.operations ?? []), {
      ReadProject: 'endpoint GET /projects/:project_id',
    });
    const caller = [
      'package main',
      '',
      'func show(ctx context.Context, c *app) error {',
      '\tp, err := c.api.ReadProject(ctx, id)',
      '\t// c.api.ReadProject(ctx, id) in a comment says nothing',
      '\t_ = ReadProject',
      '\treturn c.api.Do(nil)',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(scanText(caller, { fileName: 'main.go' })), []);
    const [, found] = scanProject([
      { text: layer, fileName: 'tfe/client.go' },
      { text: caller, fileName: 'main.go' },
    ]);
    assert.deepEqual(endpoints(found ?? []), ['4 endpoint GET /projects/:project_id (api.ReadProject)']);
  });

  it('Go: many methods of the package’s own names, each defined once, and one name two types define', () => {
    // A lower-case method is an operation only when the text defines its name once (read once a name: `definedOnce`):
    // 60 methods of distinct names are, `listProjects` of two types is not, however many functions ask.
    const layer = ['package api', '', 'import (', '\t"context"', '\t"fmt"', '\t"net/http"', ')', ''];
    const method = (receiver: string, name: string, path: string): string[] => [
      `func (c *${receiver}) ${name}(ctx context.Context, id string) error {`,
      `\tu := fmt.Sprintf("%s/api/v2/${path}", c.base, id)`,
      '\treq, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)',
      '\treturn c.do(req)',
      '}',
      '',
    ];
    const expected: Record<string, string> = {};
    for (let k = 0; k < 60; k++) {
      layer.push(...method('Client', `readProject${k}`, 'projects/%s'));
      layer.push(...method(k % 2 === 0 ? 'GitHub' : 'TFE', 'listProjects', 'organizations/%s/projects'));
      expected[`readProject${k}`] = 'endpoint GET /projects/:project_id';
    }
    assert.deepEqual(
      Object.fromEntries(scanFile(layer.join('\n'), { fileName: 'tfe/client.go' }).facts.operations ?? []),
      expected,
    );
  });

  it("a Python client's own methods: called in its file, by its callers and asserted on its mocks in tests", () => {
    const client = [
      'import requests',
      '',
      '',
      'class PlatformClient:',
      '    def __init__(self, host, token, org):',
      '        self.base = f"https://{host}/api/v2"',
      '        self.org = org',
      '',
      '    def _send(self, verb, path, body=None):',
      '        return requests.request(verb, f"{self.base}{path}", json=body).json()',
      '',
      '    def find_workspace(self, name):',
      '        return self._send("GET", f"/organizations/{self.org}/workspaces/{name}")["data"]',
      '',
      '    def queue_run(self, ws_id, note):',
      '        body = {"data": {"type": "runs", "attributes": {"message": note}}}',
      '        return self._send("POST", "/runs", body)',
      '',
      '    def sweep(self, ws_id):',
      '        self._send("GET", f"/workspaces/{ws_id}/runs")',
      '        return self._send("GET", f"/runs/{ws_id}/policy-checks")',
      '',
      '    def refresh(self, name):',
      '        ws = self.find_workspace(name)',
      '        return self.queue_run(ws["id"], "refresh")',
    ].join('\n');
    assert.deepEqual(endpoints(scanText(client, { fileName: 'platform/client.py' })), [
      '13 endpoint GET /organizations/:organization_name/workspaces/:name',
      '17 endpoint POST /runs',
      '21 endpoint GET /runs/:run_id/policy-checks',
      '24 endpoint GET /organizations/:organization_name/workspaces/:name (self.find_workspace)',
      '25 endpoint POST /runs (self.queue_run)',
    ]);
    const test = [
      'from unittest import mock',
      '',
      'def test_refresh_queues_a_run():',
      '    api = mock.Mock(spec=PlatformClient)',
      '    api.find_workspace.return_value = {"id": "ws-1"}',
      '    deploy(api, "prod")',
      '    api.find_workspace.assert_called_once_with("prod")',
      '    api.queue_run.assert_called_once()',
      '    api.sweep.assert_not_called()',
      '    # api.queue_run.assert_called_once() in a comment says nothing',
    ].join('\n');
    assert.deepEqual(endpoints(scanText(test, { fileName: 'tests/test_deploy.py' })), []);
    const [, found] = scanProject([
      { text: client, fileName: 'platform/client.py' },
      { text: test, fileName: 'tests/test_deploy.py' },
    ]);
    // `sweep` sends two requests (one the history has no endpoint for): it stands for neither.
    assert.deepEqual(endpoints(found ?? []), [
      '7 endpoint GET /organizations/:organization_name/workspaces/:name (api.find_workspace)',
      '8 endpoint POST /runs (api.queue_run)',
    ]);
  });

  it('a Python method handing its call on to a helper of the same name, and a name two classes define, name nothing', () => {
    const client = [
      'class Tags:',
      '    def list_all(self, project_id):',
      '        return self._pager.list_all("GET", f"/projects/{project_id}/tag-bindings")',
      '',
      '',
      'class Pools:',
      '    def show_one(self, pool_id):',
      '        return self.http.get(f"/api/v2/agent-pools/{pool_id}")',
      '',
      '',
      'class Projects:',
      '    def show_one(self, project_id):',
      '        return self.http.get(f"/api/v2/projects/{project_id}")',
      '',
      '    def rename(self, project_id):',
      '        return self.show_one(project_id)',
    ].join('\n');
    const facts = scanFile(client, { fileName: 'api/resources.py' }).facts.operations ?? new Map();
    // `show_one`, defined twice, is the text's own method, no operation ('').
    assert.deepEqual(Object.fromEntries(facts), {
      list_all: 'endpoint GET /projects/:project_id/tag-bindings',
      show_one: '',
    });
    assert.deepEqual(
      endpoints(scanText(client, { fileName: 'api/resources.py' })).filter((e) => e.includes('(')),
      [],
    );
  });

  it("a Python file's operations: two-word names only, each of the class above it past other bodies and comments", () => {
    const client = [
      'import requests',
      'API = "https://app.terraform.io/api/v2"',
      '',
      'class Runs:',
      '    def list(self, ws_id):',
      '        return requests.get(f"{API}/workspaces/{ws_id}/runs")',
      '',
      '    def start_run(self, body):',
      '        return requests.post(f"{API}/runs", json=body)',
      '',
      'class Projects:',
      '    def drop_project(self, project_id):',
      '        return requests.delete(f"{API}/projects/{project_id}")',
      '# a comment at the margin',
      '',
      '    def show_project(self, project_id):',
      '        return requests.get(f"{API}/projects/{project_id}")',
    ].join('\n');
    const facts = scanFile(client, { fileName: 'platform/client.py' }).facts.operations ?? new Map();
    // `list`, one word, is no operation.
    assert.deepEqual(Object.fromEntries(facts), {
      start_run: 'endpoint POST /runs',
      drop_project: 'endpoint DELETE /projects/:project_id',
      show_project: 'endpoint GET /projects/:project_id',
    });
    // Another file names `Projects` only: its methods' calls are the operations, `Runs`' are anyone's.
    const jobs = [
      'from platform.client import Projects',
      '',
      'def nightly(p, r):',
      '    p.drop_project(1)',
      '    p.show_project(2)',
      '    r.start_run({})',
    ].join('\n');
    const [, found] = scanProject([
      { text: client, fileName: 'platform/client.py' },
      { text: jobs, fileName: 'app/jobs.py' },
    ]);
    assert.deepEqual(endpoints(found ?? []), [
      '4 endpoint DELETE /projects/:project_id (p.drop_project)',
      '5 endpoint GET /projects/:project_id (p.show_project)',
    ]);
  });

  it('a method of the same name on another class (a store, another library) is not the operation', () => {
    const client = [
      'import requests',
      '',
      'class Platform:',
      '    def __init__(self, token):',
      '        self.base = "https://app.terraform.io/api/v2"',
      '',
      '    def drop_project(self, project_id):',
      '        return requests.delete(f"{self.base}/projects/{project_id}")',
      '',
      '    def start_run(self, body):',
      '        return requests.post(f"{self.base}/runs", json=body)',
    ].join('\n');
    const store = [
      'class Catalogue:',
      '    def drop_project(self, project_id):',
      '        self.db.execute("delete from projects where id = ?", (project_id,))',
    ].join('\n');
    const jobs = [
      'from tracking import Tracker',
      'from platform.client import Platform',
      '',
      'tracker = Tracker()',
      '',
      'def nightly(db, ids, platform):',
      '    catalogue = Catalogue(db)',
      '    for i in ids:',
      '        catalogue.drop_project(i)',
      '    tracker.start_run(experiment="1")',
      '    platform.start_run({"data": {"type": "runs"}})',
    ].join('\n');
    const test = [
      'from unittest import mock',
      '',
      'def test_nightly():',
      '    platform = mock.MagicMock(spec=Platform)',
      '    other = mock.MagicMock(spec=Tracker)',
      '    nightly(mock.Mock(), [1], platform)',
      '    platform.start_run.assert_called_once()',
      '    other.start_run.assert_called_once()',
    ].join('\n');
    // A file naming no class of the operation: a library's factory, a function's result, an attribute's object.
    const ci = [
      'import boto3',
      'from app.stores import get_store',
      '',
      'codebuild = boto3.client("codebuild")',
      '',
      'class Sweeper:',
      '    def __init__(self, runner):',
      '        self.runner = runner',
      '',
      '    def sweep(self):',
      '        codebuild.start_run(projectName="web")',
      '        self.runner.start_run({})',
      '        get_store().start_run(1)',
    ].join('\n');
    const found = scanProject([
      { text: client, fileName: 'platform/client.py' },
      { text: store, fileName: 'app/store.py' },
      { text: jobs, fileName: 'app/jobs.py' },
      { text: test, fileName: 'tests/test_jobs.py' },
      { text: ci, fileName: 'app/ci.py' },
    ]).map((matches) => endpoints(matches).filter((e) => e.includes('(')));
    // `drop_project` is also the catalogue's (it sends none): no one's operation; `tracker` is made from another class;
    // ci.py names no class of the operation.
    assert.deepEqual(found, [
      [],
      [],
      ['11 endpoint POST /runs (platform.start_run)'],
      ['7 endpoint POST /runs (platform.start_run)'],
      [],
    ]);
  });

  it('Ruby: a class of the same file or a spec of another class calls its own method of the name', () => {
    const client = [
      'class Platform',
      '  def drop_project(id)',
      '    RestClient.delete("https://app.terraform.io/api/v2/projects/#{id}")',
      '  end',
      '',
      '  def start_run(body)',
      '    RestClient.post("https://app.terraform.io/api/v2/runs", body)',
      '  end',
      'end',
    ].join('\n');
    const store = [
      'class Catalogue',
      '  def drop_project(id)',
      '    DB[:projects].where(id: id).delete',
      '  end',
      'end',
      '',
      'class Nightly',
      '  def call',
      '    Catalogue.new.drop_project(3)',
      '    tracker = Tracking::Client.new',
      '    tracker.start_run(name: "n")',
      '  end',
      'end',
    ].join('\n');
    const spec = [
      'RSpec.describe Catalogue do',
      "  it 'drops' do",
      '    catalogue = described_class.new',
      '    expect(catalogue.drop_project(1)).to be_truthy',
      '  end',
      'end',
    ].join('\n');
    const found = scanProject([
      { text: client, fileName: 'lib/platform.rb' },
      { text: store, fileName: 'lib/catalogue.rb' },
      { text: spec, fileName: 'spec/catalogue_spec.rb' },
    ]).map((matches) => endpoints(matches).filter((e) => e.includes('(')));
    assert.deepEqual(found, [[], [], []]);
  });

  it("a Ruby client's own methods, called by another file of the project", () => {
    const client = [
      'class PlatformApi',
      '  def initialize(conn)',
      '    @conn = conn',
      '  end',
      '',
      '  def delete_workspace(id)',
      '    @conn.post("/api/v2/workspaces/#{id}/actions/safe-delete")',
      '  end',
      'end',
    ].join('\n');
    const caller = ['api = PlatformApi.new(conn)', 'api.delete_workspace(ws_id)', '# api.delete_workspace(ws_id)'].join(
      '\n',
    );
    const [, found] = scanProject([
      { text: client, fileName: 'lib/platform_api.rb' },
      { text: caller, fileName: 'bin/lock.rb' },
    ]);
    assert.deepEqual(endpoints(found ?? []), [
      '2 endpoint POST /workspaces/:workspace_id/actions/safe-delete (api.delete_workspace)',
    ]);
  });

  it('a Sentinel policy’s functions that send a request: called in the policy, and by a policy importing it', () => {
    const functions = [
      'import "http"',
      'import "json"',
      '',
      '# Every project of an organization, a page at a time.',
      'list_projects_page = func(host, org, token, page) {',
      '  req = http.request("https://" + host + "/api/v2/organizations/" + org + "/projects?page%5Bnumber%5D=" +',
      '                     string(page)).with_header("Authorization", "Bearer " + token)',
      '  res = json.unmarshal(http.get(req).body)',
      '  more = {}',
      '  if res.meta.pagination["next-page"] else null is not null {',
      '    more = list_projects_page(host, org, token, res.meta.pagination["next-page"])',
      '  }',
      '  return res.data + more',
      '}',
      '',
      'list_projects = func(host, org, token) {',
      '  return list_projects_page(host, org, token, 1)',
      '}',
      '',
      'hostname = func(address) {',
      '  return strings.trim_prefix(address, "https://")',
      '}',
    ].join('\n');
    const policy = [
      'import "projects"',
      '',
      'param token',
      'all = projects.list_projects("app.terraform.io", "acme", token)',
      '# projects.list_projects(…) in a comment says nothing',
      'main = rule { length(all) > 0 }',
    ].join('\n');
    assert.deepEqual(endpoints(scanText(functions, { fileName: 'functions/projects.sentinel' })), [
      '6 endpoint GET /organizations/:organization_name/projects',
      '11 endpoint GET /organizations/:organization_name/projects (list_projects_page)',
      '17 endpoint GET /organizations/:organization_name/projects (list_projects_page)',
    ]);
    // `name = value` is the policy's variable, no key: `projects`, `more` stay names.
    const [, found] = scanProject([
      { text: functions, fileName: 'functions/projects.sentinel' },
      { text: policy, fileName: 'policy.sentinel' },
    ]);
    assert.deepEqual(endpoints(found ?? []), [
      '4 endpoint GET /organizations/:organization_name/projects (projects.list_projects)',
    ]);
  });
});

describe("history: fetch and a project's helper named for it send fetch's default, GET, given no method", () => {
  // Read as files of a project naming this API (`apiElsewhere`): `${API_ROOT}` is its root, set in another file.
  const ids = (text: string): string[] =>
    scanText(text, { languageId: 'typescript', apiElsewhere: true })
      .filter((m) => m.subject.type === 'endpoint')
      .map((m) => `${m.line} ${m.subject.id}`);
  const tool = [
    'import { apiFetch } from "../lib/http.js";',
    'export async function projectTool(id: string) {',
    '  const res = await apiFetch<Project>(`${API_ROOT}/projects/${id}`, API_TOKEN);',
    '  return res.data;',
    '}',
    'export async function modulesTool(org: string) {',
    '  const target = `${API_ROOT}/organizations/${org}/registry-modules`;',
    '  const res = await apiFetch<Module[]>(target, API_TOKEN);',
    '  const raw = await fetch(target, { headers: { Accept: "application/json" } });',
    '}',
  ].join('\n');

  it('a literal or a variable given to the helper with no init, or to fetch with an init naming no method', () => {
    assert.deepEqual(ids(tool), [
      '3 endpoint GET /projects/:project_id',
      '7 endpoint GET /organizations/:organization_name/registry-modules',
    ]);
  });

  it('a bare `fetch(` of the literal is GET; a text that never writes `fetch(` has none', () => {
    const tokens = (text: string): string[] =>
      scanText(text, { languageId: 'typescript', apiElsewhere: true })
        .filter((m) => m.subject.type === 'endpoint')
        .map((m) => `${m.line} ${m.subject.id} ${m.method?.text ?? '-'}`);
    assert.deepEqual(tokens('const one = await fetch(`${API_ROOT}/projects/${id}`);'), [
      '1 endpoint GET /projects/:project_id fetch',
    ]);
    assert.deepEqual(tokens('const one = await fetch (`${API_ROOT}/projects/${id}`);\n// prefetch`'), []);
  });

  it('an init with a method, or something that may hold one, is not the default', () => {
    assert.deepEqual(ids('await apiFetch(`${API_ROOT}/projects/${id}`, API_TOKEN, { method: "DELETE" });'), [
      '1 endpoint DELETE /projects/:project_id',
    ]);
    assert.deepEqual(ids('await apiFetch(`${API_ROOT}/projects/${id}`, API_TOKEN, requestOptions);'), []);
    assert.deepEqual(ids('await apiFetch(`${API_ROOT}/projects/${id}`, API_TOKEN, { ...init });'), []);
    assert.deepEqual(ids('const u = `${API_ROOT}/projects/${id}`;\nawait fetch(u, init);'), []);
  });

  it('a helper of the same text that sets a method of its own, or a name with another verb, says nothing', () => {
    const own = [
      'async function fetchJson(url: string, token: string) {',
      '  return fetch(url, { method: "PATCH", headers: { Authorization: token } });',
      '}',
      'await fetchJson(`${API_ROOT}/projects/${id}`, API_TOKEN);',
    ].join('\n');
    // Not fetch's default: the helper's own method (read nearby) stands.
    assert.deepEqual(ids(own), ['4 endpoint PATCH /projects/:project_id']);
    assert.deepEqual(ids('await fetchAndDelete(`${API_ROOT}/projects/${id}`, API_TOKEN);'), []);
  });

  it('many calls of an imported helper and of one the text defines: each helper read once, each call its own', () => {
    // `apiFetch` is defined in no line of this text (GET, fetch's default); `fetchJson` here with PATCH. Whether the text
    // defines a helper with a method of its own is read once a name (`ownMethod`), not once a call.
    const text = [
      'import { apiFetch } from "../lib/http.js";',
      'async function fetchJson(url: string, token: string) {',
      '  return fetch(url, { method: "PATCH", headers: { Authorization: token } });',
      '}',
    ];
    const expected: string[] = [];
    for (let k = 0; k < 100; k++) {
      text.push(`const p${k} = await apiFetch(\`\${API_ROOT}/projects/\${id}\`, API_TOKEN);`);
      text.push(`await fetchJson(\`\${API_ROOT}/projects/\${id}\`, API_TOKEN);`);
      expected.push(
        `${5 + 2 * k} endpoint GET /projects/:project_id`,
        `${6 + 2 * k} endpoint PATCH /projects/:project_id`,
      );
    }
    assert.deepEqual(ids(text.join('\n')), expected);
  });
});

describe('zod schemas of JSON:API objects named for their resource', () => {
  const attributes = (text: string): string[] =>
    scanText(text, { languageId: 'typescript' })
      .filter((m) => m.subject.type === 'attribute')
      .map((m) => `${m.line} ${m.subject.id}`);

  it("reads the keys of the schema's attributes and relationships as its resource's", () => {
    const text = [
      "import { z } from 'zod';",
      'export const projectSchema = z.object({',
      '  id: z.string(),',
      '  attributes: z.object({',
      '    name: z.string(),', // 5
      '  }),',
      '});',
      'const workspaceLinks = z.object({',
      '  project: rel,', // 9
      '});',
      'const workspaceRelationships = z.object({',
      '  project: rel,', // 12
      '});',
    ].join('\n');
    assert.deepEqual(attributes(text), ['5 attribute projects name', '12 attribute workspaces project']);
  });

  it('says nothing of a schema named for no resource, nor of its top-level keys', () => {
    const text = [
      "import { z } from 'zod';",
      'const item = z.object({ attributes: z.object({',
      '    name: z.string(),',
      '  }) });',
      'const project = z.object({',
      '  name: z.string(),',
      '});',
    ].join('\n');
    assert.deepEqual(attributes(text), []);
  });
});
