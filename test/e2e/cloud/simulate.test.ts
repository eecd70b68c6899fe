/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument -- engine, CLI and decoded answers are JSON read loosely; every assertion checks the shape it reads. */
// iam:SimulatePrincipalPolicy, iam:SimulateCustomPolicy and sts:DecodeAuthorizationMessage against
// `keyfob serve` (a real process), called by Debian's aws 2.9 and the AWS SDK v3, agree with
// `keyfob can-i` (a real process) on every call of the table below, and each answer is the one
// the table expects (labelled by hand from the role files).
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  DeleteUserCommand,
  GetUserCommand,
  ListUsersCommand,
  SimulateCustomPolicyCommand,
  SimulatePrincipalPolicyCommand,
  type ContextEntry,
  type EvaluationResult,
} from '@aws-sdk/client-iam';
import { DecodeAuthorizationMessageCommand } from '@aws-sdk/client-sts';
import { parse as parseYaml } from 'yaml';
import { REPO_ROOT, startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { AWS_CLI, awsCli, sdkClients, sdkOutcome, type IssuedCreds } from '../../helpers/aws.ts';
import { runKeyfob } from '../../../cli/test/run-keyfob.ts';
import { fixtures, get, post } from '../engine/engine-client.ts';

const ACCOUNT = '123456789012';
const ADMIN = { access_key: 'AKIAKEYFOBADMIN00001', secret_key: 'admin-secret-0000000000000000000000000000' };
const AUDITOR = { access_key: 'AKIAKEYFOBAUDIT00001', secret_key: 'audit-secret-0000000000000000000000000000' };
const USERS = `arn:aws:iam::${ACCOUNT}:user/`;

/** The role files (iam_user: the simulator's principal is the user the engine makes for the role). */
const ROLE_FILES: Record<string, string> = {
  reader: `credential_type: iam_user
policy_document:
  Version: "2012-10-17"
  Statement:
    - Sid: ReadReleases
      Effect: Allow
      Action: ["s3:Get*", "s3:List*"]
      Resource: ["arn:aws:s3:::releases", "arn:aws:s3:::releases/*"]
    - Sid: ListUsers
      Effect: Allow
      Action: iam:ListUsers
      Resource: "*"
`,
  builder: `credential_type: iam_user
policy_document:
  Version: "2012-10-17"
  Statement:
    - Sid: Ec2
      Effect: Allow
      Action: ["ec2:*", "iam:GetUser", "iam:DeleteUser"]
      Resource: "*"
    - Sid: NoDestroy
      Effect: Deny
      Action: ["ec2:TerminateInstances", "ec2:Delete*"]
      Resource: "*"
    - Sid: NoDeleteUsers
      Effect: Deny
      Action: iam:DeleteUser
      Resource: "${USERS}*"
`,
  broad: `credential_type: iam_user
policy_document:
  Version: "2012-10-17"
  Statement:
    - Sid: AllButIam
      Effect: Allow
      NotAction: ["iam:*", "organizations:*"]
      Resource: "*"
    - Sid: KeepOutsideScratch
      Effect: Deny
      Action: s3:DeleteObject
      NotResource: "arn:aws:s3:::scratch/*"
`,
  conditional: `credential_type: iam_user
policy_document:
  Version: "2012-10-17"
  Statement:
    - Sid: UploadsInEurope
      Effect: Allow
      Action: s3:PutObject
      Resource: "arn:aws:s3:::uploads/*"
      Condition:
        StringEquals:
          aws:RequestedRegion: eu-west-1
    - Sid: DecryptFromOffice
      Effect: Allow
      Action: kms:Decrypt
      Resource: "*"
      Condition:
        IpAddress:
          aws:SourceIp: 10.0.0.0/8
    - Sid: Queues
      Effect: Allow
      Action: sqs:SendMessage
      Resource: "*"
    - Sid: TlsOnly
      Effect: Deny
      Action: sqs:*
      Resource: "*"
      Condition:
        Bool:
          aws:SecureTransport: "false"
`,
  bounded: `credential_type: iam_user
policy_document:
  Version: "2012-10-17"
  Statement:
    - Sid: Wide
      Effect: Allow
      Action: ["s3:*", "iam:ListUsers"]
      Resource: "*"
permissions_boundary_arn: arn:aws:iam::aws:policy/AmazonS3ReadOnlyAccess
`,
};

type Decision = 'allowed' | 'explicitDeny' | 'implicitDeny';
/** role, action, resource, context (KEY=VALUE), the decision the role file gives. */
type Row = readonly [string, string, string, string | undefined, Decision];

const TABLE: readonly Row[] = [
  ['reader', 's3:GetObject', 'arn:aws:s3:::releases/app.tgz', undefined, 'allowed'],
  ['reader', 's3:getobject', 'arn:aws:s3:::releases/app.tgz', undefined, 'allowed'],
  ['reader', 's3:GetObjectVersion', 'arn:aws:s3:::releases/v1/app.tgz', undefined, 'allowed'],
  ['reader', 's3:ListBucket', 'arn:aws:s3:::releases', undefined, 'allowed'],
  ['reader', 's3:ListBucket', 'arn:aws:s3:::other', undefined, 'implicitDeny'],
  ['reader', 's3:GetObject', 'arn:aws:s3:::Releases/app.tgz', undefined, 'implicitDeny'],
  ['reader', 's3:PutObject', 'arn:aws:s3:::releases/app.tgz', undefined, 'implicitDeny'],
  ['reader', 'iam:ListUsers', USERS, undefined, 'allowed'],
  ['reader', 'iam:GetUser', `${USERS}someone`, undefined, 'implicitDeny'],
  ['reader', 'ec2:RunInstances', '*', undefined, 'implicitDeny'],
  ['reader', 's3:GetBucketPolicy', 'arn:aws:s3:::releases', undefined, 'allowed'],
  ['builder', 'ec2:RunInstances', '*', undefined, 'allowed'],
  ['builder', 'ec2:DescribeInstances', '*', undefined, 'allowed'],
  ['builder', 'ec2:TerminateInstances', 'arn:aws:ec2:eu-west-1:123456789012:instance/i-1', undefined, 'explicitDeny'],
  ['builder', 'ec2:DeleteVolume', '*', undefined, 'explicitDeny'],
  ['builder', 'ec2:deletesnapshot', '*', undefined, 'explicitDeny'],
  ['builder', 'ec2:CreateSnapshot', '*', undefined, 'allowed'],
  ['builder', 'iam:GetUser', `${USERS}someone`, undefined, 'allowed'],
  ['builder', 'iam:DeleteUser', `${USERS}someone`, undefined, 'explicitDeny'],
  ['builder', 'iam:ListUsers', USERS, undefined, 'implicitDeny'],
  ['builder', 's3:GetObject', 'arn:aws:s3:::releases/app.tgz', undefined, 'implicitDeny'],
  ['builder', 'ec2:StopInstances', 'arn:aws:ec2:eu-west-1:123456789012:instance/i-1', undefined, 'allowed'],
  ['broad', 's3:GetObject', 'arn:aws:s3:::anything/x', undefined, 'allowed'],
  ['broad', 'dynamodb:PutItem', 'arn:aws:dynamodb:eu-west-1:123456789012:table/t', undefined, 'allowed'],
  ['broad', 'iam:ListUsers', USERS, undefined, 'implicitDeny'],
  ['broad', 'iam:CreateUser', `${USERS}x`, undefined, 'implicitDeny'],
  ['broad', 'organizations:ListAccounts', '*', undefined, 'implicitDeny'],
  ['broad', 's3:DeleteObject', 'arn:aws:s3:::scratch/tmp.txt', undefined, 'allowed'],
  ['broad', 's3:DeleteObject', 'arn:aws:s3:::releases/app.tgz', undefined, 'explicitDeny'],
  ['broad', 's3:DeleteObject', '*', undefined, 'explicitDeny'],
  ['broad', 'sts:AssumeRole', `arn:aws:iam::${ACCOUNT}:role/admin`, undefined, 'allowed'],
  ['broad', 'kms:Decrypt', '*', undefined, 'allowed'],
  ['conditional', 's3:PutObject', 'arn:aws:s3:::uploads/a.txt', 'aws:RequestedRegion=eu-west-1', 'allowed'],
  ['conditional', 's3:PutObject', 'arn:aws:s3:::uploads/a.txt', 'aws:RequestedRegion=us-east-1', 'implicitDeny'],
  ['conditional', 's3:PutObject', 'arn:aws:s3:::uploads/a.txt', undefined, 'implicitDeny'],
  ['conditional', 's3:PutObject', 'arn:aws:s3:::other/a.txt', 'aws:RequestedRegion=eu-west-1', 'implicitDeny'],
  ['conditional', 'kms:Decrypt', '*', 'aws:SourceIp=10.1.2.3', 'allowed'],
  ['conditional', 'kms:Decrypt', '*', 'aws:SourceIp=192.168.1.1', 'implicitDeny'],
  ['conditional', 'kms:Decrypt', '*', undefined, 'implicitDeny'],
  ['conditional', 'sqs:SendMessage', '*', 'aws:SecureTransport=true', 'allowed'],
  ['conditional', 'sqs:SendMessage', '*', 'aws:SecureTransport=false', 'explicitDeny'],
  ['conditional', 'sqs:SendMessage', '*', undefined, 'allowed'],
  ['conditional', 'sqs:DeleteQueue', '*', 'aws:SecureTransport=false', 'explicitDeny'],
  ['conditional', 'sqs:DeleteQueue', '*', 'aws:SecureTransport=true', 'implicitDeny'],
  ['bounded', 's3:GetObject', 'arn:aws:s3:::releases/app.tgz', undefined, 'allowed'],
  ['bounded', 's3:ListBucket', 'arn:aws:s3:::releases', undefined, 'allowed'],
  ['bounded', 's3:PutObject', 'arn:aws:s3:::releases/app.tgz', undefined, 'implicitDeny'],
  ['bounded', 's3:DeleteBucket', 'arn:aws:s3:::releases', undefined, 'implicitDeny'],
  ['bounded', 'iam:ListUsers', USERS, undefined, 'implicitDeny'],
  ['bounded', 'ec2:RunInstances', '*', undefined, 'implicitDeny'],
  ['bounded', 's3:GetObjectTagging', 'arn:aws:s3:::releases/app.tgz', undefined, 'allowed'],
  ['bounded', 's3:PutBucketPolicy', 'arn:aws:s3:::releases', undefined, 'implicitDeny'],
];

const CAN_I_DECISION: Record<string, Decision> = {
  allow: 'allowed',
  'explicit-deny': 'explicitDeny',
  'implicit-deny': 'implicitDeny',
};

/** Runs tasks a few at a time (each spawns a process; the machine is shared). */
async function inBatches<T, R>(items: readonly T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = [];
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map(run))));
  return out;
}

