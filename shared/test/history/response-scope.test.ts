// A JSON:API response's keys read by quoted subscripts in a language whose data flow the matcher does not follow
// (Rust, PHP, Go maps, Ruby): the function's one API resource decides whose keys they are.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const attributes = (matches: readonly { line: number; subject: { type: string; id: string } }[]): string[] =>
  matches.filter((m) => m.subject.type === 'attribute').map((m) => `${m.line} ${m.subject.id}`);

/** Lines of a function's body between its request and its reads (headers, paging, logging). */
const steps = (indent: string, n: number, line: (k: number) => string): string[] =>
  Array.from({ length: n }, (_, k) => `${indent}${line(k)}`);

describe("history: a response's keys read in a function of one API resource", () => {
  it("are that resource's (Rust), however far below the request: a generic name its own, none where the resource has no such key", () => {
    const text = [
      'pub async fn project_names(org: &str) -> Result<Vec<String>, Error> {',
      '    let url = format!("https://app.terraform.io/api/v2/organizations/{}/projects", org);',
      ...steps('    ', 24, (k) => `log::debug!("project page step ${k}");`),
      '    let body: serde_json::Value = http.get(&url).send().await?.json().await?;',
      '    let mut out = Vec::new();',
      '    for p in body["data"].as_array().unwrap() {',
      '        out.push(p["attributes"]["name"].to_string());',
      '    }',
      '    Ok(out)',
      '}',
      '',
      'pub async fn workspace_projects(org: &str) -> Result<(), Error> {',
      '    let url = format!("https://app.terraform.io/api/v2/organizations/{}/workspaces", org);',
      ...steps('    ', 24, (k) => `log::debug!("workspace page step ${k}");`),
      '    let body: serde_json::Value = http.get(&url).send().await?.json().await?;',
      '    for w in body["data"].as_array().unwrap() {',
      '        let label = w["attributes"]["name"].as_str();',
      '        let parent = w["relationships"]["project"]["data"]["id"].as_str();',
      '    }',
      '    Ok(())',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(text, { languageId: 'rust' })), [
      '30 attribute projects name',
      '64 attribute workspaces project',
    ]);
  });

  it('PHP and Go maps too; two resources in the function, or its `included`, say nothing', () => {
    const php = [
      '<?php',
      'function projectLabels($client, $org) {',
      '    $res = $client->get("/api/v2/organizations/$org/projects");',
      ...steps('    ', 24, (k) => `$this->log("step ${k}");`),
      '    $body = json_decode($res->getBody(), true);',
      "    return array_map(fn($p) => $p['attributes']['name'], $body['data']);",
      '}',
      'function mixed($client, $org) {',
      '    $ws = json_decode($client->get("/api/v2/organizations/$org/workspaces")->getBody(), true);',
      '    $pr = json_decode($client->get("/api/v2/organizations/$org/projects")->getBody(), true);',
      ...steps('    ', 24, (k) => `$this->log("step ${k}");`),
      "    return $pr['data'][0]['attributes']['name'];",
      '}',
      'function withIncluded($client, $org) {',
      '    $body = json_decode($client->get("/api/v2/organizations/$org/workspaces?include=current-run")->getBody(), true);',
      ...steps('    ', 24, (k) => `$this->log("step ${k}");`),
      "    return $body['included'][0]['relationships']['project'];",
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(php, { languageId: 'php' })), ['29 attribute projects name']);
    const go = [
      'package tfc',
      'func WorkspaceProject(c *http.Client, org string) string {',
      '\tresp, _ := c.Get(fmt.Sprintf("https://app.terraform.io/api/v2/organizations/%s/workspaces", org))',
      ...steps('\t', 24, (k) => `log.Printf("step %d", ${k})`),
      '\tvar body map[string]any',
      '\tjson.NewDecoder(resp.Body).Decode(&body)',
      '\tws := body["data"].([]any)[0].(map[string]any)',
      '\trel := ws["relationships"].(map[string]any)["project"]',
      '\treturn fmt.Sprint(rel)',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(go, { languageId: 'go' })), ['31 attribute workspaces project']);
  });
});

