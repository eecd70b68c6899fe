// sys/health in plain words: every code of Vault and OpenBao, the role and flavour read from the
// answer, and the same words in the message of a failing request (scripted fetch, no real time).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EngineError } from '@keyfob/shared/client';
import { rejection, scriptedClient } from './helpers/scripted-fetch.ts';

const ROWS: { status: number; body: Record<string, unknown>; role: string; words: RegExp }[] = [
  { status: 200, body: { standby: false, version: '1.17.2' }, role: 'active', words: /the active node/ },
  { status: 429, body: { standby: true, version: '2.2.0' }, role: 'standby', words: /unsealed standby/ },
  { status: 472, body: { version: '1.17.2+ent' }, role: 'dr-secondary', words: /disaster-recovery secondary/ },
  {
    status: 473,
    body: { standby: true, performance_standby: true },
    role: 'perfstandby',
    words: /performance standby/,
  },
  { status: 474, body: { standby: true }, role: 'standby-unreachable-active', words: /cannot reach the active node/ },
  { status: 501, body: { initialized: false }, role: 'uninitialised', words: /not initialised/ },
  { status: 503, body: { sealed: true }, role: 'sealed', words: /sealed: unseal it/ },
  { status: 530, body: {}, role: 'removed', words: /removed from its cluster/ },
  {
    status: 200,
    body: { standby: true, performance_standby: true },
    role: 'perfstandby',
    words: /performance standby/,
  },
];

describe('sys/health codes', () => {
  for (const row of ROWS) {
    it(`${row.status} ${JSON.stringify(row.body)}: ${row.role}`, async () => {
      const { client, requests } = scriptedClient([{ status: row.status, body: row.body }]);
      const health = await client.health();
      assert.equal(health.status, row.status);
      assert.equal(health.role, row.role);
      assert.match(health.words, row.words);
      assert.equal(requests.length, 1, 'a health status is an answer, not retried');
      assert.equal(requests[0]?.headers['x-service-token'], undefined, 'no token is sent to sys/health');
    });
  }

  it('reads the flavour from the version', async () => {
    const flavors: [string, string][] = [
      ['0.1.0+keyfob', 'keyfob'],
      ['1.17.2', 'vault'],
      ['1.17.2+ent', 'vault-enterprise'],
      ['2.2.0', 'openbao'],
      ['v2.0.0', 'openbao'],
    ];
    for (const [version, flavor] of flavors) {
      const { client } = scriptedClient([{ status: 200, body: { version } }]);
      assert.equal((await client.health()).flavor, flavor);
    }
  });

  it('says in plain words what a failing request met: a sealed node, a DR secondary', async () => {
    const sealed = scriptedClient([{ status: 503, body: { errors: ['Vault is sealed'] } }], {
      retry: { maxAttempts: 1 },
    });
    const error = await rejection(sealed.client.lookupSelf());
    assert.ok(error instanceof EngineError);
    assert.match(error.message, /failed with 503: Vault is sealed \(the node is sealed: unseal it/);
    const dr = scriptedClient([{ status: 472, body: { errors: [] } }], { retry: { maxAttempts: 1 } });
    assert.match(((await rejection(dr.client.lookupSelf())) as Error).message, /disaster-recovery secondary/);
    const plain = scriptedClient([{ status: 503, body: { errors: ['upstream overloaded'] } }], {
      retry: { maxAttempts: 1 },
    });
    assert.doesNotMatch(((await rejection(plain.client.lookupSelf())) as Error).message, /sealed/);
  });
});
