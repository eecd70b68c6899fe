// URLs handed to a function of the same text that sends them (shared/src/history/helper-sends.ts): the helper's one
// method, or the verb the call passes for its method parameter; a method keyword of any case at a call that takes the
// URL variable (sending-calls.ts). Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

// Read as a file of a project that names this API (`apiElsewhere`): its paths on a base the snippet alone does
// not show to be this API's are kept, as in the client it stands for (alone they are any API's: unrooted-paths.test.ts).
const endpoints = (text: string, fileName = 'client.py'): string[] =>
  scanText(text, { fileName, apiElsewhere: true })
    .filter((m) => m.subject.id.startsWith('endpoint'))
    .map((m) => `${m.line} ${m.subject.id}`);

describe('URLs sent by a helper of the same text', () => {
  it('the verb a call passes for the helper method parameter is the method', () => {
    const text = [
      'def call(token, address, body, verb):',
      '    hdrs = {"Authorization": "Bearer " + token}',
      '    if verb == "get":',
      '        resp = requests.get(address, headers=hdrs)',
      '    elif verb == "post":',
      '        resp = requests.post(address, headers=hdrs, json=body)',
      '    return resp',
      '',
      'def add(host, org, token):',
      '    address = f"https://{host}/api/v2/organizations/{org}/registry-providers"',
      '    body = {"data": {"attributes": {"name": "x"}}}',
      '    return call(token, address, body, "post")',
      '',
      'def each(host, org, token):',
      '    address = f"https://{host}/api/v2/organizations/{org}/registry-providers"',
      '    return call(token, address, None, "get")',
    ].join('\n');
    assert.deepEqual(endpoints(text), [
      '10 endpoint POST /organizations/:organization_name/registry-providers',
      '15 endpoint GET /organizations/:organization_name/registry-providers',
    ]);
  });

  it('a helper with one method sends a literal given to it, also through another helper', () => {
    const text = [
      'def fetch_json(q, d, target, save_to=""):',
      '    r = requests.get(f"{target}", headers=H)',
      '    return r.json()',
      '',
      'def fetch_pages(target, hdrs):',
      '    page = fetch_json(False, False, target)',
      '    return page["data"]',
      '',
      'def report(addr, org, hdrs):',
      '    items = fetch_json(False, False, f"{addr}/api/v2/organizations/{org}/workspaces")',
      '    projects = fetch_pages(f"{addr}/api/v2/organizations/{org}/projects", hdrs)',
    ].join('\n');
    assert.deepEqual(endpoints(text), [
      '10 endpoint GET /organizations/:organization_name/workspaces',
      '11 endpoint GET /organizations/:organization_name/projects',
    ]);
  });

  it('a helper defined twice with different methods says nothing', () => {
    const text = [
      'class A:',
      '    def send(self, target):',
      '        return requests.get(target)',
      'class B:',
      '    def send(self, target):',
      '        return requests.post(target)',
      '',
      'def go(addr, org, client):',
      '    target = f"{addr}/api/v2/organizations/{org}/workspaces"',
      '    return client.send(target)',
    ].join('\n');
    assert.deepEqual(endpoints(text), []);
  });

  it('a JS helper given its method, or its default', () => {
    const text = [
      "async function apiCall(route, method = 'GET', body) {",
      '  const res = await fetch(`${BASE}${route}`, { method, headers, body });',
      '  return res.json();',
      '}',
      '',
      'export async function make(org, payload) {',
      "  return apiCall(`/api/v2/organizations/${org}/registry-providers`, 'POST', payload);",
      '}',
      'export async function all(org) {',
      '  return apiCall(`/api/v2/organizations/${org}/projects`);',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'client.ts'), [
      '7 endpoint POST /organizations/:organization_name/registry-providers',
      '10 endpoint GET /organizations/:organization_name/projects',
    ]);
  });

  it('a method keyword of any case at the call that takes the URL variable', () => {
    const text = [
      'def start(self, org, data):',
      '    endpoint = "/api/v2/varsets/{}/relationships/vars".format(org)',
      // Lines between, so that no reader of a method near the URL decides: the call's keyword does.
      ...Array.from({ length: 12 }, (_, k) => `    step_${k} = ${k}`),
      '    ok, body = self._rest_call(endpoint, self.result, method="post", json=data)',
      '',
      'def stop(self, org):',
      "    endpoint = '/api/v2/varsets/{}/relationships/vars'.format(org)",
      ...Array.from({ length: 12 }, (_, k) => `    step_${k} = ${k}`),
      "    ok, body = self._rest_call(endpoint, self.result, method='GET')",
    ].join('\n');
    assert.deepEqual(endpoints(text), [
      '2 endpoint POST /varsets/:varset_id/relationships/vars',
      '18 endpoint GET /varsets/:varset_id/relationships/vars',
    ]);
  });

  it('a chain of thousands of helpers, each handing the URL to the next, is read to a bound and never exhausts the stack', () => {
    const chain = ['def f0x(target):', '    return requests.post(target)'];
    for (let k = 1; k <= 3000; k++) chain.push(`def f${k}x(target):`, `    return f${k - 1}x(target)`);
    const near = chain.length + 1;
    const text = [
      ...chain,
      'def go(tfe_addr, org):',
      '    f2x(f"{tfe_addr}/api/v2/organizations/{org}/projects")',
      '    f3000x(f"{tfe_addr}/api/v2/organizations/{org}/projects")',
    ].join('\n');
    // Two hops away, the helper's method is read; three thousand away, it is past the bound and not said (no GET guessed).
    assert.deepEqual(endpoints(text), [`${near + 1} endpoint POST /organizations/:organization_name/projects`]);
  });

  it('a helper that builds a curl command line with a format call sends its URL parameter (Lua, Python, Go)', () => {
    const lua = [
      'local function api(path)',
      '  local full = root .. path',
      '  local cmd = string.format(\'curl -s -H "Authorization: Bearer %s" %s\', token, full)',
      '  return vim.fn.system(cmd)',
      'end',
      '',
      'local function drop(path)',
      '  return io.popen(("curl -s -X DELETE %s"):format(root .. path)):read("*a")',
      'end',
      '',
      'local one = string.format("/organizations/%s/workspaces", org)',
      'local a = api(one)',
      'local two = string.format("/projects/%s", id)',
      'local b = drop(two)',
    ].join('\n');
    assert.deepEqual(endpoints(lua, 'tools.lua'), [
      '11 endpoint GET /organizations/:organization_name/workspaces',
      '13 endpoint DELETE /projects/:project_id',
    ]);
    const python = [
      'def fetch(address):',
      '    line = "curl -sS {} -H \'Authorization: Bearer {}\'".format(address, TOKEN)',
      '    return subprocess.check_output(line, shell=True)',
      '',
      'def main(org):',
      '    return fetch(ROOT + "/organizations/%s/varsets" % org)',
    ].join('\n');
    assert.deepEqual(endpoints(python), ['6 endpoint GET /organizations/:organization_name/varsets']);
    const go = [
      'func call(path string) {',
      '\tcommand := fmt.Sprintf("curl -s -X DELETE %s", base+path)',
      '\t_ = exec.Command("sh", "-c", command).Run()',
      '}',
      '',
      'func lock(id string) {',
      '\tpath := fmt.Sprintf("/varsets/%s", id)',
      '\tcall(path)',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(go, 'main.go'), ['7 endpoint DELETE /varsets/:varset_id']);
  });

  it('a format placeholder in a header, a flag value or a command with data is no URL the helper sends', () => {
    const lua = [
      'local function header(path)',
      '  return os.execute(string.format(\'curl -s -H "X-Path: %s" %s\', path, base))',
      'end',
      'local function saved(path)',
      '  return os.execute(string.format("curl -s -o %s %s", path, base))',
      'end',
      'local function posted(path)',
      '  return os.execute(string.format("curl -s -d @body.json %s", path))',
      'end',
      'header(string.format("/organizations/%s/teams", org))',
      'saved("/organizations/" .. org .. "/projects")',
      'posted("/organizations/" .. org .. "/varsets")',
    ].join('\n');
    // The endpoints are read (their paths), but no method is guessed for them from these helpers.
    assert.ok(!endpoints(lua, 'tools.lua').some((e) => /GET|POST/.test(e)), endpoints(lua, 'tools.lua').join('\n'));
  });
});
