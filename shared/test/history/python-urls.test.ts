// Python URLs built in pieces (shared/src/history/collect-hits.ts, base-urls.ts, concatenation.ts,
// sending-calls.ts): a base attribute joined to literals by `+`, literals written side by side in parentheses,
// and a path variable put at the end of the URL variable a request sends. Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

// Read as a file of a project that names this API (`apiElsewhere`): its paths on a base the snippet alone does
// not show to be this API's are kept, as in the client it stands for (alone they are any API's: unrooted-paths.test.ts).
const endpoints = (text: string): string[] =>
  scanText(text, { fileName: 'client.py', apiElsewhere: true })
    .filter((m) => m.subject.id.startsWith('endpoint'))
    .map((m) => `${m.line} ${m.subject.id}`);

describe('Python URLs built in pieces', () => {
  it('a base attribute joined to a literal by + is read with its value', () => {
    const text = [
      'class Api:',
      '    def __init__(self, host, org):',
      "        self.ws = 'https://{}/api/v2/organizations/{}/workspaces'.format(host, org)",
      '        self.http = requests.session()',
      '',
      '    def show(self, name):',
      "        return self.http.get(self.ws + '/' + name, headers=self.headers)",
    ].join('\n');
    assert.deepEqual(endpoints(text), ['7 endpoint GET /organizations/:organization_name/workspaces/:name']);
  });

  it('a plain variable assigned in several places is no base', () => {
    const text = [
      'def one(org):',
      "    url = 'https://tfe.example/api/v2/organizations'",
      "    return requests.get(url + '?page%5Bsize%5D=5')",
      '',
      'def two(org):',
      "    url = root + '/organizations/' + org + '/teams'",
      "    return requests.get(url + '/' + 'x')",
    ].join('\n');
    assert.ok(!endpoints(text).some((e) => e.startsWith('7 ')), endpoints(text).join('\n'));
  });

  it('a concatenation continued on the next line by a backslash is one URL', () => {
    const text = [
      'class Gateway:',
      '    def teams_of(self):',
      '        address = self.root + "/organizations/" + \\',
      '            self.org + "/projects"',
      '        return requests.get(address, headers=self.headers).json()',
    ].join('\n');
    // Not the prefix alone (`GET /organizations`): the whole URL is sent.
    assert.deepEqual(endpoints(text), ['3 endpoint GET /organizations/:organization_name/projects']);
  });

  it('a subscript with a quoted key between literals is an expression of the URL', () => {
    const text = [
      'def handler(event, token):',
      "    address = 'https://tfe.example/api/v2/organizations/' + \\",
      "        event['org'] + '/projects'",
      '    return requests.get(address, headers={"Authorization": token})',
    ].join('\n');
    // Not the prefix alone (`GET /organizations/:organization_name`): the key's quotes are the subscript's.
    assert.deepEqual(endpoints(text), ['2 endpoint GET /organizations/:organization_name/projects']);
  });

  it('a name assigned a concatenation once is a base where another function joins it to a literal', () => {
    const text = [
      'def fetch_one(ws_root, name, headers):',
      "    return requests.get(ws_root + '/' + name, headers=headers).json()",
      '',
      'def main(server, org, headers):',
      "    ws_root = server + '/api/v2/organizations/' + org + '/workspaces'",
      "    return fetch_one(ws_root, 'prod', headers)",
    ].join('\n');
    // The join is read with the base's value; the assignment alone, sent by no call here, says nothing.
    assert.deepEqual(endpoints(text), ['2 endpoint GET /organizations/:organization_name/workspaces/:name']);
  });

  it('a URL variable extended before it is sent is a prefix: no endpoint for it', () => {
    const text = [
      'ROOT = "https://tfe.example.com/api/v2"',
      '',
      'def agents(org):',
      '    target = ROOT + "/organizations"',
      '    target += f"/{org}/agent-pools"',
      '    return requests.get(target, headers=HEADERS)',
      '',
      'def varsets(org):',
      '    target = f"{ROOT}/organizations"',
      '    target = target + "/" + org + "/varsets"',
      '    return requests.get(target, headers=HEADERS)',
      '',
      'def listed(org):',
      '    target = f"{ROOT}/organizations/{org}/projects"',
      '    target += "?page%5Bsize%5D=50"',
      '    return requests.get(target, headers=HEADERS)',
      '',
      'def maybe(org, name):',
      '    target = f"{ROOT}/organizations/{org}/workspaces"',
      '    if name:',
      '        target = target + "/" + name',
      '    return requests.get(target, headers=HEADERS)',
    ].join('\n');
    // Not `GET /organizations` (lines 4 and 9); a query added keeps the path (14); a path added in a branch
    // leaves the literal sent on the other way (19).
    assert.deepEqual(endpoints(text), [
      '14 endpoint GET /organizations/:organization_name/projects',
      '19 endpoint GET /organizations/:organization_name/workspaces',
    ]);
  });

  it('a URL variable sent twice gives the endpoint of each send the history has', () => {
    const text = [
      'def ensure_project(org, name, headers):',
      '    target = "https://tfe.example.com/api/v2/organizations/" + org + "/projects"',
      '    created = requests.post(target, json={"data": {"type": "projects"}}, headers=headers)',
      '    if created.status_code == 422:',
      '        found = requests.get(target, headers=headers)',
      '        return found.json()',
      '    requests.delete(target + "/" + name, headers=headers)',
    ].join('\n');
    // The DELETE sends a longer URL (`target + "/" + name`): not this one's.
    assert.deepEqual(endpoints(text), [
      '2 endpoint POST /organizations/:organization_name/projects',
      '2 endpoint GET /organizations/:organization_name/projects',
    ]);
  });

  it('a triple-quoted payload joined to an expression does not hide the code after it', () => {
    const text = [
      'def create(org, name):',
      "    body = '''{",
      '        "data": {"attributes": {"name": "\'\'\' + name + \'\'\'"}}',
      "    }'''",
      '    target = "https://tfe.example.com/api/v2/organizations/" + org + "/varsets"',
      '    return requests.post(target, data=body)',
    ].join('\n');
    assert.deepEqual(endpoints(text), ['5 endpoint POST /organizations/:organization_name/varsets']);
  });

  it('literals side by side in parentheses are one URL', () => {
    const text = [
      'def publish(host, org, name, provider, body):',
      '    url = (',
      '        f"https://{host}/api/v2/organizations/{org}/"',
      '        f"registry-modules/private/{org}/{name}/{provider}/versions"',
      '    )',
      '    return requests.post(url, json=body)',
    ].join('\n');
    assert.deepEqual(endpoints(text), [
      '3 endpoint POST /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name/:provider/versions',
    ]);
  });

  it('a path put at the end of the URL a request sends takes that request’s method', () => {
    const text = [
      "root = f'https://{host}/api/v2/'",
      "projects_path = f'organizations/{org}/projects'",
      'body = {',
      '    "data": {"type": "projects"}',
      '}',
      'target = root + projects_path',
      'response = requests.post(target, json=body)',
    ].join('\n');
    assert.deepEqual(endpoints(text), ['2 endpoint POST /organizations/:organization_name/projects']);
  });
});

