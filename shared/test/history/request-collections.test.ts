// Request collections (Postman, Insomnia, Hoppscotch, Bruno): each request's URL is sent with the method its own
// object (or Bruno block) names, however far from the URL the exporter wrote it; a URL given only as Postman path
// segments is read at its method; a body's and a saved answer's JSON (a string of the file) is read for its keys, the
// answer's links are not requests; the collection's own keys (a request's `name`, a header's) are the tool's.
// Made-up collections, each with other APIs' requests beside the platform's.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { languageOfFile, scanText } from '@keyfob/shared/history';

// Read as a file of a project that names this API (`apiElsewhere`): its paths on a base the snippet alone does
// not show to be this API's are kept, as in the client it stands for (alone they are any API's: unrooted-paths.test.ts).
/** `line subject` of each match (1-based lines). */
const ids = (text: string, fileName: string): string[] =>
  scanText(text, { fileName, apiElsewhere: true }).map((m) => `${m.line} ${m.subject.id}`);

/** The 1-based line of the first line holding `needle` (its `nth` one). */
function lineOf(text: string, needle: string, nth = 1): number {
  let seen = 0;
  const lines = text.split('\n');
  for (let k = 0; k < lines.length; k++) if (lines[k]!.includes(needle) && ++seen === nth) return k + 1;
  throw new Error(`no line holds ${needle}`);
}

