import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { GeneratedCredentials } from '@keyfob/shared/client';
import { issueCredentials, type CredentialFetch } from '@keyfob/shared/credentials';
import type { CredentialClient } from '../../src/credentials/issue-credentials.ts';
import { remoteRole } from '../apply/fixtures.ts';

const now = () => Date.parse('2026-03-01T10:00:00.000Z');
const fetchOf = (method: CredentialFetch['method'], extra: Partial<CredentialFetch> = {}): CredentialFetch => ({
  role: 'r',
  method,
  params: {},
  ttlSeconds: undefined,
  env: undefined,
  ...extra,
});
const generated = (over: Partial<GeneratedCredentials>): GeneratedCredentials => ({
  accessKey: 'AKIA1',
  secretKey: 'sec/1',
  sessionToken: null,
  leaseId: '',
  leaseDuration: 0,
  renewable: false,
  warnings: [],
  ...over,
});

function client(over: Partial<CredentialClient>, calls: string[] = []): CredentialClient {
  return {
    creds: (role, params) => (
      calls.push(`creds ${role} ${JSON.stringify(params)}`),
      Promise.resolve(generated({ leaseId: 'l/1', leaseDuration: 60, renewable: true }))
    ),
    sts: (role) => (
      calls.push(`sts ${role}`),
      Promise.resolve(generated({ sessionToken: 'tok', leaseId: 'l/2', leaseDuration: 900 }))
    ),
    readStaticCredentials: () => Promise.resolve(undefined),
    readRole: () => Promise.reject(new Error('no access')),
    ...over,
  };
}

describe('issueCredentials', () => {
  it('creds: an iam_user set with a revocable lease and its expiry', async () => {
    const calls: string[] = [];
    const issued = await issueCredentials(client({}, calls), fetchOf('creds', { params: { ttl: '5m' } }), { now });
    assert.deepEqual(calls, ['creds r {"ttl":"5m"}']);
    assert.equal(issued?.credentialType, 'iam_user');
    assert.equal(issued?.revocable, true);
    assert.equal(issued?.expiration, '2026-03-01T10:01:00.000Z');
  });

  const types = [
    {
      name: 'an ARN means assumed_role',
      sts: generated({ sessionToken: 't', arn: 'arn:aws:sts::1:assumed-role/x/y' }),
      readRole: undefined,
      expected: 'assumed_role',
    },
    {
      name: 'the role read settles federation_token',
      sts: generated({ sessionToken: 't' }),
      readRole: ['federation_token'],
      expected: 'federation_token',
    },
    {
      name: 'the role read settles session_token',
      sts: generated({ sessionToken: 't' }),
      readRole: ['session_token'],
      expected: 'session_token',
    },
    {
      name: 'an unreadable role leaves it generic',
      sts: generated({ sessionToken: 't' }),
      readRole: undefined,
      expected: 'sts',
    },
  ];
  for (const c of types) {
    it(c.name, async () => {
      const over: Partial<CredentialClient> = { sts: () => Promise.resolve(c.sts) };
      if (c.readRole) over.readRole = (name) => Promise.resolve(remoteRole(name, { credentialTypes: c.readRole }));
      const issued = await issueCredentials(client(over), fetchOf('sts'), { now });
      assert.equal(issued?.credentialType, c.expected);
      assert.equal(issued?.revocable, false, 'STS leases are never revoked');
    });
  }

  it('hands every secret to onSecret before returning, session token included', async () => {
    const seen: string[] = [];
    await issueCredentials(client({}), fetchOf('sts'), { now, onSecret: (v) => seen.push(v) });
    assert.deepEqual(seen, ['AKIA1', 'sec/1', 'tok']);
  });

  it('static-creds: undefined when the static role is missing, else its expiration', async () => {
    assert.equal(await issueCredentials(client({}), fetchOf('static-creds'), { now }), undefined);
    const found = await issueCredentials(
      client({
        readStaticCredentials: () =>
          Promise.resolve({ accessKey: 'A', secretKey: 'S', expiration: '2026-03-02T00:00:00.000Z' }),
      }),
      fetchOf('static-creds'),
      { now },
    );
    assert.deepEqual(
      [found?.credentialType, found?.expiration, found?.leaseId],
      ['static', '2026-03-02T00:00:00.000Z', ''],
    );
  });
});
