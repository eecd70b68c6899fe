// Completion and hover from AWS's IAM catalogue inside a role's policy_document (YAML and JSON).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseDocuments } from '@keyfob/shared/documents';
import { completionsAt, hoverAt } from '@keyfob/shared/editor';
import { useIamCatalogue } from '../../../test/helpers/iam-catalogue.ts';

useIamCatalogue();

const yaml = (action: string) =>
  `credential_type: iam_user\npolicy_document:\n  Version: "2012-10-17"\n  Statement:\n    - Effect: Allow\n      Action: ${action}`;

describe('catalogue completion inside policy_document', () => {
  const rows: { name: string; text: string; format: 'yaml' | 'json'; expect: string; detail?: RegExp; doc?: RegExp }[] =
    [
      { name: 'service prefixes', text: yaml('dynamo'), format: 'yaml', expect: 'dynamodb:' },
      {
        name: 'actions of a service',
        text: yaml('s3:GetObj'),
        format: 'yaml',
        expect: 's3:GetObject',
        detail: /Read/,
        doc: /object/,
      },
      { name: 'a real STS action', text: yaml('sts:GetWeb'), format: 'yaml', expect: 'sts:GetWebIdentityToken' },
      {
        name: 'ARN templates of the statement services in Resource',
        text: `${yaml('s3:GetObject')}\n      Resource: `,
        format: 'yaml',
        expect: 'arn:aws:s3:::${BucketName}/${ObjectName}',
      },
      {
        name: 'actions in the JSON form',
        text: '{"credential_type": "iam_user", "policy_document": {"Version": "2012-10-17", "Statement": [{"Effect": "Allow", "Action": "kms:Decr',
        format: 'json',
        expect: 'kms:Decrypt',
      },
    ];
  for (const row of rows) {
    it(row.name, () => {
      const entries = completionsAt(row.text, row.text.length, { format: row.format, kind: 'role' });
      const found = entries.find((e) => e.label === row.expect);
      assert.ok(
        found,
        `${row.expect} in ${entries
          .slice(0, 10)
          .map((e) => e.label)
          .join(', ')}`,
      );
      if (row.detail) assert.match(found.detail ?? '', row.detail);
      if (row.doc) assert.match(found.documentation ?? '', row.doc);
    });
  }
});

describe('catalogue hover over an action inside policy_document', () => {
  const rows: { name: string; text: string; format: 'yaml' | 'json'; at: string; matches: RegExp[] }[] = [
    {
      name: 'YAML list item: description, access level, resource types with ARN formats',
      text: yaml('[s3:ListBucket, s3:GetObject]'),
      format: 'yaml',
      at: 's3:GetObject',
      matches: [
        /\*\*s3:GetObject\*\* \(Read\)/,
        /Grants permission to retrieve objects/,
        /`object`: `arn:\$\{Partition\}:s3:::\$\{BucketName\}\/\$\{ObjectName\}`/,
      ],
    },
    {
      name: 'JSON form: an action with no resource type',
      text: '{"credential_type": "iam_user", "policy_document": {"Version": "2012-10-17", "Statement": {"Effect": "Allow", "Action": "s3:ListAllMyBuckets", "Resource": "*"}}}',
      format: 'json',
      at: 's3:ListAllMyBuckets',
      matches: [/\(List\)/, /Resource types: none/],
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const file = parseDocuments(row.text, row.format);
      const hover = hoverAt(file, row.text.indexOf(row.at) + 3, { kindOf: () => 'role' });
      assert.ok(hover, 'a hover');
      for (const pattern of row.matches) assert.match(hover.markdown, pattern);
    });
  }
});
