import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

/** Subject ids a Python source yields on the line holding `marker`. */
function onLine(source: string, marker: string, fileName = 'client.py'): string[] {
  const lines = source.split('\n');
  const line = lines.findIndex((l) => l.includes(marker)) + 1;
  assert.ok(line > 0, `no line holds ${marker}`);
  return scanText(source, { languageId: 'python', fileName })
    .filter((m) => m.line === line)
    .map((m) => m.subject.id);
}

/** Lines that keep a read further than the matcher's 12 lines of context from any URL. */
const FAR = Array.from({ length: 14 }, (_, k) => `        step_${k} = k + ${k}`);

describe('response keys: the resource read from the response a function fetched (Python)', () => {
  it("a helper's response, read through data and attributes further down, is the endpoint's resource", () => {
    const source = [
      'class VarsetModule:',
      '    def _get_varset(self, varset_id):',
      '        endpoint = f"/varsets/{varset_id}"',
      '        response = self._request("GET", endpoint)',
      '        return response',
      '',
      '    def run(self):',
      '        existing = self._get_varset(self.varset_id)',
      ...FAR,
      '        data = existing.get("data", {})',
      '        attributes = data.get("attributes", {})',
      '        relationships = data.get("relationships", {})',
      '        changed = attributes.get("priority") != self.priority',
      '        ids = [p.get("id") for p in relationships["projects"]["data"]]',
      '        for included in existing.get("included", []):',
      '            shown = included.get("attributes", {}).get("priority")',
    ].join('\n');
    assert.deepEqual(onLine(source, 'changed ='), ['attribute varsets priority']);
    assert.deepEqual(onLine(source, 'ids ='), ['attribute varsets projects']);
    // An included resource is not the variable set: nothing says whose it is.
    assert.deepEqual(onLine(source, 'shown ='), []);
  });

  it("a list endpoint's items walked by a loop or a comprehension are its resource's", () => {
    const source = [
      'def find(self, organization, wanted):',
      '    endpoint = f"/organizations/{organization}/projects"',
      '    results = self._handle_pagination(endpoint, {})',
      ...FAR,
      '    for item in results["data"]:',
      '        if item["attributes"]["name"] == wanted:',
      '            return item',
      "    names = [p for p in results['data'] if p['attributes']['description']]",
    ].join('\n');
    assert.deepEqual(onLine(source, '== wanted'), ['attribute projects name']);
    assert.deepEqual(onLine(source, 'names ='), ['attribute projects description']);
  });

  it("a parameter is the resource its name spells, else the file's; an unknown one says nothing", () => {
    const body = (parameter: string): string =>
      [
        `def format_output(${parameter}):`,
        ...FAR,
        `    attributes = ${parameter}.get("attributes", {})`,
        '    return {"name": attributes.get("name"), "shown": 1}',
      ].join('\n');
    assert.deepEqual(onLine(body('project'), 'shown'), ['attribute projects name']);
    assert.deepEqual(onLine(body('response'), 'shown', 'plugins/modules/hcp_terraform_project.py'), [
      'attribute projects name',
    ]);
    assert.deepEqual(onLine(body('response'), 'shown'), []);
  });

  it('a parameter whose name says nothing is what every call of its function passes there; one unknown call says nothing', () => {
    const source = [
      'import requests',
      '',
      'class Scanner:',
      '    def scan(self, org):',
      '        url = f"{self.base}/api/v2/organizations/{org}/workspaces"',
      '        out = []',
      '        while url:',
      '            response = requests.get(url, headers=self.headers)',
      '            data = response.json()',
      "            for ws_data in data.get('data', []):",
      '                out.append(self._parse(ws_data))',
      "            url = data.get('links', {}).get('next')",
      '        return out',
      '',
      '    def _parse(self, ws_data):',
      ...FAR,
      "        changed = ws_data['attributes'].get('updated-at')  # parent",
      '        return changed',
      '',
      '    def _other(self, item):',
      ...FAR,
      "        return item['attributes'].get('updated-at')  # other",
      '',
      '    def mixed(self, blob):',
      '        self._other(blob)',
      '',
      'def summarize(entry, verbose=False):',
      ...FAR,
      "    return entry['attributes'].get('updated-at')  # summary",
      '',
      'def listing(org):',
      '    r = requests.get(f"https://app.terraform.io/api/v2/organizations/{org}/workspaces")',
      "    for w in r.json()['data']:",
      '        summarize(w, verbose=True)',
      "    summarize({'attributes': {}})",
    ].join('\n');
    assert.deepEqual(onLine(source, '# parent'), ['attribute workspaces updated-at']);
    assert.deepEqual(onLine(source, '# other'), []);
    assert.deepEqual(onLine(source, '# summary'), []);
  });

  it('many functions of one name: each parameter reads the calls of its own function, found once a name', () => {
    // 100 classes whose `__init__(self, item)` nothing calls as `self.__init__(`, then 6 scanners, of workspaces and of
    // projects in turn, whose `_parse` their own listing calls: the call places of each name are found once
    // (`callsOf`), and each parameter takes its own function's calls.
    const source = ['import requests', ''];
    for (let k = 0; k < 100; k++)
      source.push(
        `class Row${k}:`,
        '    def __init__(self, item):',
        "        self.at = item['attributes'].get('name')",
        '',
      );
    const expected: string[] = [];
    for (let k = 0; k < 6; k++) {
      const listed = k % 2 === 0 ? 'workspaces' : 'projects';
      const read = k % 2 === 0 ? 'updated-at' : 'name';
      source.push(
        `class Scanner${k}:`,
        '    def scan(self, org):',
        `        url = f"{self.base}/api/v2/organizations/{org}/${listed}"`,
        '        response = requests.get(url, headers=self.headers)',
        '        data = response.json()',
        "        for item in data.get('data', []):",
        `            self._parse${k}(item)`,
        '',
        `    def _parse${k}(self, item):`,
        `        return item['attributes'].get('${read}')`,
        '',
      );
      expected.push(`${source.length - 1} attribute ${listed} ${read}`);
    }
    const found = scanText(source.join('\n'), { languageId: 'python' })
      .filter((m) => m.subject.type === 'attribute')
      .map((m) => `${m.line} ${m.subject.id}`);
    assert.deepEqual(found, expected);
  });

  it("a call's arguments are split at its own commas: a string holding a comma or a bracket is one argument", () => {
    const source = [
      'import requests',
      '',
      'class Report:',
      '    def rows(self, org):',
      '        r = requests.get(f"https://app.terraform.io/api/v2/organizations/{org}/workspaces")',
      '        data = r.json()',
      "        for ws_data in data['data']:",
      '            self._row("name, updated (UTC)", ws_data)',
      "            self._cell('id, [short]', ws_data, 'x')",
      '',
      '    def _row(self, title, ws_data):',
      ...FAR,
      "        return ws_data['attributes'].get('updated-at')  # row",
      '',
      '    def _cell(self, title, ws_data, pad):',
      ...FAR,
      "        return ws_data['attributes'].get('updated-at')  # cell",
    ].join('\n');
    assert.deepEqual(onLine(source, '# row'), ['attribute workspaces updated-at']);
    assert.deepEqual(onLine(source, '# cell'), ['attribute workspaces updated-at']);
  });

  it("a loop's item over a document's `data` list is the resource its name spells; over another list, nothing", () => {
    const source = [
      'def find_project(state, name):',
      "    for project in state['project_list']['data']:",
      ...FAR.map((l) => l.slice(4)),
      "        if project['attributes']['name'] == name:  # data",
      '            return project',
      '',
      'def find_other(state, name):',
      "    for project in state['project_list']:",
      ...FAR.map((l) => l.slice(4)),
      "        if project['attributes']['name'] == name:  # plain",
      '            return project',
    ].join('\n');
    assert.deepEqual(onLine(source, '# data'), ['attribute projects name']);
    assert.deepEqual(onLine(source, '# plain'), []);
  });

  it("the first of two names unpacked from a helper's pair, the response decoded into its own name (`x = x.json()`)", () => {
    const source = [
      'import requests',
      '',
      'class Driver:',
      '    def get_workspace(self):',
      '        url = "{URL}/organizations/{ORG}/workspaces/{NAME}".format(URL=self.url, ORG=self.org, NAME=self.name)',
      '        x = requests.get(url, headers=self.headers)',
      '        x = x.json()',
      '        if "errors" in x:',
      '            return None, None',
      '        return x, x["data"]["id"]',
      '',
      '    def get_output(self, output_id):',
      '        url = "{URL}/state-version-outputs/{ID}".format(URL=self.url, ID=output_id)',
      '        return requests.get(url, headers=self.headers).json()',
      '',
      '    def outputs(self):',
      '        ws, _ = self.get_workspace()',
      ...FAR,
      '        listed = ws["data"]["relationships"]["outputs"]["data"]  # first',
      '        for item in listed:',
      '            self.get_output(item["id"])',
      '',
      '    def workspace_id(self):',
      '        _, ws = self.get_workspace()',
      ...FAR,
      '        return ws["data"]["relationships"]["outputs"]  # second',
    ].join('\n');
    assert.deepEqual(onLine(source, '# first'), ['attribute workspaces outputs']);
    // The second item is the workspace's id, no document.
    assert.deepEqual(onLine(source, '# second'), []);
  });

  it('a name annotated with a type holding a comma (`ws: Dict[str, Any] = …`) is one name, not two unpacked', () => {
    const source = [
      'import requests',
      '',
      'class Driver:',
      '    def get_workspace(self):',
      '        url = "{URL}/organizations/{ORG}/workspaces/{NAME}".format(URL=self.url, ORG=self.org, NAME=self.name)',
      '        return requests.get(url, headers=self.headers).json()',
      '',
      '    def get_output(self, output_id):',
      '        url = "{URL}/state-version-outputs/{ID}".format(URL=self.url, ID=output_id)',
      '        return requests.get(url, headers=self.headers).json()',
      '',
      '    def outputs(self):',
      '        ws: Dict[str, Any] = self.get_workspace()',
      ...FAR,
      '        return ws["data"]["relationships"]["outputs"]["data"]  # typed',
    ].join('\n');
    assert.deepEqual(onLine(source, '# typed'), ['attribute workspaces outputs']);
  });
});

