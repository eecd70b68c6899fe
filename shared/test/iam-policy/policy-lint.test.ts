// Tables for the policy linter's catalogue checks: every escalation pattern (and what does not
// escalate), a narrow role turning breadth into errors, and the STS duration limits per credential type.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lintPolicy, policyBreadthLint } from '@keyfob/shared/iam-policy';
import { didYouMean, validateRole } from '@keyfob/shared/rules';
import { useIamCatalogue } from '../../../test/helpers/iam-catalogue.ts';

const catalogue = useIamCatalogue();

const lint = (Action: unknown, Resource: unknown = '*') =>
  lintPolicy({ Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action, Resource }] }, (w, c) => didYouMean(w, c));

describe('IAM_POLICY_ESCALATION: grants that let credentials raise their own privileges', () => {
  const rows: { action: string | string[]; resource?: string | string[]; escalates: boolean; reason?: RegExp }[] = [
    { action: 'iam:*', escalates: true, reason: /grant themselves any permission/ },
    { action: 'iam:PassRole', escalates: true, reason: /hand any role/ },
    { action: 'iam:PassRole', resource: 'arn:aws:iam::123456789012:role/lambda-exec', escalates: false },
    { action: 'iam:PutUserPolicy', resource: 'arn:aws:iam::123456789012:user/ci', escalates: true },
    { action: 'iam:PutRolePolicy', escalates: true, reason: /inline policy/ },
    { action: 'iam:PutGroupPolicy', escalates: true },
    { action: 'iam:Put*Policy', escalates: true, reason: /PutUserPolicy.*PutGroupPolicy/ },
    { action: 'iam:AttachUserPolicy', escalates: true, reason: /AdministratorAccess/ },
    { action: 'iam:AttachRolePolicy', escalates: true },
    { action: 'iam:Attach*Policy', escalates: true },
    { action: 'iam:CreatePolicyVersion', escalates: true, reason: /default/ },
    { action: 'iam:SetDefaultPolicyVersion', escalates: true },
    { action: 'iam:AddUserToGroup', escalates: true },
    { action: 'iam:UpdateAssumeRolePolicy', escalates: true },
    { action: 'iam:CreateAccessKey', escalates: true, reason: /other users/ },
    { action: 'iam:CreateAccessKey', resource: 'arn:aws:iam::*:user/${aws:username}', escalates: false },
    { action: 'iam:CreateAccessKey', resource: 'arn:aws:iam::123456789012:user/*', escalates: true },
    { action: 'iam:CreateLoginProfile', escalates: true },
    { action: 'iam:UpdateLoginProfile', escalates: true },
    { action: 'sts:AssumeRole', escalates: true, reason: /every role/ },
    { action: 'sts:AssumeRole', resource: 'arn:aws:iam::123456789012:role/deploy', escalates: false },
    { action: ['iam:GetUser', 'iam:ListRoles'], escalates: false },
    { action: 'iam:Get*', escalates: false },
    { action: 's3:*', escalates: false },
    // Case and wildcards anywhere in the pattern, the first one before the service's colon too.
    { action: 'IAM:passrole', escalates: true, reason: /iam:PassRole on "\*"/ },
    { action: 'iam:Pass?ole', escalates: true, reason: /iam:PassRole/ },
    { action: '?am:PassRole', escalates: true, reason: /iam:PassRole/ },
    { action: 'i*:PassRole', escalates: true, reason: /iam:PassRole/ },
    { action: '*:AssumeRole', escalates: true, reason: /sts:AssumeRole/ },
    { action: '*Role', escalates: true, reason: /iam:PassRole.*sts:AssumeRole/ },
    { action: 'st?:Assume*', escalates: true, reason: /sts:AssumeRole/ },
    { action: 'iam:PassRoles', escalates: false },
    { action: 'iam:Pass?', escalates: false },
    { action: 'sts:*Get*', escalates: false },
  ];
  for (const row of rows) {
    it(`${JSON.stringify(row.action)} on ${JSON.stringify(row.resource ?? '*')}: ${row.escalates ? 'warns' : 'passes'}`, () => {
      const found = lint(row.action, row.resource ?? '*').filter((f) => f.code === 'IAM_POLICY_ESCALATION');
      assert.equal(found.length > 0, row.escalates, JSON.stringify(found));
      if (row.reason) assert.match(found[0]?.message ?? '', row.reason);
    });
  }
  it('"*" on "*" is IAM_POLICY_FULL_ACCESS, not an escalation finding besides', () => {
    const found = lint('*').map((f) => f.code);
    assert.deepEqual(found, ['IAM_POLICY_FULL_ACCESS']);
  });
});

