// A client's own function that builds a path from the pieces its callers pass (shared/src/history/path-helpers.ts):
// the call's literal pieces put in the function's template, other arguments placeholders, the method the send's.
// Snippets written for these tests, in the style of small hand-written clients.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { factsConcern, projectFacts, scanFile, scanProject, scanText } from '@keyfob/shared/history';
import { callsHelper, type PathHelper } from '../../src/history/path-helpers.ts';

// Read as a file of a project that names this API (`apiElsewhere`): its paths on a base the snippet alone does
// not show to be this API's are kept, as in the client it stands for (alone they are any API's: unrooted-paths.test.ts).
const endpoints = (text: string, fileName: string): string[] =>
  scanText(text, { fileName, apiElsewhere: true })
    .filter((m) => m.subject.id.startsWith('endpoint'))
    .map((m) => `${m.line} ${m.subject.id}`);

const RUST_HELPERS = [
  'impl Api {',
  '    async fn get_json(&self, path: &str) -> Result<Value, Error> {',
  '        self.send(Method::GET, path, None).await',
  '    }',
  '',
  '    async fn post_json(&self, path: &str, body: Value) -> Result<Value, Error> {',
  '        self.send(Method::POST, path, Some(body)).await',
  '    }',
  '',
  '    async fn fetch_list(&self, scope: &str, id: &str, list: &str, page: Page) -> Result<Value, Error> {',
  '        self.get_json(&format!("/{}/{}/{}{}", scope, escape(id), list, page.query_string()))',
  '            .await',
  '    }',
  '}',
  '',
  'fn link_path(owner: &str, owner_id: &str, link: &str) -> String {',
  '    format!("/{}/{}/relationships/{}", owner, escape(owner_id), link)',
  '}',
].join('\n');

