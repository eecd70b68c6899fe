// A response's keys read where the matcher lost the response before: a request whose call a formatter wrapped (its
// URL on the lines below the assignment), a member then a subscript (`ws.attributes['updated-at']`, `?.[`), and
// JavaScript's member reads with optional chaining (`p.attributes?.name`) of a body parsed on another line.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const attributes = (text: string, languageId: string): string[] =>
  scanText(text, { languageId })
    .filter((m) => m.subject.type === 'attribute')
    .map((m) => `${m.line} ${m.subject.id}`);

describe('history: a response read from a call whose arguments are wrapped onto the next lines', () => {
  it("is the URL's resource's (TypeScript): the key read from what the call returned, through a holder", () => {
    const text = [
      'export async function describeWorkspace(api: Api, org: string, name: string): Promise<string[]> {',
      '  const result = await api.get(',
      '    `/api/v2/organizations/${org}/workspaces/${name}`,',
      '    { headers: api.headers() },',
      '  );',
      '  const ws = result.data;',
      '  const attrs = ws.attributes || {};',
      "  return [attrs['updated-at'], attrs.locked];",
      '}',
    ].join('\n');
    assert.deepEqual(attributes(text, 'typescript'), ['8 attribute workspaces updated-at']);
  });

  it('Go and Rust alike: a request wrapped over its arguments, its body decoded and walked', () => {
    const go = [
      'type listBody struct {',
      '\tData []struct {',
      '\t\tAttributes struct {',
      '\t\t\tName string `json:"name"`',
      '\t\t} `json:"attributes"`',
      '\t} `json:"data"`',
      '}',
      '',
      'func projectNames(ctx context.Context, c *Client, org string) []string {',
      '\tresp, err := c.do(ctx, http.MethodGet,',
      '\t\tfmt.Sprintf("/api/v2/organizations/%s/projects", org),',
      '\t\tnil)',
      '\tif err != nil {',
      '\t\treturn nil',
      '\t}',
      '\tvar list listBody',
      '\tjson.NewDecoder(resp.Body).Decode(&list)',
      '\tvar out []string',
      '\tfor _, p := range list.Data {',
      '\t\tout = append(out, p.Attributes.Name)',
      '\t}',
      '\treturn out',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(go, 'go'), ['20 attribute projects name']);
    const rust = [
      'pub async fn varset_projects(c: &Client, id: &str) -> Result<Vec<String>, Error> {',
      '    let body: serde_json::Value = c.get(',
      '        &format!("https://app.terraform.io/api/v2/varsets/{}", id),',
      '    ).send().await?.json().await?;',
      '    let rels = &body["data"]["relationships"];',
      '    Ok(vec![rels["projects"].to_string()])',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(rust, 'rust'), ['6 attribute varsets projects']);
  });

  it("says nothing when the wrapped call holds no API URL (one below its close is another call's)", () => {
    const text = [
      'export async function later(api: Api, cache: Cache, key: string, id: string) {',
      '  const cached = await cache.load(',
      '    key,',
      '  );',
      '  const attrs = cached.data.attributes;',
      "  const label = attrs['updated-at'];",
      '  await api.patch(`/api/v2/workspaces/${id}`, { data: { id } });',
      '  return label;',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(text, 'typescript'), []);
  });
});

describe("history: a resource object's attributes read as a member, then a subscript", () => {
  it("is the function's response resource's, through a callback's parameter and optional chaining", () => {
    const text = [
      'async function listWorkspaces(ctx: Ctx, org: string): Promise<string[]> {',
      '  const result = await ctx.client.get(`/organizations/${org}/workspaces`, { page: 1 });',
      '  const workspaces: any[] = result.data || [];',
      '  return workspaces.map((ws: any) => {',
      "    const updated = ws.attributes?.['updated-at'] || 'unknown';",
      "    const again = ws.attributes['updated-at'];",
      '    return `${ws.attributes?.name}: ${updated} ${again}`;',
      '  });',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(text, 'typescript'), [
      '5 attribute workspaces updated-at',
      '6 attribute workspaces updated-at',
    ]);
  });

  it("says nothing where the object is not the function's response, or the function reads two resources (a line's own request still tells)", () => {
    const text = [
      'async function fromFile(path: string, org: string) {',
      '  const url = `https://app.terraform.io/api/v2/organizations/${org}/workspaces`;',
      '  const saved = JSON.parse(await readFile(path, "utf8"));',
      "  return saved.data.map((ws: any) => ws.attributes?.['updated-at']);",
      '}',
      'async function both(org: string) {',
      '  const a = await (await fetch(`https://app.terraform.io/api/v2/organizations/${org}/workspaces`)).json();',
      '  const b = await (await fetch(`https://app.terraform.io/api/v2/organizations/${org}/projects`)).json();',
      "  return [a.data[0].attributes?.['updated-at'], b.data[0].attributes?.name];",
      '}',
    ].join('\n');
    assert.deepEqual(attributes(text, 'typescript'), ['9 attribute projects name']);
  });
});

describe("history: JavaScript's member reads of a body parsed on another line", () => {
  it("are the function's response resource's, with or without optional chaining", () => {
    const text = [
      'async function projectNames(org) {',
      '  const res = await fetch(`https://app.terraform.io/api/v2/organizations/${org}/projects`);',
      '  const body = await res.json();',
      '  const names = [];',
      '  for (const p of body.data) {',
      '    names.push(p.attributes.name);',
      '    names.push(p?.attributes?.name);',
      '  }',
      '  return names;',
      '}',
      'async function varsetProjects(id) {',
      '  const res = await fetch(`https://app.terraform.io/api/v2/varsets/${id}`);',
      '  const body = await res.json();',
      '  return body.data.relationships?.projects?.data ?? [];',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(text, 'javascript'), [
      '6 attribute projects name',
      '7 attribute projects name',
      '14 attribute varsets projects',
    ]);
  });

  it("say nothing of another JSON:API's object in a function with no request (Ruby): a name is no response", () => {
    const text = [
      'class Dashboard',
      '  def project_count(org)',
      '    res = @http.get("/api/v2/organizations/#{org}/projects")',
      '    JSON.parse(res.body, object_class: OpenStruct).data.length',
      '  end',
      '',
      '  def card(project)',
      '    "<h2>#{project.attributes.name}</h2><p>#{project.attributes.description}</p>"',
      '  end',
      'end',
    ].join('\n');
    assert.deepEqual(attributes(text, 'ruby'), []);
  });

  it('say nothing of a body from elsewhere, of a function of two resources, or after `included`', () => {
    const text = [
      'async function fromDisk(org) {',
      '  const res = await fetch(`https://app.terraform.io/api/v2/organizations/${org}/projects`);',
      '  const body = JSON.parse(fs.readFileSync("projects.json", "utf8"));',
      '  return body.data.map((p) => p.attributes?.name);',
      '}',
      'async function two(org) {',
      '  const res = await fetch(`https://app.terraform.io/api/v2/organizations/${org}/projects`);',
      '  const other = await fetch(`https://app.terraform.io/api/v2/organizations/${org}/varsets`);',
      '  const body = await res.json();',
      '  return body.data[0].attributes?.name;',
      '}',
      'async function withIncluded(id) {',
      '  const res = await fetch(`https://app.terraform.io/api/v2/projects/${id}/workspaces`);',
      '  const body = await res.json();',
      '  const inc = body.included[0];',
      '  return inc.attributes?.name;',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(text, 'javascript'), []);
  });
});