function contextOf(row: Row): Record<string, string> {
  if (row[3] === undefined) return {};
  const at = row[3].indexOf('=');
  return { [row[3].slice(0, at)]: row[3].slice(at + 1) };
}

const TYPES: Record<string, string> = {
  'aws:SourceIp': 'ip',
  'aws:SecureTransport': 'boolean',
};

function contextEntries(row: Row): ContextEntry[] {
  return Object.entries(contextOf(row)).map(([key, value]) => ({
    ContextKeyName: key,
    ContextKeyValues: [value],
    ContextKeyType: (TYPES[key] ?? 'string') as ContextEntry['ContextKeyType'],
  }));
}

/** The boundary and managed policy documents a custom simulation is given, from AWS's catalogue files. */
function catalogueDocument(arn: string): string {
  const dir = join(REPO_ROOT, 'schemas', 'generated', 'iam');
  const index = JSON.parse(readFileSync(join(dir, 'index.json'), 'utf8'));
  return readFileSync(join(dir, 'policies', `${index.policies[arn]}.json`), 'utf8');
}

function encodedOf(message: string): string {
  const found = /Encoded authorization failure message: ([\w-]+)$/.exec(message);
  assert.ok(found, `no encoded message in: ${message}`);
  return found[1] ?? '';
}

