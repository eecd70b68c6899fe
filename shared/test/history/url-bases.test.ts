// URLs built from pieces and read on the right base (shared/src/history/base-urls.ts, class-spans.ts):
// a base attribute belongs to the class that assigns it. Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

// Read as a file of a project that names this API (`apiElsewhere`): its paths on a base the snippet alone does
// not show to be this API's are kept, as in the client it stands for (alone they are any API's: unrooted-paths.test.ts).
const endpoints = (text: string, fileName: string): string[] =>
  scanText(text, { fileName, apiElsewhere: true })
    .filter((m) => m.subject.id.startsWith('endpoint'))
    .map((m) => `${m.line} ${m.subject.id}`);

describe('a base attribute belongs to its class', () => {
  it('Python: another class’s self.url is not this class’s', () => {
    const text = [
      'class Runs(Client):',
      '    def __init__(self, token):',
      '        Client.__init__(self, token, "runs")',
      '',
      '    def fetch(self):',
      '        return requests.get(self.url, headers=self.headers)',
      '',
      'class Members(Client):',
      '    def __init__(self, token):',
      '        Client.__init__(self, token, "teams")',
      '        self.url = "https://tfe.example/api/v2/team-workspaces"',
      '',
      '    def fetch(self):',
      '        return requests.get(self.url, headers=self.headers)',
    ].join('\n');
    // Line 11: the literal its own class sends (value-flow.ts); Runs' self.url (line 6) is not it.
    assert.deepEqual(endpoints(text, 'client.py'), [
      '11 endpoint GET /team-workspaces',
      '14 endpoint GET /team-workspaces',
    ]);
  });

  it('Python: a parent class of the same file lends its base', () => {
    const text = [
      'class Base:',
      '    def __init__(self):',
      '        self.url = "https://tfe.example/api/v2/team-workspaces"',
      '',
      'class Members(Base):',
      '    def fetch(self):',
      '        return requests.get(self.url)',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'client.py'), ['7 endpoint GET /team-workspaces']);
  });

  it('Python: many classes, each reading its own or its parent’s base (classes read once a text)', () => {
    // 60 groups: a base class assigning `self._base`, a child using its parent's, and a class assigning another API's
    // base. Each class's answer is its own; the classes and each key's sites by class are read once (`classAt`,
    // `#sitesByClass`), not once a class asked.
    const text: string[] = [];
    const expected: string[] = [];
    for (let k = 0; k < 60; k++) {
      text.push(
        `class Base${k}:`,
        '    def __init__(self):',
        '        self._base = "https://tfe.example/api/v2/organizations/acme"',
        '',
        `class Projects${k}(Base${k}):`,
        '    def list(self):',
        '        return requests.get(f"{self._base}/projects")',
        '',
        `class Other${k}:`,
        '    def __init__(self):',
        '        self._base = "https://tracker.example/api/v9/boards"',
        '    def list(self):',
        '        return requests.get(f"{self._base}/projects")',
        '',
      );
      expected.push(`${7 + 14 * k} endpoint GET /organizations/:organization_name/projects`);
    }
    assert.deepEqual(endpoints(text.join('\n'), 'client.py'), expected);
  });

  it('TypeScript: this.base of one class is not another’s', () => {
    const text = [
      'class Teams {',
      '  constructor(private http: Http) {',
      "    this.base = 'https://tfe.example/api/v2/team-workspaces';",
      '  }',
      '  list() {',
      '    return this.http.get(this.base);',
      '  }',
      '}',
      'class Other extends Remote {',
      '  list() {',
      '    return this.http.get(this.base);',
      '  }',
      '}',
    ].join('\n');
    // Line 3: the literal its own class sends (value-flow.ts); Other's this.base (line 11) is not it.
    assert.deepEqual(endpoints(text, 'client.ts'), [
      '3 endpoint GET /team-workspaces',
      '6 endpoint GET /team-workspaces',
    ]);
  });
});