describe('response keys: decoded bodies, list indexes and membership tests (Python)', () => {
  it("a response's json(), indexed by position and tested with `in`, is the endpoint's resource", () => {
    const source = [
      'def list_teams(org, verbose):',
      '    url = "https://tfe.example.com/api/v2/organizations/" + org + "/projects"',
      '    resp = requests.request("GET", url, headers=HEADERS)',
      '    body = resp.json()  # the whole document',
      ...FAR,
      '    for i in range(len(body["data"])):',
      '        shown = body["data"][i]["attributes"]["description"]',
      '',
      'def varset_scope(set_id):',
      '    response = requests.get(',
      '        url=f"https://tfe.example.com/api/v2/varsets/{set_id}",',
      '        headers=HEADERS,',
      '    )',
      '    found = response.json()',
      ...FAR,
      '    if "projects" in found["data"]["relationships"]:',
      '        return found["data"]["relationships"]["projects"]["data"]',
      '    if "projects" in other["data"]["relationships"]:',
      '        return []',
    ].join('\n');
    assert.deepEqual(onLine(source, 'shown ='), ['attribute projects description']);
    assert.deepEqual(onLine(source, 'if "projects" in found'), ['attribute varsets projects']);
    // A value tested against nothing known says nothing (the membership test alone is no key).
    assert.deepEqual(onLine(source, 'if "projects" in other'), []);
  });
});

