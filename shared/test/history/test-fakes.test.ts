// Test code of the API's clients: fake servers and stubs, the request a test asserts, mocked verbs whose calls are
// asserted, query keys a test reads back, a curl command a tool prints, and the package's own functions its tests call.
// Each is a use of the endpoint with the method the code says (never a guessed GET); a fake of another API stays silent
// without the evidence a server of this API must show. Made-up snippets in the style of real test suites.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanProject, scanText } from '@keyfob/shared/history';

const found = (lines: readonly string[], fileName: string, type = 'endpoint'): string[] =>
  scanText(lines.join('\n'), { fileName })
    .filter((m) => m.subject.type === type)
    .map((m) => `${m.line} ${m.subject.id}`);

const G = 'endpoint GET /projects/:project_id';
const P = 'endpoint PATCH /projects/:project_id';
const D = 'endpoint DELETE /projects/:project_id';

describe('fake servers: the methods a handler checks', () => {
  const handlers = [
    'package tfe',
    '',
    'func TestProjects(t *testing.T) {',
    '\tmux := http.NewServeMux()',
    '\tmux.HandleFunc("/api/v2/projects/prj-1", func(w http.ResponseWriter, r *http.Request) {',
    '\t\tswitch r.Method {',
    '\t\tcase http.MethodGet:',
    '\t\t\tfmt.Fprint(w, `{"data": {"id": "prj-1"}}`)',
    '\t\tcase "PATCH":',
    '\t\t\tw.WriteHeader(http.StatusOK)',
    '\t\t}',
    '\t})',
    '\tmux.HandleFunc("/api/v2/projects/prj-2", func(w http.ResponseWriter, r *http.Request) {',
    '\t\tif r.Method != http.MethodDelete {',
    '\t\t\tt.Fatalf("unexpected method %s", r.Method)',
    '\t\t}',
    '\t\tw.WriteHeader(http.StatusNoContent)',
    '\t})',
    '\tmux.HandleFunc("/api/v2/projects/prj-3", func(w http.ResponseWriter, r *http.Request) {',
    '\t\ttestMethod(t, r, "PATCH")',
    '\t\tw.WriteHeader(http.StatusOK)',
    '\t})',
    '\tmux.HandleFunc("/api/v2/projects/prj-4", func(w http.ResponseWriter, r *http.Request) {',
    '\t\tw.WriteHeader(http.StatusOK)',
    '\t})',
    '}',
  ];

  it('Go: a switch on r.Method, a guard, a testMethod call; a handler that checks none says nothing', () => {
    assert.deepEqual(found(handlers, 'projects_test.go'), [`5 ${G}`, `5 ${P}`, `13 ${D}`, `19 ${P}`]);
  });

  it('a method the handler refuses is not one it answers', () => {
    const refusing = [
      'package tfe',
      '',
      'func TestReadOnly(t *testing.T) {',
      '\tmux.HandleFunc("/api/v2/projects/prj-1", func(w http.ResponseWriter, r *http.Request) {',
      '\t\tif r.Method == http.MethodDelete || r.Method == http.MethodPatch {',
      '\t\t\tt.Fatalf("the read-only client must not send %s", r.Method)',
      '\t\t}',
      '\t\tw.Write(project)',
      '\t})',
      '\tmux.HandleFunc("/api/v2/projects/prj-2", func(w http.ResponseWriter, r *http.Request) {',
      '\t\tswitch r.Method {',
      '\t\tcase http.MethodDelete:',
      '\t\t\thttp.Error(w, "read only", http.StatusMethodNotAllowed)',
      '\t\tcase http.MethodPatch:',
      '\t\t\tw.Write(project)',
      '\t\t}',
      '\t})',
      '}',
    ];
    assert.deepEqual(found(refusing, 'readonly_test.go'), [`10 ${P}`]);
  });

  it('a fake of another API (nothing in the text names this one, no path only it has) stays silent', () => {
    const other = handlers.map((l) => (l === 'package tfe' ? 'package coderd' : l));
    assert.deepEqual(found(other, 'projects_test.go'), []);
  });

  it('a fake of another API gives the JSON it answers no resource of this API (review v5 item 14)', () => {
    const boards = [
      'package cli',
      '',
      'func newBoardServer(t *testing.T) *httptest.Server {',
      '\tmux := http.NewServeMux()',
      '\tmux.HandleFunc("/api/v2/projects/p-1", func(w http.ResponseWriter, r *http.Request) {',
      '\t\tjson.NewEncoder(w).Encode(map[string]any{"uuid": "p-1", "name": "roadmap", "description": "q3"})',
      '\t})',
      '\treturn httptest.NewServer(mux)',
      '}',
    ];
    assert.deepEqual(found(boards, 'boards_test.go', 'attribute'), []);
    const ours = boards.map((l) => (l === 'package cli' ? 'package tfe' : l));
    assert.deepEqual(found(ours, 'projects_test.go', 'attribute'), [
      '6 attribute projects name',
      '6 attribute projects description',
    ]);
  });

  it('Go: a case of a switch on the request’s path, with the method checked in that case', () => {
    const server = [
      'srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {',
      '\tswitch req.URL.Path {',
      '\tcase "/api/v2/projects/prj-1":',
      '\t\tif req.Method == http.MethodDelete {',
      '\t\t\tw.WriteHeader(http.StatusNoContent)',
      '\t\t}',
      '\tcase "/api/v2/projects/prj-2":',
      '\t\tw.Write(project)',
      '\t}',
      '}))',
    ];
    assert.deepEqual(found(server, 'tfe/client_test.go'), [`3 ${D}`]);
  });
});