describe("history: a name holding a resource object's attributes (document-flow.ts)", () => {
  it('Go: `attrs, _ := p["attributes"].(map[string]any)` in a function of one resource; a parameter named for its resource', () => {
    const go = [
      'package tfc',
      'func ListPolicies(ctx context.Context) []map[string]any {',
      '\tresult, _ := tfcRequest(ctx, "GET", "/organizations/"+org+"/policies")',
      '\tout := []map[string]any{}',
      '\tfor _, item := range result["data"].([]any) {',
      '\t\tp, _ := item.(map[string]any)',
      '\t\tattrs, _ := p["attributes"].(map[string]any)',
      '\t\tout = append(out, map[string]any{"level": attrs["enforcement-level"]})',
      '\t}',
      '\treturn out',
      '}',
      '',
      'func formatRun(run map[string]any) map[string]any {',
      '\tattrs, _ := run["attributes"].(map[string]any)',
      '\treturn map[string]any{"refresh": attrs["refresh"], "direct": run["attributes"].(map[string]any)["refresh-only"]}',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(go, { languageId: 'go' })), [
      '8 attribute policies enforcement-level',
      '15 attribute runs refresh',
      '15 attribute runs refresh-only',
    ]);
  });

  it('JS/TS, PHP, Rust, Ruby: the holder assigned by member, subscript or dig', () => {
    const ts = [
      'export async function lockedBy(org: string, name: string) {',
      '  const res = await fetch(`https://app.terraform.io/api/v2/organizations/${org}/workspaces/${name}`);',
      '  const body = await res.json();',
      '  const attrs: Record<string, unknown> = body.data.attributes;',
      "  return attrs['setting-overwrites'];",
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(ts, { languageId: 'typescript' })), [
      '5 attribute workspaces setting-overwrites',
    ]);
    const php = [
      '<?php',
      'function projectLabel($client, $org) {',
      '    $body = json_decode($client->get("/api/v2/organizations/$org/projects")->getBody(), true);',
      "    $attrs = $body['data'][0]['attributes'];",
      "    return $attrs['name'];",
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(php, { languageId: 'php' })), ['5 attribute projects name']);
    const rust = [
      'pub async fn policy_level(org: &str) -> Result<String, Error> {',
      '    let url = format!("https://app.terraform.io/api/v2/organizations/{}/policies", org);',
      '    let body: serde_json::Value = http.get(&url).send().await?.json().await?;',
      '    let attrs = &body["data"][0]["attributes"];',
      '    Ok(attrs["enforcement-level"].to_string())',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(rust, { languageId: 'rust' })), ['5 attribute policies enforcement-level']);
    const ruby = [
      'def overwrites(client, org)',
      '  body = JSON.parse(client.get("https://app.terraform.io/api/v2/organizations/#{org}/workspaces").body)',
      '  attrs = body["data"][0].dig("attributes")',
      '  attrs["setting-overwrites"]',
      'end',
    ].join('\n');
    assert.deepEqual(attributes(scanText(ruby, { languageId: 'ruby' })), ['4 attribute workspaces setting-overwrites']);
  });

  it("says nothing where the holder is not one, the name spells another resource than the URLs', or no source says one", () => {
    const go = [
      'package tfc',
      'func Projects(ctx context.Context) {',
      '\tresult, _ := tfcRequest(ctx, "GET", "/organizations/"+org+"/projects")',
      '\tattrs := result["meta"].(map[string]any)',
      '\tfmt.Println(attrs["refresh"])',
      '\tattrs = result["data"].(map[string]any)["attributes"].(map[string]any)',
      '\tattrs = loadOther()',
      '\tfmt.Println(attrs["auto-apply"])',
      '\tfmt.Println(run["attributes"].(map[string]any)["refresh"])',
      '}',
      '',
      'func format(item map[string]any) any {',
      '\tattrs, _ := item["attributes"].(map[string]any)',
      '\treturn attrs["enforcement-level"]',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(go, { languageId: 'go' })), []);
  });
});

