// A code host's own API, called by its CLI (`gh api`, `glab api`) or GitHub's client by route string
// (`octokit.request('DELETE /projects/{project_id}')`, github-script's `github.request(…)`): GitHub's classic project
// boards are `/projects/{project_id}`, its teams `/orgs/{org}/teams`, spelled like this API's paths. Those sends are
// the code host's; a request to this API in the same file is still read. Made-up workflows and scripts.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const found = (text: string, fileName: string): string[] =>
  scanText(text, { fileName }).map((m) => `${m.line} ${m.subject.id}`);

describe('history: a code host’s API command or route-string call sends that host’s paths', () => {
  it('shell: `gh api` and `glab api` commands, with a method, a continuation or none, say nothing', () => {
    const script = [
      '#!/usr/bin/env bash',
      'gh api -X DELETE "/projects/${BOARD_ID}"',
      'gh api --method PATCH \\',
      '  "/projects/${BOARD_ID}" -f state=closed -f name="Release ${VERSION}"',
      'glab api "/projects/${GROUP_PROJECT}"',
      'BOARD=$(gh api "/projects/${BOARD_ID}" --jq .name)',
    ].join('\n');
    assert.deepEqual(found(script, 'close-board.sh'), []);
  });

  it('a workflow: a `gh api` step is GitHub’s, the curl step to this API beside it is read', () => {
    const workflow = [
      'on: release',
      'jobs:',
      '  tidy:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: gh api -X DELETE /projects/${{ vars.BOARD_ID }}',
      '      - run: |',
      '          curl -sf -X DELETE -H "Authorization: Bearer $TOKEN" \\',
      '            "https://app.terraform.io/api/v2/projects/${{ vars.TFC_PROJECT }}"',
    ].join('\n');
    assert.deepEqual(found(workflow, '.github/workflows/tidy.yml'), ['9 endpoint DELETE /projects/:project_id']);
  });

  it('TypeScript and github-script: route-string requests of GitHub’s client say nothing', () => {
    const client = [
      "import { Octokit } from '@octokit/core';",
      'const octokit = new Octokit({ auth: token });',
      'export async function closeBoard(id: number) {',
      "  await octokit.request('PATCH /projects/{project_id}', { project_id: id, state: 'closed', name: 'done' });",
      "  await octokit.request('DELETE /projects/{project_id}', { project_id: id });",
      "  return octokit.paginate('GET /orgs/{org}/teams', { org: 'acme' });",
      '}',
    ].join('\n');
    assert.deepEqual(found(client, 'boards.ts'), []);
    const step = [
      '    steps:',
      '      - uses: actions/github-script@v7',
      '        with:',
      '          script: |',
      "            await github.request('DELETE /projects/{project_id}', { project_id: 7 })",
    ].join('\n');
    assert.deepEqual(found(step, '.github/workflows/boards.yml'), []);
  });

  it('the same path sent by a client of this API is read', () => {
    const client = [
      "const BASE = 'https://app.terraform.io/api/v2';",
      'export async function dropProject(id: string) {',
      "  await fetch(`${BASE}/projects/${id}`, { method: 'DELETE', headers });",
      '}',
    ].join('\n');
    assert.deepEqual(found(client, 'projects.ts'), ['3 endpoint DELETE /projects/:project_id']);
  });
});