describe('the request a test asserts: its method beside its path', () => {
  it('Python and TypeScript: the method of the same recorded request, above or below', () => {
    const py = [
      'def test_archive(client, captured):',
      '    client.archive("prj-5")',
      '    request = captured[0]',
      '    assert request.method == "DELETE"',
      '    assert request.url.path == "/api/v2/projects/prj-5"',
      '    other = captured[1]',
      '    assert other.url.path == "/api/v2/projects/prj-6"',
      '    assert other.method == "PATCH"',
    ];
    assert.deepEqual(found(py, 'tests/test_tfe_client.py'), [`5 ${D}`, `7 ${P}`]);
    const ts = [
      "it('archives', async () => {",
      "  await client.archiveProject('prj-2');",
      "  expect(calls[0].method).toBe('DELETE');",
      "  expect(calls[0].url).toBe('https://app.terraform.io/api/v2/projects/prj-2');",
      '});',
    ];
    assert.deepEqual(found(ts, 'client.test.ts'), [`4 ${D}`]);
  });

  it('a method asserted not to be the request’s says nothing', () => {
    const py = [
      'def test_method(captured):',
      '    req = captured[0]',
      '    assert req.method != "DELETE"',
      '    assert req.url.path == "/api/v2/projects/prj-5"',
    ];
    assert.deepEqual(found(py, 'tests/test_read.py'), []);
  });

  it('another object’s method is not the asserted request’s', () => {
    const ts = [
      "it('archives', async () => {",
      "  expect(audit.method).toBe('DELETE');",
      "  expect(calls[0].url).toBe('https://app.terraform.io/api/v2/projects/prj-2');",
      '});',
    ];
    assert.deepEqual(found(ts, 'client.test.ts'), []);
  });
});

describe('mocked clients and stubs', () => {
  it('a mocked verb whose call is asserted (Python, Jest); a call asserted not to happen says nothing', () => {
    const py = [
      'def test_update():',
      '    session = mock.Mock()',
      '    update(session, "prj-4")',
      '    session.patch.assert_called_once_with("https://app.terraform.io/api/v2/projects/prj-4", json=ANY)',
    ];
    assert.deepEqual(found(py, 'tests/test_update.py'), [`4 ${P}`]);
    const ts = [
      "it('deletes through the TfeClient', async () => {",
      "  expect(axios.delete).toHaveBeenCalledWith('/api/v2/projects/prj-3');",
      '});',
      "it('keeps', async () => {",
      "  expect(axios.delete).not.toHaveBeenCalledWith('/api/v2/projects/prj-3');",
      '});',
    ];
    assert.deepEqual(found(ts, 'projects.test.ts'), [`2 ${D}`]);
  });

  it('WireMock (Java): a stub’s and a verification’s method', () => {
    const java = [
      'class TfeProjectsTest {',
      '  void stubs() {',
      '    stubFor(patch(urlEqualTo("/api/v2/projects/prj-1")).willReturn(okJson("{}")));',
      '    verify(deleteRequestedFor(urlPathEqualTo("/api/v2/projects/prj-1")));',
      '  }',
      '}',
    ];
    assert.deepEqual(found(java, 'ProjectsTest.java'), [`3 ${P}`, `4 ${D}`]);
  });
});

