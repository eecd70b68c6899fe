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
