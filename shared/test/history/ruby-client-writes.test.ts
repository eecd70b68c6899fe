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