describe('a constant opening an f-string, a Spring client’s read', () => {
  it('a module constant holding the API root opens an f-string with no slash of its own', () => {
    const text = [
      '_API = "https://tfe.example/api/v2/"',
      '',
      'def start(body):',
      '    url = f"{_API}runs"',
      '    request = urllib.request.Request(',
      '        url, headers=HEADERS, method="POST", data=body',
      '    )',
      '    return urllib.request.urlopen(request)',
    ].join('\n');
    assert.deepEqual(endpoints(text), ['4 endpoint POST /runs']);
  });

  it('getForObject reads with GET', () => {
    const text = 'val orgs = client.getForObject<Organizations>("/organizations")';
    assert.deepEqual(
      scanText(text, { fileName: 'Client.kt', apiElsewhere: true })
        .filter((m) => m.subject.id.startsWith('endpoint'))
        .map((m) => m.subject.id),
      ['endpoint GET /organizations'],
    );
  });
});

describe('a URL variable printed before it is sent', () => {
  it('a print or log call is no send: both branches of an if/else get the method of the one send after', () => {
    const text = [
      'def handle(org, name=None):',
      '    if name is None:',
      '        url = "https://tfe.example/api/v2/organizations/" + org + "/projects"',
      '    else:',
      '        url = "https://tfe.example/api/v2/organizations/" + org + "/projects?q=" + name',
      '    print(url)',
      '    logger.debug("listing %s", url)',
      '    headers = {"Authorization": "Bearer " + TOKEN}',
      '    answer = requests.request("GET", url, headers=headers)',
      '    return answer.json()',
      '',
      'def drop(org):',
      '    url = "https://tfe.example/api/v2/organizations/" + org',
      '    check(url)',
      '    return requests.delete(url)',
    ].join('\n');
    assert.deepEqual(endpoints(text), [
      '3 endpoint GET /organizations/:organization_name/projects',
      '5 endpoint GET /organizations/:organization_name/projects',
    ]);
  });
});

