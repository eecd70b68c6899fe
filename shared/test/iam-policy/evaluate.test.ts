// Policy evaluation tables: allow, deny, NotAction/NotResource, wildcards, boundary, session
// policy, conditions, and the AccessDenied wording (reference: aws-protocol.md section 4).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  accessDeniedMessage,
  evaluate,
  wildcardMatch,
  type EvaluationInput,
  type PolicySource,
} from '@keyfob/shared/iam-policy';

const policy = (label: string, ...Statement: unknown[]): PolicySource => ({
  label,
  document: JSON.stringify({ Version: '2012-10-17', Statement }),
});
const allowAll = policy('admin', { Effect: 'Allow', Action: '*', Resource: '*' });
const USER = 'arn:aws:iam::123456789012:user/alice';

interface Row {
  readonly name: string;
  readonly input: Partial<EvaluationInput> & Pick<EvaluationInput, 'identity'>;
  readonly action?: string;
  readonly resource?: string;
  readonly expect: 'allow' | 'explicit-deny' | 'implicit-deny';
  /** For denials: the policy type named; for allows: the deciding Sid. */
  readonly detail?: string;
}

const ROWS: Row[] = [
  { name: 'no policy at all', input: { identity: [] }, expect: 'implicit-deny', detail: 'identity-based policy' },
  {
    name: 'an exact Allow',
    input: { identity: [policy('p', { Sid: 'A', Effect: 'Allow', Action: 'iam:ListUsers', Resource: '*' })] },
    expect: 'allow',
    detail: 'A',
  },
  {
    name: 'action names ignore case',
    input: { identity: [policy('p', { Sid: 'A', Effect: 'Allow', Action: 'IAM:listusers', Resource: '*' })] },
    expect: 'allow',
    detail: 'A',
  },
  {
    name: 'an Allow for another action',
    input: { identity: [policy('p', { Effect: 'Allow', Action: 'iam:GetUser', Resource: '*' })] },
    expect: 'implicit-deny',
    detail: 'identity-based policy',
  },
  {
    name: '* wildcard in the action',
    input: { identity: [policy('p', { Sid: 'W', Effect: 'Allow', Action: 'iam:List*', Resource: '*' })] },
    expect: 'allow',
    detail: 'W',
  },
  {
    name: '? wildcard matches one character',
    input: { identity: [policy('p', { Sid: 'Q', Effect: 'Allow', Action: 'iam:ListUser?', Resource: '*' })] },
    expect: 'allow',
    detail: 'Q',
  },
  {
    name: '? does not match two characters',
    input: { identity: [policy('p', { Effect: 'Allow', Action: 'iam:ListUse?', Resource: '*' })] },
    expect: 'implicit-deny',
    detail: 'identity-based policy',
  },
  {
    name: 'explicit Deny wins over Allow',
    input: { identity: [allowAll, policy('guard', { Effect: 'Deny', Action: 'iam:*', Resource: '*' })] },
    expect: 'explicit-deny',
    detail: 'identity-based policy',
  },
  {
    name: 'NotAction Allow covers other actions',
    input: { identity: [policy('p', { Sid: 'N', Effect: 'Allow', NotAction: 'iam:Delete*', Resource: '*' })] },
    expect: 'allow',
    detail: 'N',
  },
  {
    name: 'NotAction Allow excludes the listed',
    input: { identity: [policy('p', { Effect: 'Allow', NotAction: 'iam:List*', Resource: '*' })] },
    expect: 'implicit-deny',
    detail: 'identity-based policy',
  },
  {
    name: 'NotAction Deny denies everything else',
    input: { identity: [allowAll, policy('p', { Effect: 'Deny', NotAction: 'sts:*', Resource: '*' })] },
    expect: 'explicit-deny',
    detail: 'identity-based policy',
  },
  {
    name: 'resources are case-sensitive',
    input: {
      identity: [policy('p', { Effect: 'Allow', Action: '*', Resource: 'arn:aws:iam::123456789012:user/ALICE' })],
    },
    resource: 'arn:aws:iam::123456789012:user/alice',
    expect: 'implicit-deny',
    detail: 'identity-based policy',
  },
  {
    name: 'resource wildcard',
    input: { identity: [policy('p', { Sid: 'R', Effect: 'Allow', Action: '*', Resource: 'arn:aws:iam::*:user/al*' })] },
    resource: USER,
    expect: 'allow',
    detail: 'R',
  },
  {
    name: 'NotResource Allow excludes the listed',
    input: { identity: [policy('p', { Effect: 'Allow', Action: '*', NotResource: 'arn:aws:iam::*:user/alice' })] },
    resource: USER,
    expect: 'implicit-deny',
    detail: 'identity-based policy',
  },
  {
    name: 'policy variable ${aws:username}',
    input: {
      identity: [
        policy('p', {
          Sid: 'Self',
          Effect: 'Allow',
          Action: 'iam:GetUser',
          Resource: 'arn:aws:iam::*:user/${aws:username}',
        }),
      ],
      context: { 'aws:username': 'alice' },
    },
    action: 'iam:GetUser',
    resource: USER,
    expect: 'allow',
    detail: 'Self',
  },
  {
    name: 'policy variable without a value never matches',
    input: {
      identity: [
        policy('p', { Effect: 'Allow', Action: 'iam:GetUser', Resource: 'arn:aws:iam::*:user/${aws:username}' }),
      ],
    },
    action: 'iam:GetUser',
    resource: USER,
    expect: 'implicit-deny',
    detail: 'identity-based policy',
  },
  {
    name: 'boundary without an Allow',
    input: { identity: [allowAll], boundary: [policy('b', { Effect: 'Allow', Action: 'sts:*', Resource: '*' })] },
    expect: 'implicit-deny',
    detail: 'permissions boundary',
  },
  {
    name: 'boundary that allows',
    input: {
      identity: [allowAll],
      boundary: [policy('b', { Sid: 'B', Effect: 'Allow', Action: 'iam:*', Resource: '*' })],
    },
    expect: 'allow',
  },
  {
    name: 'boundary does not grant on its own',
    input: { identity: [], boundary: [allowAll] },
    expect: 'implicit-deny',
    detail: 'identity-based policy',
  },
  {
    name: 'boundary Deny',
    input: {
      identity: [allowAll],
      boundary: [allowAll, policy('b', { Effect: 'Deny', Action: 'iam:ListUsers', Resource: '*' })],
    },
    expect: 'explicit-deny',
    detail: 'permissions boundary',
  },
  {
    name: 'session policy without an Allow',
    input: {
      identity: [allowAll],
      session: [policy('s', { Effect: 'Allow', Action: 'sts:GetCallerIdentity', Resource: '*' })],
    },
    expect: 'implicit-deny',
    detail: 'session policy',
  },
  {
    name: 'session policy that allows',
    input: {
      identity: [allowAll],
      session: [policy('s', { Sid: 'S', Effect: 'Allow', Action: 'iam:ListUsers', Resource: '*' })],
    },
    expect: 'allow',
  },
  {
    name: 'an empty session policy list denies all (federation without policies)',
    input: { identity: [allowAll], session: [] },
    expect: 'implicit-deny',
    detail: 'session policy',
  },
  {
    name: 'session policy Deny',
    input: { identity: [allowAll], session: [allowAll, policy('s', { Effect: 'Deny', Action: '*', Resource: '*' })] },
    expect: 'explicit-deny',
    detail: 'session policy',
  },
  {
    name: 'malformed JSON grants nothing',
    input: { identity: [{ label: 'bad', document: '{"Statement": [' }] },
    expect: 'implicit-deny',
    detail: 'identity-based policy',
  },
  {
    name: 'an Allow without Resource never matches',
    input: { identity: [policy('p', { Effect: 'Allow', Action: '*' })] },
    expect: 'implicit-deny',
    detail: 'identity-based policy',
  },
];

