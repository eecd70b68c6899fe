// A base URL kept in the project's configuration (`.env`, `config.yaml`, `settings.py`, `appsettings.json`, a Helm
// values file) and used in code by its name (`${env.BOARD_API_BASE_URL}/workspaces/${id}`, `settings.BOARD_API_URL +
// "/projects/"`): when the configuration sets it to another host, the path is that host's; when to this API's, it is
// read as before; when no configuration names it and nothing in the project names this API, it is any API's path and
// says nothing (`ScanOptions.apiElsewhere`). Made-up projects in the style of integration hubs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanProject } from '@keyfob/shared/history';

type File = { readonly fileName: string; readonly text: string };
/** The endpoints reported in each code file (configuration files left out), as `file line subject`. */
const endpoints = (files: readonly File[]): string[] =>
  scanProject(files).flatMap((matches, k) =>
    matches.filter((m) => m.subject.type === 'endpoint').map((m) => `${files[k]!.fileName} ${m.line} ${m.subject.id}`),
  );

const tsClient: File = {
  fileName: 'apps/boards/src/connectors/workspaces.ts',
  text: [
    "import { env } from '../common/env';",
    '',
    'export const getWorkspace = async (token: string, id: string) => {',
    '  const response = await fetch(`${env.BOARD_API_BASE_URL}/workspaces/${id}`, {',
    '    headers: { Authorization: `Bearer ${token}` },',
    '  });',
    '  return response.json();',
    '};',
  ].join('\n'),
};
const dotenv = (url: string): File => ({
  fileName: 'apps/boards/.env.test',
  text: `ELBA_REDIRECT_URL="http://localhost:3000/install"\nBOARD_API_BASE_URL="${url}"\n`,
});

describe('history: a base the project’s configuration sets', () => {
  it('a dotenv file setting another host: the path on that base says nothing', () => {
    assert.deepEqual(endpoints([dotenv('https://api.boards.example.io/v1'), tsClient]), []);
  });

  it('set to this API (HCP Terraform’s host, a host with /api/v2): read; named by no configuration: nothing', () => {
    const read = [`${tsClient.fileName} 4 endpoint GET /workspaces/:workspace_id`];
    assert.deepEqual(endpoints([dotenv('https://app.terraform.io/api/v2'), tsClient]), read);
    assert.deepEqual(endpoints([dotenv('https://tfe.acme.internal/api/v2'), tsClient]), read);
    // Nothing in the project says whose base it is: `/workspaces/:id` is every app's own backend's path.
    assert.deepEqual(endpoints([tsClient]), []);
  });

  it('a name two configurations set differently (one of them this API’s) is not known to be another API’s', () => {
    const prod: File = { fileName: 'deploy/prod.env', text: 'BOARD_API_BASE_URL=https://app.terraform.io/api/v2\n' };
    assert.deepEqual(endpoints([dotenv('https://api.boards.example.io/v1'), prod, tsClient]), [
      `${tsClient.fileName} 4 endpoint GET /workspaces/:workspace_id`,
    ]);
  });

  it('a name of this API’s own settings, or a developer machine’s host, says nothing of another API', () => {
    const own = { ...tsClient, text: tsClient.text.replace('BOARD_API_BASE_URL', 'TFE_API_URL') };
    const env: File = {
      fileName: '.env',
      text: 'TFE_API_URL=https://api.boards.example.io\nBOARD_API_BASE_URL=http://localhost:8080\n',
    };
    assert.deepEqual(endpoints([env, own]), [`${own.fileName} 4 endpoint GET /workspaces/:workspace_id`]);
    // Not another API's, but nothing in the program shows this API's either (a setting's name in `.env` is no program).
    assert.deepEqual(endpoints([env, tsClient]), []);
  });

  it('Python: settings.py read in an f-string and joined by `+`; YAML nested keys', () => {
    const settings = (url: string): File => ({ fileName: 'app/settings.py', text: `BOARD_API_URL = "${url}"\n` });
    const views: File = {
      fileName: 'app/boards.py',
      text: [
        'import requests',
        'from django.conf import settings',
        '',
        'def rename(project_id, name):',
        '    return requests.patch(f"{settings.BOARD_API_URL}/projects/{project_id}", json={"name": name})',
        '',
        'def rename_again(project_id, name):',
        '    return requests.patch(settings.BOARD_API_URL + "/projects/" + project_id, json={"name": name})',
      ].join('\n'),
    };
    assert.deepEqual(endpoints([settings('https://api.github.com'), views]), []);
    assert.deepEqual(endpoints([settings('https://app.terraform.io/api/v2'), views]), [
      'app/boards.py 5 endpoint PATCH /projects/:project_id',
      'app/boards.py 8 endpoint PATCH /projects/:project_id',
    ]);
    const yaml: File = {
      fileName: 'config.yaml',
      text: 'board:\n  boardApiBase: https://api.github.com\n  token: x\n',
    };
    const joined = { ...views, text: views.text.replaceAll('settings.BOARD_API_URL', 'config.board.boardApiBase') };
    assert.deepEqual(endpoints([yaml, joined]), []);
  });

  it('C#: appsettings.json read through an options class; a Helm values file read by a template', () => {
    const appsettings = (url: string): File => ({
      fileName: 'src/Boards/appsettings.json',
      text: `{\n  "Boards": {\n    "ApiBaseUrl": "${url}"\n  }\n}\n`,
    });
    const service: File = {
      fileName: 'src/Boards/BoardService.cs',
      text: [
        'public class BoardService {',
        '  public async Task Rename(string id, string name) {',
        '    await _http.PatchAsync($"{_options.ApiBaseUrl}/projects/{id}", Json(name));',
        '  }',
        '}',
      ].join('\n'),
    };
    assert.deepEqual(endpoints([appsettings('https://api.github.com'), service]), []);
    assert.deepEqual(endpoints([appsettings('https://app.terraform.io/api/v2'), service]), [
      'src/Boards/BoardService.cs 3 endpoint PATCH /projects/:project_id',
    ]);
    const values: File = {
      fileName: 'charts/boards/values.yaml',
      text: 'boards:\n  boardsUrl: "https://api.github.com"\n',
    };
    const job: File = {
      fileName: 'charts/boards/templates/job.yaml',
      text: 'spec:\n  containers:\n    - command: ["curl", "-X", "PATCH", "{{ .Values.boards.boardsUrl }}/projects/$ID"]\n',
    };
    assert.deepEqual(endpoints([values, job]), []);
    // Alone, nothing says whose base it is; with this API's base in the values, the path is read.
    assert.deepEqual(endpoints([job]), []);
    const own = { ...values, text: values.text.replace('https://api.github.com', 'https://app.terraform.io/api/v2') };
    assert.deepEqual(endpoints([own, job]), [
      'charts/boards/templates/job.yaml 3 endpoint PATCH /projects/:project_id',
    ]);
  });
});
