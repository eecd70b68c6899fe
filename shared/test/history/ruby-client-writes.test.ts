// terraform-enterprise-client writes (shared/src/history/ruby-client-writes.ts): the hash a create/update call
// sends is the resource's attributes; an `action` call POSTs to the resource's action.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const uses = (source: string): string[] =>
  scanText(source, { languageId: 'ruby' }).map((m) => `${m.line}: ${m.subject.id}`);

const program = (marker: string): string =>
  [
    marker, // 1
    '',
    'class Sync',
    '  def push(org)',
    '    attrs = {',
    '      organization: org,',
    "      enforce: [{ path: 'a.sentinel', mode: 'advisory' }],", // 7
    '    }',
    '    client.policies.create(attrs)',
    '  end',
    '',
    '  def wave(id)',
    '    opts = { id: id, action: :override }',
    '    client.policy_checks.action(opts)', // 14
    '  end',
    'end',
  ].join('\n');

describe('terraform-enterprise-client writes', () => {
  it("a create call's hash keys are the resource's attributes; an action call is the resource's action endpoint", () => {
    const found = uses(program("require 'terraform_enterprise'"));
    assert.ok(found.includes('7: attribute policies enforce'), found.join('\n'));
    assert.ok(found.includes('14: endpoint POST /policy-checks/:id/actions/override'), found.join('\n'));
    assert.ok(!found.some((f) => f.startsWith('6: ')), found.join('\n'));
  });

  it('without the client in the file, the same calls say nothing', () => {
    const found = uses(program("require 'other_client'"));
    assert.ok(!found.some((f) => f.startsWith('7: ') || f.startsWith('14: ')), found.join('\n'));
  });
});

describe('JSON:API payload hashes with symbol keys (Ruby, Elixir)', () => {
  it("reads the attributes' and relationships' symbol keys as the sibling type's", () => {
    const source = [
      'def open_project(org, title)',
      '  body = { data: { type: "projects", attributes: { name: title, description: "made here" } } }', // 2
      '  http.post("/api/v2/organizations/#{org}/projects", body.to_json)',
      'end',
      'def move(ws, pid)',
      '  doc = {',
      '    data: {',
      "      :type => 'workspaces',",
      '      relationships: {',
      '        project: { data: { type: "projects", id: pid } }', // 10
      '      }',
      '    }',
      '  }',
      'end',
    ].join('\n');
    const found = uses(source).filter((u) => u.includes('attribute'));
    assert.deepEqual(found, [
      '2: attribute projects name',
      '2: attribute projects description',
      '10: attribute workspaces project',
    ]);
  });

  it('says nothing without a type beside them, of another type, or in a comment', () => {
    const source = [
      'def a(n)',
      '  opts = { attributes: { name: n, description: n } }',
      '  set = { data: { type: "varsets", attributes: { name: n, description: n } } }',
      '  # { data: { type: "projects", attributes: { name: n } } }',
      'end',
    ].join('\n');
    assert.deepEqual(
      uses(source).filter((u) => u.includes('attribute')),
      [],
    );
  });

  it('reads an Elixir map the same way', () => {
    const source = 'body = %{data: %{type: "projects", attributes: %{name: name}}}\n';
    assert.deepEqual(
      scanText(source, { languageId: 'elixir' })
        .filter((m) => m.subject.type === 'attribute')
        .map((m) => `${m.line}: ${m.subject.id}`),
      ['1: attribute projects name'],
    );
  });
});

// Where a call's hash variable is read (hashKeys): its assignment between the method's `def` (or the text's start)
// and the call, and keys added to it before the call; only that span is read, once per call (session 36: a search
// from the `def` ran on to the text's end for each call, 96 s for 1.6 MB of calls under one hash).
describe("terraform-enterprise-client writes: the hash variable's span", () => {
  const head = "require 'terraform_enterprise'";
  it("the assignment at the text's very start, and a key added before the call, are the hash's", () => {
    assert.deepEqual(uses(['attrs = { enforce: [] }', head, 'client.policies.create(attrs)'].join('\n')), [
      '1: attribute policies enforce',
    ]);
    const added = (order: string[]): string[] =>
      uses([head, 'def push', '  attrs = { name: "p" }', ...order, 'end'].join('\n'));
    assert.deepEqual(added(['  attrs[:enforce] = []', '  client.policies.create(attrs)']), [
      '4: attribute policies enforce',
    ]);
    assert.deepEqual(added(['  client.policies.create(attrs)', '  attrs[:enforce] = []']), []);
  });

  it("another method's assignment is not the call's; many calls of one hash say its keys once", () => {
    const other = [
      head,
      'def push',
      '  attrs = { enforce: [] }',
      'end',
      'def other',
      '  client.policies.create(attrs)',
    ];
    assert.deepEqual(uses([...other, 'end'].join('\n')), []);
    const many = [
      head,
      'def push',
      '  attrs = { enforce: [] }',
      ...Array<string>(500).fill('  client.policies.create(attrs)'),
    ];
    assert.deepEqual(uses([...many, 'end'].join('\n')), ['3: attribute policies enforce']);
  });
});