const cond = (Condition: unknown): PolicySource =>
  policy('c', { Sid: 'C', Effect: 'Allow', Action: '*', Resource: '*', Condition });
const denyCond = (Condition: unknown): PolicySource =>
  policy('d', { Effect: 'Deny', Action: '*', Resource: '*', Condition });
const CONDITIONS: {
  name: string;
  policy: PolicySource;
  context: Record<string, string | string[]>;
  expect: Row['expect'];
}[] = [
  {
    name: 'StringEquals match',
    policy: cond({ StringEquals: { 'aws:PrincipalTag/team': 'platform' } }),
    context: { 'aws:PrincipalTag/team': 'platform' },
    expect: 'allow',
  },
  {
    name: 'StringEquals is case-sensitive',
    policy: cond({ StringEquals: { 'aws:PrincipalTag/team': 'Platform' } }),
    context: { 'aws:PrincipalTag/team': 'platform' },
    expect: 'implicit-deny',
  },
  {
    name: 'condition keys ignore case',
    policy: cond({ StringEquals: { 'AWS:principaltag/team': 'platform' } }),
    context: { 'aws:PrincipalTag/team': 'platform' },
    expect: 'allow',
  },
  {
    name: 'StringEqualsIgnoreCase',
    policy: cond({ StringEqualsIgnoreCase: { 'aws:PrincipalTag/team': 'PLATFORM' } }),
    context: { 'aws:PrincipalTag/team': 'platform' },
    expect: 'allow',
  },
  {
    name: 'values OR',
    policy: cond({ StringEquals: { 'aws:RequestedRegion': ['us-east-1', 'eu-west-1'] } }),
    context: { 'aws:RequestedRegion': 'eu-west-1' },
    expect: 'allow',
  },
  {
    name: 'keys AND',
    policy: cond({ StringEquals: { 'aws:RequestedRegion': 'eu-west-1', 'aws:PrincipalTag/team': 'x' } }),
    context: { 'aws:RequestedRegion': 'eu-west-1' },
    expect: 'implicit-deny',
  },
  {
    name: 'missing key: positive operator is false',
    policy: cond({ StringLike: { 'aws:PrincipalTag/team': '*' } }),
    context: {},
    expect: 'implicit-deny',
  },
  {
    name: 'missing key: negated operator is true',
    policy: cond({ StringNotEquals: { 'aws:PrincipalTag/team': 'x' } }),
    context: {},
    expect: 'allow',
  },
  {
    name: 'missing key: IfExists is true',
    policy: cond({ StringEqualsIfExists: { 'aws:PrincipalTag/team': 'x' } }),
    context: {},
    expect: 'allow',
  },
  {
    name: 'IfExists still checks a present key',
    policy: cond({ StringEqualsIfExists: { 'aws:PrincipalTag/team': 'x' } }),
    context: { 'aws:PrincipalTag/team': 'y' },
    expect: 'implicit-deny',
  },
  {
    name: 'StringLike glob',
    policy: cond({ StringLike: { 'aws:userid': 'AIDA*' } }),
    context: { 'aws:userid': 'AIDAXYZ' },
    expect: 'allow',
  },
  {
    name: 'Bool',
    policy: cond({ Bool: { 'aws:MultiFactorAuthPresent': 'true' } }),
    context: { 'aws:MultiFactorAuthPresent': 'false' },
    expect: 'implicit-deny',
  },
  {
    name: 'Null true means absent',
    policy: cond({ Null: { 'aws:TokenIssueTime': 'true' } }),
    context: {},
    expect: 'allow',
  },
  {
    name: 'Null false means present',
    policy: cond({ Null: { 'aws:TokenIssueTime': 'false' } }),
    context: {},
    expect: 'implicit-deny',
  },
  {
    name: 'NumericLessThan',
    policy: cond({ NumericLessThan: { 'aws:MultiFactorAuthAge': '3600' } }),
    context: { 'aws:MultiFactorAuthAge': '60' },
    expect: 'allow',
  },
  {
    name: 'DateLessThan with ISO times',
    policy: cond({ DateLessThan: { 'aws:CurrentTime': '2026-01-01T00:00:00Z' } }),
    context: { 'aws:CurrentTime': '2026-11-25T00:00:00Z' },
    expect: 'implicit-deny',
  },
  {
    name: 'DateGreaterThan with epoch seconds',
    policy: cond({ DateGreaterThan: { 'aws:EpochTime': '1700000000' } }),
    context: { 'aws:EpochTime': '1800000000' },
    expect: 'allow',
  },
  {
    name: 'IpAddress CIDR',
    policy: cond({ IpAddress: { 'aws:SourceIp': '127.0.0.0/8' } }),
    context: { 'aws:SourceIp': '127.0.0.1' },
    expect: 'allow',
  },
  {
    name: 'IpAddress IPv6 CIDR (the address inside it)',
    policy: cond({ IpAddress: { 'aws:SourceIp': '2001:db8::/32' } }),
    context: { 'aws:SourceIp': '2001:db8:1::5' },
    expect: 'allow',
  },
  {
    name: 'IpAddress IPv6 CIDR (an address outside it)',
    policy: cond({ IpAddress: { 'aws:SourceIp': '2001:db8::/32' } }),
    context: { 'aws:SourceIp': '2001:db9::5' },
    expect: 'implicit-deny',
  },
  {
    name: 'IpAddress: an IPv4-mapped socket address counts as the IPv4 one',
    policy: cond({ IpAddress: { 'aws:SourceIp': '127.0.0.0/8' } }),
    context: { 'aws:SourceIp': '::ffff:127.0.0.1' },
    expect: 'allow',
  },
  {
    name: 'IpAddress: an IPv4 block never holds an IPv6 address',
    policy: cond({ IpAddress: { 'aws:SourceIp': '0.0.0.0/0' } }),
    context: { 'aws:SourceIp': '::1' },
    expect: 'implicit-deny',
  },
  {
    name: 'NotIpAddress CIDR',
    policy: cond({ NotIpAddress: { 'aws:SourceIp': '10.0.0.0/8' } }),
    context: { 'aws:SourceIp': '127.0.0.1' },
    expect: 'allow',
  },
  {
    name: 'ArnLike per segment',
    policy: cond({ ArnLike: { 'aws:PrincipalArn': 'arn:aws:iam::*:role/deploy-*' } }),
    context: { 'aws:PrincipalArn': 'arn:aws:iam::123456789012:role/deploy-prod' },
    expect: 'allow',
  },
  {
    name: 'ForAnyValue over a multi-valued key',
    policy: cond({ 'ForAnyValue:StringEquals': { 'aws:TagKeys': ['team'] } }),
    context: { 'aws:TagKeys': ['env', 'team'] },
    expect: 'allow',
  },
  {
    name: 'ForAllValues with an outsider',
    policy: cond({ 'ForAllValues:StringEquals': { 'aws:TagKeys': ['team'] } }),
    context: { 'aws:TagKeys': ['env', 'team'] },
    expect: 'implicit-deny',
  },
  {
    name: 'ForAllValues on a missing key is true',
    policy: cond({ 'ForAllValues:StringEquals': { 'aws:TagKeys': ['team'] } }),
    context: {},
    expect: 'allow',
  },
  {
    name: 'unknown operator fails closed in an Allow',
    policy: cond({ StringSortOf: { 'aws:userid': 'x' } }),
    context: { 'aws:userid': 'x' },
    expect: 'implicit-deny',
  },
  {
    name: 'policy variable in a condition value',
    policy: cond({ StringEquals: { 'aws:PrincipalTag/owner': '${aws:username}' } }),
    context: { 'aws:PrincipalTag/owner': 'alice', 'aws:username': 'alice' },
    expect: 'allow',
  },
];

