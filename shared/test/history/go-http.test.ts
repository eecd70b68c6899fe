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
