// Calls named like this API's services (`runs.create`, `workspaces.list`, `projects.list`, `organizations.list`) on an
// object of another SDK: an AI assistant's client (its threads' runs), a machine-learning platform's workspaces, a
// code host's projects, an identity service's organizations. They are that SDK's calls, in every language the
// matcher reads service calls in; the same shapes on a client of this API are still read. Made-up programs.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const endpoints = (text: string, fileName: string): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.type === 'endpoint')
    .map((m) => `${m.line} ${m.subject.id}`);

describe('history: service calls on another SDK’s object', () => {
  it('Python: a receiver made by another library’s class, or a service reached through members, says nothing', () => {
    const assistant = [
      'from chatvendor import ChatClient',
      '',
      'client = ChatClient()',
      '',
      'def answer(thread_id, helper_id):',
      '    run = client.beta.threads.runs.create(thread_id=thread_id, assistant_id=helper_id)',
      '    return client.beta.threads.runs.list(thread_id=thread_id)',
    ].join('\n');
    assert.deepEqual(endpoints(assistant, 'assistant.py'), []);
    const handed = [
      'def answer(client, thread_id):',
      '    return client.beta.threads.runs.create(thread_id=thread_id)',
    ];
    assert.deepEqual(endpoints(handed.join('\n'), 'handed.py'), []);
    const ml = [
      'from mlplatform.core import PlatformClient',
      '',
      'ml = PlatformClient(credential, subscription_id="x")',
      'for ws in ml.workspaces.list():',
      '    print(ws.name)',
    ].join('\n');
    assert.deepEqual(endpoints(ml, 'ml_ws.py'), []);
    const codehost = [
      'import codehost',
      '',
      'gh = codehost.Server("https://code.example.com", private_token=token)',
      'for p in gh.projects.list(all=True):',
      '    print(p.name)',
      'gh.projects.create({"name": "new"})',
    ].join('\n');
    assert.deepEqual(endpoints(codehost, 'projects.py'), []);
  });

  it('Python: a terrasnek client made here, handed in, or held by the object, is still read', () => {
    const made = [
      'from terrasnek.api import TFC',
      '',
      'api = TFC(token, url=url)',
      'api.set_org("acme")',
      'api.runs.create(payload)',
    ].join('\n');
    assert.deepEqual(endpoints(made, 'runs.py'), ['5 endpoint POST /runs']);
    const handed = [
      'from .helpers import build_api',
      '',
      'class Sync:',
      '    def __init__(self):',
      '        self.api = build_api()',
      '',
      '    def all(self):',
      '        return self.api.workspaces.list()',
    ].join('\n');
    assert.deepEqual(endpoints(handed, 'sync.py'), ['8 endpoint GET /organizations/:organization_name/workspaces']);
  });

  it('Ruby: a receiver made by a required gem’s class says nothing; the client of this API is read', () => {
    const other = [
      'require "chatvendor"',
      '',
      'client = ChatVendor::Client.new(access_token: ENV.fetch("TOKEN"))',
      'client.runs.create(thread_id: thread_id, parameters: { helper_id: id })',
    ].join('\n');
    assert.deepEqual(endpoints(other, 'chat.rb'), []);
    const own = [
      "require 'terraform-enterprise-client'",
      '',
      'client = TerraformEnterprise::API::Client.new(token: token)',
      'puts client.organizations.list',
      'puts client.workspaces.list(organization: org)',
    ].join('\n');
    assert.deepEqual(endpoints(own, 'orgs.rb'), [
      '4 endpoint GET /organizations',
      '5 endpoint GET /organizations/:organization_name/workspaces',
    ]);
  });

  it('Ruby: a name bound to one gem’s class in each of many functions, and to this API’s client once', () => {
    // Each constructor is read once however many times the name is bound to it (`rootLibrary`); a second, distinct
    // one is still read: this API's client among the bindings makes the name this API's (the file's one answer).
    const other = ['require "chatvendor"', ''];
    for (let k = 0; k < 100; k++)
      other.push(
        `def answer_${k}(thread_id, id)`,
        '  client = ChatVendor::Client.new(access_token: ENV.fetch("TOKEN"))',
        '  client.runs.create(thread_id: thread_id, parameters: { helper_id: id })',
        'end',
      );
    assert.deepEqual(endpoints(other.join('\n'), 'chat.rb'), []);
    const own = [
      ...other,
      "require 'terraform-enterprise-client'",
      'client = TerraformEnterprise::API::Client.new(token: t)',
    ];
    assert.deepEqual(
      endpoints(own.join('\n'), 'chat.rb'),
      Array.from({ length: 100 }, (_, k) => `${5 + 4 * k} endpoint POST /runs`),
    );
  });

  it('TypeScript: a service call needs a client of this API or the API in the file, and not another library’s object', () => {
    const calls = ['await client.organizations.listWorkspaces(org);', 'await client.runs.createRun(request);'].join(
      '\n',
    );
    // No sign of this API: an identity service's or a database's `organizations`, a store's `runs`.
    assert.deepEqual(endpoints(calls, 'sync.ts'), []);
    // The program's own client of this API, by its constructor or by the module it comes from.
    const made = [
      "import { TerraformCloudClient } from 'tfc-kit';",
      'const client = new TerraformCloudClient({ token });',
    ];
    assert.deepEqual(endpoints([...made, calls].join('\n'), 'sync.ts'), [
      '3 endpoint GET /organizations/:organization_name/workspaces',
      '4 endpoint POST /runs',
    ]);
    // The API's path in the file, and another SDK's object beside it: only the other object's calls are refused.
    const mixed = [
      "import { IdentityVendor } from '@identityvendor/node';",
      'const idp = new IdentityVendor(key);',
      "const BASE = 'https://app.terraform.io/api/v2';",
      'await idp.organizations.listOrganizations();',
      'await idp.beta.threads.runs.create(thread);',
      calls,
    ].join('\n');
    assert.deepEqual(endpoints(mixed, 'sync.ts'), [
      '6 endpoint GET /organizations/:organization_name/workspaces',
      '7 endpoint POST /runs',
    ]);
  });
});
