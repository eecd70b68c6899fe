import { describe } from 'node:test';
import { runCallCases } from './helpers/call-case.ts';

const M = '/v1/cloud';

describe('config calls', () => {
  runCallCases([
    {
      name: 'writeRootConfig POSTs the body to /config/root',
      call: (c) => c.writeRootConfig({ access_key: 'AKIA1', secret_key: 'sk', region: 'eu-west-1' }),
      request: {
        method: 'POST',
        path: `${M}/config/root`,
        body: { access_key: 'AKIA1', secret_key: 'sk', region: 'eu-west-1' },
      },
      result: { warnings: [] },
    },
    {
      name: 'readRootConfig reads data, with defaults for what is missing',
      call: (c) => c.readRootConfig(),
      answer: {
        body: {
          data: {
            access_key: 'AKIA1',
            region: 'us-east-1',
            max_retries: -1,
            sts_fallback_endpoints: null,
            identity_token_ttl: 3600,
          },
        },
      },
      request: { method: 'GET', path: `${M}/config/root` },
      result: {
        accessKey: 'AKIA1',
        region: 'us-east-1',
        maxRetries: -1,
        stsFallbackEndpoints: [],
        iamEndpoint: '',
        identityTokenTtl: 3600,
      },
      partial: true,
    },
    {
      name: 'readRootConfig keeps identity_token_ttl 0 (the real engine reads back a sent 0)',
      call: (c) => c.readRootConfig(),
      answer: { body: { data: { identity_token_ttl: 0 } } },
      request: { method: 'GET', path: `${M}/config/root` },
      result: { identityTokenTtl: 0 },
      partial: true,
    },
    {
      name: 'readRootConfig leaves identity_token_ttl out when the engine does not return it',
      call: async (c) => 'identityTokenTtl' in ((await c.readRootConfig()) ?? {}),
      answer: { body: { data: { region: 'eu-west-1' } } },
      request: { method: 'GET', path: `${M}/config/root` },
      result: false,
    },
    {
      name: 'readRootConfig is undefined on 404',
      call: (c) => c.readRootConfig(),
      answer: { status: 404, body: { errors: [] } },
      request: { method: 'GET', path: `${M}/config/root` },
      result: undefined,
    },
    {
      name: 'rotateRoot returns the new key id',
      call: (c) => c.rotateRoot(),
      answer: { body: { data: { access_key: 'AKIANEW' } } },
      request: { method: 'POST', path: `${M}/config/rotate-root` },
      result: { accessKey: 'AKIANEW' },
    },
    {
      name: 'writeLeaseConfig sends lease and lease_max only',
      call: (c) => c.writeLeaseConfig({ lease: '30m', lease_max: '12h' }),
      request: { method: 'POST', path: `${M}/config/lease`, body: { lease: '30m', lease_max: '12h' } },
      result: { warnings: [] },
    },
    {
      name: 'readLeaseConfig keeps the engine text and adds seconds',
      call: (c) => c.readLeaseConfig(),
      answer: { body: { data: { lease: '30m0s', lease_max: '12h0m0s' } } },
      request: { method: 'GET', path: `${M}/config/lease` },
      result: { lease: '30m0s', leaseMax: '12h0m0s', leaseSeconds: 1800, leaseMaxSeconds: 43200 },
    },
    {
      name: 'a custom mount is used in the path, each part encoded',
      call: (c) => c.readLeaseConfig(),
      options: { mount: '/team a/aws/' },
      answer: { status: 404, body: { errors: [] } },
      request: { method: 'GET', path: '/v1/team%20a/aws/config/lease' },
      result: undefined,
    },
  ]);
});

