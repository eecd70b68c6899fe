import { describe } from 'node:test';
import { runCallCases } from './helpers/call-case.ts';

describe('lease calls', () => {
  runCallCases([
    {
      name: 'lookupLease PUTs the id and reads times as ISO',
      call: (c) => c.lookupLease('cloud/creds/d/abc'),
      answer: {
        body: {
          data: {
            id: 'cloud/creds/d/abc',
            issue_time: '2025-01-01T00:00:00.5Z',
            expire_time: '2025-01-01T01:00:00Z',
            last_renewal: null,
            renewable: true,
            ttl: 3599,
          },
        },
      },
      request: { method: 'PUT', path: '/v1/sys/leases/lookup', body: { lease_id: 'cloud/creds/d/abc' } },
      result: {
        id: 'cloud/creds/d/abc',
        issueTime: '2025-01-01T00:00:00.500Z',
        expireTime: '2025-01-01T01:00:00.000Z',
        lastRenewal: null,
        renewable: true,
        ttl: 3599,
      },
    },
    {
      name: 'renewLease sends the increment and reads the envelope',
      call: (c) => c.renewLease('cloud/creds/d/abc', 600),
      answer: {
        body: {
          lease_id: 'cloud/creds/d/abc',
          lease_duration: 600,
          renewable: true,
          warnings: ['TTL of "10m" exceeded'],
        },
      },
      request: { method: 'PUT', path: '/v1/sys/leases/renew', body: { lease_id: 'cloud/creds/d/abc', increment: 600 } },
      result: {
        leaseId: 'cloud/creds/d/abc',
        leaseDuration: 600,
        renewable: true,
        warnings: ['TTL of "10m" exceeded'],
      },
    },
    {
      name: 'renewLease without increment sends only the id',
      call: (c) => c.renewLease('cloud/creds/d/abc'),
      answer: { body: { lease_id: 'cloud/creds/d/abc', lease_duration: 1800, renewable: true } },
      request: { method: 'PUT', path: '/v1/sys/leases/renew', body: { lease_id: 'cloud/creds/d/abc' } },
      result: { leaseDuration: 1800 },
      partial: true,
    },
    {
      name: 'revokeLease PUTs the id',
      call: (c) => c.revokeLease('cloud/creds/d/abc'),
      request: { method: 'PUT', path: '/v1/sys/leases/revoke', body: { lease_id: 'cloud/creds/d/abc' } },
      result: undefined,
    },
    {
      name: 'revokeLeasePrefix keeps the prefix slashes',
      call: (c) => c.revokeLeasePrefix('cloud/creds/deploy/'),
      request: { method: 'PUT', path: '/v1/sys/leases/revoke-prefix/cloud/creds/deploy' },
      result: undefined,
    },
  ]);
});

