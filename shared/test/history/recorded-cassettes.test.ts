// A recorded HTTP cassette (Ruby's VCR, as a Rails project's spec/vcr_cassettes keeps it): each interaction's request
// is a `method:` key with a plain lower-case value (`method: get`) above its `uri:`, and the answer's body is JSON
// written inside a single-quoted YAML string (`string: '{"data":[…]}'`). Shape of held48's refresher.yml; made-up
// values. Before: the lower-case method was no method (GET /organizations, which has POST too, was not read), and
// the first path inside the body (a relationship's `"related": "/api/v2/runs/…"` link) made the scan skip the rest
// of the string, so the workspace's later relationships (`outputs`, `tag-bindings`, `project`) were never read.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const found = (text: string, fileName: string): string[] =>
  scanText(text, { fileName }).map((m) => `${m.line} ${m.subject.id}`);

const body = [
  '{"data":[{"id":"ws-1","type":"workspaces","attributes":{"name":"app","tag-names":[]},',
  '"relationships":{"current-run":{"data":{"id":"run-1","type":"runs"},"links":{"related":"/api/v2/runs/run-1"}},',
  '"outputs":{"data":[]},"tag-bindings":{"links":{"related":"/api/v2/workspaces/ws-1/tag-bindings"}},',
  '"project":{"data":{"id":"prj-1","type":"projects"}}}}]}',
].join('');

const cassette = [
  '---',
  'http_interactions:',
  '- request:',
  '    method: get',
  '    uri: https://app.terraform.io/api/v2/organizations',
  '    body:',
  '      encoding: US-ASCII',
  "      string: ''",
  '  response:',
  '    status:',
  '      code: 200',
  '    body:',
  '      encoding: UTF-8',
  `      string: '${body}'`,
  '  recorded_at: Fri, 21 Mar 2025 15:20:42 GMT',
  '- request:',
  '    method: get',
  '    uri: https://app.terraform.io/api/v2/organizations/acme/projects',
  '',
].join('\n');

