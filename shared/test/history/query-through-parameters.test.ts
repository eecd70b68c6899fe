// Query objects handed in through a parameter of the function that sends the URL (query-objects.ts' `callerObjects`):
// `def list_runs(ws, query): requests.get(url, params=query)` called far below as `list_runs("ws-1", filters)`.
// Programs written for these tests; each call site stands more than a screen of lines from every URL, beside a
// URL of another path, so only the parameter ties the keys to the function's URL.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const parameters = (text: string, fileName: string): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.id.startsWith('parameter'))
    .map((m) => `${m.line} ${m.subject.id}`);

/** Lines that say nothing, to put the call sites away from the function. */
const filler = (n: number, comment: string): string[] => Array.from({ length: n }, (_, i) => `${comment} step ${i}`);

describe('query objects given by the callers of the function that sends the URL', () => {
  it('Python: a variable passed by position, and a literal passed by keyword', () => {
    const py = [
      'import requests',
      'BASE = "https://app.terraform.io/api/v2"',
      '',
      'def list_runs(token, workspace_id, query):',
      '    url = f"{BASE}/workspaces/{workspace_id}/runs"',
      '    return requests.get(url, headers={"Authorization": token}, params=query)',
      '',
      'def list_workspaces(org, params=None):',
      '    return requests.get(f"{BASE}/organizations/{org}/workspaces", params=params)',
      '',
      ...filler(14, '#'),
      'def main(token):',
      '    teams = requests.get(f"{BASE}/organizations/acme/teams")',
      '    filters = {"filter[status]": "applied", "search[user]": "me"}',
      '    list_runs(token, "ws-1", filters)',
      '    list_workspaces("acme", params={"search[tags]": "prod", "sort": "name"})',
    ].join('\n');
    assert.deepEqual(parameters(py, 'runs.py'), [
      '27 parameter filter[status] /workspaces/:workspace_id/runs',
      '27 parameter search[user] /workspaces/:workspace_id/runs',
      '29 parameter search[tags] /organizations/:organization_name/workspaces',
      '29 parameter sort /organizations/:organization_name/workspaces',
    ]);
  });

  it('Go, Java and Ruby: url.Values, a Map with a generic type, a hash by position', () => {
    const go = [
      'package main',
      '',
      'const base = "https://app.terraform.io/api/v2"',
      '',
      'func listWorkspaces(org string, q url.Values) (*http.Response, error) {',
      '\tu := base + "/organizations/" + org + "/workspaces?" + q.Encode()',
      '\treturn http.Get(u)',
      '}',
      ...filler(14, '//'),
      'func main() {',
      '\tq := url.Values{}',
      '\tq.Set("search[tags]", "prod")',
      '\tlistWorkspaces("acme", q)',
      '}',
    ].join('\n');
    assert.deepEqual(parameters(go, 'main.go'), [
      '25 parameter search[tags] /organizations/:organization_name/workspaces',
    ]);
    const java = [
      'class Client {',
      '    static final String BASE = "https://app.terraform.io/api/v2";',
      '',
      '    public Response listRuns(String workspaceId, Map<String, String> query) {',
      '        return http.get(BASE + "/workspaces/" + workspaceId + "/runs", query);',
      '    }',
      ...filler(14, '    //'),
      '    void run() {',
      '        Response teams = http.get(BASE + "/organizations/acme/workspaces");',
      '        Map<String, String> q = new HashMap<>();',
      '        q.put("filter[status]", "applied");',
      '        listRuns("ws-1", q);',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(parameters(java, 'Client.java'), ['24 parameter filter[status] /workspaces/:workspace_id/runs']);
    const ruby = [
      'BASE = "https://app.terraform.io/api/v2"',
      '',
      'def list_runs(workspace_id, query)',
      '  HTTParty.get("#{BASE}/workspaces/#{workspace_id}/runs", query: query)',
      'end',
      ...filler(14, '#'),
      'HTTParty.get("#{BASE}/organizations/acme/workspaces")',
      'list_runs("ws-1", { "filter[status]" => "errored" })',
    ].join('\n');
    assert.deepEqual(parameters(ruby, 'runs.rb'), ['21 parameter filter[status] /workspaces/:workspace_id/runs']);
  });

  it("a key the function's endpoint does not take says nothing, though a URL that takes it is near the call", () => {
    const py = [
      'import requests',
      'BASE = "https://app.terraform.io/api/v2"',
      '',
      'def list_teams(org, params):',
      '    return requests.get(f"{BASE}/organizations/{org}/teams", params=params)',
      '',
      ...filler(14, '#'),
      'ws = requests.get(f"{BASE}/organizations/acme/workspaces")',
      'list_teams("acme", {"sort": "name"})',
    ].join('\n');
    assert.deepEqual(parameters(py, 'teams.py'), []);
  });
  it("a method name two classes define binds no caller's keys: which class a call reaches is not read", () => {
    const py = [
      'import requests',
      'BASE = "https://app.terraform.io/api/v2"',
      '',
      'class RunPages:',
      '    def fetch(self, ws, opts):',
      '        return requests.get(f"{BASE}/workspaces/{ws}/runs", params=opts)',
      '',
      'class TeamPages:',
      '    def fetch(self, org, opts):',
      '        return requests.get(f"{BASE}/organizations/{org}/teams", params=opts)',
      '',
      ...filler(14, '#'),
      'pages = TeamPages()',
      'pages.fetch("acme", {"filter[status]": "applied"})',
    ].join('\n');
    assert.deepEqual(parameters(py, 'pages.py'), []);
    const ruby = [
      'BASE = "https://app.terraform.io/api/v2"',
      '',
      'class RunPages',
      '  def fetch(ws, opts)',
      '    HTTParty.get("#{BASE}/workspaces/#{ws}/runs", query: opts)',
      '  end',
      'end',
      '',
      'class TeamPages',
      '  def fetch(org, opts)',
      '    HTTParty.get("#{BASE}/organizations/#{org}/teams", query: opts)',
      '  end',
      'end',
      ...filler(14, '#'),
      'TeamPages.new.fetch("acme", { "filter[status]" => "applied" })',
    ].join('\n');
    assert.deepEqual(parameters(ruby, 'pages.rb'), []);
  });
});

describe('a URL handed to a function of the text that sends it with a query object', () => {
  const endpoints = (text: string, fileName: string): string[] =>
    scanText(text, { fileName })
      .filter((m) => m.subject.id.startsWith('parameter') || m.subject.id.startsWith('endpoint'))
      .map((m) => `${m.line} ${m.subject.id}`);

  it('Python: the URL a function returns, given to a lookup that sets the key; read only when that is its one use', () => {
    const lookup = [
      'def find_by_name(module, link):',
      '    params = {',
      "        'filter[names]': module.params['name'],",
      '    }',
      '    return session.list(link, check, params=params)',
      '',
      ...filler(14, '#'),
      'def collection(module):',
      "    return 'https://app.terraform.io/api/v2/organizations/{org}/projects'.format(**module.params)",
      '',
      'def other(module):',
      "    return 'https://app.terraform.io/api/v2/organizations/{org}/teams'.format(**module.params)",
      '',
    ];
    const info = [...lookup, 'def main(module):', '    found = find_by_name(module, collection(module))'].join('\n');
    assert.deepEqual(endpoints(info, 'project_info.py'), [
      '3 parameter filter[names] /organizations/:organization_name/projects',
      '22 endpoint GET /organizations/:organization_name/projects',
    ]);
    // Also created with POST: the key is still the projects list's, but the URL is not said to be read.
    const module = [
      ...lookup,
      'def main(module):',
      '    found = find_by_name(module, collection(module))',
      '    if not found:',
      '        session.post(collection(module), body)',
    ].join('\n');
    assert.deepEqual(
      endpoints(module, 'project.py').filter((r) => r.includes('parameter')),
      ['3 parameter filter[names] /organizations/:organization_name/projects'],
    );
    assert.ok(!endpoints(module, 'project.py').includes('22 endpoint GET /organizations/:organization_name/projects'));
  });

  it('TypeScript: a URL literal passed to a helper whose body sends it with URLSearchParams', () => {
    const ts = [
      'async function listAll(url: string) {',
      '  const query = new URLSearchParams();',
      "  query.set('search[tags]', 'prod');",
      '  return fetch(url, query);',
      '}',
      ...filler(14, '//'),
      "const teams = await fetch('https://app.terraform.io/api/v2/organizations/acme/teams');",
      "const found = await listAll('https://app.terraform.io/api/v2/organizations/acme/workspaces');",
    ].join('\n');
    assert.deepEqual(
      endpoints(ts, 'list.ts').filter((r) => r.includes('parameter')),
      ['3 parameter search[tags] /organizations/:organization_name/workspaces'],
    );
  });
});