describe('JS/TS clients and Java routes', () => {
  it('a template literal’s placeholder written over lines keeps the path after it', () => {
    const text = [
      'async function show(org: string, name: string) {',
      '  const url = `organizations/${encodeURIComponent(',
      '    org',
      '  )}/workspaces/${encodeURIComponent(name)}`;',
      '  return await http.get(url);',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'client.ts'), [
      '2 endpoint GET /organizations/:organization_name/workspaces/:name',
    ]);
  });

  it('an axios instance made on the API root sends a single segment with its method', () => {
    const text = [
      'const api = axios.create({',
      '  timeout: 5000,',
      '  baseURL: `https://${host}/api/v2/`,',
      '});',
      'export const start = (body: unknown) => api.post("runs", body);',
      'export const other = (body: unknown) => elsewhere.post("runs", body);',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'client.ts'), ['5 endpoint POST /runs']);
  });

  it('a Spring route mapping is the server’s own route, a Feign client’s is a request', () => {
    const server = [
      '@RestController',
      'public class Imports {',
      '    @GetMapping("/workspaces/{id}/varsets")',
      '    public List<String> sets(@PathVariable String id) { return List.of(); }',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(server, 'Imports.java'), []);
    const client = [
      '@FeignClient(name = "tfc")',
      'public interface Cloud {',
      ...server.split('\n').slice(2, 4),
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(client, 'Cloud.java'), ['3 endpoint GET /workspaces/:workspace_id/varsets']);
  });

  it("a Feign client's mapping sends the method its annotation names, on a path the API has more methods on", () => {
    const client = [
      '@FeignClient(name = "tfc", url = "${tfc.url}", path = "/api/v2")',
      'public interface Projects {',
      '    @GetMapping("/organizations/{org}/projects")',
      '    ObjectNode list(@PathVariable("org") String org);',
      '    @PostMapping(value = "/organizations/{org}/projects", consumes = "application/vnd.api+json")', // 5
      '    ObjectNode create(@PathVariable("org") String org, @RequestBody ProjectBody body);',
      '    @DeleteMapping("/projects/{id}")',
      '    void remove(@PathVariable("id") String id);',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(client, 'Projects.java'), [
      '3 endpoint GET /organizations/:organization_name/projects',
      '5 endpoint POST /organizations/:organization_name/projects',
      '7 endpoint DELETE /projects/:project_id',
    ]);
    // Named for this API's client, on its host: the same.
    const named = client.replace('name = "tfc", url = "${tfc.url}", path = "/api/v2"', 'name = "tfe"');
    assert.deepEqual(endpoints(named, 'Projects.java').length, 3);
    const hosted = client.replace(
      'name = "tfc", url = "${tfc.url}", path = "/api/v2"',
      'url = "https://app.terraform.io/api/v2"',
    );
    assert.deepEqual(endpoints(hosted, 'Projects.java').length, 3);
    // Another service's client (its own paths, `/projects/{id}` too): its mappings send nothing of this API.
    const other = client.replace(
      'name = "tfc", url = "${tfc.url}", path = "/api/v2"',
      'name = "catalog", url = "${catalog.url}"',
    );
    assert.deepEqual(endpoints(other, 'Catalog.java'), []);
    // A service's name that only begins like this API's client's (`tfe-reports`) is no name of it.
    const reports = client.replace('name = "tfc", url = "${tfc.url}", path = "/api/v2"', 'name = "tfe-reports"');
    assert.deepEqual(endpoints(reports, 'Reports.java'), []);
    // Two clients in one file: each mapping is its own interface's.
    const both = [
      'public class Clients {',
      '    @FeignClient(name = "tfc", url = "https://app.terraform.io/api/v2")',
      '    public interface TfcClient {',
      '        @DeleteMapping("/projects/{id}")',
      '        void remove(@PathVariable("id") String id);', //  5
      '    }',
      '    @FeignClient(name = "catalog", url = "${catalog.url}")',
      '    public interface CatalogClient {',
      '        @DeleteMapping("/projects/{id}")',
      '        void remove(@PathVariable("id") String id);', // 10
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(both, 'Clients.java'), ['4 endpoint DELETE /projects/:project_id']);
    // The other order: each mapping is read with the last annotation before it, not the file's first.
    const swapped = [
      'public class Clients {',
      '    @FeignClient(name = "catalog", url = "${catalog.url}")',
      '    public interface CatalogClient {',
      '        @DeleteMapping("/projects/{id}")',
      '        void remove(@PathVariable("id") String id);', //  5
      '    }',
      '    @FeignClient(name = "tfc", url = "https://app.terraform.io/api/v2")',
      '    public interface TfcClient {',
      '        @DeleteMapping("/projects/{id}")',
      '        void remove(@PathVariable("id") String id);', // 10
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(swapped, 'Clients.java'), ['9 endpoint DELETE /projects/:project_id']);
    // A mapping after the client's body is not the client's, whichever of them is read first.
    const after = [
      'public class Clients {',
      '    @FeignClient(name = "tfc", url = "https://app.terraform.io/api/v2")',
      '    public interface TfcClient {',
      '        @DeleteMapping("/projects/{id}")',
      '        void remove(@PathVariable("id") String id);', //  5
      '    }',
      '    public static class Helper {',
      '        @PatchMapping("/tasks/{id}")',
      '        void task(String id) {}',
      '    }', // 10
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(after, 'Clients.java'), ['4 endpoint DELETE /projects/:project_id']);
  });

  it("other servers' own routes are no requests of this API: Python decorators, Go routers, Express, C#", () => {
    const servers: [string, string[]][] = [
      [
        'portal/routes.py',
        [
          'router = APIRouter()',
          '@router.get("/organizations")',
          'def organizations():',
          '    return []',
          '@app.route("/runs", methods=["POST"])',
          'def queue():',
          '    return ""',
        ],
      ],
      [
        'server/router.go',
        [
          'func routes(r *gin.Engine) {',
          '\torgs := r.Group("/organizations")',
          '\torgs.GET("/:name/workspaces", listWorkspaces)',
          '\thttp.HandleFunc("/runs/", runInfo)',
          '}',
        ],
      ],
      [
        'server.js',
        [
          "app.get('/organizations/:org/workspaces', (req, res) => res.json([]));",
          "router.post('/runs', async (req, res) => res.send(''));",
        ],
      ],
      [
        'RunsController.cs',
        ['[HttpPost("/runs")]', 'public IActionResult Queue() => Ok();', 'app.MapGet("/organizations", () => "[]");'],
      ],
      [
        'RunsResource.java',
        ['@Path("/runs")', 'public class RunsResource {', '  @POST', '  public Response queue() { return null; }', '}'],
      ],
    ];
    for (const [fileName, lines] of servers) assert.deepEqual(endpoints(lines.join('\n'), fileName), [], fileName);
  });

  it("a stand-in server of this API answers its paths (/api/v2): those routes are its uses; Ruby's `@http.post(` sends", () => {
    const uses: [string, string[], string][] = [
      [
        'fake_tfe.py',
        ['@app.route("/api/v2/runs", methods=["POST"])', 'def create_run():', '    return {}'],
        'POST /runs',
      ],
      [
        'fake_test.go',
        // A Go fake's route counts with the evidence a server of this API shows (here go-tfe's import), as a route does.
        [
          'import tfe "github.com/hashicorp/go-tfe"',
          'func TestQueue(t *testing.T) {',
          '\tmux.HandleFunc("/api/v2/runs", func(w http.ResponseWriter, r *http.Request) {})',
          '}',
        ],
        'POST /runs',
      ],
      ['fake.js', ["app.post('/api/v2/runs', (req, res) => res.status(201).json({}));"], 'POST /runs'],
      // An instance variable is no decorator: `@http.post(…)` is a call that sends.
      [
        'client.rb',
        ['def create_varset(body)', '  @http.post("organizations/#{@org}/varsets", body.to_json)', 'end'],
        'POST /organizations/:organization_name/varsets',
      ],
    ];
    for (const [fileName, lines, endpoint] of uses)
      assert.ok(
        endpoints(lines.join('\n'), fileName).some((e) => e.endsWith(`endpoint ${endpoint}`)),
        fileName,
      );
  });
});