describe('token calls', () => {
  const auth = {
    auth: {
      client_token: 'kf-child-token-1',
      accessor: 'acc1',
      lease_duration: 3600,
      renewable: true,
      policies: ['default'],
      metadata: { role: 'ci' },
    },
  };
  runCallCases([
    {
      name: 'createToken POSTs to auth/token/create and reads auth',
      call: (c) => c.createToken({ display_name: 'ci', ttl: '1h', policies: ['default'] }),
      answer: { body: auth },
      request: {
        method: 'POST',
        path: '/v1/auth/token/create',
        body: { display_name: 'ci', ttl: '1h', policies: ['default'] },
      },
      result: {
        clientToken: 'kf-child-token-1',
        accessor: 'acc1',
        leaseDuration: 3600,
        renewable: true,
        policies: ['default'],
        metadata: { role: 'ci' },
        tokenType: 'service',
      },
    },
    {
      name: 'a batch token (token_type batch, no accessor) is read as one',
      call: (c) => c.createToken({}),
      answer: {
        body: {
          auth: { ...auth.auth, client_token: 'hvb.AAAAAQ', accessor: '', renewable: false, token_type: 'batch' },
        },
      },
      request: { method: 'POST', path: '/v1/auth/token/create', body: {} },
      result: {
        clientToken: 'hvb.AAAAAQ',
        accessor: '',
        leaseDuration: 3600,
        renewable: false,
        policies: ['default'],
        metadata: { role: 'ci' },
        tokenType: 'batch',
      },
    },
    {
      name: 'lookupSelf reads the token data without the token itself',
      call: (c) => c.lookupSelf(),
      answer: {
        body: {
          data: {
            id: 'kf-root-secret',
            accessor: 'acc0',
            display_name: 'token-ci',
            policies: ['root'],
            ttl: 0,
            expire_time: null,
            renewable: false,
          },
        },
      },
      request: { method: 'GET', path: '/v1/auth/token/lookup-self' },
      result: {
        accessor: 'acc0',
        displayName: 'token-ci',
        policies: ['root'],
        ttl: 0,
        expireTime: null,
        renewable: false,
      },
    },
    {
      name: 'revokeSelf POSTs',
      call: (c) => c.revokeSelf(),
      request: { method: 'POST', path: '/v1/auth/token/revoke-self' },
      result: undefined,
    },
    {
      name: 'loginJwt POSTs role and jwt to auth/jwt/login',
      call: (c) => c.loginJwt({ role: 'ci', jwt: 'eyJa.eyJb.sig' }),
      answer: { body: auth },
      request: { method: 'POST', path: '/v1/auth/jwt/login', body: { role: 'ci', jwt: 'eyJa.eyJb.sig' } },
      result: { clientToken: 'kf-child-token-1', leaseDuration: 3600 },
      partial: true,
    },
    {
      name: 'loginJwt uses a nested auth path',
      call: (c) => c.loginJwt({ path: 'github/oidc', role: 'ci', jwt: 'x.y.z' }),
      answer: { body: auth },
      request: { method: 'POST', path: '/v1/auth/github/oidc/login', body: { role: 'ci', jwt: 'x.y.z' } },
      result: { accessor: 'acc1' },
      partial: true,
    },
  ]);
});

describe('development control calls', () => {
  runCallCases([
    {
      name: 'dev.setCloud PUTs the fixtures',
      call: (c) => c.dev.setCloud({ users: [{ name: 'svc', accessKeys: 1 }], throttle: ['CreateUser'] }),
      request: {
        method: 'PUT',
        path: '/v1/sys/dev/cloud',
        body: { users: [{ name: 'svc', accessKeys: 1 }], throttle: ['CreateUser'] },
      },
      result: undefined,
    },
    {
      name: 'dev.getCloud returns the state (data or top level)',
      call: (c) => c.dev.getCloud(),
      answer: { body: { users: [{ name: 'svc', accessKeys: [] }] } },
      request: { method: 'GET', path: '/v1/sys/dev/cloud' },
      result: { users: [{ name: 'svc', accessKeys: [] }] },
    },
    {
      name: 'dev.advanceClock POSTs advanceSeconds',
      call: (c) => c.dev.advanceClock(3600),
      answer: { body: { data: { now: '2025-01-01T01:00:00Z' } } },
      request: { method: 'POST', path: '/v1/sys/dev/clock', body: { advanceSeconds: 3600 } },
      result: { now: '2025-01-01T01:00:00Z' },
    },
    {
      name: 'dev.whoami returns the identity on 200',
      call: (c) => c.dev.whoami({ access_key: 'ASIA1', secret_key: 'sk', session_token: 'st' }),
      answer: {
        body: {
          data: { arn: 'arn:aws:sts::1:assumed-role/d/s', kind: 'assumed_role', expiration: '2025-01-01T01:00:00Z' },
        },
      },
      request: {
        method: 'POST',
        path: '/v1/sys/dev/whoami',
        body: { access_key: 'ASIA1', secret_key: 'sk', session_token: 'st' },
      },
      result: {
        ok: true,
        arn: 'arn:aws:sts::1:assumed-role/d/s',
        kind: 'assumed_role',
        expiration: '2025-01-01T01:00:00Z',
      },
      partial: true,
    },
    {
      name: 'dev.whoami returns ok: false on 403 and leaves out a null session token',
      call: (c) => c.dev.whoami({ access_key: 'AKIA1', secret_key: 'sk', session_token: null }),
      answer: { status: 403, body: { errors: ['InvalidClientTokenId'] } },
      request: { method: 'POST', path: '/v1/sys/dev/whoami', body: { access_key: 'AKIA1', secret_key: 'sk' } },
      result: { ok: false, status: 403, errors: ['InvalidClientTokenId'] },
    },
  ]);
});