describe('keys tested for membership in a dictionary (Python)', () => {
  it('`"stage" not in payload.keys()` in a run task handler is a read of the request field; `in` a bare list is not', () => {
    const source = [
      'def validate(headers, payload, wanted):',
      '    if "x-tfc-task-signature" not in headers:',
      '        return False',
      '    if "stage" not in payload.keys():',
      '        return False',
      '    if "stage" in wanted:',
      '        return True',
    ].join('\n');
    assert.deepEqual(onLine(source, 'not in payload.keys()', 'handler.py'), ['attribute run task request stage']);
    assert.deepEqual(onLine(source, 'in wanted', 'handler.py'), []);
  });
});

describe('key paths named as strings beside a request (any language)', () => {
  it("a list of key paths given to the call that sends a URL, or assigned and taken below, is its resource's", () => {
    const source = [
      'def export_tasks(self, org):',
      '    fields = [',
      '        "id",',
      '        "attributes.description",',
      '        "relationships.organization.data.id",',
      '    ]',
      '    return self._fetch(path=f"/organizations/{org}/tasks", fields=fields)',
      '',
      'def export_set(self, set_id):',
      '    return self._fetch(',
      '        path=f"/varsets/{set_id}",',
      '        fields=["attributes.priority", "relationships.projects.data"],',
      '    )',
      '',
      'def export_other(self, set_id):',
      '    return self._fetch(fields=["attributes.priority"])',
    ].join('\n');
    assert.deepEqual(onLine(source, '"attributes.description"'), ['attribute tasks description']);
    assert.deepEqual(onLine(source, 'fields=["attributes.priority", "relationships'), [
      'attribute varsets priority',
      'attribute varsets projects',
    ]);
    // No URL in the call: whose priority is not known.
    assert.deepEqual(onLine(source, 'fields=["attributes.priority"])'), []);
  });
});