describe('Rust format! calls filled by constants', () => {
  it('a constant of the file gives its value, one defined elsewhere the resource its name spells', () => {
    const text = [
      'const WORKSPACES: &str = "workspaces";',
      'impl Client {',
      '    pub async fn list_clients(&self, org: &str) -> Result<()> {',
      '        let path = format!("/{}/{}/oauth-clients", paths::ORGANIZATIONS, org);',
      '        self.get(&path).send().await',
      '    }',
      '    pub async fn show(&self, id: &str) -> Result<()> {',
      '        let url = format!("{}/{}/{}", self.base_url(), WORKSPACES, id);',
      '        self.get(&url).send().await',
      '    }',
      '    pub async fn other(&self, id: &str) -> Result<()> {',
      '        let url = format!("{}/{}/{}", self.base_url(), paths::SOMETHING_ELSE, id);',
      '        self.get(&url).send().await',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'api.rs'), [
      '4 endpoint GET /organizations/:organization_name/oauth-clients',
      '8 endpoint GET /workspaces/:workspace_id',
    ]);
  });
});

describe('a curl command line built in a string', () => {
  it('Perl: the URL variable a curl string takes is sent with its method, GET without flags', () => {
    const text = [
      'my $auth = "--header \\"Authorization: Bearer $token\\"";',
      'foreach my $id (@ids) {',
      '    $query = "\\"https://app.terraform.io/api/v2/varsets/$id/relationships/vars\\"";',
      '    $cmd = "curl $auth --output vars-$id.json $query";',
      '    system($cmd);',
      '    $query = "\\"https://app.terraform.io/api/v2/varsets/$id\\"";',
      '    $cmd = "curl $auth -X DELETE $query";',
      '    system($cmd);',
      '    $query = "\\"https://app.terraform.io/api/v2/varsets/$id\\"";',
      '    $cmd = "curl $auth --data \\@body.json $query";',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'dump.pl'), [
      '3 endpoint GET /varsets/:varset_id/relationships/vars',
      '6 endpoint DELETE /varsets/:varset_id',
    ]);
  });
});

