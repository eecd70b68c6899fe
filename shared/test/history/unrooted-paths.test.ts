// A path on a base the text does not show to be this API's (a setting, a parameter, an HTTP client object's configured
// base, Go's `"projects/%s"` handed to a client's `NewRequest`) is any API's: every app's own backend has
// `/projects/{id}`, `/workspaces/{id}/tasks`, and go-gitlab's and go-github's services are shaped like go-tfe's. Such
// paths are this API's where the text shows it: its names, its JSON:API document or paging keys, its root written
// elsewhere in the text, or a path no other API has. A text naming another product with an `/api/v2` root (Coder,
// Freshservice) drops them too. Made-up programs in the style of real ones.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { factsConcern, projectFacts, scanFile, scanProject, scanText } from '@keyfob/shared/history';

const found = (text: string, fileName: string): string[] =>
  scanText(text, { fileName }).map((m) => `${m.line} ${m.subject.id}`);

const tasksApp = [
  "import axios from 'axios';",
  '',
  'const api = axios.create({ baseURL: process.env.API_URL });',
  '',
  'export const task = (id: string) => api.get(`/tasks/${id}`).then((r) => r.data);',
  'export const removeTask = (id: string) => api.delete(`/tasks/${id}`);',
  'export const tasks = (ws: string) => api.get(`/workspaces/${ws}/tasks`).then((r) => r.data);',
  'export const project = (id: string) => api.get(`/projects/${id}`).then((r) => r.data);',
].join('\n');

const goService = [
  'package gitlab',
  '',
  'import (',
  '\t"fmt"',
  '\t"net/http"',
  ')',
  '',
  'func (s *ProjectsService) GetProject(pid string) (*Project, *Response, error) {',
  '\tu := fmt.Sprintf("projects/%s", PathEscape(pid))',
  '\treq, err := s.client.NewRequest(http.MethodGet, u, nil, nil)',
  '\tif err != nil {',
  '\t\treturn nil, nil, err',
  '\t}',
  '\tp := new(Project)',
  '\tresp, err := s.client.Do(req, p)',
  '\treturn p, resp, err',
  '}',
  '',
  'func (s *ProjectsService) DeleteProject(pid string) (*Response, error) {',
  '\tu := fmt.Sprintf("projects/%s", PathEscape(pid))',
  '\treq, err := s.client.NewRequest(http.MethodDelete, u, nil, nil)',
  '\tif err != nil {',
  '\t\treturn nil, err',
  '\t}',
  '\treturn s.client.Do(req, nil)',
  '}',
].join('\n');

const catalogue = [
  'import requests',
  'from app.config import settings',
  '',
  '',
  'class Catalogue:',
  '    def __init__(self):',
  '        self.base = settings.CATALOGUE_API_URL',
  '        self.session = requests.Session()',
  '',
  '    def workspace(self, workspace_id):',
  '        return self.session.get(f"{self.base}/workspaces/{workspace_id}").json()',
  '',
  '    def projects(self):',
  '        return self.session.get(f"{self.base}/projects").json()',
].join('\n');

describe('history: paths on a base the text does not show to be this API', () => {
  it("TypeScript: an axios instance of the app's own backend says nothing", () => {
    assert.deepEqual(found(tasksApp, 'src/api/tasks.ts'), []);
  });

  it("Go: another SDK's service handing a relative path to its client says nothing", () => {
    assert.deepEqual(found(goService, 'projects.go'), []);
  });

  it('Python: a class on a configured base says nothing, nor guesses an organisation for a list', () => {
    assert.deepEqual(found(catalogue, 'app/catalogue.py'), []);
  });
});

