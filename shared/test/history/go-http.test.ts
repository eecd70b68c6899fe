// Go programs with their own HTTP layer: a URL variable sent by an exported verb of the program's client
// (`c.http.Get(u)`, net/http's `client.Post(u, …)`), and a query key percent-encoded in a format string
// (`fmt.Sprintf("…?page%%5Bsize%%5D=50", …)`, whose `%%` is one `%` once formatted).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

// Read as a file of a project that names this API (`apiElsewhere`): its paths on a base the snippet alone does
// not show to be this API's are kept, as in the client it stands for (alone they are any API's: unrooted-paths.test.ts).
const uses = (source: string): string[] =>
  scanText(source, { languageId: 'go', apiElsewhere: true }).map((m) => `${m.line}: ${m.subject.id}`);

describe("Go programs' own HTTP layer", () => {
  it("a URL variable sent by the client's exported verb takes that verb as its method", () => {
    const source = [
      'package api',
      '',
      'const host = "https://app.terraform.io"',
      'func (a *API) one(org, name string) ([]byte, error) {',
      '\tpath := fmt.Sprintf("/api/v2/organizations/%s/workspaces/%s", org, name)', // 5
      '\treturn a.http.Get(path)',
      '}',
      '',
      'func (a *API) two(org string, body io.Reader) error {',
      '\tpath := fmt.Sprintf("/api/v2/organizations/%s/projects", org)', // 10
      '\t_, err := a.http.Post(path, "application/vnd.api+json", body)',
      '\treturn err',
      '}',
    ].join('\n');
    const found = uses(source);
    assert.ok(found.includes('5: endpoint GET /organizations/:organization_name/workspaces/:name'), found.join('\n'));
    assert.ok(found.includes('10: endpoint POST /organizations/:organization_name/projects'), found.join('\n'));
  });

  it("a literal path given to an HTTP client's exported verb is sent with it, also through the format call that builds it", () => {
    // A CLI's own client (`func (c *Client) Get(path string, result interface{}) error`, in another file) called from
    // its commands with the path written in the call; the file shows the API by its models' dashed wire names.
    const source = [
      'package cmd',
      '',
      'type projectAttrs struct {',
      '\tCreatedAt string `json:"created-at"`',
      '}',
      '',
      'func show(client *api.Client, org, id, name string) error {',
      '\tvar doc jsonapi.Document',
      '\tif err := client.Get("/organizations/"+org+"/projects", &doc); err != nil {', // 9
      '\t\treturn err',
      '\t}',
      '\tif err := client.Get("/projects/"+id, &doc); err != nil {', // 12
      '\t\treturn err',
      '\t}',
      '\tif err := client.Get(fmt.Sprintf("/organizations/%s/workspaces/%s", org, name), &doc); err != nil {', // 15
      '\t\treturn err',
      '\t}',
      '\treturn client.Get("/runs", nil)', // 18: the API has only POST /runs
      '}',
    ].join('\n');
    assert.deepEqual(uses(source), [
      '9: endpoint GET /organizations/:organization_name/projects',
      '12: endpoint GET /projects/:project_id',
      '15: endpoint GET /organizations/:organization_name/workspaces/:name',
    ]);
  });

  it("a literal path given to another service's client beside go-tfe is that service's: no method from the verb", () => {
    // A sync tool: one file of the package imports go-tfe (so the package names the API), these talk to GitLab and
    // Sentry through their own clients, with paths this API has too.
    const sentry = [
      'package sync',
      '',
      'func (s *sentryClient) projects(org string) ([]sentryProject, error) {',
      '\tvar out []sentryProject',
      '\tif err := s.client.Get(fmt.Sprintf("/organizations/%s/projects/", org), &out); err != nil {', // 5
      '\t\treturn nil, err',
      '\t}',
      '\treturn out, s.client.Get("/organizations/", nil)', // 8
      '}',
      '',
      'func (g *gitlabAPI) project(id string) (*glProject, error) {',
      '\tvar p glProject',
      '\terr := g.api.Get("/projects/"+id, &p)', // 13
      '\treturn &p, err',
      '}',
    ].join('\n');
    assert.deepEqual(uses(sentry), []);
  });

  it("a client's verb after a context or a base, and resty's request, send the literal rooted at this API", () => {
    const source = [
      'package sync',
      '',
      'func (c *rawClient) c(ctx context.Context, id string) error {',
      '\treturn c.client.Get(ctx, "/api/v2/workspaces/"+id, nil)', // 4
      '}',
      '',
      'func (c *rawClient) e(id string) error {',
      '\treturn c.client.Get(c.baseURL+"/api/v2/workspaces/"+id, nil)', // 8
      '}',
      '',
      'func (c *rawClient) f(id string) error {',
      '\t_, err := c.api.R().Get("/api/v2/workspaces/" + id)', // 12
      '\treturn err',
      '}',
    ].join('\n');
    assert.deepEqual(uses(source), [
      '4: endpoint GET /workspaces/:workspace_id',
      '8: endpoint GET /workspaces/:workspace_id',
      '12: endpoint GET /workspaces/:workspace_id',
    ]);
  });

  it("every verb of a client, after a context or a base and resty's, sends the literal with its own method", () => {
    const source = [
      'package sync',
      '',
      'func (c *rawClient) e(id string) error {',
      '\treturn c.client.Patch(c.baseURL+"/api/v2/projects/"+id, nil)', // 4
      '}',
      '',
      'func (c *rawClient) f(id string) error {',
      '\t_, err := c.api.R().Delete("/api/v2/varsets/" + id)', // 8
      '\treturn err',
      '}',
      '',
      'func (c *rawClient) g(ctx context.Context) error {',
      '\treturn c.client.Post(ctx, "/api/v2/runs", nil)', // 13
      '}',
      '',
      'func (c *rawClient) h(id string) error {',
      '\treturn c.client.Delete("/api/v2/projects/"+id, nil)', // 17
      '}',
    ].join('\n');
    assert.deepEqual(uses(source), [
      '4: endpoint PATCH /projects/:project_id',
      '8: endpoint DELETE /varsets/:varset_id',
      '13: endpoint POST /runs',
      '17: endpoint DELETE /projects/:project_id',
    ]);
    // A verb the API's history has no entry for on the path (PATCH and DELETE /workspaces/:workspace_id) is that
    // verb's all the same: not the GET the history knows there.
    const workspaces = [
      'package sync',
      '',
      'func (c *rawClient) e(id string) error {',
      '\treturn c.client.Patch(c.baseURL+"/api/v2/workspaces/"+id, nil)',
      '}',
      '',
      'func (c *rawClient) f(id string) error {',
      '\t_, err := c.api.R().Delete("/api/v2/workspaces/" + id)',
      '\treturn err',
      '}',
    ].join('\n');
    assert.deepEqual(uses(workspaces), []);
  });

  it("a value the function declares, given last after a whole literal, is a send's target or body, no route's handler", () => {
    const source = [
      'package sync',
      '',
      'func (c *rawClient) orgs() error {',
      '\tvar out OrgList',
      '\treturn c.client.Get("/api/v2/organizations", out)', // 5
      '}',
      '',
      'func (c *rawClient) start(body *RunBody) error {',
      '\treturn c.client.Post("/api/v2/runs", body)', // 9
      '}',
      '',
      'func (c *rawClient) ws(id string) error {',
      '\tvar out Workspace',
      '\treturn c.client.Get("/api/v2/workspaces/"+id, out)', // 14
      '}',
    ].join('\n');
    assert.deepEqual(uses(source), [
      '5: endpoint GET /organizations',
      '9: endpoint POST /runs',
      '14: endpoint GET /workspaces/:workspace_id',
    ]);
    // A handler: a function of the package, a function literal, a parameter of a handler's type, or a route's
    // placeholder in the path (whatever the name is).
    const routes = [
      'package sync',
      '',
      'func routes(api fiber.Router, h fiber.Handler) {',
      '\tapi.Get("/api/v2/organizations", listOrganizations)',
      '\tapi.Get("/api/v2/organizations", h)',
      '\tshow := func(c *fiber.Ctx) error { return nil }',
      '\tapi.Get("/api/v2/organizations", show)',
      '\tvar out Project',
      '\tapi.Get("/api/v2/projects/:id", out)',
      '\tapi.Get("/api/v2/projects/{id}", out)',
      '}',
    ].join('\n');
    assert.deepEqual(uses(routes), []);
  });

  it("a route's registration (Fiber's `api.Get(path, handler)`) sends nothing, nor does another language's `.Get(`", () => {
    const routes = [
      'package sync',
      '',
      'func routes(app *fiber.App) {',
      '\tapi := app.Group("/api")',
      '\tapi.Get("/api/v2/projects/:id", getProject)',
      '\tapi.Patch("/api/v2/projects/:id", updateProject)',
      '}',
    ].join('\n');
    assert.ok(!uses(routes).some((u) => /GET|PATCH/.test(u)), uses(routes).join('\n'));
    const python = 'def show(api, id):\n    return api.Get("/api/v2/projects/" + id)\n';
    const found = scanText(python, { languageId: 'python', apiElsewhere: true }).map((m) => m.subject.id);
    assert.ok(!found.includes('endpoint GET /projects/:project_id'), found.join('\n'));
  });

  it("a map's or a header's Get is no request: a path given to it says no method", () => {
    const source = [
      'package api',
      '',
      'func route(r *http.Request, routes map[string]string) string {',
      '\tif v := r.Header.Get("/runs"); v != "" {',
      '\t\treturn v',
      '\t}',
      '\treturn query.Get("/runs")',
      '}',
    ].join('\n');
    assert.deepEqual(uses(source), ['4: endpoint POST /runs', '7: endpoint POST /runs']);
  });

  it('a pagination key after format verbs that hold the path and its separator is the key', () => {
    const source = [
      'package api',
      '',
      'func (c *Client) GetAllPages(path string, collector func([]jsonapi.Resource)) error {',
      '\tfor page := 1; page <= 100; page++ {',
      '\t\tsep := "?"',
      '\t\tif strings.Contains(path, "?") {',
      '\t\t\tsep = "&"',
      '\t\t}',
      '\t\turl := fmt.Sprintf("%s%spage[number]=%d", path, sep, page)', // 9
      '\t\tif err := c.Get(url, nil); err != nil {',
      '\t\t\treturn err',
      '\t\t}',
      '\t}',
      '\treturn nil',
      '}',
    ].join('\n');
    assert.deepEqual(uses(source), ['9: parameter page[number] *']);
  });

  it("a format string's %%5B...%%5D query key is the bracketed key", () => {
    const source = [
      'package api',
      '',
      'func (a *API) vars(id string) string {',
      '\treturn fmt.Sprintf("%s/workspaces/%s/vars?page%%5Bsize%%5D=100", a.base, id)', // 4
      '}',
    ].join('\n');
    const found = uses(source);
    assert.ok(found.includes('4: parameter page[size] *'), found.join('\n'));
  });
});