describe('Spring path segments chained on a builder', () => {
  it('literals are segments, other arguments placeholders; one literal is no path', () => {
    const text = [
      'class Cloud {',
      '    List<Item> listSets(String root, String id) {',
      '        UriComponentsBuilder b = UriComponentsBuilder.fromHttpUrl(root)',
      '                .pathSegment("workspaces")',
      '                .pathSegment(id)',
      '                .pathSegment("varsets");',
      '        UriComponentsBuilder c = UriComponentsBuilder.fromHttpUrl(root).pathSegment("varsets").pathSegment(id);',
      '        return fetch(b.toUriString());',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'Cloud.java'), ['4 endpoint GET /workspaces/:workspace_id/varsets']);
  });
});

describe('a host placeholder before a path base', () => {
  it('Python: f"{host}{prefix}varsets/{id}" is read on the prefix, the unknown host left aside', () => {
    const text = [
      'host = None',
      'prefix = "/api/v2/"',
      '',
      'def drop_set(set_id):',
      '    url = f"{host}{prefix}varsets/{set_id}"',
      '    return requests.delete(url, headers=HEADERS)',
      '',
      'def list_orgs():',
      '    url = f"{host}{prefix}organizations?page[size]=50"',
      '    return requests.get(url, headers=HEADERS)',
      '',
      'def other(org):',
      '    return requests.get(f"{host}{misc}teams/{org}")',
      '',
      'def main(config):',
      '    global host',
      '    host = config["host"]',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'admin.py'), [
      '5 endpoint DELETE /varsets/:varset_id',
      '9 endpoint GET /organizations',
    ]);
  });
});