describe('lists of keys: columns and fields a block of a known type names (any language)', () => {
  it("the generic names a `Columns:` list holds are keys of its block's type (known or not); another list's are not", () => {
    const source = [
      'var registry = []Spec{',
      '\t{',
      '\t\tType:    "varsets",',
      '\t\tPathGet: "/varsets/{id}",',
      '\t\tColumns: []string{"priority", "global"},',
      '\t},',
      '\t{',
      '\t\tType: "varsets",',
      '\t\tTags: []string{"priority"},',
      '\t},',
      '\t{',
      '\t\tType:    "varset-widgets",',
      '\t\tPathGet: "/varsets/{id}",',
      '\t\tColumns: []string{"priority"},',
      '\t},',
      '}',
    ].join('\n');
    const at = (line: number): string[] =>
      scanText(source, { languageId: 'go', fileName: 'registry.go' })
        .filter((m) => m.line === line)
        .map((m) => m.subject.id);
    assert.ok(at(5).includes('attribute varsets priority'), at(5).join('\n'));
    assert.deepEqual(at(9), []);
    // A block of a type the history does not know: its columns are that type's, not the path's.
    assert.deepEqual(at(14), []);
  });
});

describe('payload keys: the resource of a payload built apart (Python)', () => {
  it("attributes and relationships added to a payload variable are its type's", () => {
    const source = [
      'def create(self):',
      '    attributes = {}',
      '    relationships = {}',
      ...FAR,
      '    if self.params.get("priority") is not None:',
      '        attributes["priority"] = self.params.get("priority")',
      '    relationships["projects"] = {"data": []}',
      ...FAR,
      '    payload = {"data": {"type": "varsets", "attributes": attributes}}',
      '    payload["data"]["relationships"] = relationships',
      ...FAR,
      '    if self.params.get("project_id"):',
      '        payload["data"]["relationships"] = {',
      '            "project": {"data": {"id": self.params.get("project_id"), "type": "projects"}}',
      '        }',
    ].join('\n');
    assert.deepEqual(onLine(source, 'attributes["priority"]'), ['attribute varsets priority']);
    assert.deepEqual(onLine(source, 'relationships["projects"]'), ['attribute varsets projects']);
    // An Ansible module's own option is no API key, whatever its name.
    assert.deepEqual(onLine(source, 'if self.params.get("priority")'), []);
  });

  it("a part of an annotated payload taken into a variable is that payload's", () => {
    const source = [
      'def create(self, options):',
      '    payload: dict[str, Any] = {"data": {"type": "varsets", "attributes": {"name": options.name}}}',
      ...FAR,
      '    attributes = payload["data"]["attributes"]',
      '    if options.priority is not None:',
      '        attributes["priority"] = options.priority',
    ].join('\n');
    assert.deepEqual(onLine(source, 'attributes["priority"]'), ['attribute varsets priority']);
  });

  it("a relationship key of an object given to update() or returned is the object's", () => {
    const source = [
      'def resource_to_request(module):',
      "    request = {'attributes': {'name': module.params.get('name')}, 'type': 'workspaces'}",
      ...FAR,
      '    request.update({',
      "        'relationships': {",
      "            'project': {'data': {'id': module.params.get('project'), 'type': 'projects'}}",
      '        }',
      '    })',
      '    return request',
    ].join('\n');
    // The relationship's own type ('projects') names the target of the reference: no note (relationship-data.ts).
    assert.deepEqual(onLine(source, "'project': {"), ['attribute workspaces project']);
  });
});

describe('keys read through a subscript a formatter wrapped over lines (Python)', () => {
  it('a key alone on its line between `x[` and `]` is read; a one-item list literal is not', () => {
    const source = [
      'def handle(event):',
      '    secret = event["headers"]["x-tfc-task-signature"]',
      '    download_url = event["payload"]["detail"][',
      '        "configuration_version_download_url"',
      '    ]',
      '    wanted = (',
      '        "configuration_version_download_url"',
      '    )',
      '    fields = [',
      '        "configuration_version_download_url"',
      '    ]',
    ].join('\n');
    const lines = source.split('\n');
    const found = scanText(source, { languageId: 'python', fileName: 'handler.py' }).map((m) => [m.line, m.subject.id]);
    const at = (n: number): string[] => found.filter(([l]) => l === n).map(([, id]) => String(id));
    assert.equal(lines[3]?.trim(), '"configuration_version_download_url"');
    assert.deepEqual(at(4), ['attribute run task request configuration_version_download_url']);
    assert.deepEqual(at(7), []);
    assert.deepEqual(at(10), []);
  });
});