describe("history: a document read from anything but the function's response says nothing (review v1, item 4)", () => {
  it("a root from a file, a cache, another call or a parameter is not the fetched response's (JS/TS, Go, PHP, Ruby, Rust)", () => {
    // The reviewer's d5.ts: the function fetches one workspace, but the attributes are read from a file's document.
    const ts = [
      'export async function lockedBy(org: string, name: string) {',
      '  const res = await fetch(`https://app.terraform.io/api/v2/organizations/${org}/workspaces/${name}`);',
      '  const body = await res.json();',
      "  const prev = JSON.parse(await readFile(`snapshots/${name}.json`, 'utf8'));",
      '  const attrs: Record<string, unknown> = prev.data.attributes;',
      "  return attrs['setting-overwrites'] ?? attrs['name'];",
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(ts, { languageId: 'typescript' })), []);
    const js = [
      'async function report(id) {',
      '  const res = await fetch(`https://app.terraform.io/api/v2/workspaces/${id}`, { headers });',
      '  const body = JSON.parse(fs.readFileSync("last-run.json", "utf8"));',
      '  const attrs = body.data.attributes;',
      '  console.log(attrs["setting-overwrites"]);',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(js, { languageId: 'javascript' })), []);
    // Go: a map decoded from a file, a cache's entry, another call's value, a parameter, in functions that fetch policies.
    const fetches =
      '\tresp, _ := tfcRequest(ctx, "GET", "https://app.terraform.io/api/v2/organizations/"+org+"/policies")';
    const go = [
      'package tfc',
      'func fromFile(ctx context.Context) {',
      fetches,
      '\traw, _ := os.ReadFile("cached.json")',
      '\tvar cached map[string]any',
      '\tjson.Unmarshal(raw, &cached)',
      '\tattrs, _ := cached["attributes"].(map[string]any)',
      '\tlevel := attrs["enforcement-level"]',
      '}',
      'func fromCache(ctx context.Context, id string) {',
      fetches,
      '\tdoc := cache[id]',
      '\tattrs, _ := doc["attributes"].(map[string]any)',
      '\tlevel := attrs["enforcement-level"]',
      '}',
      'func fromCall(ctx context.Context) {',
      fetches,
      '\tp := loadCachedPolicy(resp)',
      '\tattrs, _ := p["attributes"].(map[string]any)',
      '\tlevel := attrs["enforcement-level"]',
      '}',
      'func fromParameter(ctx context.Context, item map[string]any) {',
      fetches,
      '\tattrs, _ := item["attributes"].(map[string]any)',
      '\tlevel := attrs["enforcement-level"]',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(go, { languageId: 'go' })), []);
    const php = [
      '<?php',
      'function lastApply($client, $id) {',
      '    $res = $client->get("/api/v2/workspaces/$id");',
      "    $prev = json_decode(file_get_contents('snapshot.json'), true);",
      "    $attrs = $prev['data']['attributes'];",
      "    return $attrs['setting-overwrites'];",
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(php, { languageId: 'php' })), []);
    const ruby = [
      'def overwrites(client, id)',
      '  res = client.get("https://app.terraform.io/api/v2/workspaces/#{id}")',
      '  cached = @cache[id]',
      '  attrs = cached["data"]["attributes"]',
      '  attrs["setting-overwrites"]',
      'end',
    ].join('\n');
    assert.deepEqual(attributes(scanText(ruby, { languageId: 'ruby' })), []);
    const rust = [
      'pub async fn saved_level(id: &str) -> Result<String, Error> {',
      '    let url = format!("https://app.terraform.io/api/v2/workspaces/{}", id);',
      '    let res = http.get(&url).send().await?;',
      '    let saved: serde_json::Value = serde_json::from_str(&fs::read_to_string("ws.json")?)?;',
      '    let attrs = &saved["data"]["attributes"];',
      '    Ok(attrs["setting-overwrites"].to_string())',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(rust, { languageId: 'rust' })), []);
  });

  it('a root followed back to the response: decoded, iterated, appended, filled by a call given the URL', () => {
    const go = [
      'package tfc',
      'type WorkspaceList struct {',
      '\tData []struct {',
      '\t\tRelationships struct {',
      '\t\t\tProject struct{ Data struct{ ID string } } `json:"project"`',
      '\t\t} `json:"relationships"`',
      '\t} `json:"data"`',
      '}',
      'func All(org string) {',
      '\tnext := fmt.Sprintf("%s/organizations/%s/workspaces", base, org)',
      '\tvar all []Workspace',
      '\treq, _ := http.NewRequest("GET", next, nil)',
      '\tresp, _ := client.Do(req)',
      '\tbody, _ := io.ReadAll(resp.Body)',
      '\tvar list WorkspaceList',
      '\t_ = json.Unmarshal(body, &list)',
      '\tall = append(all, list.Data...)',
      '\tfor i := range all {',
      '\t\tws := &all[i]',
      '\t\tfmt.Println(ws.Relationships.Project.Data.ID)',
      '\t}',
      '}',
    ].join('\n');
    assert.ok(attributes(scanText(go, { languageId: 'go' })).includes('20 attribute workspaces project'));
    const ts = [
      'export async function names(org: string) {',
      '  const res = await fetch(`https://app.terraform.io/api/v2/organizations/${org}/projects`);',
      '  const text = await res.text();',
      '  const body = JSON.parse(text);',
      '  for (const p of body.data) {',
      '    const attrs = p.attributes;',
      "    console.log(attrs['name']);",
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(ts, { languageId: 'typescript' })), ['7 attribute projects name']);
    const decoded = [
      'package tfc',
      'func levels(ctx context.Context) {',
      '	path := "https://app.terraform.io/api/v2/organizations/" + org + "/policies"',
      '	resp, _ := http.Get(path)',
      '	var doc map[string]any',
      '	json.NewDecoder(resp.Body).Decode(&doc)',
      '	attrs, _ := doc["attributes"].(map[string]any)',
      '	level := attrs["enforcement-level"]',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(decoded, { languageId: 'go' })), ['8 attribute policies enforcement-level']);
  });
});

