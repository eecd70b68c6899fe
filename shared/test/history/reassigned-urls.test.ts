// A URL variable given another value before it is sent (shared/src/history/sending-calls.ts `sendingMethod`): the verb
// below sends the new value, not the literal's, so the literal gets no method; a value given in a block inside the
// variable's is that block's, and the variable's own value is sent after it. Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (text: string, fileName: string): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.id.startsWith('endpoint'))
    .map((m) => `${m.line} ${m.subject.id}`);

describe('a URL variable given another value before it is sent', () => {
  it('Python: the verb after the new value is not the literal’s; a value built from its own keeps it', () => {
    const text = [
      'import os',
      'import requests',
      '',
      'TFE = "https://app.terraform.io/api/v2"',
      'GH = "https://api.github.com"',
      '',
      'def close_board(pid):',
      '    url = f"{TFE}/projects/{pid}"',
      '    url = f"{GH}/projects/{pid}"',
      '    return requests.delete(url, headers={"Authorization": f"token {os.environ[\'GH_TOKEN\']}"})',
      '',
      'def drop(pid):',
      '    url = f"{TFE}/projects/{pid}/"',
      '    url = url.rstrip("/")',
      '    return requests.delete(url, headers={"Authorization": f"Bearer {os.environ[\'TFE_TOKEN\']}"})',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'boards.py'), ['13 endpoint DELETE /projects/:project_id']);
  });

  it('Python: a value given inside a branch is the branch’s; the send after the branch is the literal’s', () => {
    const text = [
      'import os',
      'import requests',
      '',
      'TFE = "https://app.terraform.io/api/v2"',
      'GH = "https://api.github.com"',
      '',
      'def show(pid, mirror):',
      '    url = f"{TFE}/projects/{pid}"',
      '    if mirror:',
      '        url = f"{GH}/projects/{pid}"',
      '        return requests.patch(url, json={"state": "open"})',
      '    return requests.get(url, headers={"Authorization": f"Bearer {os.environ[\'TFE_TOKEN\']}"})',
    ].join('\n');
    assert.deepEqual(endpoints(text, 'boards.py'), ['8 endpoint GET /projects/:project_id']);
  });

  it('Go and TypeScript: the same rule in a brace language', () => {
    const go = [
      'package sync',
      '',
      'import "net/http"',
      '',
      'func closeBoard(id string) (*http.Response, error) {',
      '\tu := "https://app.terraform.io/api/v2/projects/" + id',
      '\tu = "https://api.github.com/projects/" + id',
      '\treq, err := http.NewRequest(http.MethodDelete, u, nil)',
      '\tif err != nil {',
      '\t\treturn nil, err',
      '\t}',
      '\treturn http.DefaultClient.Do(req)',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(go, 'boards.go'), []);
    const ts = [
      "import axios from 'axios';",
      '',
      "const TFE = 'https://app.terraform.io/api/v2';",
      '',
      'export async function closeBoard(id: string): Promise<void> {',
      '  let url = `${TFE}/projects/${id}`;',
      '  url = `https://api.github.com/projects/${id}`;',
      '  await axios.delete(url);',
      '}',
      '',
      'export async function showProject(id: string): Promise<unknown> {',
      '  let url = `${TFE}/projects/${id}`;',
      '  if (!id) {',
      '    url = `${TFE}/projects`;',
      '  }',
      '  return (await axios.get(url)).data;',
      '}',
    ].join('\n');
    assert.deepEqual(endpoints(ts, 'boards.ts'), ['12 endpoint GET /projects/:project_id']);
  });
});
