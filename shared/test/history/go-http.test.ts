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
    // its commands with the path written in the call.
    const source = [
      'package cmd',
      '',
      'func show(client *api.Client, org, id, name string) error {',
      '\tvar doc jsonapi.Document',
      '\tif err := client.Get("/organizations/"+org+"/projects", &doc); err != nil {', // 5
      '\t\treturn err',
      '\t}',
      '\tif err := client.Get("/projects/"+id, &doc); err != nil {', // 8
      '\t\treturn err',
      '\t}',
      '\tif err := client.Get(fmt.Sprintf("/organizations/%s/workspaces/%s", org, name), &doc); err != nil {', // 11
      '\t\treturn err',
      '\t}',
      '\treturn client.Get("/runs", nil)', // 14: the API has only POST /runs
      '}',
    ].join('\n');
    assert.deepEqual(uses(source), [
      '5: endpoint GET /organizations/:organization_name/projects',
      '8: endpoint GET /projects/:project_id',
      '11: endpoint GET /organizations/:organization_name/workspaces/:name',
    ]);
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
