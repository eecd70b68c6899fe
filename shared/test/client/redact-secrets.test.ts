import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redactSecrets } from '@keyfob/shared/client';

const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJyZXBvOmEvYiJ9.c2lnbmF0dXJlLWJ5dGVz';

describe('redactSecrets', () => {
  const cases: { name: string; text: string; secrets: string[]; expected: string }[] = [
    {
      name: 'a known token',
      text: 'token kf-abc-123 rejected',
      secrets: ['kf-abc-123'],
      expected: 'token *** rejected',
    },
    { name: 'every occurrence', text: 'a s3cr3t b s3cr3t', secrets: ['s3cr3t'], expected: 'a *** b ***' },
    {
      name: 'URL-encoded form',
      text: 'GET /x?mfa_code=a%2Fb%2Bc',
      secrets: ['a/b+c'],
      expected: 'GET /x?mfa_code=***',
    },
    { name: 'JSON-escaped form', text: '{"k":"line\\nbreak"}', secrets: ['line\nbreak'], expected: '{"k":"***"}' },
    { name: 'slash-escaped form', text: 'key wJal\\/rXUt+nFEMI', secrets: ['wJal/rXUt+nFEMI'], expected: 'key ***' },
    { name: 'a longer secret before its prefix', text: 'abcdef', secrets: ['abc', 'abcdef'], expected: '***' },
    { name: 'a JWT nobody declared', text: `bad jwt ${JWT} given`, secrets: [], expected: 'bad jwt *** given' },
    { name: 'a bearer token', text: 'Authorization: Bearer abc.def-ghi', secrets: [], expected: 'Authorization: ***' },
    { name: 'a bare bearer phrase', text: 'sent Bearer abc123XYZ', secrets: [], expected: 'sent Bearer ***' },
    {
      name: 'a Vault service token',
      text: 'token hvs.CAESIJ1234567890abcdefghij used',
      secrets: [],
      expected: 'token *** used',
    },
    {
      name: 'an echoed token header',
      text: 'X-Vault-Token: abcd1234 missing',
      secrets: [],
      expected: 'X-Vault-Token: *** missing',
    },
    {
      name: 'a secret field in JSON',
      text: '{"secret_key":"wJalrXUtnFEMI","region":"eu"}',
      secrets: [],
      expected: '{"secret_key":"***","region":"eu"}',
    },
    {
      name: 'a secret field in a form',
      text: 'role=dev&jwt=abc.def&x=1',
      secrets: [],
      expected: 'role=dev&jwt=***&x=1',
    },
    {
      name: 'a token field in JSON',
      text: '{"token":"abc123","ttl":60}',
      secrets: [],
      expected: '{"token":"***","ttl":60}',
    },
    {
      name: 'a secret field as text',
      text: 'client_token: abcdef123 given',
      secrets: [],
      expected: 'client_token: *** given',
    },
    {
      name: 'nothing in plain sentences about tokens',
      text: 'error validating token: invalid token; jwt: signature invalid',
      secrets: [],
      expected: 'error validating token: invalid token; jwt: signature invalid',
    },
    { name: 'short values are not secrets', text: 'ab is fine', secrets: ['ab', ''], expected: 'ab is fine' },
    {
      name: 'ordinary text is kept',
      text: 'role_arn "arn:aws:iam::1:role/x" not in allowed role arns',
      secrets: ['zzz-token'],
      expected: 'role_arn "arn:aws:iam::1:role/x" not in allowed role arns',
    },
  ];
  for (const c of cases) {
    it(`hides ${c.name}`, () => {
      assert.equal(redactSecrets(c.text, c.secrets), c.expected);
    });
  }
});
