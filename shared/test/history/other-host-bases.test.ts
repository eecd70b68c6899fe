// A path joined to a base the file assigns another API's host (`GITHUB = "https://api.github.com"`, a Bitbucket
// client's `baseUrl`) is that API's: `/projects/{id}` and `/workspaces/{id}` are words many APIs share. The same path
// on a base of this API (its `/api/v2`, HCP Terraform's host, a host the file writes with `/api/v2`) is read.
// Made-up clients in the style of integrations that talk to several services.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (text: string, fileName: string): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

describe('history: paths on a base of another API’s host', () => {
  const python = (base: string): string =>
    [
      'import requests',
      '',
      `BOARD_API = "${base}"`,
      '',
      'def rename_board(project_id, name, token):',
      '    return requests.patch(f"{BOARD_API}/projects/{project_id}", json={"name": name}, headers=auth(token))',
    ].join('\n');

  it('Python: a module base of GitHub’s or Bitbucket’s host says nothing', () => {
    assert.deepEqual(endpoints(python('https://api.github.com'), 'boards.py'), []);
    assert.deepEqual(endpoints(python('https://api.bitbucket.org/2.0'), 'boards.py'), []);
  });

  it('Python: the same call on this API’s base, or a self-hosted one the file names with /api/v2, is read', () => {
    assert.deepEqual(endpoints(python('https://app.terraform.io/api/v2'), 'boards.py'), [
      '6 endpoint PATCH /projects/:project_id',
    ]);
    assert.deepEqual(endpoints(python('https://tfe.acme.internal/api/v2'), 'boards.py'), [
      '6 endpoint PATCH /projects/:project_id',
    ]);
  });
});

describe('history: a shell variable holding another API’s base, with braces or without', () => {
  const script = (base: string, ref: string): string =>
    [
      '#!/bin/bash',
      `BOARD_API="${base}"`,
      `curl -s -X PATCH -H "Authorization: token $TOKEN" "${ref}/projects/$PROJECT_ID" -d @board.json`,
      `curl -s -X DELETE "${ref}/workspaces/$WORKSPACE/relationships/tags"`,
    ].join('\n');

  it('`$BOARD_API/…` says nothing on GitHub’s host, as `${BOARD_API}/…` does', () => {
    assert.deepEqual(endpoints(script('https://api.github.com', '${BOARD_API}'), 'boards.sh'), []);
    assert.deepEqual(endpoints(script('https://api.github.com', '$BOARD_API'), 'boards.sh'), []);
  });

  it('the base assigned by `export`, `readonly` or unquoted, as scripts most often write it', () => {
    for (const assign of ['export BOARD_API=', 'readonly BOARD_API=', 'BOARD_API='])
      for (const ref of ['${BOARD_API}', '$BOARD_API']) {
        const text = script('https://api.github.com', ref).replace(
          'BOARD_API="https://api.github.com"',
          `${assign}https://api.github.com`,
        );
        assert.deepEqual(endpoints(text, 'boards.sh'), [], `${assign} ${ref}`);
      }
    const tfe = script('https://app.terraform.io/api/v2', '$BOARD_API')
      .replace('BOARD_API="', 'export BOARD_API=')
      .replace('v2"', 'v2');
    assert.deepEqual(endpoints(tfe, 'boards.sh'), [
      '3 endpoint PATCH /projects/:project_id',
      '4 endpoint DELETE /workspaces/:workspace_id/relationships/tags',
    ]);
  });

  it('an overridable default (`${GH_API:-https://…}`, `-`, `:=`; `: "${X:=…}"`) holds the default as its value', () => {
    for (const assign of [
      'BOARD_API=${GH_API:-https://api.github.com}',
      'BOARD_API="${GH_API-https://api.github.com}"',
      'export BOARD_API=${BOARD_API:=https://api.github.com}',
      ': "${BOARD_API:=https://api.github.com}"',
    ]) {
      const text = script('https://api.github.com', '$BOARD_API').replace('BOARD_API="https://api.github.com"', assign);
      assert.deepEqual(endpoints(text, 'boards.sh'), [], assign);
      assert.equal(
        endpoints(text.replaceAll('https://api.github.com', 'https://app.terraform.io/api/v2'), 'boards.sh').length,
        2,
        assign,
      );
    }
  });

  it('on this API’s base both are read', () => {
    for (const ref of ['${BOARD_API}', '$BOARD_API'])
      assert.deepEqual(endpoints(script('https://app.terraform.io/api/v2', ref), 'boards.sh'), [
        '3 endpoint PATCH /projects/:project_id',
        '4 endpoint DELETE /workspaces/:workspace_id/relationships/tags',
      ]);
  });
});

