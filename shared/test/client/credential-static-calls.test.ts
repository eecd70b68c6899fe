import { describe } from 'node:test';
import { runCallCases } from './helpers/call-case.ts';

const M = '/v1/cloud';
const envelope = (data: object, lease: object = {}): object => ({
  request_id: 'r1',
  lease_id: 'cloud/creds/deploy/abc',
  renewable: true,
  lease_duration: 2764800,
  data,
  warnings: null,
  ...lease,
});

describe('credential calls', () => {
  runCallCases([
    {
      name: 'creds GETs with params in the query string',
      call: (c) => c.creds('deploy', { role_arn: 'arn:aws:iam::1:role/d', ttl: 900, role_session_name: undefined }),
      answer: { body: envelope({ access_key: 'AKIA1', secret_key: 'sk1', session_token: null }) },
      request: { method: 'GET', path: `${M}/creds/deploy`, query: { role_arn: 'arn:aws:iam::1:role/d', ttl: '900' } },
      result: {
        accessKey: 'AKIA1',
        secretKey: 'sk1',
        sessionToken: null,
        leaseId: 'cloud/creds/deploy/abc',
        leaseDuration: 2764800,
        renewable: true,
        warnings: [],
      },
    },
    {
      name: 'sts POSTs params as a JSON body and reads arn and ttl',
      call: (c) => c.sts('deploy', { role_arn: 'arn:aws:iam::1:role/d', ttl: '15m', mfa_code: undefined }),
      answer: {
        body: envelope(
          {
            access_key: 'ASIA1',
            secret_key: 'sk2',
            session_token: 'st2',
            arn: 'arn:aws:sts::1:assumed-role/d/s',
            ttl: 899,
          },
          { lease_id: 'cloud/sts/deploy/x', renewable: false, lease_duration: 899 },
        ),
      },
      request: { method: 'POST', path: `${M}/sts/deploy`, body: { role_arn: 'arn:aws:iam::1:role/d', ttl: '15m' } },
      result: {
        accessKey: 'ASIA1',
        secretKey: 'sk2',
        sessionToken: 'st2',
        arn: 'arn:aws:sts::1:assumed-role/d/s',
        leaseId: 'cloud/sts/deploy/x',
        leaseDuration: 899,
        renewable: false,
        ttl: 899,
        warnings: [],
      },
    },
    {
      name: 'generateCredentials POST to /creds',
      call: (c) => c.generateCredentials('deploy', { ttl: '1h' }, { method: 'POST', path: 'creds' }),
      answer: { body: envelope({ access_key: 'AKIA1', secret_key: 'sk1', session_token: null }) },
      request: { method: 'POST', path: `${M}/creds/deploy`, body: { ttl: '1h' } },
      result: { sessionToken: null },
      partial: true,
    },
    {
      name: 'generateCredentials GET from /sts without params',
      call: (c) => c.generateCredentials('deploy', undefined, { method: 'GET', path: 'sts' }),
      answer: { body: envelope({ access_key: 'ASIA1', secret_key: 'sk1', session_token: 'st' }) },
      request: { method: 'GET', path: `${M}/sts/deploy` },
      result: { sessionToken: 'st' },
      partial: true,
    },
    {
      name: 'security_token (OpenBao, older Vault) is read as the session token',
      call: (c) => c.sts('deploy'),
      options: { flavor: 'vault' },
      answer: { body: envelope({ access_key: 'ASIA1', secret_key: 'sk1', security_token: 'sec-tok' }) },
      request: { method: 'POST', path: `${M}/sts/deploy`, body: {} },
      result: { sessionToken: 'sec-tok' },
      partial: true,
    },
    {
      name: 'warnings of the envelope are returned',
      call: (c) => c.creds('deploy'),
      answer: { body: envelope({ access_key: 'AKIA1', secret_key: 'sk1' }, { warnings: ['TTL capped'] }) },
      request: { method: 'GET', path: `${M}/creds/deploy` },
      result: { warnings: ['TTL capped'] },
      partial: true,
    },
  ]);
});