describe('history: the same paths in a text that shows this API', () => {
  it("go-tfe's shape: the package named for it", () => {
    assert.deepEqual(found(goService.replace('package gitlab', 'package tfe'), 'projects.go'), [
      '9 endpoint GET /projects/:project_id',
      '20 endpoint DELETE /projects/:project_id',
    ]);
  });

  it('its token name, or its paging keys', () => {
    const token = tasksApp.replace(
      'process.env.API_URL',
      'process.env.TFE_ADDRESS, headers: { Authorization: `Bearer ${process.env.TFE_TOKEN}` }',
    );
    assert.deepEqual(found(token, 'src/api/tasks.ts'), [
      '5 endpoint GET /tasks/:id',
      '6 endpoint DELETE /tasks/:id',
      '7 endpoint GET /workspaces/:workspace_id/tasks',
      '8 endpoint GET /projects/:project_id',
    ]);
    const paged = catalogue.replace('/projects").json()', '/projects", params={"page[size]": 100}).json()');
    assert.deepEqual(found(paged, 'app/catalogue.py'), [
      '11 endpoint GET /organizations/:organization_name/workspaces/:name',
      '14 endpoint GET /organizations/:organization_name/projects',
      '14 parameter page[size] *',
    ]);
  });

  it('a path of two words or more no other API has, beside the others', () => {
    const with_ = (path: string): string =>
      [
        ...catalogue.split('\n'),
        '',
        '    def varset(self, varset_id):',
        `        return self.session.post(${path}, json=body).json()`,
      ].join('\n');
    assert.deepEqual(found(with_('f"{self.base}/varsets/{varset_id}/relationships/workspaces"'), 'app/catalogue.py'), [
      '11 endpoint GET /workspaces/:workspace_id',
      '14 endpoint GET /organizations/:organization_name/projects',
      '17 endpoint POST /varsets/:varset_id/relationships/workspaces',
    ]);
    // One word of a path (`agent-pools` read as the tail of `/organizations/:org/agent-pools`) is many APIs'.
    assert.deepEqual(found(with_('f"{self.base}/agent-pools"'), 'app/catalogue.py'), []);
  });
});

describe("history: the same paths in a project whose other files show this API's base", () => {
  // An Android app's Retrofit interface, its base written in the module that builds the client.
  const service = [
    'interface OpsService {',
    '    @GET("workspaces/{id}")',
    '    suspend fun workspace(@Path("id") id: String): WorkspaceResponse',
    '',
    '    @DELETE("projects/{id}")',
    '    suspend fun deleteProject(@Path("id") id: String)',
    '}',
  ].join('\n');
  const module = (base: string): string =>
    [
      'object Network {',
      '    val service: OpsService = Retrofit.Builder()',
      `        .baseUrl("${base}")`,
      '        .addConverterFactory(MoshiConverterFactory.create())',
      '        .build()',
      '        .create(OpsService::class.java)',
      '}',
    ].join('\n');
  const inProject = (base: string): string[] =>
    scanProject([
      { text: module(base), fileName: 'app/src/main/java/dev/ops/Network.kt' },
      { text: service, fileName: 'app/src/main/java/dev/ops/Service.kt' },
    ])[1]!.map((m) => `${m.line} ${m.subject.id}`);

  it('alone, the interface says nothing', () => {
    assert.deepEqual(found(service, 'app/src/main/java/dev/ops/Service.kt'), []);
  });

  it("the project's client module writes this API's root: the interface's paths are its endpoints", () => {
    assert.deepEqual(inProject('https://app.terraform.io/api/v2/'), [
      '2 endpoint GET /workspaces/:workspace_id',
      '5 endpoint DELETE /projects/:project_id',
    ]);
  });

  it("the project's base is another API's: nothing", () => {
    assert.deepEqual(inProject('https://api.taskly.app/v1/'), []);
  });

  it('an editor reads the file again with its folder’s facts, as the project scan does', () => {
    const files = [
      { text: module('https://app.terraform.io/api/v2/'), fileName: 'Network.kt' },
      { text: service, fileName: 'Service.kt' },
    ];
    const alone = files.map((f) => scanFile(f.text, f));
    const project = projectFacts(alone.map((f) => f.facts));
    assert.deepEqual([...(project.namesApi ?? [])], ['']);
    assert.equal(alone[1]!.facts.unproven, true);
    assert.equal(factsConcern(project, service, undefined, 'Service.kt', alone[1]!.facts), true);
    assert.deepEqual(
      scanFile(service, { fileName: 'Service.kt', project }).matches.map((m) => `${m.line} ${m.subject.id}`),
      ['2 endpoint GET /workspaces/:workspace_id', '5 endpoint DELETE /projects/:project_id'],
    );
  });
});

