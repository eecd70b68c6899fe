// Attributes built apart from their document (shared/src/history/payload-members.ts `attributesObjects`): an object
// filled key by key, then put in a document beside its `type`. Snippets written for these tests.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanText } from '@keyfob/shared/history';

const attributes = (text: string, fileName: string): string[] =>
  scanText(text, { fileName })
    .filter((m) => m.subject.type === 'attribute')
    .map((m) => `${m.line} ${m.text} ${m.subject.id}`);

describe('an attributes object filled key by key', () => {
  it("TypeScript: keys set on it take the type of the document it is put in, each function's its own", () => {
    const text = [
      'export class Client {', //                                                  1
      '  async createPolicySet(payload: { kind?: string; overridable?: boolean }) {',
      '    let attributes: Record<string, any> = { name: payload.name };',
      "    if (payload.kind !== undefined) attributes['kind'] = payload.kind;",
      "    if (payload.overridable !== undefined) attributes['overridable'] = payload.overridable;",
      '    return this.http.post(`/organizations/${this.org}/policy-sets`, {',
      "      data: { type: 'policy-sets', attributes },",
      '    });',
      '  }',
      '  async updateNotification(id: string, enabled?: boolean) {', //            10
      '    let attributes: Record<string, any> = {};',
      "    if (enabled !== undefined) attributes['enabled'] = enabled;",
      '    return this.http.patch(`/notification-configurations/${id}`, {',
      "      data: { type: 'notification-configurations', id, attributes },",
      '    });',
      '  }',
      '}',
    ].join('\n');
    const rows = attributes(text, 'src/lib/client.ts');
    assert.ok(rows.includes('4 kind attribute policy-sets kind'), rows.join('\n'));
    assert.ok(rows.includes('5 overridable attribute policy-sets overridable'), rows.join('\n'));
    assert.ok(!rows.some((r) => r.startsWith('12 ') && !r.includes('notification-configurations')), rows.join('\n'));
  });

  it('`attributes: attrs` beside the type, a member set by `.`', () => {
    const text = [
      'export async function createPolicySet(http: Http, org: string, kind?: string) {',
      '  const attrs: Record<string, unknown> = {};',
      '  if (kind) attrs.kind = kind;',
      "  return http.post(`/organizations/${org}/policy-sets`, { data: { type: 'policy-sets', attributes: attrs } });",
      '}',
    ].join('\n');
    assert.deepEqual(attributes(text, 'src/policies.ts'), ['3 kind attribute policy-sets kind']);
  });

  it('an object never put in a typed document says nothing', () => {
    const text = [
      'def describe(kind):',
      '    attrs = {}',
      '    attrs["kind"] = kind',
      '    body = {"data": {"attributes": attrs}}',
      '    return body',
    ].join('\n');
    assert.deepEqual(attributes(text, 'tfc.py'), []);
  });
});

describe('an attributes object written in shorthand (review v7 item 7a)', () => {
  it('JS/TS: `attributes: { name, description }` and `const attributes = { name }` put beside the type', () => {
    const text = [
      "const TFE = 'https://app.terraform.io/api/v2';", //                          1
      'export async function rename(projectId: string, name: string, description: string) {',
      '  const attributes = { name, description };',
      '  return fetch(`${TFE}/projects/${projectId}`, {',
      "    method: 'PATCH',", //                                                      5
      "    body: JSON.stringify({ data: { type: 'projects', attributes } }),",
      '  });',
      '}',
      'export async function queue(ws: string, variables: unknown[], refresh: boolean) {',
      '  return fetch(`${TFE}/runs`, {', //                                         10
      "    method: 'POST',",
      "    body: JSON.stringify({ data: { type: 'runs', attributes: { variables, refresh } } }),",
      '  });',
      '}',
      'export function summary(name: string, count: number) {', //                 15
      '  const totals = { name, count };',
      '  return totals;',
      '}',
    ].join('\n');
    assert.deepEqual(attributes(text, 'client.ts'), [
      '3 name attribute projects name',
      '3 description attribute projects description',
      '12 variables attribute runs variables',
      '12 refresh attribute runs refresh',
    ]);
  });
});