describe('role calls', () => {
  runCallCases([
    {
      name: 'writeRole POSTs the body and returns warnings',
      call: (c) => c.writeRole('deploy', { credential_type: 'assumed_role', role_arns: ['arn:aws:iam::1:role/d'] }),
      answer: { body: { data: null, warnings: ['Endpoint ignored these unrecognized parameters: [colour]'] } },
      request: {
        method: 'POST',
        path: `${M}/roles/deploy`,
        body: { credential_type: 'assumed_role', role_arns: ['arn:aws:iam::1:role/d'] },
      },
      result: { warnings: ['Endpoint ignored these unrecognized parameters: [colour]'] },
    },
    {
      name: 'readRole reads seed 1 shapes (credential_types list, [] lists)',
      call: (c) => c.readRole('deploy'),
      answer: {
        body: {
          data: {
            credential_types: ['iam_user'],
            policy_arns: ['arn:aws:iam::aws:policy/RO'],
            role_arns: [],
            iam_groups: [],
            policy_document: '',
          },
        },
      },
      request: { method: 'GET', path: `${M}/roles/deploy` },
      result: {
        name: 'deploy',
        credentialTypes: ['iam_user'],
        policyArns: ['arn:aws:iam::aws:policy/RO'],
        roleArns: [],
        policyDocument: '',
      },
      partial: true,
    },
    {
      name: 'readRole reads Vault shapes (credential_type string, null lists, int TTLs, tag maps)',
      call: (c) => c.readRole('deploy'),
      answer: {
        body: {
          data: {
            credential_type: 'iam_user,federation_token',
            policy_arns: null,
            iam_tags: { team: 'a' },
            default_sts_ttl: 900,
            max_sts_ttl: '1h0m0s',
            session_tags: ['env=prod'],
          },
        },
      },
      request: { method: 'GET', path: `${M}/roles/deploy` },
      result: {
        credentialTypes: ['iam_user', 'federation_token'],
        policyArns: [],
        iamTags: { team: 'a' },
        sessionTags: { env: 'prod' },
        defaultStsTtl: 900,
        maxStsTtl: 3600,
      },
      partial: true,
    },
    {
      name: 'readRole serialises a policy document sent as an object',
      call: (c) => c.readRole('deploy'),
      answer: {
        body: { data: { credential_types: ['federation_token'], policy_document: { Version: '2012-10-17' } } },
      },
      request: { method: 'GET', path: `${M}/roles/deploy` },
      result: { policyDocument: '{"Version":"2012-10-17"}' },
      partial: true,
    },
    {
      name: 'readRole is undefined on 404',
      call: (c) => c.readRole('gone'),
      answer: { status: 404, body: { errors: [] } },
      request: { method: 'GET', path: `${M}/roles/gone` },
      result: undefined,
    },
    {
      name: 'listRoles uses GET ?list=true by default',
      call: (c) => c.listRoles(),
      answer: { body: { data: { keys: ['a', 'b'] } } },
      request: { method: 'GET', path: `${M}/roles`, query: { list: 'true' } },
      result: ['a', 'b'],
    },
    {
      name: 'listRoles can use the LIST method',
      call: (c) => c.listRoles(),
      options: { listMethod: 'LIST' },
      answer: { body: { data: { keys: ['a'] } } },
      request: { method: 'LIST', path: `${M}/roles` },
      result: ['a'],
    },
    {
      name: 'listRoles reads a 404 as no roles',
      call: (c) => c.listRoles(),
      answer: { status: 404, body: { errors: [] } },
      request: { method: 'GET', path: `${M}/roles`, query: { list: 'true' } },
      result: [],
    },
    {
      name: 'deleteRole is true on 204',
      call: (c) => c.deleteRole('deploy'),
      request: { method: 'DELETE', path: `${M}/roles/deploy` },
      result: true,
    },
    {
      name: 'deleteRole is false on 404 (seed 1: missing role)',
      call: (c) => c.deleteRole('deploy'),
      answer: { status: 404, body: { errors: [] } },
      request: { method: 'DELETE', path: `${M}/roles/deploy` },
      result: false,
    },
    {
      name: 'names with . - @ pass through encoded',
      call: (c) => c.readRole('ci.deploy@prod-1'),
      answer: { status: 404, body: { errors: [] } },
      request: { method: 'GET', path: `${M}/roles/ci.deploy%40prod-1` },
      result: undefined,
    },
  ]);
});