describe('narrow: true turns breadth warnings into errors', () => {
  const role = (narrow: boolean | undefined, Action: string) => ({
    credential_type: 'iam_user',
    ...(narrow === undefined ? {} : { narrow }),
    policy_document: { Version: '2012-10-17', Statement: { Effect: 'Allow', Action, Resource: '*' } },
  });
  const rows: { narrow: boolean | undefined; action: string; code: string; severity: string }[] = [
    { narrow: undefined, action: 'iam:*', code: 'IAM_POLICY_ESCALATION', severity: 'warning' },
    { narrow: false, action: 'iam:*', code: 'IAM_POLICY_ESCALATION', severity: 'warning' },
    { narrow: true, action: 'iam:*', code: 'IAM_POLICY_ESCALATION', severity: 'error' },
    { narrow: true, action: 'iam:PassRole', code: 'IAM_POLICY_ESCALATION', severity: 'error' },
    { narrow: undefined, action: '*', code: 'IAM_POLICY_FULL_ACCESS', severity: 'warning' },
    { narrow: true, action: '*', code: 'IAM_POLICY_FULL_ACCESS', severity: 'error' },
  ];
  for (const row of rows) {
    it(`narrow ${String(row.narrow)}, ${row.action}: ${row.code} is ${row.severity}`, () => {
      const found = validateRole(role(row.narrow, row.action)).problems.filter((p) => p.code === row.code);
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.equal(found[0]?.severity, row.severity);
    });
  }
  it('narrow is not an engine field: no FIELD_UNKNOWN, and a non-boolean is a type error', () => {
    assert.deepEqual(
      validateRole(role(true, 's3:GetObject')).problems.map((p) => p.code),
      [],
    );
    const bad = validateRole({ ...role(true, 's3:GetObject'), narrow: 'yes' }).problems;
    assert.ok(
      bad.some((p) => p.path === '/narrow' && p.severity === 'error'),
      JSON.stringify(bad),
    );
  });
});

describe('ROLE_TTL_PROVIDER_RANGE: STS duration limits per credential type', () => {
  const rows: { type: string; field: string; ttl: string; ok: boolean; severity?: string }[] = [
    { type: 'assumed_role', field: 'default_sts_ttl', ttl: '15m', ok: true },
    { type: 'assumed_role', field: 'default_sts_ttl', ttl: '14m', ok: false, severity: 'error' },
    { type: 'assumed_role', field: 'default_sts_ttl', ttl: '12h', ok: true },
    { type: 'assumed_role', field: 'default_sts_ttl', ttl: '13h', ok: false, severity: 'error' },
    { type: 'assumed_role', field: 'max_sts_ttl', ttl: '10m', ok: false, severity: 'error' },
    { type: 'assumed_role', field: 'max_sts_ttl', ttl: '36h', ok: false, severity: 'warning' },
    { type: 'federation_token', field: 'default_sts_ttl', ttl: '36h', ok: true },
    { type: 'federation_token', field: 'default_sts_ttl', ttl: '37h', ok: false },
    { type: 'federation_token', field: 'max_sts_ttl', ttl: '5m', ok: false },
    { type: 'session_token', field: 'default_sts_ttl', ttl: '36h', ok: true },
    { type: 'session_token', field: 'default_sts_ttl', ttl: '36h1s', ok: false },
    { type: 'session_token', field: 'max_sts_ttl', ttl: '899s', ok: false },
    { type: 'session_token', field: 'max_sts_ttl', ttl: '900s', ok: true },
  ];
  const extra = (type: string) =>
    type === 'assumed_role'
      ? { role_arns: ['arn:aws:iam::123456789012:role/deploy'] }
      : type === 'federation_token'
        ? { policy_arns: ['arn:aws:iam::aws:policy/ReadOnlyAccess'] }
        : {};
  for (const row of rows) {
    it(`${row.type} ${row.field} ${row.ttl}: ${row.ok ? 'accepted' : 'reported'}`, () => {
      const input = { credential_type: row.type, ...extra(row.type), [row.field]: row.ttl };
      const found = validateRole(input).problems.filter((p) => p.code === 'ROLE_TTL_PROVIDER_RANGE');
      assert.equal(found.length === 0, row.ok, JSON.stringify(found));
      if (!row.ok) assert.equal(found[0]?.path, `/${row.field}`);
      if (row.severity) assert.equal(found[0]?.severity, row.severity);
    });
  }
});