describe("history: a typed document's attribute members, by the document's resource (scopeMembers)", () => {
  it('Go struct fields, Java getters, C# properties read from the response of a function of one resource', () => {
    const go = [
      'package tfc',
      'type projectData struct{ Attributes projectAttributes `json:"attributes"` }',
      'func (c *Client) FindProject(ctx context.Context, org, name string) (string, error) {',
      '\tpath := fmt.Sprintf("/api/v2/organizations/%s/projects", org)',
      '\tvar response struct{ Data []projectData }',
      '\tif err := c.request(ctx, http.MethodGet, path, &response); err != nil {',
      '\t\treturn "", err',
      '\t}',
      '\tfor _, item := range response.Data {',
      '\t\tif item.Attributes.Name == name {',
      '\t\t\treturn item.ID, nil',
      '\t\t}',
      '\t}',
      '\treturn "", nil',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(go, { languageId: 'go' })), ['10 attribute projects name']);
    const java = [
      'class Policies {',
      '  record Policy(@JsonProperty("attributes") PolicyAttributes attributes) {}',
      '  public String level(String org) {',
      '    String url = "https://app.terraform.io/api/v2/organizations/" + org + "/policies";',
      '    PolicyList list = restTemplate.getForObject(url, PolicyList.class);',
      '    return list.getData().get(0).getAttributes().getEnforcementLevel();',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(java, { languageId: 'java' })), ['6 attribute policies enforcement-level']);
    const csharp = [
      'public class Policies {',
      '    public record Policy([property: JsonPropertyName("attributes")] PolicyAttributes Attributes);',
      '    public async Task<bool> Mandatory(string org) {',
      '        var doc = await http.GetFromJsonAsync<PolicyList>($"https://app.terraform.io/api/v2/organizations/{org}/policies");',
      '        return doc.Data[0].Attributes.EnforcementLevel == "mandatory";',
      '    }',
      '    public async Task<bool> Named(string org) {',
      '        var run = await http.GetFromJsonAsync<PolicyList>($"https://app.terraform.io/api/v2/organizations/{org}/policies");',
      '        return run.Data[0].Attributes.EnforcementLevel == "mandatory";',
      '    }',
      '}',
    ].join('\n');
    // The second: a root named for runs read in a function of policies (sources disagree): nothing.
    assert.deepEqual(attributes(scanText(csharp, { languageId: 'csharp' })), [
      '5 attribute policies enforcement-level',
    ]);
  });

  it('says nothing for a function of two resources, a member written to, or an attribute the resource lacks', () => {
    const go = [
      'package tfc',
      'type doc struct{ Attributes attrs `json:"attributes"` }',
      'func Both(c *Client, org string) {',
      '\tc.get("/api/v2/organizations/"+org+"/projects", &projects)',
      '\tc.get("/api/v2/organizations/"+org+"/workspaces", &workspaces)',
      '\tfmt.Println(projects.Data[0].Attributes.Name)',
      '}',
      'func Write(c *Client, org string) {',
      '\tc.get("/api/v2/organizations/"+org+"/workspaces", &ws)',
      '\tws.Relationships.Project.Data.Name = "x"',
      '\tfmt.Println(ws.Attributes.Flavour)',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(go, { languageId: 'go' })), []);
  });
});