describe('bases held in variables a stranger’s publisher script has', () => {
  it('an unknown base then a placeholder segment is not read from the API root', () => {
    const text = [
      'import requests',
      'def make(base, org, token):',
      '    url = f"{base}/{org}/registry-modules"',
      '    return requests.post(url, json={}, headers={"Authorization": token})',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'publish.py'), []);
  });

  it('Python: an environment variable’s default is the base', () => {
    const text = [
      'import os, requests',
      'API = os.environ.get(',
      '    "TFC_API", "https://tfc.example.net/api/v2/organizations"',
      ')',
      'class Publisher:',
      '    def __init__(self, org):',
      '        self.org = org',
      '        self.modules = f"{API}/{org}/registry-modules"',
      '    def version(self, name, system):',
      '        target = f"{self.modules}/private/{self.org}/{name}/{system}/versions"',
      '        return requests.post(target, json={})',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'publish.py'), [
      '10 endpoint POST /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name/:provider/versions',
    ]);
  });

  it('TypeScript: process.env.X ?? default is the base', () => {
    const text = [
      "const ROOT = process.env.TFC_ROOT ?? 'https://tfc.example.net/api/v2/organizations';",
      'export async function drop(org: string, name: string, system: string, version: string) {',
      '  return fetch(`${ROOT}/${org}/registry-modules/private/${org}/${name}/${system}/${version}`, { method: "DELETE" });',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'drop.ts'), [
      '3 endpoint DELETE /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name/:provider/:version',
    ]);
  });

  it('Python: a class attribute is self.x in the class’s methods', () => {
    const text = [
      'import requests',
      'class Shipper:',
      '    org = "acme"',
      '    root = f"https://tfc.example.net/api/v2/organizations/{org}"',
      '    providers = f"{root}/registry-providers/private/{org}"',
      '',
      '    def add(self, payload):',
      '        return requests.post(f"{self.root}/registry-providers", json=payload)',
      '',
      '    def platforms(self, name, version):',
      '        return requests.post(f"{self.providers}/{name}/versions/{version}/platforms", json={})',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'ship.py'), [
      '8 endpoint POST /organizations/:organization_name/registry-providers',
      '11 endpoint POST /organizations/:organization_name/registry-providers/:registry_name/:namespace/:name/versions/:version/platforms',
    ]);
  });

  it('Python: a name assigned in a method is no class attribute', () => {
    const text = [
      'import requests',
      'class Shipper:',
      '    def setup(self):',
      '        root = "https://tfc.example.net/api/v2/organizations/acme"',
      '    def add(self, payload):',
      '        return requests.post(f"{self.root}/registry-providers", json=payload)',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'ship.py'), []);
  });
});

describe('the call that sends a URL variable, in a stranger’s layout', () => {
  it('Python, CRLF lines: a blank line between does not end the function; url=url on its own line is the send', () => {
    const text = [
      'import requests',
      'def add_module(org, token):',
      '    target = f"https://tfc.example.net/api/v2/organizations/{org}/registry-modules"',
      '',
      ...Array.from({ length: 12 }, (_, k) => `    step${k} = ${k}`),
      '',
      '    return requests.post(',
      '        url=target,',
      '        json={},',
      '    )',
    ].join('\r\n');
    assert.deepEqual(
      scanText(text, { fileName: 'add.py' })
        .filter((m) => m.subject.id.startsWith('endpoint'))
        .map((m) => `${m.line} ${m.subject.id} ${m.confidence}`),
      ['3 endpoint POST /organizations/:organization_name/registry-modules exact'],
    );
  });
});
