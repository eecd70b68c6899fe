// The value-flow layer of the assignment languages (shared/src/history/value-flow.ts): a URL held by a class attribute,
// a field or a module constant is sent with the method of every send of its holder in its class or text; a URL
// returned by a function with the method its callers agree on; unknown says nothing. Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';
import { Lines } from '../../src/history/lines.ts';
import {
  assignmentAt,
  assignmentOf,
  assignmentOpening,
  formatBases,
  loopHeaders,
} from '../../src/history/value-flow.ts';

const endpoints = (text: string, fileName: string): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.id.startsWith('endpoint'))
    .map((m) => `${m.line} ${m.subject.id}`);

const MODULES = 'endpoint POST /organizations/:organization_name/registry-modules';
const VERSIONS =
  'endpoint POST /organizations/:organization_name/registry-modules/:registry_name/:namespace/:name/:provider/versions';

describe('a URL crossing a class attribute, a field or a constant is sent with its holder’s method', () => {
  it('TypeScript: a constructor sets this.x, a method sends it with fetch options', () => {
    const text = [
      'export class Registry {',
      '  private readonly modules: string;',
      '  constructor(host: string, org: string) {',
      '    this.modules = `${host}/api/v2/organizations/${org}/registry-modules`;',
      '  }',
      '',
      '  describe(): string {',
      '    return "a registry client";',
      '  }',
      '',
      '  async create(body: unknown) {',
      "    return fetch(this.modules, { method: 'POST', body: JSON.stringify(body) });",
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'registry.ts'), [`4 ${MODULES}`]);
  });

  it('Python: a registry publisher keeps the versions URL in self, a method posts it', () => {
    const text = [
      'import requests',
      '',
      'class Publisher:',
      '    def __init__(self, base, org, name, provider):',
      '        self._versions = f"{base}/api/v2/organizations/{org}/registry-modules/private/{org}/{name}/{provider}/versions"',
      '',
      '    def publish(self, payload):',
      '        r = requests.post(self._versions, json=payload)',
      '        return r.json()',
    ].join('\n');
    // (Line 8: the attribute sent whole is also read as a use of its path, base-urls.ts.)
    assert.deepEqual(endpoints(text, 'publish.py'), [`5 ${VERSIONS}`, `8 ${VERSIONS}`]);
  });

  it('Python: a module constant sent far below its assignment', () => {
    // (A path with one endpoint, `/runs` is POST alone, is answered by the path itself: this one has GET and POST.)
    const text = [
      'import requests',
      '',
      'MODULES_URL = "https://app.terraform.io/api/v2/organizations/acme/registry-modules"',
      ...Array.from({ length: 45 }, (_, i) => `# filler line ${i}`),
      'def add(payload):',
      '    return requests.post(MODULES_URL, json=payload)',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'modules.py'), [`3 ${MODULES}`]);
  });

  it('Python: an annotated module constant is a holder; a run of blanks after a name and a colon is no work', () => {
    const modules = (declared: string): string =>
      [
        'import requests',
        '',
        `${declared}"https://app.terraform.io/api/v2/organizations/acme/registry-modules"`,
        ...Array.from({ length: 45 }, (_, i) => `# filler line ${i}`),
        'def add(body):',
        '    return requests.post(MODULES, json=body)',
      ].join('\n');
    for (const declared of ['MODULES: Final[str] = ', 'MODULES: str | None = ', 'MODULES: Dict[str, str] = '])
      assert.deepEqual(endpoints(modules(declared), 'modules.py'), [`3 ${MODULES}`], declared);
    // The reviewer's input: no assignment, once cubic in the blanks (13 s for 2,000 of them).
    const blanks = `import requests\nMODULES:${' '.repeat(2000)}"https://app.terraform.io/api/v2/organizations/acme/registry-modules"\n`;
    assert.deepEqual(endpoints(blanks, 'modules.py'), []);
    assert.deepEqual(endpoints(modules(`MODULES: str${' '.repeat(2000)}= (${' '.repeat(2000)}`), 'modules.py'), [
      `3 ${MODULES}`,
    ]);
  });

  it('Java and C#: a field holding the URL, sent by Spring’s postForObject and .NET’s PostAsync', () => {
    const java = [
      'public class ModuleClient {',
      '    private static final String MODULES = "https://app.terraform.io/api/v2/organizations/acme/registry-modules";',
      '',
      '    public Module create(Module body) {',
      '        return restTemplate.postForObject(MODULES, body, Module.class);',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(java, 'ModuleClient.java'), [`2 ${MODULES}`]);
    const csharp = [
      'public class ModuleClient',
      '{',
      '    private readonly string _modules = "https://app.terraform.io/api/v2/organizations/acme/registry-modules";',
      '',
      '    public async Task<string> Create(HttpContent body)',
      '    {',
      '        var response = await _http.PostAsync(_modules, body);',
      '        return await response.Content.ReadAsStringAsync();',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(csharp, 'ModuleClient.cs'), [`3 ${MODULES}`]);
  });

  it('a holder assigned twice, handed to a call that says no method, or wrapped in a URL object says nothing', () => {
    const twice = [
      'class C:',
      '    def __init__(self, base, org):',
      '        self._url = f"{base}/api/v2/organizations/{org}/registry-modules"',
      '    def other(self, x):',
      '        self._url = x',
      '    def create(self, body):',
      '        return requests.post(self._url, json=body)',
    ].join('\n');
    // Only the literal's line is the layer's (a send of the attribute whole is read by base-urls.ts).
    const literalLine = (text: string): string[] => endpoints(text, 'c.py').filter((l) => l.startsWith('3 '));
    assert.deepEqual(literalLine(twice), []);
    const handed = [
      'class C:',
      '    def __init__(self, base, org):',
      '        self._url = f"{base}/api/v2/organizations/{org}/registry-modules"',
      '    def create(self, body):',
      '        send_later(self._url, body)',
      '        return requests.post(self._url, json=body)',
    ].join('\n');
    assert.deepEqual(literalLine(handed), []);
    const wrapped = [
      'public class ModuleClient {',
      '    private static final String MODULES = "https://app.terraform.io/api/v2/organizations/acme/registry-modules";',
      '    public void list() {',
      '        HttpRequest req = HttpRequest.newBuilder(URI.create(MODULES)).build();',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(wrapped, 'ModuleClient.java'), []);
  });

  it('a module variable assigned again after its send says nothing (review item 10)', () => {
    const providers = 'https://app.terraform.io/api/v2/organizations/acme/registry-providers/private/acme/aws';
    const filler = Array.from({ length: 45 }, (_, i) => `# filler line ${i}`);
    const again = [
      'import requests',
      '',
      `url = "${providers}"`,
      ...filler,
      'def remove():',
      '    requests.delete(url)',
      'url = "https://app.terraform.io/api/v2/organizations/acme/registry-modules"',
      'remove()',
    ].join('\n');
    assert.deepEqual(
      endpoints(again, 'remove.py').filter((l) => l.startsWith('3 ')),
      [],
    );
  });

  it('a function returning a URL: its callers agree on the method, or say nothing when they disagree', () => {
    const fn = [
      'function modulesUrl(host: string, org: string): string {',
      '  return `${host}/api/v2/organizations/${org}/registry-modules`;',
      '}',
      '',
      'export async function add(host: string, org: string, body: string) {',
      "  await fetch(modulesUrl(host, org), { method: 'POST', body });",
      '}',
      '',
    ];
    const agree = [
      ...fn,
      'export async function again(host: string, org: string) {',
      '  await axios.post(modulesUrl(host, org));',
      '}',
    ];
    assert.deepEqual(endpoints(agree.join('\n'), 'modules.ts'), [`2 ${MODULES}`]);
    const disagree = [
      ...fn,
      'export async function all(host: string, org: string) {',
      '  await axios.get(modulesUrl(host, org));',
      '}',
    ];
    assert.deepEqual(endpoints(disagree.join('\n'), 'modules.ts'), []);
  });
});

