// keyfob can-i: the shared evaluator on role files (YAML and JSON, single roles and manifests).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runMain } from './capture-io.ts';

const dir = mkdtempSync(join(tmpdir(), 'keyfob-can-i-'));
writeFileSync(
  join(dir, 'reader.role.yaml'),
  `credential_type: iam_user
policy_document: |
  {"Version": "2012-10-17", "Statement": [
    {"Sid": "ReadUsers", "Effect": "Allow", "Action": "iam:Get*", "Resource": "*"},
    {"Sid": "NoAdmin", "Effect": "Deny", "Action": "iam:GetUser", "Resource": "arn:aws:iam::*:user/admin"},
    {"Sid": "Office", "Effect": "Allow", "Action": "iam:ListUsers", "Resource": "*", "Condition": {"IpAddress": {"aws:SourceIp": "10.0.0.0/8"}}}
  ]}
permissions_boundary_arn: arn:aws:iam::aws:policy/IAMReadOnlyAccess
`,
);
writeFileSync(
  join(dir, 'fed.role.json'),
  JSON.stringify({
    credential_type: 'federation_token',
    policy_arns: ['arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess'],
  }),
);

const run = (args: string[]) => runMain(['can-i', ...args], dir);

describe('keyfob can-i', () => {
  const cases: { args: string[]; code: number; out: RegExp }[] = [
    {
      args: ['reader.role.yaml', 'iam:GetUser', 'arn:aws:iam::123456789012:user/bob'],
      code: 0,
      out: /^yes: .*\n {2}allowed by identity-based policy: policy_document statement 1 \(Sid "ReadUsers"\), Allow\n {2}allowed by permissions boundary: arn:aws:iam::aws:policy\/IAMReadOnlyAccess statement 1, Allow/,
    },
    {
      args: ['reader.role.yaml', 'iam:GetUser', 'arn:aws:iam::123456789012:user/admin'],
      code: 1,
      out: /^no: .*\n {2}denied by identity-based policy: policy_document statement 2 \(Sid "NoAdmin"\), Deny/,
    },
    {
      args: ['reader.role.yaml', 'iam:CreateUser'],
      code: 1,
      out: /denied: no identity-based policy allows the iam:CreateUser action/,
    },
    { args: ['reader.role.yaml', 'iam:ListUsers'], code: 1, out: /denied: no identity-based policy allows/ },
    {
      args: ['reader.role.yaml', 'iam:ListUsers', '--context', 'aws:SourceIp=10.1.2.3'],
      code: 0,
      out: /allowed by identity-based policy: policy_document statement 3 \(Sid "Office"\)/,
    },
    {
      args: ['fed.role.json', 's3:GetObject', 'arn:aws:s3:::bucket/key'],
      code: 0,
      out: /allowed by session policy: arn:aws:iam::aws:policy\/AmazonS3ReadOnlyAccess statement 1, Allow/,
    },
    { args: ['fed.role.json', 's3:PutObject'], code: 1, out: /no session policy allows the s3:PutObject action/ },
    {
      args: ['fed.role.json', 'iam:ListUsers'],
      code: 1,
      out: /fixed limit: because federated users cannot call IAM operations/,
    },
    {
      args: ['fed', 'sts:GetCallerIdentity', '--file', 'fed.role.json', '--file', 'reader.role.yaml'],
      code: 0,
      out: /^yes: role fed/,
    },
  ];
  for (const c of cases) {
    it(`${c.args.join(' ')} -> exit ${c.code}`, async () => {
      const result = await run(c.args);
      assert.equal(result.code, c.code, result.err);
      assert.match(result.out, c.out);
    });
  }

  it('answers JSON with the deciding statement', async () => {
    const result = await run([
      'reader.role.yaml',
      'iam:GetUser',
      'arn:aws:iam::123456789012:user/admin',
      '--format',
      'json',
    ]);
    const answer = JSON.parse(result.out) as {
      allowed: boolean;
      decision: string;
      statements: { sid: string; policyType: string }[];
    };
    assert.equal(answer.allowed, false);
    assert.equal(answer.decision, 'explicit-deny');
    assert.deepEqual(
      answer.statements.map((s) => [s.policyType, s.sid]),
      [['identity-based policy', 'NoAdmin']],
    );
  });

  const usage: [string[], RegExp][] = [
    [['reader.role.yaml'], /give ROLE and ACTION/],
    [['reader.role.yaml', 'ListUsers'], /ACTION must look like service:Operation/],
    [['missing.role.yaml', 'iam:ListUsers'], /missing\.role\.yaml: cannot read the file/],
    [['nobody', 'iam:ListUsers', '--file', 'fed.role.json'], /no role named "nobody" in the files \(roles: fed\)/],
  ];
  for (const [args, message] of usage) {
    it(`usage error: ${args.join(' ')}`, async () => {
      const result = await run(args);
      assert.equal(result.code, 2);
      assert.match(result.err, message);
    });
  }
});
