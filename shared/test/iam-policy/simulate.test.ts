// The simulator over the shared evaluator: decisions, the deciding statements with their line and
// column in the policy text, missing context keys and the boundary's own verdict.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { simulatePolicies, statementPositions } from '@keyfob/shared/iam-policy';

const TEXT = `{
  "Version": "2012-10-17",
  "Statement": [
    { "Sid": "Read", "Effect": "Allow", "Action": "s3:Get*", "Resource": "*" },
    {
      "Sid": "NoSecrets",
      "Effect": "Deny",
      "Action": "s3:GetObject",
      "Resource": "arn:aws:s3:::secrets/*"
    },
    { "Effect": "Allow", "Action": "kms:Decrypt", "Resource": "*", "Condition": { "Bool": { "aws:SecureTransport": "true" } } }
  ]
}`;

describe('statementPositions', () => {
  it('gives each statement its start and end line and column (1-based)', () => {
    assert.deepEqual(statementPositions(TEXT), [
      { start: { line: 4, column: 5 }, end: { line: 4, column: 78 } },
      { start: { line: 5, column: 5 }, end: { line: 10, column: 5 } },
      { start: { line: 11, column: 5 }, end: { line: 11, column: 127 } },
    ]);
  });
  it('a single statement object is one span; text that is no policy gives none', () => {
    assert.equal(statementPositions('{"Statement":{"Effect":"Allow"}}').length, 1);
    assert.deepEqual(statementPositions('not json'), []);
    assert.deepEqual(statementPositions('[1,2]'), []);
  });
});

describe('simulatePolicies', () => {
  const identity = [{ id: 'PolicyInputList.1', type: 'none' as const, document: TEXT }];
  const rows: {
    action: string;
    resource: string;
    context?: Record<string, string>;
    decision: string;
    matched: number[];
    missing?: string[];
  }[] = [
    { action: 's3:GetObject', resource: 'arn:aws:s3:::releases/a', decision: 'allowed', matched: [4] },
    { action: 's3:GetObject', resource: 'arn:aws:s3:::secrets/a', decision: 'explicitDeny', matched: [5] },
    { action: 's3:PutObject', resource: 'arn:aws:s3:::releases/a', decision: 'implicitDeny', matched: [] },
    { action: 'kms:Decrypt', resource: '*', decision: 'implicitDeny', matched: [], missing: ['aws:SecureTransport'] },
    {
      action: 'kms:Decrypt',
      resource: '*',
      context: { 'aws:SecureTransport': 'true' },
      decision: 'allowed',
      matched: [11],
      missing: [],
    },
  ];
  for (const row of rows) {
    it(`${row.action} on ${row.resource}${row.context ? ' with context' : ''}: ${row.decision}`, () => {
      const [result] = simulatePolicies({
        actions: [row.action],
        resources: [row.resource],
        context: row.context ?? {},
        identity,
      });
      assert.equal(result?.decision, row.decision);
      assert.deepEqual(
        result?.matched.map((m) => m.start?.line),
        row.matched,
      );
      for (const m of result?.matched ?? []) assert.equal(m.policyId, 'PolicyInputList.1');
      if (row.missing) assert.deepEqual(result?.missingContextValues, row.missing);
      assert.equal(result?.allowedByBoundary, undefined);
    });
  }
  it('one result per action and resource, "*" when no resource is given; a boundary gives its own verdict', () => {
    const boundary = [
      {
        id: 'B',
        type: 'none' as const,
        document: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: 's3:GetObject', Resource: '*' }] },
      },
    ];
    const results = simulatePolicies({
      actions: ['s3:GetObject', 's3:GetBucketPolicy'],
      resources: [],
      context: {},
      identity,
      boundary,
    });
    assert.deepEqual(
      results.map((r) => [r.action, r.resource, r.decision, r.allowedByBoundary]),
      [
        ['s3:GetObject', '*', 'allowed', true],
        ['s3:GetBucketPolicy', '*', 'implicitDeny', false],
      ],
    );
  });
});