describe('policy evaluation', () => {
  for (const row of ROWS) {
    it(`${row.name} -> ${row.expect}`, () => {
      const result = evaluate({
        action: row.action ?? 'iam:ListUsers',
        resource: row.resource ?? '*',
        context: {},
        ...row.input,
      });
      assert.equal(result.decision, row.expect);
      if (result.decision === 'implicit-deny') assert.equal(result.policyType, row.detail);
      if (result.decision === 'explicit-deny') assert.equal(result.statement.policyType, row.detail);
      if (result.decision === 'allow' && row.detail !== undefined) assert.equal(result.statements[0]?.sid, row.detail);
    });
  }
  for (const row of CONDITIONS) {
    it(`condition: ${row.name} -> ${row.expect}`, () => {
      assert.equal(
        evaluate({ action: 'iam:ListUsers', resource: '*', context: row.context, identity: [row.policy] }).decision,
        row.expect,
      );
    });
  }
  it('an unknown operator fails closed in a Deny too (the Deny applies)', () => {
    assert.equal(
      evaluate({
        action: 'iam:ListUsers',
        resource: '*',
        context: {},
        identity: [allowAll, denyCond({ NotAnOperator: { k: 'v' } })],
      }).decision,
      'explicit-deny',
    );
  });
  it('names the deciding statements of every policy type for an allow', () => {
    const result = evaluate({
      action: 'iam:ListUsers',
      resource: '*',
      context: {},
      identity: [policy('id', { Sid: 'I', Effect: 'Allow', Action: '*', Resource: '*' })],
      boundary: [
        policy('arn:aws:iam::aws:policy/IAMReadOnlyAccess', {
          Sid: 'B',
          Effect: 'Allow',
          Action: 'iam:List*',
          Resource: '*',
        }),
      ],
      session: [policy('session policy', { Sid: 'S', Effect: 'Allow', Action: 'iam:ListUsers', Resource: '*' })],
    });
    assert.equal(result.decision, 'allow');
    if (result.decision !== 'allow') return;
    assert.deepEqual(
      result.statements.map((s) => [s.policyType, s.policy, s.sid]),
      [
        ['identity-based policy', 'id', 'I'],
        ['permissions boundary', 'arn:aws:iam::aws:policy/IAMReadOnlyAccess', 'B'],
        ['session policy', 'session policy', 'S'],
      ],
    );
  });
});