describe('static role calls', () => {
  runCallCases([
    {
      name: 'writeStaticRole POSTs username and rotation_period',
      call: (c) => c.writeStaticRole('svc', { username: 'svc-user', rotation_period: '24h' }),
      request: {
        method: 'POST',
        path: `${M}/static-roles/svc`,
        body: { username: 'svc-user', rotation_period: '24h' },
      },
      result: { warnings: [] },
    },
    {
      name: 'readStaticRole reads seed 1 top-level fields with a duration string',
      call: (c) => c.readStaticRole('svc'),
      answer: { body: { name: 'svc', username: 'svc-user', rotation_period: '1h0m0s' } },
      request: { method: 'GET', path: `${M}/static-roles/svc` },
      result: { name: 'svc', username: 'svc-user', rotationPeriod: 3600 },
      partial: true,
    },
    {
      name: 'readStaticRole reads Vault data-wrapped fields with integer seconds',
      call: (c) => c.readStaticRole('svc'),
      answer: { body: { data: { name: 'svc', id: 'AIDA1', username: 'svc-user', rotation_period: 41400 } } },
      request: { method: 'GET', path: `${M}/static-roles/svc` },
      result: { name: 'svc', username: 'svc-user', rotationPeriod: 41400, id: 'AIDA1' },
      partial: true,
    },
    {
      name: 'readStaticRole is undefined on 404',
      call: (c) => c.readStaticRole('svc'),
      answer: { status: 404, body: { errors: [] } },
      request: { method: 'GET', path: `${M}/static-roles/svc` },
      result: undefined,
    },
    {
      name: 'listStaticRoles lists with ?list=true',
      call: (c) => c.listStaticRoles(),
      answer: { body: { data: { keys: ['svc'] } } },
      request: { method: 'GET', path: `${M}/static-roles`, query: { list: 'true' } },
      result: ['svc'],
    },
    {
      name: 'deleteStaticRole DELETEs',
      call: (c) => c.deleteStaticRole('svc'),
      request: { method: 'DELETE', path: `${M}/static-roles/svc` },
      result: true,
    },
    {
      name: 'readStaticCredentials reads top-level fields (seed 1)',
      call: (c) => c.readStaticCredentials('svc'),
      answer: { body: { access_key: 'AKIAS', secret_key: 'sks', expiration: '2025-06-01T12:00:00Z' } },
      request: { method: 'GET', path: `${M}/static-creds/svc` },
      result: { accessKey: 'AKIAS', secretKey: 'sks', expiration: '2025-06-01T12:00:00.000Z' },
    },
    {
      name: 'readStaticCredentials reads data-wrapped fields with nanoseconds (Vault)',
      call: (c) => c.readStaticCredentials('svc'),
      answer: {
        body: { data: { access_key: 'AKIAS', secret_key: 'sks', expiration: '2024-06-01T12:00:00.123456789Z' } },
      },
      request: { method: 'GET', path: `${M}/static-creds/svc` },
      result: { accessKey: 'AKIAS', secretKey: 'sks', expiration: '2024-06-01T12:00:00.123Z' },
    },
    {
      name: 'readStaticCredentials gives a null expiration when the engine has none',
      call: (c) => c.readStaticCredentials('svc'),
      answer: { body: { data: { access_key: 'AKIAS', secret_key: 'sks' } } },
      request: { method: 'GET', path: `${M}/static-creds/svc` },
      result: { accessKey: 'AKIAS', secretKey: 'sks', expiration: null },
    },
    {
      name: 'rotateStaticRole POSTs to rotate-role',
      call: (c) => c.rotateStaticRole('svc'),
      request: { method: 'POST', path: `${M}/rotate-role/svc` },
      result: undefined,
    },
  ]);
});