describe('stubs and mocks of another API under /api/v2 stay silent (review v5 item 8)', () => {
  const wiremock = (owner: string): string[] => [
    `package com.acme.${owner.toLowerCase()};`,
    '',
    `class ${owner}ClientTest {`,
    '  @Test',
    '  void deletes() {',
    `    new ${owner}Client(server.baseUrl()).deleteProject("p1");`,
    '    stubFor(delete(urlEqualTo("/api/v2/projects/p1")).willReturn(aResponse().withStatus(204)));',
    '    verify(deleteRequestedFor(urlPathEqualTo("/api/v2/projects/p1")));',
    '  }',
    '}',
  ];

  it('WireMock: a client of boards says nothing, a TfeClient’s test keeps its rows', () => {
    assert.deepEqual(found(wiremock('Board'), 'BoardClientTest.java'), []);
    assert.deepEqual(found(wiremock('Tfe'), 'TfeClientTest.java'), [`7 ${D}`, `8 ${D}`]);
  });

  it('a mocked verb asserted, nock and responses fakes of another host', () => {
    const jest = [
      "const client = new BoardClient('https://boards.example.com/api/v2');",
      "it('deletes', async () => {",
      "  await client.deleteProject('p1');",
      "  expect(axios.delete).toHaveBeenCalledWith('/api/v2/projects/p1');",
      '});',
    ];
    assert.deepEqual(found(jest, 'boards.test.ts'), []);
    const nock = [
      "const nock = require('nock');",
      "test('patch project', async () => {",
      "  nock('https://boards.example.com').patch('/api/v2/projects/p1').reply(200, {});",
      "  nock('https://boards.example.com').delete('/api/v2/projects/p2').reply(204);",
      '});',
    ];
    assert.deepEqual(found(nock, 'boards.test.js'), []);
    const responses = [
      'import responses',
      '',
      '@responses.activate',
      'def test_patch():',
      '    responses.add(responses.PATCH, "https://boards.example.com/api/v2/projects/p1", json={})',
      '    responses.add(responses.DELETE, "/api/v2/projects/p2", status=204)',
    ];
    assert.deepEqual(found(responses, 'test_boards.py'), []);
    // The same fakes where the text names this API's host.
    const ours = nock.map((l) => l.replace('boards.example.com', 'app.terraform.io'));
    assert.deepEqual(found(ours, 'tfe.test.js'), [`3 ${P}`, `4 ${D}`]);
  });
});

describe('query keys a test reads back from the request', () => {
  const lines = (url: string): string[] => [
    "Deno.test('lists', async () => {",
    `  assertEquals(new URL(calls[0].url).pathname, "${url}");`,
    ...Array.from({ length: 20 }, (_, k) => `  // step ${k}`),
    '  const url = new URL(calls[1].url);',
    '  assertEquals(url.searchParams.get("search[tags]"), "aws,eu");',
    '});',
  ];

  it('a bracketed key of the path of a URL the text names elsewhere', () => {
    assert.deepEqual(found(lines('/api/v2/organizations/acme/workspaces'), 'list.test.ts', 'parameter'), [
      '24 parameter search[tags] /organizations/:organization_name/workspaces',
    ]);
  });

  it('no URL of that path in the text says nothing', () => {
    assert.deepEqual(found(lines('/api/v2/organizations/acme/projects'), 'list.test.ts', 'parameter'), []);
  });
});