describe('the simulate and decode APIs with the aws command and the SDK, against keyfob can-i', () => {
  let engine: EngineProcess;
  let dir: string;
  const arns: Record<string, string> = {};
  const creds: Record<string, IssuedCreds> = {};
  const canI = new Map<Row, Decision>();
  const documents: Record<string, { policy: string; boundary?: string }> = {};

  before(async () => {
    engine = await startEngine();
    await fixtures(engine, {
      rootUser: { name: 'keyfob-admin', accessKeys: [{ id: ADMIN.access_key, secret: ADMIN.secret_key }] },
      users: [
        {
          name: 'auditor',
          accessKeys: [{ id: AUDITOR.access_key, secret: AUDITOR.secret_key }],
          policies: [],
          inlinePolicies: {
            audit: JSON.stringify({
              Version: '2012-10-17',
              Statement: [{ Effect: 'Allow', Action: 'iam:SimulateCustomPolicy', Resource: '*' }],
            }),
          },
        },
      ],
    });
    dir = mkdtempSync(join(tmpdir(), 'keyfob-simulate-'));
    for (const [name, text] of Object.entries(ROLE_FILES)) {
      writeFileSync(join(dir, `${name}.role.yaml`), text);
      const parsed = parseYaml(text);
      documents[name] = {
        policy: JSON.stringify(parsed.policy_document),
        ...(parsed.permissions_boundary_arn ? { boundary: catalogueDocument(parsed.permissions_boundary_arn) } : {}),
      };
    }
    const env = { KEYFOB_URL: engine.url, KEYFOB_TOKEN: engine.rootToken };
    const applied = await runKeyfob(['apply', dir], env);
    assert.equal(applied.status, 0, applied.stderr + applied.stdout);
    for (const name of Object.keys(ROLE_FILES)) {
      const issued = await get(engine, `cloud/creds/${name}`);
      assert.equal(issued.status, 200, issued.text);
      creds[name] = issued.body.data;
      const who = await post(engine, 'sys/dev/whoami', issued.body.data);
      arns[name] = who.body.data.arn;
    }
    const answers = await inBatches(TABLE, 4, async (row) => {
      const context = Object.entries(contextOf(row)).flatMap(([k, v]) => ['--context', `${k}=${v}`]);
      const run = await runKeyfob([
        'can-i',
        join(dir, `${row[0]}.role.yaml`),
        row[1],
        row[2],
        ...context,
        '--format',
        'json',
      ]);
      assert.ok(run.status === 0 || run.status === 1, run.stderr);
      return CAN_I_DECISION[JSON.parse(run.stdout).decision as string];
    });
    TABLE.forEach((row, i) => canI.set(row, answers[i] as Decision));
  });
  after(() => engine.stop());

  it(`the table has ${TABLE.length} calls over ${Object.keys(ROLE_FILES).length} roles, each decision kind present`, () => {
    assert.ok(TABLE.length >= 50);
    for (const d of ['allowed', 'explicitDeny', 'implicitDeny'])
      assert.ok(
        TABLE.some((r) => r[4] === d),
        d,
      );
  });

  it('keyfob can-i gives the decision the role files say, on every call of the table', () => {
    const wrong = TABLE.filter((row) => canI.get(row) !== row[4]).map((r) => `${r.join(' ')} -> ${canI.get(r)}`);
    assert.deepEqual(wrong, []);
  });

  it('SDK SimulatePrincipalPolicy agrees with keyfob can-i on every call, naming the deciding statements', async () => {
    const { iam } = sdkClients(engine.cloudUrl, ADMIN);
    const wrong: string[] = [];
    for (const row of TABLE) {
      const answer = await iam.send(
        new SimulatePrincipalPolicyCommand({
          PolicySourceArn: arns[row[0]],
          ActionNames: [row[1]],
          ResourceArns: [row[2]],
          ContextEntries: contextEntries(row),
        }),
      );
      const result = answer.EvaluationResults?.[0] as EvaluationResult;
      if (result.EvalDecision !== canI.get(row)) wrong.push(`${row.join(' ')} -> ${result.EvalDecision}`);
      assert.equal(result.EvalActionName, row[1]);
      assert.equal(result.EvalResourceName, row[2]);
      if (result.EvalDecision === 'explicitDeny') {
        assert.equal(result.MatchedStatements?.length, 1);
        assert.equal(result.MatchedStatements?.[0]?.SourcePolicyType, 'user');
        assert.equal(result.MatchedStatements?.[0]?.SourcePolicyId, row[0]);
        assert.ok((result.MatchedStatements?.[0]?.StartPosition?.Column ?? 0) > 1);
      }
      if (result.EvalDecision === 'allowed') assert.ok((result.MatchedStatements?.length ?? 0) >= 1);
      if (row[0] === 'bounded')
        assert.equal(typeof result.PermissionsBoundaryDecisionDetail?.AllowedByPermissionsBoundary, 'boolean');
    }
    assert.deepEqual(wrong, []);
  });

  it('SDK SimulateCustomPolicy with the role files’ documents agrees with keyfob can-i on every call', async () => {
    const { iam } = sdkClients(engine.cloudUrl, AUDITOR);
    const wrong: string[] = [];
    for (const row of TABLE) {
      const docs = documents[row[0]];
      const answer = await iam.send(
        new SimulateCustomPolicyCommand({
          PolicyInputList: [docs?.policy ?? ''],
          ...(docs?.boundary ? { PermissionsBoundaryPolicyInputList: [docs.boundary] } : {}),
          ActionNames: [row[1]],
          ResourceArns: [row[2]],
          ContextEntries: contextEntries(row),
        }),
      );
      const result = answer.EvaluationResults?.[0];
      if (result?.EvalDecision !== canI.get(row)) wrong.push(`${row.join(' ')} -> ${result?.EvalDecision}`);
      for (const s of result?.MatchedStatements ?? [])
        assert.match(s.SourcePolicyId ?? '', /^(PermissionsBoundary)?PolicyInputList\.1$/);
    }
    assert.deepEqual(wrong, []);
  });

  it('the condition keys a covering statement reads and the context lacks come back as MissingContextValues', async () => {
    const { iam } = sdkClients(engine.cloudUrl, ADMIN);
    const answer = await iam.send(
      new SimulatePrincipalPolicyCommand({
        PolicySourceArn: arns.conditional,
        ActionNames: ['kms:Decrypt', 'sqs:SendMessage', 's3:PutObject'],
        ResourceArns: ['arn:aws:s3:::uploads/a.txt'],
      }),
    );
    assert.deepEqual(
      answer.EvaluationResults?.map((r) => [r.EvalActionName, r.MissingContextValues]),
      [
        ['kms:Decrypt', ['aws:SourceIp']],
        ['sqs:SendMessage', ['aws:SecureTransport']],
        ['s3:PutObject', ['aws:RequestedRegion']],
      ],
    );
  });

  it(
    'the aws command: simulate-principal-policy and simulate-custom-policy agree with keyfob can-i on every call, paging two results at a time',
    { skip: AWS_CLI ? false : 'aws is not installed' },
    async () => {
      const groups = new Map<string, Row[]>();
      for (const row of TABLE) {
        const key = `${row[0]}|${row[3] ?? ''}`;
        groups.set(key, [...(groups.get(key) ?? []), row]);
      }
      const wrong: string[] = [];
      await inBatches([...groups.values()], 2, async (rows) => {
        const first = rows[0] as Row;
        const actions = [...new Set(rows.map((r) => r[1]))];
        const resources = [...new Set(rows.map((r) => r[2]))];
        const context = contextEntries(first).flatMap((e) => [
          '--context-entries',
          `ContextKeyName=${e.ContextKeyName},ContextKeyValues=${e.ContextKeyValues?.[0]},ContextKeyType=${e.ContextKeyType}`,
        ]);
        const common = ['--action-names', ...actions, '--resource-arns', ...resources, ...context, '--page-size', '2'];
        const docs = documents[first[0]];
        const runs = await Promise.all([
          awsCli(engine.cloudUrl, ADMIN, [
            'iam',
            'simulate-principal-policy',
            '--policy-source-arn',
            arns[first[0]] ?? '',
            ...common,
          ]),
          awsCli(engine.cloudUrl, AUDITOR, [
            'iam',
            'simulate-custom-policy',
            '--policy-input-list',
            docs?.policy ?? '',
            ...(docs?.boundary ? ['--permissions-boundary-policy-input-list', docs.boundary] : []),
            ...common,
          ]),
        ]);
        for (const run of runs) {
          assert.equal(run.code, 0, run.stderr);
          const results = JSON.parse(run.stdout).EvaluationResults as EvaluationResult[];
          assert.equal(results.length, actions.length * resources.length);
          for (const row of rows) {
            const found = results.find((r) => r.EvalActionName === row[1] && r.EvalResourceName === row[2]);
            if (found?.EvalDecision !== canI.get(row)) wrong.push(`${row.join(' ')} -> ${found?.EvalDecision}`);
          }
        }
      });
      assert.deepEqual(wrong, []);
    },
  );

  it('the same role credentials meet the same decisions on the IAM calls the cloud serves', async () => {
    const calls: [string, () => Promise<unknown>, Decision][] = [];
    for (const row of TABLE.filter((r) => ['iam:ListUsers', 'iam:GetUser', 'iam:DeleteUser'].includes(r[1]))) {
      const { iam } = sdkClients(engine.cloudUrl, creds[row[0]] as IssuedCreds);
      const name = row[2].slice(USERS.length);
      const send =
        row[1] === 'iam:ListUsers'
          ? () => iam.send(new ListUsersCommand({}))
          : row[1] === 'iam:GetUser'
            ? () => iam.send(new GetUserCommand({ UserName: name }))
            : () => iam.send(new DeleteUserCommand({ UserName: name }));
      calls.push([row.join(' '), send, canI.get(row) as Decision]);
    }
    assert.ok(calls.length >= 7);
    for (const [name, send, decision] of calls) {
      const outcome = await sdkOutcome(send);
      // Allowed: the call passed authorization (a user that does not exist is then NoSuchEntity).
      assert.equal(
        outcome.name === 'AccessDenied' ? 'denied' : 'passed',
        decision === 'allowed' ? 'passed' : 'denied',
        name,
      );
      if (outcome.name === 'AccessDenied')
        assert.match(
          outcome.message,
          decision === 'explicitDeny'
            ? /with an explicit deny in an identity-based policy\./
            : /because no (identity-based policy|permissions boundary) allows/,
        );
    }
  });

  it('DecodeAuthorizationMessage (SDK and aws command) names the deciding statement, the engine role, and the role file and line it came from', async () => {
    const { iam } = sdkClients(engine.cloudUrl, creds.builder as IssuedCreds);
    const denied = await sdkOutcome(() => iam.send(new DeleteUserCommand({ UserName: 'someone' })));
    assert.equal(denied.name, 'AccessDenied');
    const encoded = encodedOf(denied.message);
    const { sts } = sdkClients(engine.cloudUrl, ADMIN);
    const decoded = JSON.parse(
      (await sts.send(new DecodeAuthorizationMessageCommand({ EncodedMessage: encoded }))).DecodedMessage ?? '',
    );
    assert.equal(decoded.allowed, false);
    assert.equal(decoded.explicitDeny, true);
    assert.equal(decoded.context.action, 'iam:DeleteUser');
    assert.equal(decoded.context.resource, `${USERS}someone`);
    assert.equal(decoded.context.principal.arn, arns.builder);
    const statement = decoded.matchedStatements.items[0];
    assert.equal(statement.statementId, 'NoDeleteUsers');
    assert.equal(statement.effect, 'DENY');
    assert.deepEqual(statement.actions.items, [{ value: 'iam:DeleteUser' }]);
    assert.equal(statement.keyfob.statement, 3);
    assert.equal(statement.keyfob.role, 'cloud/roles/builder');
    assert.equal(statement.keyfob.position.line, 1);
    // keyfob apply sent where the role came from: the role file and the line of the Deny statement.
    assert.ok(String(statement.keyfob.file).endsWith('builder.role.yaml'), String(statement.keyfob.file));
    assert.equal(statement.keyfob.line, 13);
    if (AWS_CLI) {
      // `--encoded-message <message>` as a user types it: the message never begins with `-`, which the aws
      // command's argument parser would read as an option (engine/test/authorization-message.test.ts)
      const run = await awsCli(engine.cloudUrl, ADMIN, [
        'sts',
        'decode-authorization-message',
        '--encoded-message',
        encoded,
      ]);
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(JSON.parse(JSON.parse(run.stdout).DecodedMessage), decoded);
    }
    // An implicit deny: no statement decided; the policies that failed to allow are named with their role.
    const reader = sdkClients(engine.cloudUrl, creds.reader as IssuedCreds).iam;
    const implicit = await sdkOutcome(() => reader.send(new GetUserCommand({ UserName: 'someone' })));
    const second = JSON.parse(
      (await sts.send(new DecodeAuthorizationMessageCommand({ EncodedMessage: encodedOf(implicit.message) })))
        .DecodedMessage ?? '',
    );
    assert.equal(second.explicitDeny, false);
    assert.deepEqual(second.matchedStatements.items, []);
    assert.equal(second.keyfob.policies[0].role, 'cloud/roles/reader');
    assert.ok(String(second.keyfob.policies[0].file).endsWith('reader.role.yaml'));
    assert.equal(second.keyfob.policies[0].line, 2);
  });

  it('the caller needs the permission: iam:SimulatePrincipalPolicy and sts:DecodeAuthorizationMessage are refused to a caller without it', async () => {
    const { iam, sts } = sdkClients(engine.cloudUrl, AUDITOR);
    const simulate = await sdkOutcome(() =>
      iam.send(new SimulatePrincipalPolicyCommand({ PolicySourceArn: arns.reader, ActionNames: ['s3:GetObject'] })),
    );
    assert.equal(simulate.name, 'AccessDenied');
    assert.match(
      simulate.message,
      new RegExp(`perform: iam:SimulatePrincipalPolicy on resource: ${arns.reader} because`),
    );
    const decode = await sdkOutcome(() => sts.send(new DecodeAuthorizationMessageCommand({ EncodedMessage: 'abc' })));
    assert.equal(decode.name, 'AccessDenied');
    const bad = await sdkOutcome(() =>
      sdkClients(engine.cloudUrl, ADMIN).sts.send(
        new DecodeAuthorizationMessageCommand({ EncodedMessage: 'not-a-message' }),
      ),
    );
    assert.equal(bad.name, 'InvalidAuthorizationMessageException');
    assert.equal(bad.status, 400);
    const missing = await sdkOutcome(() =>
      sdkClients(engine.cloudUrl, ADMIN).iam.send(
        new SimulatePrincipalPolicyCommand({ PolicySourceArn: `${USERS}nobody`, ActionNames: ['s3:GetObject'] }),
      ),
    );
    assert.equal(missing.name, 'NoSuchEntityException');
  });
});
