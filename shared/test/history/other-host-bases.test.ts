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
  // A client of a cloud's resource manager: its base is a path of that API (`/resource-manager/2019-12-10`), joined
  // to words this API shares (`/projects/{id}`, `/organizations`). The same client on `/api/v2` is read.
  const python = (base: string): string =>
    [
      'class ResourceManager(CloudClient):',
      `    RM = "${base}"`,
      '',
      '    def get_project(self, project_id):',
      '        return self.get(f"{self.RM}/projects/{project_id}")',
      '',
      '    def create_project(self, org_id, name, description=""):',
      '        data = {"name": name, "description": description, "parent": {"type": "ORGANIZATION", "id": org_id}}',
      '        return self.post(f"{self.RM}/projects", data)',
      '',
      '    def delete_project(self, project_id):',
      '        return self.delete(f"{self.RM}/projects/{project_id}")',
    ].join('\n');

  it('Python: a class attribute holding `/resource-manager/2019-12-10`: nothing, nor its payload keys', () => {
    assert.deepEqual(scanText(python('/resource-manager/2019-12-10'), { fileName: 'cloud.py' }), []);
    assert.deepEqual(endpoints(python('/api/v2'), 'cloud.py'), [
      '5 endpoint GET /projects/:project_id',
      '12 endpoint DELETE /projects/:project_id',
    ]);
  });

  it('TypeScript and Go: a constant base path of another API', () => {
    const ts = [
      "const RM = '/resource-manager/2019-12-10';",
      'export const deleteProject = (id: string) => http.delete(`${RM}/projects/${id}`);',
      "const TFE = '/api/v2';",
      'export const readProject = (id: string) => http.get(`${TFE}/projects/${id}`);',
    ].join('\n');
    assert.deepEqual(endpoints(ts, 'cloud.ts'), ['4 endpoint GET /projects/:project_id']);
    const go = [
      'package cloud',
      '',
      'const rmBase = "/resource-manager/2019-12-10"',
      '',
      'func (c *Client) DeleteProject(ctx context.Context, id string) error {',
      '\treturn c.do(ctx, http.MethodDelete, fmt.Sprintf("%s/projects/%s", rmBase, id), nil)',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(go, 'cloud.go'), []);
    assert.deepEqual(endpoints(go.replace('/resource-manager/2019-12-10', '/api/v2'), 'cloud.go'), [
      '6 endpoint DELETE /projects/:project_id',
    ]);
  });
});