describe('attributes read as model members: the resource of the object they belong to (Python)', () => {
  const source = [
    'def workspace_rows(client, org):',
    '    raw = client.get_all(f"/organizations/{org}/workspaces")',
    '    workspaces = [Workspace.model_validate(w) for w in raw]',
    '    for ws in workspaces:',
    '        print(ws.attributes.resource_count)  # listed',
    '    first = workspaces[0]',
    '    attrs = first.attributes',
    '    print(attrs.resource_count)  # held',
    '    attrs.resource_count = 3',
    '',
    '',
    'def other(thing_id):',
    '    thing = load(thing_id)',
    '    print(thing.attributes.resource_count)  # unknown',
  ].join('\n');

  it('a validated list item and a variable holding its attributes are the endpoint’s resource', () => {
    assert.deepEqual(onLine(source, '# listed'), ['attribute workspaces resource-count']);
    assert.deepEqual(onLine(source, '# held'), ['attribute workspaces resource-count']);
  });

  it('says nothing of a member assigned, or of an object whose resource is unknown', () => {
    assert.deepEqual(onLine(source, '= 3'), []);
    assert.deepEqual(onLine(source, '# unknown'), []);
  });
});

describe('JS/TS: a JSON:API object named for its resource, its attributes and relationships read as members', () => {
  const attrs = (text: string): string[] =>
    scanText(text, { languageId: 'typescript' })
      .filter((m) => m.subject.type === 'attribute')
      .map((m) => `${m.line} ${m.subject.id}`);

  it("the object's name gives the resource in a file of this API's client: a field, a found item, a relationship", () => {
    const text = [
      "import { Project } from '../api/terraformCloud/project';",
      'class TeamPick {',
      '  constructor(private readonly project: Project) {}',
      '  title() {',
      '    return this.project.attributes.name;',
      '  }',
      '}',
      'for (const workspace of page) {',
      '  const owner = workspace.relationships.project?.data?.id;',
      '  const project = all.find((p) => p.id === owner);',
      '  console.info(project ? project.attributes.name : owner);',
      '}',
    ].join('\n');
    assert.deepEqual(attrs(text), [
      '5 attribute projects name',
      '9 attribute workspaces project',
      '11 attribute projects name',
    ]);
    // Or in a file that requests those resources of this API (its own fetch helper on a path, `/organizations/…/projects`).
    const fetched = text.replace(
      "import { Project } from '../api/terraformCloud/project';",
      'const load = (org) => fetchApi(`/organizations/${org}/projects`);',
    );
    assert.deepEqual(attrs(fetched), ['5 attribute projects name', '11 attribute projects name']);
    // The name alone (no client, no URL of this API) says nothing: a CMS's JSON:API reads alike.
    assert.deepEqual(attrs(text.split('\n').slice(1).join('\n')), []);
  });

  it('an object named for no resource, or a member its resource lacks, says nothing', () => {
    assert.deepEqual(attrs('const label = item.attributes.name;\nconst other = entry.relationships.project;'), []);
    assert.deepEqual(attrs('const label = workspace.attributes.name;'), []);
  });

  it("a client package that camel-cases the response's keys: its member read as the kebab-case attribute", () => {
    const text = [
      "import { TerraformCloud } from '@skorfmann/terraform-cloud';",
      'export async function upload(client: TerraformCloud, workspaceId: string, archive: Buffer) {',
      '  const configurationVersion = await client.ConfigurationVersion.create(workspaceId, { data: {} });',
      '  await client.ConfigurationVersion.upload(configurationVersion.attributes.uploadUrl, archive);',
      '  return configurationVersion.attributes.provisional;',
      '}',
    ].join('\n');
    assert.deepEqual(attrs(text), [
      '4 attribute configuration-versions upload-url',
      '5 attribute configuration-versions provisional',
    ]);
    // The package imported is the evidence for a member no other resource's reads show (`provisional`): without it,
    // the name alone says nothing.
    const plain = text.replace(
      '  await client.ConfigurationVersion.upload(configurationVersion.attributes.uploadUrl, archive);\n',
      '',
    );
    assert.deepEqual(attrs(plain), ['4 attribute configuration-versions provisional']);
    assert.deepEqual(attrs(plain.split('\n').slice(1).join('\n')), []);
    // A client of this API of the program's own (no camel-casing known): its camelCase members are no attributes.
    const own = text.replace("from '@skorfmann/terraform-cloud'", "from '../lib/tfc-service'");
    assert.deepEqual(attrs(own), ['5 attribute configuration-versions provisional']);
  });
});
