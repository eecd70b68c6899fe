// REST Client request files (`.http`, `.rest`): request lines (`METHOD URL [HTTP/1.1]`, or a URL alone for GET)
// between `###` separators, `{{host}}`-style variables in the URL, JSON bodies after the headers, `# @name` request
// names and `@var = value` declarations. A made-up file, so that these stop passing if the files stop being read
// as their own language (a `#` line is a comment there, not in plain text).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { languageOfFile, scanText } from '@keyfob/shared/history';

const requests = [
  '@host = https://tfe.example.com',
  '@org = acme',
  '@token = {{$dotenv TFE_TOKEN}}',
  '',
  '### the projects of the organization',
  '# @name projects',
  'GET {{host}}/api/v2/organizations/{{org}}/projects?page[size]=50 HTTP/1.1',
  'Authorization: Bearer {{token}}',
  '',
  '###',
  '# @name startRun',
  '# POST {{host}}/api/v2/workspaces/{{ws}}/relationships/tags',
  'POST {{host}}/api/v2/runs',
  'Content-Type: application/vnd.api+json',
  '',
  '{',
  '  "data": {',
  '    "type": "runs",',
  '    "attributes": {',
  '      "refresh-only": true',
  '    }',
  '  }',
  '}',
  '',
  '###',
  '{{host}}/api/v2/workspaces/{{startRun.response.body.$.data.id}}/varsets',
].join('\n');

const ids = (fileName: string): string[] => scanText(requests, { fileName }).map((m) => `${m.line} ${m.subject.id}`);

describe('history: REST Client request files', () => {
  it('`.http` and `.rest` are the request file language', () => {
    assert.equal(languageOfFile('tf_cloud.http'), 'http');
    assert.equal(languageOfFile('api/requests.rest'), 'http');
  });

  it('request lines, their query, bodies and a bare URL are read; comments, names and declarations are not', () => {
    const expected = [
      '7 endpoint GET /organizations/:organization_name/projects',
      '7 parameter page[size] *',
      '13 endpoint POST /runs',
      '20 attribute runs refresh-only',
      '26 endpoint GET /workspaces/:workspace_id/varsets',
    ];
    assert.deepEqual(ids('tf_cloud.http'), expected);
    assert.deepEqual(ids('requests.rest'), expected);
    // the commented-out request (line 12) is read in plain text: the file's own language is what hides it
    assert.ok(ids('requests.txt').includes('12 endpoint POST /workspaces/:workspace_id/relationships/tags'));
  });
});

describe('history: a REST Client query continued under its request line', () => {
  const text = [
    '### tagged workspaces',
    'GET {{host}}/api/v2/organizations/{{org}}/workspaces',
    '    ?search[tags]=env:prod',
    '    &page[size]=50',
    'Authorization: Bearer {{token}}',
    '',
    '### a run task, read (its path has no `search[tags]`)',
    'GET {{host}}/api/v2/tasks/{{task}}',
    '    ?search[tags]=env:prod',
  ].join('\n');

  it('each indented `?`/`&` line holds keys of the URL above it, counted only where its endpoint has them', () => {
    assert.deepEqual(
      scanText(text, { fileName: 'workspaces.http' }).map((m) => `${m.line} ${m.subject.id}`),
      [
        '2 endpoint GET /organizations/:organization_name/workspaces',
        '3 parameter search[tags] /organizations/:organization_name/workspaces',
        '4 parameter page[size] *',
        '8 endpoint GET /tasks/:id',
      ],
    );
  });
});

describe('history: an `&` written escaped in a query', () => {
  const found = (text: string, languageId: string): string[] =>
    scanText(text, { languageId })
      .filter((m) => m.subject.id.startsWith('parameter '))
      .map((m) => `${text.slice(m.column - 1, m.endColumn - 1)} ${m.subject.id}`);
  const pages = ['page%5Bnumber%5D parameter page[number] *', 'page%5Bsize%5D parameter page[size] *'];

  it('`\\u0026` in a bare shell URL (copied out of JSON) separates the pairs, not a line continuation', () => {
    const sh = 'R=$(curl -s https://$HOST/api/v2/organizations/$ORG/teams?page%5Bnumber%5D=1\\u0026page%5Bsize%5D=100)';
    assert.deepEqual(found(sh, 'shellscript'), pages);
  });

  it('`\\u0026` in a JSON string and `&amp;` in HTML separate the pairs', () => {
    const json =
      '{"next": "https://tfe.example.com/api/v2/organizations/acme/teams?page%5Bnumber%5D=1\\u0026page%5Bsize%5D=100"}';
    assert.deepEqual(found(json, 'json'), pages);
    const html =
      '<a href="https://tfe.example.com/api/v2/organizations/acme/teams?page%5Bnumber%5D=1&amp;page%5Bsize%5D=100">';
    assert.deepEqual(found(html, 'html'), pages);
  });
});

describe('history: a request file of another API', () => {
  const file = (host: string): string =>
    [
      `@host = ${host}`,
      '',
      '### list issues',
      'GET {{host}}/repos/acme/infra/issues',
      '',
      '### update a project board',
      'PATCH {{host}}/projects/{{project_id}}',
      'Content-Type: application/json',
      '',
      '{',
      '  "name": "Roadmap",',
      '  "description": "Q3"',
      '}',
    ].join('\n');
  const found = (text: string): string[] =>
    scanText(text, { fileName: 'boards.http' }).map((m) => `${m.line} ${m.subject.id}`);

  it('`@host` another API’s (GitHub’s): its `/projects/{id}` and the body say nothing, whatever the id is named', () => {
    assert.deepEqual(found(file('https://api.github.com')), []);
    assert.deepEqual(found(file('https://api.github.com').replace('{{project_id}}', '{{tfe_board}}')), []);
  });

  it('`@host` this API’s base: the same request is read', () => {
    assert.deepEqual(found(file('https://app.terraform.io/api/v2')), [
      '7 endpoint PATCH /projects/:project_id',
      '11 attribute projects name',
      '12 attribute projects description',
    ]);
  });
});