// A path literal joined after two pieces that are no literals (`URL + organization + "/workspaces/" + name`) is the
// middle of a longer path whose start the text does not show (the piece before it is a segment, not a base): no path
// of its own, in every language that joins with `+`. After one piece (a base) it is read as before. Learned from
// held50 (a metrics script reading `/organizations/{o}/workspaces/{name}`, reported as `GET /workspaces/:workspace_id`).
describe('a path literal joined after two pieces is no path of its own', () => {
  it('Python, TypeScript and Java', () => {
    const py = [
      'BASE = "https://app.terraform.io/api/v2"',
      'def terraform_workspace(prefix, organization, name):',
      '    a = requests.get(BASE + "/workspaces/" + name, headers=HEADERS)',
      '    b = requests.get((prefix + organization + "/workspaces/" + name).strip(), headers=HEADERS)',
      '    return a, b',
    ].join('\n');
    assert.deepEqual(endpoints(py), ['3 endpoint GET /workspaces/:workspace_id']);
    const ts = [
      "const BASE = 'https://app.terraform.io/api/v2';",
      'export async function workspace(prefix: string, org: Org, name: string) {',
      "  const a = await fetch(BASE + '/workspaces/' + name, { headers });",
      "  const b = await fetch(prefix + org.name.toLowerCase() + '/workspaces/' + name, { headers });",
      '  return [a, b];',
      '}',
    ].join('\n');
    const found = scanText(ts, { fileName: 'client.ts' }).map((m) => `${m.line} ${m.subject.id}`);
    assert.deepEqual(found, ['3 endpoint GET /workspaces/:workspace_id']);
    const java = [
      'class TerraformCloudClient {',
      '  static final String BASE = "https://app.terraform.io/api/v2";',
      '  HttpRequest read(String prefix, String org, String name) {',
      '    HttpRequest a = HttpRequest.newBuilder(URI.create(BASE + "/workspaces/" + name)).GET().build();',
      '    return HttpRequest.newBuilder(URI.create(prefix + org + "/workspaces/" + name)).GET().build();',
      '  }',
      '}',
    ].join('\n');
    const inJava = scanText(java, { fileName: 'Client.java' }).map((m) => `${m.line} ${m.subject.id}`);
    assert.deepEqual(inJava, ['4 endpoint GET /workspaces/:workspace_id']);
  });

  it('a base written as two pieces (a host and the API prefix, by name or by the path assigned) is still a base', () => {
    const java = [
      'class TfeClient {',
      '  private static final String API_V2 = "/api/v2";',
      '  HttpRequest delete(String id) {',
      '    return HttpRequest.newBuilder(URI.create(tfeHost + API_V2 + "/projects/" + id)).DELETE().build();',
      '  }',
      '}',
    ].join('\n');
    const inJava = scanText(java, { fileName: 'TfeClient.java' }).map((m) => `${m.line} ${m.subject.id}`);
    assert.deepEqual(inJava, ['4 endpoint DELETE /projects/:project_id']);
    const js = "export const del = (id) => fetch(cfg.host + cfg.apiPath + '/projects/' + id, { method: 'DELETE' });";
    const inJs = scanText(js, { fileName: 'client.js', apiElsewhere: true }).map((m) => `${m.line} ${m.subject.id}`);
    assert.deepEqual(inJs, ['1 endpoint DELETE /projects/:project_id']);
    const py = [
      'TFE = "/api/v2"',
      'def drop_project(host, pid):',
      '    return requests.delete(host + TFE + "/projects/" + pid, headers=HEADERS)',
    ].join('\n');
    assert.deepEqual(endpoints(py), ['3 endpoint DELETE /projects/:project_id']);
  });

  it('each name’s assigned path is read once a text, and each joined string still takes its own name’s answer', () => {
    // 150 functions of each kind: `host + TFE + "…"` (TFE assigned "/api/v2": a base) and `prefix + org + "…"` (org
    // assigned no path: the middle of a longer path). Each name's answer is kept (`assignsPath`), not searched per string.
    const py = ['TFE = "/api/v2"'];
    for (let k = 0; k < 150; k++)
      py.push(
        `def drop_project_${k}(host, pid):`,
        '    return requests.delete(host + TFE + "/projects/" + pid, headers=HEADERS)',
        `def read_workspace_${k}(prefix, org, name):`,
        '    return requests.get(prefix + org + "/workspaces/" + name, headers=HEADERS)',
      );
    assert.deepEqual(
      endpoints(py.join('\n')),
      Array.from({ length: 150 }, (_, k) => `${3 + 4 * k} endpoint DELETE /projects/:project_id`),
    );
  });
});

describe('a constant ending in a collection, a name, then a literal', () => {
  it('`URL + org + "/workspaces"` reads the constant first: one endpoint, no tail read alone', () => {
    const text = [
      'import requests',
      'URL = "https://app.terraform.io/api/v2/organizations/"',
      '',
      'def workspaces(org):',
      '    return requests.get(URL + org + "/workspaces", headers=HEADERS).json()',
      '',
      'def workspace(org, name):',
      '    return requests.get((URL + org + "/workspaces/" + name).strip(), headers=HEADERS)',
    ].join('\n');
    assert.deepEqual(endpoints(text).slice(1), [
      '5 endpoint GET /organizations/:organization_name/workspaces',
      '8 endpoint GET /organizations/:organization_name/workspaces/:name',
    ]);
  });
});