const header = (key: string, value: string): object => ({ key, value, type: 'text' });
const answer = {
  data: [
    {
      id: 'oc-7Hq2',
      type: 'oauth-clients',
      attributes: {
        name: 'GitHub acme',
        'api-url': 'https://api.github.com',
        'http-url': 'https://github.com',
        secret: null,
        'rsa-public-key': null,
      },
      relationships: {
        organization: { data: { id: 'acme', type: 'organizations' }, links: { related: '/api/v2/organizations/acme' } },
      },
    },
  ],
  links: { self: 'https://tfe.acme.internal/api/v2/organizations/acme/oauth-clients?page%5Bnumber%5D=1' },
};
const postman = JSON.stringify(
  {
    info: {
      name: 'tfe-mock',
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    item: [
      {
        name: 'Workspaces',
        item: [
          {
            name: 'Show a workspace by name',
            request: {
              method: 'GET',
              header: [header('Authorization', 'Bearer {{token}}'), header('Accept', 'application/vnd.api+json')],
              url: {
                raw: '{{host}}/api/v2/organizations/:org/workspaces/:ws_name',
                host: ['{{host}}'],
                path: ['api', 'v2', 'organizations', ':org', 'workspaces', ':ws_name'],
                variable: [{ key: 'org', value: 'acme' }],
              },
            },
          },
          {
            name: 'Create a workspace',
            request: {
              method: 'POST',
              header: [header('Content-Type', 'application/vnd.api+json')],
              body: {
                mode: 'raw',
                raw: JSON.stringify(
                  { data: { type: 'workspaces', attributes: { name: 'web', description: 'x' } } },
                  null,
                  2,
                ),
              },
              url: '{{host}}/api/v2/organizations/acme/workspaces',
            },
          },
          {
            name: 'Retire a project',
            request: {
              method: 'PATCH',
              header: [header('Content-Type', 'application/vnd.api+json')],
              body: {
                mode: 'raw',
                raw: JSON.stringify({ data: { attributes: { description: 'retired' } } }, null, 2),
                options: { raw: { language: 'json' } },
              },
              url: {
                raw: '{{host}}/api/v2/projects/{{project_id}}',
                host: ['{{host}}'],
                path: ['api', 'v2', 'projects', '{{project_id}}'],
              },
            },
          },
          {
            name: 'Copy a workspace',
            request: {
              method: 'POST',
              header: [header('Content-Type', 'application/vnd.api+json')],
              body: {
                mode: 'raw',
                raw: JSON.stringify({ data: { attributes: { name: 'web-2', description: 'copy' } } }, null, 2),
                options: { raw: { language: 'json' } },
              },
              url: {
                raw: '{{host}}/api/v2/organizations/{{org}}/workspaces',
                host: ['{{host}}'],
                path: ['api', 'v2', 'organizations', '{{org}}', 'workspaces'],
              },
            },
          },
          {
            name: 'Workspaces tagged prod',
            request: {
              method: 'GET',
              header: [header('Accept', 'application/vnd.api+json')],
              url: {
                host: ['{{host}}'],
                path: ['api', 'v2', 'organizations', '{{org}}', 'workspaces'],
                query: [{ key: 'search[tags]', value: 'env:prod' }],
              },
            },
          },
        ],
      },
      {
        name: 'OAuth clients',
        item: [
          {
            name: 'List OAuth clients',
            request: {
              method: 'GET',
              header: [header('Authorization', 'Bearer {{token}}'), header('Accept', 'application/vnd.api+json')],
              url: '{{host}}/api/v2/organizations/acme/oauth-clients',
              description: 'Lists the VCS connections.',
            },
            response: [
              {
                name: 'two clients',
                originalRequest: {
                  method: 'GET',
                  header: [],
                  url: '{{host}}/api/v2/organizations/acme/oauth-clients',
                },
                status: 'OK',
                code: 200,
                header: [header('Content-Type', 'application/vnd.api+json')],
                body: JSON.stringify(answer, null, 4),
              },
            ],
          },
        ],
      },
      {
        name: 'Elsewhere',
        item: [
          {
            name: 'GitHub repo',
            request: { method: 'PATCH', header: [], url: 'https://api.github.com/repos/acme/infra' },
          },
          { name: 'Vault policy', request: { method: 'DELETE', header: [], url: '{{vault}}/v1/sys/policies/acl/ci' } },
        ],
      },
    ],
  },
  null,
  '\t',
);

describe('history: Postman collections', () => {
  const found = ids(postman, 'tfe-mock.postman_collection.json');
  const at = (needle: string, subject: string, nth = 1): string => `${lineOf(postman, needle, nth)} ${subject}`;

  it('a request URL is sent with its request’s method, headers between them or not', () => {
    assert.ok(
      found.includes(at('"raw": "{{host}}/api', 'endpoint GET /organizations/:organization_name/workspaces/:name')),
    );
    // a string URL, its saved example's copy too (the example says GET as well)
    assert.ok(found.includes(at('oauth-clients"', 'endpoint GET /organizations/:organization_name/oauth-clients')));
    assert.ok(found.includes(at('oauth-clients"', 'endpoint GET /organizations/:organization_name/oauth-clients', 2)));
  });

  it('a path the history has only the GET of, POSTed, is no use of that GET', () => {
    const post = lineOf(postman, '/organizations/acme/workspaces"');
    assert.deepEqual(
      found.filter((f) => f.startsWith(`${post} `)),
      [],
    );
  });

  it('a URL given only as path segments is read at its method, its query keys at theirs', () => {
    assert.ok(found.includes(at('"method": "GET"', 'endpoint GET /organizations/:organization_name/workspaces', 2)));
    assert.ok(
      found.includes(
        at('"key": "search[tags]"', 'parameter search[tags] /organizations/:organization_name/workspaces'),
      ),
    );
  });

  it('a body’s JSON keys and a saved answer’s are read on the string’s line; the answer’s links are no requests', () => {
    const body = lineOf(postman, '"raw": "{\\n');
    assert.ok(found.includes(`${body} resource - workspaces`));
    // `name` and `description` of a workspace POSTed are not a project's nor a task's
    assert.deepEqual(
      found.filter((f) => f.startsWith(`${body} attribute`)),
      [],
    );
    const saved = lineOf(postman, '"body": "{');
    const inAnswer = found.filter((f) => f.startsWith(`${saved} `));
    // after an `api-url` holding another host's URL, the keys are still read
    assert.ok(inAnswer.includes(`${saved} attribute oauth-clients secret`));
    assert.ok(inAnswer.includes(`${saved} attribute oauth-clients rsa_public_key`));
    assert.ok(!inAnswer.some((f) => f.includes('endpoint') || f.includes('page[number]')), inAnswer.join('\n'));
  });

  it('a body without a type is its request URL’s resource’s, the URL’s object beside it', () => {
    const retire = lineOf(postman, 'retired');
    assert.deepEqual(
      found.filter((f) => f.startsWith(`${retire} `)),
      [`${retire} attribute projects description`],
    );
    // a workspace's `name` and `description` POSTed to the workspaces path: no project's, no task's
    assert.deepEqual(
      found.filter((f) => f.startsWith(`${lineOf(postman, 'web-2')} `)),
      [],
    );
  });

  it('the collection’s own keys, other hosts and other APIs say nothing', () => {
    for (const needle of ['"name": "Show a workspace', 'api.github.com/repos', '/v1/sys/policies', 'Lists the VCS'])
      assert.deepEqual(
        found.filter((f) => f.startsWith(`${lineOf(postman, needle)} `)),
        [],
        needle,
      );
  });
});

const insomnia = JSON.stringify(
  {
    _type: 'export',
    __export_format: 4,
    __export_source: 'insomnia.desktop.app:v2023.5.8',
    resources: [
      {
        _id: 'req_rename',
        parentId: 'fld_tfe',
        url: '{{ _.tfe }}/api/v2/projects/{{ _.project_id }}',
        name: 'Rename a project',
        description: '',
        headers: [
          { name: 'Authorization', value: 'Bearer {{ _.token }}' },
          { name: 'Content-Type', value: 'application/vnd.api+json' },
        ],
        authentication: {},
        metaSortKey: -3,
        method: 'PATCH',
        body: {
          mimeType: 'application/json',
          text: JSON.stringify({ data: { type: 'projects', attributes: { name: 'platform' } } }, null, 2),
        },
        _type: 'request',
      },
      {
        _id: 'req_gh',
        parentId: 'fld_tfe',
        url: 'https://api.github.com/repos/acme/infra/actions/runs/{{ _.run }}',
        name: 'Cancel a GitHub run',
        headers: [],
        method: 'DELETE',
        _type: 'request',
      },
      { _id: 'fld_tfe', parentId: 'wrk_1', name: 'HCP Terraform', _type: 'request_group' },
    ],
  },
  null,
  2,
);

describe('history: Insomnia exports', () => {
  it('a request’s URL takes the method written lines below it; its body’s keys are the project’s', () => {
    assert.deepEqual(ids(insomnia, 'Insomnia_2026-03-02.json'), [
      `${lineOf(insomnia, '"url": "{{ _.tfe }}')} endpoint PATCH /projects/:project_id`,
      `${lineOf(insomnia, '"text"')} resource - projects`,
      `${lineOf(insomnia, '"text"')} attribute projects name`,
    ]);
  });
});

const hoppscotch = JSON.stringify(
  [
    {
      v: 2,
      name: 'TFE smoke',
      folders: [],
      requests: [
        {
          v: '6',
          name: 'Create a run task',
          endpoint: '<<host>>/api/v2/organizations/<<org>>/tasks',
          params: [],
          headers: [{ key: 'Content-Type', value: 'application/vnd.api+json', active: true }],
          auth: { authType: 'bearer', authActive: true, token: '<<token>>' },
          method: 'POST',
          body: {
            contentType: 'application/json',
            body: JSON.stringify(
              { data: { type: 'tasks', attributes: { description: 'scan', enabled: true } } },
              null,
              2,
            ),
          },
        },
        {
          v: '6',
          name: 'Vault health',
          endpoint: '<<vault>>/v1/sys/health',
          headers: [],
          method: 'GET',
          body: { contentType: null, body: null },
        },
      ],
    },
  ],
  null,
  2,
);

describe('history: Hoppscotch collections', () => {
  it('an endpoint takes its request’s method; its body’s keys are the task’s', () => {
    const body = lineOf(hoppscotch, '"body": "{');
    assert.deepEqual(ids(hoppscotch, 'hoppscotch-collections.json'), [
      `${lineOf(hoppscotch, '"endpoint": "<<host>>')} endpoint POST /organizations/:organization_name/tasks`,
      `${body} resource - tasks`,
      `${body} attribute tasks description`,
      `${body} attribute tasks enabled`,
    ]);
  });
});

const bruno = [
  'meta {',
  '  name: Tag the workspace',
  '  type: http',
  '  seq: 2',
  '}',
  '',
  'patch {',
  '  url: {{host}}/api/v2/workspaces/{{workspace_id}}/tag-bindings',
  '  body: json',
  '  auth: bearer',
  '}',
  '',
  'auth:bearer {',
  '  token: {{tfe_token}}',
  '}',
  '',
  'body:json {',
  '  {',
  '    "data": [',
  '      { "type": "tag-bindings", "attributes": { "key": "team", "value": "platform" } }',
  '    ]',
  '  }',
  '}',
].join('\n');

const brunoBody = [
  'meta {',
  '  name: Retire a project',
  '  type: http',
  '}',
  '',
  'patch {',
  '  url: {{host}}/api/v2/projects/{{project_id}}',
  '  body: json',
  '}',
  '',
  'headers {',
  '  Content-Type: application/vnd.api+json',
  '}',
  '',
  'body:json {',
  '  {',
  '    "data": {',
  '      "attributes": { "description": "retired" }',
  '    }',
  '  }',
  '}',
].join('\n');

describe('history: Bruno request files', () => {
  it('a `body:json` block’s keys are its request URL’s resource’s; the `meta` block’s `name` is Bruno’s', () => {
    assert.deepEqual(ids(brunoBody, 'Retire a project.bru'), [
      '7 endpoint PATCH /projects/:project_id',
      '18 attribute projects description',
    ]);
  });

  it('`.bru` is its own language', () => {
    assert.equal(languageOfFile('collections/tfe/Tag the workspace.bru'), 'bruno');
  });

  it('the `url:` of a `patch {` block is sent with PATCH', () => {
    assert.deepEqual(ids(bruno, 'Tag the workspace.bru'), ['8 endpoint PATCH /workspaces/:workspace_id/tag-bindings']);
    const get = bruno.replace('patch {', 'get {');
    assert.deepEqual(ids(get, 'Tag the workspace.bru'), ['8 endpoint GET /workspaces/:workspace_id/tag-bindings']);
    // a block of another method the history has no endpoint for says nothing
    assert.deepEqual(ids(bruno.replace('patch {', 'delete {'), 'Untag.bru'), []);
  });
});

describe('history: JSON that only looks like a collection', () => {
  it('a collection nested thousands of levels deep is read as plain text, without exhausting the stack', () => {
    const depth = 20_000;
    const deep = `{"info": {"schema": "https://schema.getpostman.com/json/collection/v2.1.0/collection.json"},\n"item": ${'['.repeat(depth)}${']'.repeat(depth)}}`;
    assert.deepEqual(ids(deep, 'nested.postman_collection.json'), []);
  });

  it('a document with `endpoint` and `requests` keys but no request object is read as any JSON', () => {
    const stub = JSON.stringify(
      {
        mock: { endpoint: '/api/v2/workspaces/ws-Xk3v', requests: 4, latency: 'p50' },
        data: { id: 'ws-Xk3v', type: 'workspaces', attributes: { 'global-remote-state': false } },
      },
      null,
      2,
    );
    const found = ids(stub, 'stubs/workspace.json');
    assert.ok(found.includes(`${lineOf(stub, '"type"')} resource - workspaces`), found.join('\n'));
    assert.ok(found.includes(`${lineOf(stub, 'global-remote')} attribute workspaces global-remote-state`));
  });
});

describe('history: requests of another API’s collection', () => {
  /** A Postman collection of two requests on `{{baseUrl}}`, the base set by the collection's `variable[]`. */
  const collection = (baseUrl: string | undefined): string =>
    JSON.stringify(
      {
        info: { name: 'boards', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
        item: [
          {
            name: 'Read a workspace',
            request: { method: 'GET', url: { raw: '{{baseUrl}}/workspaces/{{workspace}}' } },
          },
          {
            name: 'Rename a project',
            request: {
              method: 'PATCH',
              url: '{{baseUrl}}/projects/{{project_id}}',
              body: { mode: 'raw', raw: JSON.stringify({ name: 'payments', description: 'Sprint board' }, null, 2) },
            },
          },
          {
            name: 'Projects of a workspace',
            request: {
              method: 'GET',
              url: { host: ['{{baseUrl}}'], path: ['workspaces', '{{workspace}}', 'projects'] },
            },
          },
        ],
        ...(baseUrl === undefined ? {} : { variable: [{ key: 'baseUrl', value: baseUrl }] }),
      },
      null,
      2,
    );

  it('a base resolved to another host (Bitbucket’s, GitHub’s): no endpoint, the body says nothing', () => {
    assert.deepEqual(ids(collection('https://api.bitbucket.org/2.0'), 'bitbucket.postman_collection.json'), []);
    assert.deepEqual(ids(collection('https://api.github.com'), 'github.postman_collection.json'), []);
    // a path variable named for Terraform changes nothing: the base resolves to GitHub's host
    const named = collection('https://api.github.com').replaceAll('{{project_id}}', '{{terraform_board_id}}');
    assert.deepEqual(ids(named, 'github.postman_collection.json'), []);
  });

  it('the same requests on this API’s base, set by the collection or named for it, are read', () => {
    const own = collection('https://app.terraform.io/api/v2');
    const read = [
      `${lineOf(own, '"raw": "{{baseUrl}}/workspaces')} endpoint GET /workspaces/:workspace_id`,
      `${lineOf(own, '"url": "{{baseUrl}}/projects')} endpoint PATCH /projects/:project_id`,
      `${lineOf(own, 'name\\": \\"payments')} attribute projects name`,
    ];
    assert.deepEqual(ids(own, 'tfc.postman_collection.json').slice(0, 3), read);
    // a base the collection does not set (an environment file's) is unknown, not another API's: read as before
    const unset = collection(undefined);
    assert.ok(
      ids(unset, 'tfc.postman_collection.json').includes(
        `${lineOf(unset, '"url": "{{baseUrl}}/projects')} endpoint PATCH /projects/:project_id`,
      ),
    );
  });

  const bruno = (vars: string): string =>
    [
      'meta {',
      '  name: Update project',
      '  type: http',
      '}',
      ...vars.split('\n'),
      'patch {',
      '  url: {{baseUrl}}/projects/{{projectId}}',
      '  body: json',
      '}',
      '',
      'body:json {',
      '  {',
      '    "name": "payments",',
      '    "description": "Sprint board"',
      '  }',
      '}',
    ].join('\n');

  it('a Bruno request on its own `vars` block’s other host says nothing; on this API’s base, or an unset one, it is read', () => {
    assert.deepEqual(
      ids(bruno(''), 'Update project.bru')[0],
      `${lineOf(bruno(''), 'url:')} endpoint PATCH /projects/:project_id`,
    );
    assert.deepEqual(
      ids(bruno('vars:pre-request {\n  baseUrl: https://api.bitbucket.org/2.0\n}'), 'Update project.bru'),
      [],
    );
    const own = bruno('vars:pre-request {\n  baseUrl: https://tfe.acme.internal/api/v2\n}');
    assert.deepEqual(ids(own, 'Update project.bru'), [
      `${lineOf(own, 'url:')} endpoint PATCH /projects/:project_id`,
      `${lineOf(own, '"name"')} attribute projects name`,
      `${lineOf(own, '"description"')} attribute projects description`,
    ]);
  });
});