describe('breadth in AWS managed policies and in the legacy policy field', () => {
  const rows: { name: string; role: Record<string, unknown>; code: string; path: string; severity: string }[] = [
    {
      name: 'policy_arns naming AdministratorAccess',
      role: { credential_type: 'iam_user', policy_arns: ['arn:aws:iam::aws:policy/AdministratorAccess'] },
      code: 'IAM_POLICY_FULL_ACCESS',
      path: '/policy_arns/0',
      severity: 'warning',
    },
    {
      name: 'policy_arns naming IAMFullAccess',
      role: { credential_type: 'iam_user', policy_arns: ['arn:aws:iam::aws:policy/IAMFullAccess'] },
      code: 'IAM_POLICY_ESCALATION',
      path: '/policy_arns/0',
      severity: 'warning',
    },
    {
      name: 'IAMFullAccess on a narrow role',
      role: { credential_type: 'iam_user', narrow: true, policy_arns: ['arn:aws:iam::aws:policy/IAMFullAccess'] },
      code: 'IAM_POLICY_ESCALATION',
      path: '/policy_arns/0',
      severity: 'error',
    },
    {
      name: 'the legacy policy field granting iam:*',
      role: {
        policy: JSON.stringify({
          Version: '2012-10-17',
          Statement: [{ Effect: 'Allow', Action: 'iam:*', Resource: '*' }],
        }),
      },
      code: 'IAM_POLICY_ESCALATION',
      path: '/policy',
      severity: 'warning',
    },
  ];
  for (const row of rows) {
    it(`${row.name}: ${row.code} (${row.severity}) at ${row.path}`, () => {
      const found = validateRole(row.role).problems.filter((p) => p.code === row.code);
      assert.equal(found.length, 1, JSON.stringify(found));
      assert.equal(found[0]?.path, row.path);
      assert.equal(found[0]?.severity, row.severity);
    });
  }
  it('AWS managed policies without such grants add nothing (AmazonS3ReadOnlyAccess, ReadOnlyAccess)', () => {
    const role = {
      credential_type: 'iam_user',
      policy_arns: ['arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess', 'arn:aws:iam::aws:policy/ReadOnlyAccess'],
    };
    assert.deepEqual(
      validateRole(role).problems.map((p) => p.code),
      [],
    );
  });
});

describe('one finding per fault: an invalid ARN is not also a resource mismatch', () => {
  it('an IAM ARN with a region: IAM_POLICY_INVALID_ARN only', () => {
    const found = lint('iam:GetUser', 'arn:aws:iam:us-east-1:123456789012:user/ci').map((f) => f.code);
    assert.deepEqual(found, ['IAM_POLICY_INVALID_ARN']);
  });
  it('an S3 bucket ARN with an account: IAM_POLICY_INVALID_ARN only', () => {
    const found = lint('s3:GetObject', 'arn:aws:s3::123456789012:releases/*').map((f) => f.code);
    assert.deepEqual(found, ['IAM_POLICY_INVALID_ARN']);
  });
  it('a well-formed ARN of the wrong type is still a resource mismatch', () => {
    const found = lint('s3:GetObject', 'arn:aws:s3:::releases').map((f) => f.code);
    assert.deepEqual(found, ['IAM_POLICY_RESOURCE_MISMATCH']);
  });
});

describe('AWS managed policies: the breadth lint alone finds what the full lint finds for breadth', () => {
  const breadth = new Set(['IAM_POLICY_ESCALATION', 'IAM_POLICY_FULL_ACCESS']);
  // Every 16th managed policy of the catalogue, and the broad ones roles name most.
  const named = ['AdministratorAccess', 'IAMFullAccess', 'PowerUserAccess', 'ReadOnlyAccess', 'AmazonS3FullAccess'];
  const arns = catalogue
    .managedPolicyArns()
    .filter((arn, index) => index % 16 === 0 || named.some((n) => arn === `arn:aws:iam::aws:policy/${n}`));
  it(`the same ESCALATION and FULL_ACCESS findings in the same order (${arns.length} policies)`, () => {
    assert.ok(arns.length > 50);
    let found = 0;
    for (const arn of arns) {
      const document = catalogue.managedPolicy(arn);
      const full = lintPolicy(document, () => undefined).filter((f) => breadth.has(f.code));
      assert.deepEqual(policyBreadthLint(document), full, arn);
      found += full.length;
    }
    assert.ok(found > 0);
  });
});
