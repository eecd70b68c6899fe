// Benchmark: lint 1,000 role files that carry IAM policies (actions of ten services, ARNs, conditions)
// with AWS's catalogue (every service's actions, resource types and condition keys, read per service
// on first use) beside today's figure without it (the policy grammar alone, as before the catalogue),
// measured in the same run; and the first lint's cost of reading the catalogue's files.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { installIamCatalogue } from '@keyfob/shared/iam-policy';
import { lintText } from '@keyfob/shared/lint';
import { measure, ms, printTable } from './lib/measure.ts';

const dir = fileURLToPath(new URL('../schemas/generated/iam/', import.meta.url));
const readCatalogue = (name: string): string | undefined => {
  try {
    return readFileSync(`${dir}${name}`, 'utf8');
  } catch {
    return undefined;
  }
};

const SERVICES = [
  ['s3:GetObject', 's3:PutObject', 'arn:aws:s3:::bucket-N/*'],
  ['ec2:DescribeInstances', 'ec2:StartInstances', '*'],
  ['kms:Decrypt', 'kms:GenerateDataKey', 'arn:aws:kms:us-east-1:123456789012:key/N'],
  ['dynamodb:GetItem', 'dynamodb:Query', 'arn:aws:dynamodb:us-east-1:123456789012:table/t-N'],
  ['sqs:SendMessage', 'sqs:ReceiveMessage', 'arn:aws:sqs:us-east-1:123456789012:q-N'],
  ['sns:Publish', 'sns:GetTopicAttributes', 'arn:aws:sns:us-east-1:123456789012:topic-N'],
  ['lambda:InvokeFunction', 'lambda:GetFunction', 'arn:aws:lambda:us-east-1:123456789012:function:f-N'],
  ['logs:PutLogEvents', 'logs:CreateLogStream', 'arn:aws:logs:us-east-1:123456789012:log-group:g-N:*'],
  ['iam:GetUser', 'iam:ListAccessKeys', 'arn:aws:iam::123456789012:user/u-N'],
  [
    'secretsmanager:GetSecretValue',
    'secretsmanager:DescribeSecret',
    'arn:aws:secretsmanager:us-east-1:123456789012:secret:s-N',
  ],
];

/** One role file: an iam_user role whose policy has three statements of different services, one with a condition. */
function roleFile(n: number): string {
  const statements = [0, 1, 2].map((k) => {
    const [a, b, resource] = SERVICES[(n + k * 3) % SERVICES.length] ?? [];
    return [
      `    - Sid: S${k}`,
      '      Effect: Allow',
      `      Action: [${a}, ${b}]`,
      `      Resource: "${(resource ?? '*').replace('N', String(n))}"`,
      ...(k === 0 ? ['      Condition: { Bool: { aws:SecureTransport: "true" } }'] : []),
    ].join('\n');
  });
  return `credential_type: iam_user\npolicy_document:\n  Version: "2012-10-17"\n  Statement:\n${statements.join('\n')}\n`;
}

const files = Array.from({ length: 1000 }, (_, n) => roleFile(n));
const lintAll = (): number =>
  files.reduce((sum, text, n) => sum + lintText(text, { fileName: `r${n}.role.yaml` }).problems.length, 0);

// First lint with a fresh catalogue: the index and the ten services' files are read on first use.
const started = performance.now();
installIamCatalogue(readCatalogue);
const firstProblems = lintAll();
const first = performance.now() - started;

const withCatalogue = await measure(lintAll, { runs: 7, warmup: 1 });
installIamCatalogue(() => undefined);
const withoutProblems = lintAll();
const without = await measure(lintAll, { runs: 7, warmup: 1 });

printTable([
  ['1,000 role files with policies', 'median', 'min', 'max', 'problems'],
  [
    'with the IAM catalogue',
    ms(withCatalogue.median),
    ms(withCatalogue.min),
    ms(withCatalogue.max),
    String(firstProblems),
  ],
  ['today: grammar only (no catalogue)', ms(without.median), ms(without.min), ms(without.max), String(withoutProblems)],
]);
console.log(`first lint, catalogue files read on first use: ${ms(first)}`);
console.log(`catalogue cost: ${(withCatalogue.median / without.median).toFixed(2)}x the grammar-only figure`);