describe("a client's own helper given literal path pieces", () => {
  it('Rust: a helper that sends (its get_json) and one that returns the path (the caller posts it)', () => {
    const text = [
      RUST_HELPERS,
      '',
      'impl Api {',
      '    pub async fn org_projects(&self, org: &str, page: Page) -> Result<Value, Error> {',
      '        self.fetch_list("organizations", org, "projects", page).await',
      '    }',
      '',
      '    pub async fn tag_workspace(&self, ws: &str, body: Value) -> Result<Value, Error> {',
      '        let path = link_path("workspaces", ws, "tags");',
      '        self.post_json(&path, body).await',
      '    }',
      '',
      '    // Not literal: the pieces say nothing.',
      '    pub async fn any_link(&self, kind: &str, id: &str, what: &str, body: Value) -> Result<Value, Error> {',
      '        let path = link_path(kind, id, what);',
      '        self.post_json(&path, body).await',
      '    }',
      '}',
      'const BASE: &str = "https://app.terraform.io/api/v2";',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'src/api.rs'), [
      '22 endpoint GET /organizations/:organization_name/projects',
      '26 endpoint POST /workspaces/:workspace_id/relationships/tags',
    ]);
  });

  it("another file's helpers: the project's facts (a call in a file that defines none)", () => {
    const calls = [
      'impl Api {',
      '    pub async fn add_vars(&self, set: &str, body: Value) -> Result<Value, Error> {',
      '        let path = link_path("varsets", set, "vars");',
      '        self.post_json(&path, body).await',
      '    }',
      '    pub async fn sets(&self, org: &str, page: Page) -> Result<Value, Error> {',
      '        self.fetch_list(',
      '            "organizations",',
      '            org,',
      '            "varsets",',
      '            page,',
      '        )',
      '        .await',
      '    }',
      '    pub async fn rename_set(&self, set: &str, body: Value) -> Result<Value, Error> {',
      '        self.patch_json(&format!("/varsets/{}", escape(set)), body).await',
      '    }',
      '}',
      'const HOST: &str = "https://app.terraform.io";',
    ].join('\n');
    const found = scanProject([
      { text: RUST_HELPERS, fileName: 'src/api/mod.rs' },
      { text: calls, fileName: 'src/api/ops.rs' },
    ]);
    assert.deepEqual(
      found[1]!.filter((m) => m.subject.id.startsWith('endpoint')).map((m) => `${m.line} ${m.subject.id}`),
      [
        '3 endpoint POST /varsets/:varset_id/relationships/vars',
        '8 endpoint GET /organizations/:organization_name/varsets',
      ],
    );
  });

  it("another file's helper: only a file that calls it with a literal piece, and defines no function of its name, is read with it", () => {
    const client = [
      'from urllib.parse import quote',
      '',
      'class Client:',
      '    def link(self, kind, id, rel):',
      '        return f"/{kind}/{quote(id)}/relationships/{rel}"',
      '',
      '    def tag(self, ws, body):',
      '        return self.session.post(self.base + self.link("workspaces", ws, "tags"), json=body)',
    ].join('\n');
    // Its own `link` (a mirror's file name, no path of this API): the other file's reading is not this one's.
    const mirror = [
      'class Mirror:',
      '    def link(self, kind, id, rel):',
      '        return self.root + kind + "-" + id + "." + rel',
      '',
      '    def push(self, body):',
      '        return self.session.post(self.link("workspaces", "ws-1", "tags"), json=body)',
    ].join('\n');
    const caller = [
      'def tag_all(client, ids):',
      '    for ws in ids:',
      '        client.session.post(client.base + client.link("workspaces", ws, "tags"))',
    ].join('\n');
    // No literal piece: the helper's path says nothing new, and the file is not read again.
    const none = [
      'def link_all(client, ids, kind, rel):',
      '    for ws in ids:',
      '        client.session.post(client.base + client.link(kind, ws, rel))',
    ].join('\n');
    // A package named for this API's client (its paths on `self.base` are this API's).
    const files = [client, mirror, caller, none].map((text, k) => ({ text, fileName: `tfe/part${k}.py` }));
    const found = scanProject(files).map((matches) =>
      matches.filter((m) => m.subject.id.startsWith('endpoint')).map((m) => `${m.line} ${m.subject.id}`),
    );
    assert.deepEqual(found, [
      ['8 endpoint POST /workspaces/:workspace_id/relationships/tags'],
      [],
      ['3 endpoint POST /workspaces/:workspace_id/relationships/tags'],
      [],
    ]);
    const project = projectFacts(files.map((f) => scanFile(f.text, f).facts));
    assert.deepEqual(
      files.map((f) => factsConcern(project, f.text)),
      [false, false, true, false],
    );
  });

  it('Python: a join of the rest of the arguments; Go: a Sprintf helper sent with http.MethodPost', () => {
    const py = [
      'class Client:',
      '    def _path(self, *parts):',
      '        return "/" + "/".join(parts)',
      '',
      '    def tag(self, ws_id, body):',
      '        return self._post(self._path("workspaces", ws_id, "relationships", "tags"), body)',
      '',
      '    def other(self, kind, ws_id, body):',
      '        return self._post(self._path(kind, ws_id), body)',
    ].join('\n');
    assert.deepEqual(endpoints(py, 'client.py'), ['6 endpoint POST /workspaces/:workspace_id/relationships/tags']);
    const go = [
      'func (c *Client) relPath(owner, id, rel string) string {',
      '\treturn fmt.Sprintf("/%s/%s/relationships/%s", owner, url.PathEscape(id), rel)',
      '}',
      '',
      'func (c *Client) AttachSet(ctx context.Context, setID string, body []byte) error {',
      '\treturn c.do(ctx, http.MethodPost, c.relPath("varsets", setID, "workspaces"), body)',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(go, 'client.go'), ['6 endpoint POST /varsets/:varset_id/relationships/workspaces']);
  });

  it('JS: a helper joining its segments; the method from the call that sends the result', () => {
    const js = [
      'function apiPath(...segments) {',
      "  return '/' + segments.join('/');",
      '}',
      '',
      'export async function attach(client, setId, body) {',
      "  return client.post(apiPath('varsets', setId, 'relationships', 'workspaces'), body);",
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(js, 'client.js'), ['6 endpoint POST /varsets/:varset_id/relationships/workspaces']);
  });

  it("decoys: another API's path, a send whose method is not said, a verb name no sibling confirms", () => {
    const text = [
      'fn forge_path(kind: &str, id: &str, what: &str) -> String {',
      '    format!("https://api.bitbucket.org/2.0/{}/{}/{}", kind, id, what)',
      '}',
      'fn org_path(org: &str, list: &str) -> String {',
      '    format!("/organizations/{}/{}", org, list)',
      '}',
      'impl Api {',
      '    async fn get_cached(&self, path: &str) -> Result<Value, Error> {',
      '        self.cache.read(path).await',
      '    }',
      '    pub async fn forge(&self, ws: &str) -> Result<Value, Error> {',
      '        self.get_cached(&forge_path("workspaces", ws, "projects")).await',
      '    }',
      '    pub async fn sets(&self, org: &str) -> Result<Value, Error> {',
      '        self.get_cached(&org_path(org, "varsets")).await',
      '    }',
      '    pub async fn sets_again(&self, org: &str) -> Result<Value, Error> {',
      '        self.transport.send(&org_path(org, "varsets")).await',
      '    }',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'src/api.rs'), []);
    // Names of one resource after a base (`{base}/{org}/{name}/{provider}`): a literal there is a module's name, no path word.
    const py = [
      'class Modules:',
      '    def show(self, name, provider):',
      '        return self._get(f"{self._modules_base}/{self._org}/{name}/{provider}")',
      '',
      '    def aws_vpc(self):',
      '        return self.show("vpc", "aws")',
    ].join('\n');
    assert.deepEqual(endpoints(py, 'modules.py'), []);
    // A map's or a cache's get / Delete is no request: no method, and these paths have more than one.
    const cache = [
      'class Client:',
      '    def _path(self, *parts):',
      '        return "/" + "/".join(parts)',
      '',
      '    def cached_tags(self, ws_id):',
      '        return self._cache.get(self._path("workspaces", ws_id, "relationships", "tags"))',
    ].join('\n');
    assert.deepEqual(endpoints(cache, 'client.py'), []);
    const go = [
      'func (c *Client) relPath(owner, id, rel string) string {',
      '\treturn fmt.Sprintf("/%s/%s/relationships/%s", owner, url.PathEscape(id), rel)',
      '}',
      '',
      'func (c *Client) Forget(setID string) {',
      '\tc.cache.Delete(c.relPath("varsets", setID, "workspaces"))',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(go, 'client.go'), []);
  });

  it("decoys: another API's client joining the same words (/projects/:id is a word APIs share)", () => {
    // A Jira client: its base is /rest/api/3.
    const jira = [
      'const BASE = `${process.env.ISSUES_URL}/rest/api/3`;',
      'const segs = (...parts) => `/${parts.join("/")}`;',
      'function apiPath(...segments) {',
      "  return '/' + segments.join('/');",
      '}',
      'export async function dropProject(client, key) {',
      "  return client.delete(apiPath('projects', key));",
      '}',
      'export async function readTeam(client, id) {',
      "  return client.get(apiPath('teams', id));",
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(jira, 'issues.js'), []);
    // A GitLab client: its base is /api/v4.
    const gitlab = [
      'class Forge:',
      '    def __init__(self, url):',
      '        self.base = url.rstrip("/") + "/api/v4"',
      '',
      '    def _path(self, *parts):',
      '        return "/" + "/".join(parts)',
      '',
      '    def _delete(self, path):',
      '        return requests.delete(self.base + path)',
      '',
      '    def drop_project(self, pid):',
      '        return self._delete(self._path("projects", pid))',
      '',
      '    def drop_user(self, uid):',
      '        return self._delete(self._path("users", uid))',
    ].join('\n');
    assert.deepEqual(endpoints(gitlab, 'forge.py'), []);
  });
});