describe('a format call whose first placeholder is a name assigned one URL', () => {
  const PROVIDER_VERSIONS =
    'endpoint POST /organizations/:organization_name/registry-providers/:registry_name/:namespace/:name/versions';
  it('Python: .format with a module variable, sent with GET and POST, and a URL formatted from it', () => {
    const text = [
      'tfc_org_url = "https://app.terraform.io/api/v2/organizations"',
      'version_url = "{}/{}/registry-providers/{}/{}/{}/versions".format(',
      '    tfc_org_url, org_name, service, namespace, provider',
      ')',
      'resp = requests.get(version_url, headers=headers)',
      'created = requests.post(version_url, data=payload, headers=headers)',
      'platform_url = "{}/{}/platforms".format(version_url, new_version)',
      'requests.post(platform_url, data=payload, headers=headers)',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'upload.py'), [
      `2 ${PROVIDER_VERSIONS.replace('POST', 'GET')}`,
      `2 ${PROVIDER_VERSIONS}`,
      `7 ${PROVIDER_VERSIONS}/:version/platforms`,
    ]);
  });

  it('Go and Java: fmt.Sprintf and String.format with a constant base', () => {
    const go = [
      'package main',
      '',
      'const orgURL = "https://app.terraform.io/api/v2/organizations"',
      '',
      'func create(c *http.Client, org string, body io.Reader) error {',
      '\tu := fmt.Sprintf("%s/%s/registry-modules", orgURL, org)',
      '\treq, _ := http.NewRequest("POST", u, body)',
      '\t_, err := c.Do(req)',
      '\treturn err',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(go, 'modules.go'), [`6 ${MODULES}`]);
    const java = [
      'public class Modules {',
      '    private static final String ORGS = "https://app.terraform.io/api/v2/organizations";',
      '',
      '    public String create(String org, String body) {',
      '        String url = String.format("%s/%s/registry-modules", ORGS, org);',
      '        return restTemplate.postForObject(url, body, String.class);',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(java, 'Modules.java'), [`5 ${MODULES}`]);
  });

  it('a name assigned two different URLs, or something else than a string, fills nothing', () => {
    const read = (text: string): string[] => formatBases(text, new Lines(text).markers, true).map((l) => l.text);
    const one = [
      'base = "https://app.terraform.io/api/v2/organizations/"',
      'url = "{}/{}/registry-modules".format(base, org)',
    ];
    assert.deepEqual(read(one.join('\n')), ['https://app.terraform.io/api/v2/organizations/{}/registry-modules']);
    const two = [...one, 'if staging:', '    base = "https://tfe.example/api/v2/organizations"'];
    assert.deepEqual(read(two.join('\n')), []);
    const other = ['base = os.environ["TFE_ORG_URL"]', 'url = "{}/{}/registry-modules".format(base, org)'];
    assert.deepEqual(read(other.join('\n')), []);
  });
});