describe('AccessDenied wording', () => {
  const resource = 'arn:aws:iam::123456789012:user/';
  const cases: [string, Parameters<typeof accessDeniedMessage>[3], string][] = [
    [
      'no identity allow',
      { decision: 'implicit-deny', policyType: 'identity-based policy' },
      'because no identity-based policy allows the iam:ListUsers action',
    ],
    [
      'no boundary allow',
      { decision: 'implicit-deny', policyType: 'permissions boundary' },
      'because no permissions boundary allows the iam:ListUsers action',
    ],
    [
      'no session allow',
      { decision: 'implicit-deny', policyType: 'session policy' },
      'because no session policy allows the iam:ListUsers action',
    ],
    [
      'identity deny',
      {
        decision: 'explicit-deny',
        statement: { policyType: 'identity-based policy', policy: 'p', index: 0, sid: undefined, effect: 'Deny' },
      },
      'with an explicit deny in an identity-based policy',
    ],
    [
      'boundary deny',
      {
        decision: 'explicit-deny',
        statement: { policyType: 'permissions boundary', policy: 'p', index: 0, sid: undefined, effect: 'Deny' },
      },
      'with an explicit deny in a permissions boundary',
    ],
    [
      'session deny',
      {
        decision: 'explicit-deny',
        statement: { policyType: 'session policy', policy: 'p', index: 0, sid: undefined, effect: 'Deny' },
      },
      'with an explicit deny in a session policy',
    ],
  ];
  for (const [name, evaluation, tail] of cases) {
    it(name, () => {
      assert.equal(
        accessDeniedMessage(USER, 'iam:ListUsers', resource, evaluation),
        `User: ${USER} is not authorized to perform: iam:ListUsers on resource: ${resource} ${tail}`,
      );
    });
  }
});

describe('wildcardMatch', () => {
  const cases: [string, string, boolean][] = [
    ['*', '', true],
    ['a*b*c', 'aXXbYYc', true],
    ['a*b*c', 'aXXbYY', false],
    ['a?c', 'abc', true],
    ['a?c', 'ac', false],
    ['*'.repeat(50) + 'x', 'a'.repeat(5000), false],
  ];
  for (const [pattern, text, expected] of cases)
    it(`${pattern.slice(0, 12)} ~ ${text.slice(0, 12)} -> ${expected}`, () =>
      assert.equal(wildcardMatch(pattern, text), expected));
});