describe('a curl command held in string pieces', () => {
  it('its method flag in a piece before the URL (TypeScript `+`, Python side by side), or a body flag: POST', () => {
    const ts = [
      'function archiveHint(id: string): string {',
      "  return 'curl --fail --request=DELETE ' +",
      '    \'--header "Authorization: Bearer ${TOKEN}" \' +',
      '    `https://tfe.example.com/api/v2/projects/${id}`;',
      '}',
    ];
    assert.deepEqual(found(ts, 'hints.ts'), [`4 ${D}`]);
    const py = [
      'print(',
      '    "curl --silent --request PATCH "',
      '    "--header \'Content-Type: application/vnd.api+json\' "',
      '    "--data @project.json "',
      '    f"https://tfe.example.com/api/v2/projects/{project_id}"',
      ')',
    ];
    assert.deepEqual(found(py, 'hint.py'), [`5 ${P}`]);
    const body = [
      'echo_cmd = (',
      '    "curl -s --data @run.json "',
      '    "-H \'Content-Type: application/vnd.api+json\' "',
      '    "https://tfe.example.com/api/v2/runs"',
      ')',
    ];
    assert.deepEqual(found(body, 'hint.py'), ['4 endpoint POST /runs']);
  });

  it('its method flag after the URL, in the URL’s piece or the pieces after it', () => {
    const py = [
      'def delete_project(pid):',
      '    cmd = ("curl -sS -H \'Authorization: Bearer $TFE_TOKEN\' "',
      '           f\'"https://app.terraform.io/api/v2/projects/{pid}" -X DELETE\')',
      '',
      'def patch_project(pid):',
      '    cmd = ("curl -sS -H \'Content-Type: application/vnd.api+json\' "',
      '           f\'"https://app.terraform.io/api/v2/projects/{pid}" \'',
      '           "--request PATCH --data @project.json")',
    ];
    assert.deepEqual(found(py, 'probe.py'), [`3 ${D}`, `7 ${P}`]);
    const ts = [
      'export const printCommand = (id: string): string =>',
      '  \'curl -sS -H "Authorization: Bearer $TFE_TOKEN" \' +',
      '  `"https://app.terraform.io/api/v2/projects/${id}"` +',
      "  ' -X DELETE';",
    ];
    assert.deepEqual(found(ts, 'probe.ts'), [`3 ${D}`]);
    // A value joined after the URL may hold the method: curl's default is not assumed.
    const unknown = [...ts.slice(0, 3), '  flags;'];
    assert.deepEqual(found(unknown, 'probe.ts'), []);
  });

  it('a line of many pieces that ends in a comment is read at once (no backtracking blow-up)', () => {
    const py = [
      'def trigger():',
      '    cmd = (',
      `        ${Array.from({ length: 10 }, (_, k) => `"-${'v'.repeat(k + 1)} "`).join('      ')}      # flags`,
      '        "curl -sS -X DELETE "',
      '        "https://app.terraform.io/api/v2/projects/prj-1"',
      '    )',
    ];
    assert.deepEqual(found(py, 'probe.py'), [`5 ${D}`]);
  });

  it('another statement’s curl above says nothing (a list of strings is no command)', () => {
    const ts = [
      'const DELETE_CURL = "curl -sS -X DELETE ";',
      'const LINKS = [',
      '  "-H \'Accept: application/json\'",',
      '  "-H \'Accept-Language: en\'",',
      '  "--compressed",',
      '  \'"https://app.terraform.io/api/v2/projects/prj-1"\',',
      '];',
    ];
    assert.deepEqual(found(ts, 'probe.ts'), []);
  });
});

describe("a package's own functions called in its tests", () => {
  it('Go: an unexported function sending one endpoint, called by a test of the package', () => {
    const client = [
      'package tfe',
      '',
      'func (c *Client) listWorkspaces(org string, page int) ([]*Workspace, error) {',
      '\treq, err := c.NewRequest("GET", fmt.Sprintf("/organizations/%s/workspaces", org), nil)',
      '\treturn c.do(req)',
      '}',
    ];
    const test = [
      'package tfe',
      '',
      'func TestList(t *testing.T) {',
      '\tclient, server := testingClientServer(t)',
      '\tworkspaces, err := client.listWorkspaces("acme", 0)',
      '\tassert.NoError(t, err)',
      '}',
    ];
    const [, matches] = scanProject([
      { text: client.join('\n'), fileName: 'workspaces.go' },
      { text: test.join('\n'), fileName: 'workspaces_test.go' },
    ]);
    assert.deepEqual(
      matches!.filter((m) => m.subject.type === 'endpoint').map((m) => `${m.line} ${m.subject.id}`),
      ['5 endpoint GET /organizations/:organization_name/workspaces'],
    );
  });

  it('Go: a package function is no receiver’s method, and two types’ methods of one name say nothing', () => {
    const helper = [
      'package sync',
      '',
      'func deleteProject(client *http.Client, base, id string) error {',
      '	req, _ := http.NewRequest(http.MethodDelete, fmt.Sprintf("%s/api/v2/projects/%s", base, id), nil)',
      '	_, err := client.Do(req)',
      '	return err',
      '}',
      '',
      'func cleanup(c *http.Client, gitlab *GitLab) {',
      '	_ = gitlab.deleteProject(42)',
      '}',
    ];
    assert.deepEqual(found(helper, 'tfe/helper.go'), [`4 ${D}`]);
    const two = [
      'package sync',
      '',
      'func (g *GitHub) deleteProject(id string) error {',
      '	return g.do("DELETE", "https://api.github.com/projects/"+id)',
      '}',
      '',
      'func (t *TFE) deleteProject(id string) error {',
      '	req, _ := http.NewRequest(http.MethodDelete, fmt.Sprintf("%s/api/v2/projects/%s", t.base, id), nil)',
      '	return t.send(req)',
      '}',
      '',
      'func sync(g *GitHub, t *TFE) {',
      '	_ = g.deleteProject("1")',
      '	_ = t.deleteProject("prj-1")',
      '}',
    ];
    assert.deepEqual(found(two, 'sync.go'), [`8 ${D}`]);
  });
});