describe('what the layer does not take for a send of a holder (review of session 18)', () => {
  const PROVIDER = 'https://app.terraform.io/api/v2/organizations/acme/registry-providers/private/acme/aws';
  const filler = Array.from({ length: 45 }, (_, i) => `# note ${i}`);

  it('Python: a function whose parameter has the constant’s name sends its argument, not the constant', () => {
    const text = [
      'import requests',
      '',
      `url = "${PROVIDER}"`,
      ...filler,
      'def remove(url):',
      '    requests.delete(url)',
      '',
      'def get_json(url):',
      '    return requests.get(url).json()',
      '',
      'print(get_json(url))',
    ].join('\n');
    assert.deepEqual(
      endpoints(text, 'providers.py').filter((e) => e.includes('DELETE')),
      [],
    );
  });

  it('JavaScript: an arrow or function parameter of the same name is another value (a guard: main read this shape right before the rule too)', () => {
    const text = [
      "const axios = require('axios');",
      `const url = '${PROVIDER}';`,
      ...filler.map((l) => l.replace('#', '//')),
      'function remove(url) { return axios.delete(url); }',
      'const drop = (url) => axios.delete(url);',
      'module.exports = { remove, drop, list: () => axios.get(url) };',
    ].join('\n');
    assert.deepEqual(
      endpoints(text, 'providers.js').filter((e) => e.includes('DELETE')),
      [],
    );
  });

  it('a cache’s get or a set’s delete is no request', () => {
    const python = [
      'import requests',
      '',
      `PROVIDER = "${PROVIDER}"`,
      ...filler,
      'def cached(cache):',
      '    return cache.get(PROVIDER)',
    ].join('\n');
    assert.deepEqual(endpoints(python, 'cache.py'), []);
    const ts = [
      'export class Poller {',
      '  private readonly inflight = new Set<string>();',
      `  private readonly url = '${PROVIDER}';`,
      ...filler.map((l) => `  ${l.replace('#', '//')}`),
      '  done(): void {',
      '    this.inflight.delete(this.url);',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(
      endpoints(ts, 'poller.ts').filter((e) => e.includes('DELETE')),
      [],
    );
  });

  it('the nearest-send reader asks the same of the receiver: a cache’s delete of the URL variable is no request', () => {
    const text = [
      'import requests',
      '',
      'def forget(cache):',
      `    url = "${PROVIDER}"`,
      '    log("forgetting")',
      '    log("now")',
      '    log("really")',
      '    cache.delete(url)',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'forget.py'), []);
  });

  it('a real client’s send of the constant still gives its method', () => {
    const text = [
      'import requests',
      '',
      `PROVIDER = "${PROVIDER}"`,
      ...filler,
      'def remove(session):',
      '    session.delete(PROVIDER)',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'remove.py').filter((e) => e.includes('DELETE')).length, 1);
  });
});