describe('callsHelper: a call of the project’s helper with a literal piece, in a text that does not define it', () => {
  const helper: PathHelper = { pieces: ['/', 0, '/', 1, '/relationships/', 2], returns: true };
  const call = 'path = link_path("workspaces", ws_id, "tags")';

  it('a call with no definition of the name anywhere is one', () => {
    assert.equal(callsHelper([call, 'other(link_path)'].join('\n'), 'link_path', helper), true);
  });

  it('a definition at the text’s first place, or after the calls (found however far on), is none', () => {
    const def = 'def link_path(owner, owner_id, link):';
    assert.equal(callsHelper([def, '    pass', call].join('\n'), 'link_path', helper), false);
    const late = [call, call, 'x = link_path(a, b, c)', def, '    return f"/{owner}/{owner_id}/relationships/{link}"'];
    assert.equal(callsHelper(late.join('\n'), 'link_path', helper), false);
    // A method's head after its name (`linkPath(kind, id) {`) defines it too.
    const ts = ['linkPath(kind: string, id: string, link: string) {', '}', 'linkPath("workspaces", id, "tags")'];
    assert.equal(callsHelper(ts.join('\n'), 'linkPath', helper), false);
    assert.equal(callsHelper(ts.slice(2).join('\n'), 'linkPath', helper), true);
  });
});