describe('history: a recorded cassette', () => {
  it("a request's `method: get` is the method of the `uri:` under it", () => {
    const rows = found(cassette, 'spec/vcr_cassettes/refresher.yml');
    assert.ok(rows.includes('5 endpoint GET /organizations'), rows.join('\n'));
    assert.ok(rows.includes('18 endpoint GET /organizations/:organization_name/projects'), rows.join('\n'));
    assert.ok(!rows.some((r) => r.includes('POST')), rows.join('\n'));
  });

  it('a plain lower-case method word in code or prose is no method', () => {
    // not a YAML key's whole value at its line's start: a Python keyword argument, a sentence
    const py = 'resp = session.request(method=get, url="https://app.terraform.io/api/v2/organizations")';
    assert.deepEqual(found(py, 'client.py'), []);
    const md = 'Call it with method: get and then\nhttps://app.terraform.io/api/v2/organizations\n';
    assert.deepEqual(found(md, 'notes.md'), []);
  });

  it("the recorded body's keys after a link inside it are read too", () => {
    const rows = found(cassette, 'spec/vcr_cassettes/refresher.yml').filter((r) => r.startsWith('14 '));
    for (const want of [
      '14 resource - workspaces',
      '14 attribute workspaces tag-names',
      '14 attribute workspaces outputs',
      '14 attribute workspaces tag-bindings',
      '14 attribute workspaces project',
    ])
      assert.ok(rows.includes(want), `${want}\n${rows.join('\n')}`);
    // the links themselves are addresses in an answer: no endpoint
    assert.ok(!rows.some((r) => r.includes('endpoint')), rows.join('\n'));
  });

  it('JSON in a single-quoted string of other languages: its later paths and keys are read (Python)', () => {
    const py = [
      'RECORDED = \'{"data": {"type": "workspaces", "links": {"self": "/api/v2/workspaces/ws-1"}, \'',
      '# the same object, on one line',
      'ANSWER = \'{"data": {"type": "workspaces", "links": {"self": "/api/v2/workspaces/ws-1"}, "attributes": {"tag-names": []}}}\'',
    ].join('\n');
    const rows = found(py, 'tests/fixtures.py');
    assert.ok(rows.includes('3 attribute workspaces tag-names'), rows.join('\n'));
  });

  it("a `relationships` key is the relationship, not its `include` value's other spelling (plain, '…' and \\\"…\\\" JSON)", () => {
    // held48 refresher.yml:338: the recorded workspace's `"current-configuration-version": {"data": …}` was reported
    // as `attribute workspaces current_configuration_version` (the history's include value, `?include=…`).
    const ws =
      '{"data":{"id":"ws-1","type":"workspaces","attributes":{"name":"app","tag-names":[]},"relationships":' +
      '{"current-configuration-version":{"data":{"id":"cv-1","type":"configuration-versions"},' +
      '"links":{"related":"/api/v2/configuration-versions/cv-1"}},"locked-by":{"data":null},' +
      '"outputs":{"data":[]},"project":{"data":{"id":"prj-1","type":"projects"}}}}}';
    const escaped = ws.replace(/"/g, '\\"');
    for (const [text, fileName] of [
      [`    body:\n      encoding: UTF-8\n      string: '${ws}'\n`, 'spec/vcr_cassettes/ws.yml'],
      [`    body:\n      encoding: UTF-8\n      string: "${escaped}"\n`, 'spec/vcr_cassettes/ws2.yml'],
      [`WS = '${ws}'\n`, 'tests/fixtures.py'],
      [`WS = "${escaped}"\n`, 'tests/fixtures2.py'],
    ]) {
      const rows = found(text!, fileName!);
      assert.ok(
        !rows.some((r) => /current_configuration_version|locked_by/.test(r)),
        `${fileName}\n${rows.join('\n')}`,
      );
      assert.ok(
        rows.some((r) => r.endsWith('attribute workspaces outputs')),
        `${fileName}\n${rows.join('\n')}`,
      );
      assert.ok(
        rows.some((r) => r.endsWith('attribute workspaces project')),
        `${fileName}\n${rows.join('\n')}`,
      );
    }
    // the include value itself is still its subject
    const py =
      'r = s.get("https://app.terraform.io/api/v2/organizations/acme/workspaces", params={"include": "current_configuration_version"})';
    assert.ok(found(py, 'list.py').some((r) => r.endsWith('attribute workspaces current_configuration_version')));
  });

  it("another service's recorded request on the same `/api/v2/` root says nothing (AWX)", () => {
    // rv a3-cassette-other: `method: delete` / `uri: https://awx.example.com/api/v2/projects/7/` was DELETE /projects/:project_id
    const awx = [
      '---',
      'http_interactions:',
      '- request:',
      '    method: delete',
      '    uri: https://awx.example.com/api/v2/projects/7/',
      '    body:',
      "      string: ''",
      '  response:',
      '    body:',
      `      string: '{"url": "/api/v2/organizations/1/projects/"}'`,
      '- request:',
      '    method: get',
      '    uri: https://tfe.acme.internal/api/v2/organizations/acme/projects',
      '',
    ].join('\n');
    const rows = found(awx, 'spec/fixtures/vcr_cassettes/awx_projects.yml');
    assert.ok(!rows.some((r) => r.includes('/projects/:project_id')), rows.join('\n'));
    // a host named for this API (a self-hosted edition's) is still read
    assert.ok(rows.includes('13 endpoint GET /organizations/:organization_name/projects'), rows.join('\n'));
  });

  it('a lower-case `method: post` outside a cassette is no method (a YAML check list)', () => {
    const checks = [
      'checks:',
      '  - name: list organizations',
      '    method: post',
      '    url: https://app.terraform.io/api/v2/organizations',
      '',
    ].join('\n');
    const rows = found(checks, 'monitoring/checks.yml');
    assert.ok(!rows.some((r) => r.includes('POST')), rows.join('\n'));
  });
});