describe('the name an assignment assigns: one reader for every language', () => {
  it('reads the assignment opening a line in each language’s form', () => {
    const cases: [string, string][] = [
      ['    url = f"{base}/runs"', 'url'], // Python
      ['endpoint: str = "/workspaces"', 'endpoint'],
      ['const runs = `${base}/runs`', 'runs'], // JS/TS
      ['let next: string | null = null', 'next'],
      ['\tu := fmt.Sprintf("%s/runs", base)', 'u'], // Go
      ['\tattrs, ok := p["attributes"]', 'attrs'],
      ['var endpoint = base + "/teams"', 'endpoint'],
      ['local url="$TFE/api/v2/runs"', 'url'], // shell
      ['export TFE_URL=https://app.terraform.io', 'TFE_URL'],
      ['$uri = "https://app.terraform.io/api/v2/runs"', 'uri'], // PowerShell
      ['  @base = "https://app.terraform.io"', 'base'], // Ruby
      ['private static final String RUNS = "/api/v2/runs";', 'RUNS'], // Java
      ['List<String> names = new ArrayList<>();', 'names'],
      ['string uri = $"{baseUrl}/runs";', 'uri'], // C#
      ['let mut url = format!("{}/runs", base);', 'url'], // Rust
      ['my $u = $root . $path;', 'u'], // Perl
    ];
    for (const [line, name] of cases) assert.equal(assignmentOpening(line)?.name, name, line);
  });

  it('reads no comparison, arrow, keyword argument or member of another object as one', () => {
    for (const line of [
      'if url == base:',
      'x => fetch(x)',
      'if (a != b) {',
      'n <= 5',
      'get(url="/runs")',
      'req.url = u',
    ])
      assert.equal(assignmentOpening(line), undefined, line);
  });

  it('tells where the operator ends, the name as written, and reads members or anywhere on asking', () => {
    const found = assignmentOpening('$uri = @{ page = 1 }');
    assert.deepEqual(found && { ...found, rest: '$uri = @{ page = 1 }'.slice(found.end) }, {
      name: 'uri',
      written: '$uri',
      start: 1,
      end: 6,
      rest: ' @{ page = 1 }',
    });
    assert.equal(assignmentOpening('self.params.query = {', { members: true })?.written, 'self.params.query');
    assert.equal(assignmentOpening('if attrs, ok := p["attributes"]', { anywhere: true })?.name, 'attrs');
    assert.equal(assignmentOpening('if attrs, ok := p["attributes"]'), undefined);
  });
});

describe('the name an assignment assigns, read back from its operator', () => {
  const at = (head: string, options?: Parameters<typeof assignmentAt>[2]) =>
    assignmentAt(head, head.lastIndexOf('='), options)?.written;
  it('reads the name before `=` or `:=`, its sigil or own receiver kept as written', () => {
    assert.equal(at('u := '), 'u');
    assert.equal(at('    $url = '), '$url');
    assert.equal(at('self._runs = '), 'self._runs');
    assert.equal(at('headers = {}; @base = '), '@base');
  });
  it('says none for a comparison, another object’s member, or `+=` unless asked', () => {
    assert.equal(at('if url == '), undefined);
    assert.equal(at('while n <= '), undefined);
    assert.equal(at('req.url = '), undefined);
    assert.equal(at('url += '), undefined);
    assert.equal(at('url += ', { extend: true }), 'url');
    assert.equal(at('self.url = ', { receiver: 'none' }), undefined);
    assert.equal(at('payload.data.ws = ', { receiver: 'any' }), 'ws');
  });
  it('reads a subscript’s key as the name where keys are asked', () => {
    assert.equal(at('$p["data"]["relationships"]["work-space"] = ', { keys: true, receiver: 'any' }), 'work-space');
    assert.equal(at('$p["data"]["ws"] = '), undefined);
  });
});