describe('history: paths on a base that is another API’s path (no host)', () => {
  // A GitLab client on `/api/v4` (its own API's version), a cloud's `/v1beta/acme` catalogue: paths under such a base
  // share this API's words (`/projects/{id}`). The same client on `/api/v2` is read (review v5 item 7: made-up bases).
  const python = (base: string): string =>
    [
      'class GitLab:',
      `    API = "${base}"`,
      '',
      '    def project(self, project_id):',
      '        return self.session.get(f"{self.API}/projects/{project_id}")',
      '',
      '    def rename(self, project_id, name):',
      '        return self.session.put(f"{self.API}/projects/{project_id}", json={"name": name, "description": ""})',
      '',
      '    def archive(self, project_id):',
      '        return self.session.delete(f"{self.API}/projects/{project_id}")',
    ].join('\n');

  it('Python: a class attribute holding `/api/v4`: nothing, nor its payload keys', () => {
    assert.deepEqual(scanText(python('/api/v4'), { fileName: 'gitlab.py' }), []);
    // This API's root in a base of the file, as in a literal, asks a name of this API beside paths other products share.
    assert.deepEqual(endpoints(python('/api/v2'), 'gitlab.py'), []);
    assert.deepEqual(endpoints(python('/api/v2').replace('class GitLab:', 'class TfeClient:'), 'client.py'), [
      '5 endpoint GET /projects/:project_id',
      '11 endpoint DELETE /projects/:project_id',
    ]);
  });

  it('TypeScript and Go: a constant base path of another API', () => {
    const ts = [
      "const CATALOG = '/v1beta/acme';",
      'export const dropProject = (id: string) => http.delete(`${CATALOG}/projects/${id}`);',
      "const TFE = '/api/v2';",
      'export const readProject = (id: string) => http.get(`${TFE}/projects/${id}`);',
    ].join('\n');
    assert.deepEqual(endpoints(ts, 'catalog.ts'), ['4 endpoint GET /projects/:project_id']);
    const go = [
      'package catalog',
      '',
      'const catalogBase = "/v1beta/acme"',
      '',
      'func (c *Client) DropProject(ctx context.Context, id string) error {',
      '\treturn c.do(ctx, http.MethodDelete, fmt.Sprintf("%s/projects/%s", catalogBase, id), nil)',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(go, 'catalog.go'), []);
    assert.deepEqual(endpoints(go.replace('/v1beta/acme', '/api/v2'), 'catalog.go'), []);
    assert.deepEqual(
      endpoints(go.replace('/v1beta/acme', '/api/v2').replace('package catalog', 'package tfe'), 'catalog.go'),
      ['6 endpoint DELETE /projects/:project_id'],
    );
  });
});

describe('history: another version of an `/api` root (`/api/v2.0`, a registry server’s)', () => {
  const client = (root: string): string =>
    [
      'package registry',
      '',
      'type Project struct {',
      '\tProjectID int    `json:"project_id"`',
      '\tName      string `json:"name"`',
      '}',
      '',
      'func (c *Client) Projects() (*http.Response, error) {',
      `\treturn c.HTTP.Get(c.BaseURL + "${root}/projects?page_size=100")`,
      '}',
    ].join('\n');
  const names = (text: string): string[] =>
    scanText(text, { fileName: 'registry.go' }).map((m) => `${m.line} ${m.subject.id}`);

  it('Go: a model beside `/api/v2.0/projects` is that API’s; beside this API’s `/api/v2` it is read', () => {
    assert.deepEqual(names(client('/api/v2.0')), []);
    assert.deepEqual(names(client('/api/v2')), ['5 attribute projects name']);
  });
});

describe('history: a base placeholder named for another API (another version, a code host)', () => {
  it('a CI job on GitLab’s predefined `${CI_API_V4_URL}` and a script on `$GITHUB_API_URL` say nothing', () => {
    const job = [
      'cleanup:',
      '  script:',
      '    - \'curl --fail --request DELETE --header "PRIVATE-TOKEN: ${TOKEN}" "${CI_API_V4_URL}/projects/${TARGET}"\'',
      '    - \'curl --fail --header "JOB-TOKEN: ${CI_JOB_TOKEN}" "${CI_API_V4_URL}/projects/${CI_PROJECT_ID}"\'',
    ].join('\n');
    assert.deepEqual(endpoints(job, '.gitlab-ci.yml'), []);
    const script = ['curl -s -X DELETE -H "Authorization: token $GH" "$GITHUB_API_URL/projects/$BOARD"'];
    assert.deepEqual(endpoints(script.join('\n'), 'close.sh'), []);
    const python = ['import requests', 'requests.delete(f"{settings.api_v1_base}/projects/{pid}")'];
    assert.deepEqual(endpoints(python.join('\n'), 'drop.py'), []);
  });

  it('the same job on a base named for this API is read', () => {
    const job = [
      'cleanup:',
      '  script:',
      '    - \'curl --fail --request DELETE --header "Authorization: Bearer ${TFC_TOKEN}" "${TFC_API_V2}/projects/${TARGET}"\'',
    ].join('\n');
    assert.deepEqual(endpoints(job, '.gitlab-ci.yml'), ['3 endpoint DELETE /projects/:project_id']);
  });
});