describe("history: a project's infrastructure files name this API, not its app's backend", () => {
  it("an app's axios instance beside a lock file, a workflow's TFC token and a README says nothing", () => {
    const files = [
      {
        fileName: 'infra/.terraform.lock.hcl',
        text: 'provider "registry.terraform.io/hashicorp/aws" {\n  version = "5.40.0"\n}\n',
      },
      {
        fileName: '.github/workflows/web.yml',
        text: [
          'jobs:',
          '  deploy:',
          '    steps:',
          '      - uses: hashicorp/setup-terraform@v3',
          '        with:',
          '          cli_config_credentials_token: ${{ secrets.TFC_TOKEN }}',
        ].join('\n'),
      },
      { fileName: 'README.md', text: 'The infrastructure is applied by Terraform Cloud (TFC) on merge.\n' },
      { fileName: 'web/src/api.ts', text: tasksApp },
    ];
    assert.deepEqual(scanProject(files).flat(), []);
  });
});

describe("history: a Go project's evidence is its package's", () => {
  it("a vendored SDK's service beside a program on go-tfe says nothing; the same service in the program's package is read", () => {
    const main = [
      'package main',
      '',
      'import tfe "github.com/hashicorp/go-tfe"',
      '',
      'func main() { _, _ = tfe.NewClient(tfe.DefaultConfig()) }',
    ].join('\n');
    const endpoints = (path: string): string[] =>
      scanProject([
        { text: main, fileName: 'cmd/sync/main.go' },
        { text: goService, fileName: path },
      ])[1]!.map((m) => `${m.line} ${m.subject.id}`);
    assert.deepEqual(endpoints('vendor/gitlab.com/gitlab-org/api/client-go/projects.go'), []);
    assert.deepEqual(endpoints('cmd/sync/projects.go'), [
      '9 endpoint GET /projects/:project_id',
      '20 endpoint DELETE /projects/:project_id',
    ]);
  });

  // The editors read a file alone, then again with its folder's facts when they concern it (open-document.ts,
  // workspace-usage.ts): the same package rule, from the folders the project's facts say name this API. (They took any
  // file of the project before: the vendored service got the two endpoints the project scan leaves out.)
  it('an editor keeps to the same rule: the vendored service says nothing, the package’s own service is read', () => {
    const main =
      'package main\n\nimport tfe "github.com/hashicorp/go-tfe"\n\nfunc main() { _, _ = tfe.NewClient(nil) }\n';
    const editor = (path: string): string[] => {
      const files = [
        { text: main, fileName: 'cmd/sync/main.go' },
        { text: goService, fileName: path },
      ];
      const alone = files.map((f) => scanFile(f.text, { fileName: f.fileName }));
      const project = projectFacts(alone.map((f) => f.facts));
      assert.deepEqual([...(project.namesApi ?? [])], ['cmd/sync']);
      const service = files[1]!;
      const matches = factsConcern(project, service.text, undefined, service.fileName, alone[1]!.facts)
        ? scanFile(service.text, { fileName: service.fileName, project }).matches
        : alone[1]!.matches;
      return matches.map((m) => `${m.line} ${m.subject.id}`);
    };
    const cli = (path: string): string[] =>
      scanProject([
        { text: main, fileName: 'cmd/sync/main.go' },
        { text: goService, fileName: path },
      ])[1]!.map((m) => `${m.line} ${m.subject.id}`);
    for (const path of ['vendor/gitlab.com/gitlab-org/api/client-go/projects.go', 'cmd/sync/projects.go'])
      assert.deepEqual(editor(path), cli(path), path);
    assert.deepEqual(editor('vendor/gitlab.com/gitlab-org/api/client-go/projects.go'), []);
    assert.equal(editor('cmd/sync/projects.go').length, 2);
  });
});