describe('an assignment of a given name, in the same forms', () => {
  it('finds the name assigned anywhere, or opening a line where asked, and not compared or read', () => {
    const anywhere = new RegExp(`${assignmentOf('attrs')}[ \\t]*(.*)`);
    assert.equal(
      anywhere.exec('if attrs, ok := p["attributes"].(map[string]any); ok {')?.[1],
      'p["attributes"].(map[string]any); ok {',
    );
    assert.equal(anywhere.exec('$attrs = $p["attributes"];')?.[1], '$p["attributes"];');
    assert.equal(anywhere.exec('const attrs: Record<string, unknown> = ws.attributes;')?.[1], 'ws.attributes;');
    assert.equal(anywhere.exec('if (attrs == null) return;'), null);
    assert.equal(anywhere.exec('my_attrs = x.attributes'), null);
    const opening = new RegExp(`${assignmentOf('payload', { opening: true })}[ \\t]*(.*)`, 'm');
    assert.equal(opening.exec('x = 1\n    payload: dict = {"data": {}}')?.[1], '{"data": {}}');
    assert.equal(opening.exec('send(payload={"data": {}})'), null);
  });
});

describe('a loop’s header, one reader for every language', () => {
  const item = (line: string): string | undefined => {
    for (const form of Object.values(loopHeaders('([A-Za-z_$][\\w$]*)', '(?:this\\.|\\$)?runs\\b'))) {
      const m = new RegExp(form).exec(line);
      if (m?.[1] !== undefined) return m[1];
    }
    return undefined;
  };
  it('reads the item of a loop over a name in each language’s form', () => {
    const cases: [string, string][] = [
      ['for run in runs:', 'run'], // Python
      ['for r in $runs; do', 'r'], // shell
      ['for (const run of runs) {', 'run'], // JS/TS
      ['foreach ($run in $runs) {', 'run'], // PowerShell
      ['foreach (var run in runs)', 'run'], // C#
      ['for _, run := range runs {', 'run'], // Go
      ['for (final Run run : this.runs) {', 'run'], // Java
      ['foreach ($runs as $id => $run) {', 'run'], // PHP
      ['runs.forEach(async (run) => {', 'run'], // JS
      ['runs.each do |run|', 'run'], // Ruby
    ];
    for (const [line, name] of cases) assert.equal(item(line), line.includes('"${runs') ? undefined : name, line);
  });
  it('reads no loop over another name', () => {
    for (const line of ['for run in all_runs:', 'for (const run of runsById) {', 'other.runs_list.forEach((run) =>'])
      assert.equal(item(line), undefined, line);
  });
});

describe('both assignment readers agree on one table of lines (review v2 items 7, 8)', () => {
  const table: [string, string | undefined][] = [
    ['url = "https://app.terraform.io/api/v2/runs"', 'url'],
    ['const url: string = "https://app.terraform.io/api/v2/runs"', 'url'],
    ['url => "https://app.terraform.io/api/v2/runs"', undefined], // a Perl/Ruby/PHP pair
    ["  WHERE status = 'applied'", undefined], // SQL in a string
    ["SET status = 'admin'", undefined],
    ['If level = "admin" Then', undefined], // VB
    ['  role: admin  # default = read', undefined], // YAML with a comment
  ];
  it('assignmentOpening and assignmentAt read the same name, or none', () => {
    for (const [line, name] of table) {
      assert.equal(assignmentOpening(line)?.name, name, `opening: ${line}`);
      if (!line.includes('#')) assert.equal(assignmentAt(line, line.indexOf('='))?.name, name, `at: ${line}`);
    }
  });
});