describe('history: a typed document the program writes, by the type it is given', () => {
  it("Go: the keyed fields of the literal beside its `Type`, or the members assigned after the chain's `Type`", () => {
    const go = [
      'package callback',
      '',
      'const typeResults = "task-results"',
      '',
      'type Payload struct {',
      '\tData PayloadData `json:"data"`',
      '}',
      '',
      'func build(status, message string) Payload {',
      '\treturn Payload{',
      '\t\tData: PayloadData{',
      '\t\t\tType: "task-results",',
      '\t\t\tAttributes: &PayloadAttributes{',
      '\t\t\t\tStatus:  status,',
      '\t\t\t\tMessage: message,',
      '\t\t\t},',
      '\t\t},',
      '\t}',
      '}',
      '',
      'func fill(p *Payload, status string) {',
      '\tp.Data.Type = typeResults',
      '\tp.Data.Attributes.Status = status',
      '}',
      '',
      'func untyped(kind, status string) Payload {',
      '\tout := Payload{Data: PayloadData{Type: kind, Attributes: &PayloadAttributes{Status: status}}}',
      '\tout.Data.Attributes.Status = status',
      '\treturn out',
      '}',
      '',
      'func problem(status string) ErrorDoc {',
      '\treturn ErrorDoc{Type: "errors", Attributes: ErrorAttrs{Status: status}}',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(go, { languageId: 'go' })), [
      '14 attribute task-results status',
      '23 attribute task-results status',
    ]);
  });

  it('C#: an initializer\'s `Attributes = new … { … }` beside `Type = "…"`', () => {
    const cs = [
      'public class Callback {',
      '  public Payload Build(string status) {',
      '    return new Payload {',
      '      Data = new PayloadData {',
      '        Type = "task-results",',
      '        Attributes = new PayloadAttributes { Status = status, Message = "done" }',
      '      }',
      '    };',
      '  }',
      '  public Payload Other(string status, string kind) {',
      '    return new Payload { Data = new PayloadData { Type = kind, Attributes = new PayloadAttributes { Status = status } } };',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(cs, { languageId: 'csharp' })), ['6 attribute task-results status']);
  });

  it('a `Type` from a variable of another function, or from a parameter of the same name, says nothing (Go, C#)', () => {
    const go = [
      'package sync',
      '',
      'var label string',
      '',
      'func audit() {',
      '\tlabel = "projects"',
      '\tlog.Println(label)',
      '}',
      '',
      'func compose(label, title string) Envelope {',
      '\treturn Envelope{Data: Body{Type: label, Attributes: &Fields{Name: title}}}',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(go, { languageId: 'go' })), []);
    const cs = [
      'public class Sync {',
      '  public void Audit() {',
      '    var label = "projects";',
      '    Console.WriteLine(label);',
      '  }',
      '  public Envelope Compose(string label, string title) {',
      '    return new Envelope { Data = new Body { Type = label, Attributes = new Fields { Name = title, Description = "" } } };',
      '  }',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(cs, { languageId: 'csharp' })), []);
  });

  it("Go: a constant of a `const (` block names the type; the chain's last `Type` decides, and a chain typed twice or assigned again says nothing", () => {
    const go = [
      'package sync',
      '',
      'const (',
      '\tkindStates = "state-versions"',
      '\tkindProjects ResourceKind = "projects"',
      ')',
      '',
      'func twice(env *Envelope, title string) {',
      '\tenv.Data.Type = "projects"',
      '\tpost(env)',
      '\tenv.Data = Body{}',
      '\tenv.Data.Type = "workspaces"',
      '\tenv.Data.Attributes.Name = title',
      '}',
      '',
      'func reset(env *Envelope, title string) {',
      '\tenv.Data.Type = kindProjects',
      '\tenv.Data = other()',
      '\tenv.Data.Attributes.Name = title',
      '}',
      '',
      'func once(env *Envelope, title string) {',
      '\tenv.Data.Type = kindProjects',
      '\tenv.Data.Attributes.Name = title',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(scanText(go, { languageId: 'go' })), ['24 attribute projects name']);
  });
});
