// The emulated cloud's Query endpoint: the cost of SigV4 verification and policy evaluation per
// request, beside an unsigned request to the same server (parsed and refused with
// MissingAuthenticationToken), measured in the same run. Then the engine's POST sts with its
// provider calls made directly (default) and through the AWS SDK clients in process, and where the
// CPU of one such call goes (in process, one call at a time).
// `npm run bench -- cloud`; BENCH_SECONDS sets the measuring time per row (default 5).
import { SignatureV4 } from '@smithy/signature-v4';
import { queryPost, Sha256 } from '../test/helpers/aws-signer.ts';
import { startEngine, type EngineProcess } from '../test/helpers/engine.ts';
import { measureLoad, type LoadTarget } from './lib/http-load.ts';
import { printTable } from './lib/measure.ts';
import { providerCallCost } from './lib/provider-call-cost.ts';

const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const KEY = { accessKeyId: 'AKIABENCHMARK0000001', secretAccessKey: 'bench-secret-00000000000000000000000000' };
const ROLE = 'arn:aws:iam::123456789012:role/bench';

async function dev(engine: EngineProcess, method: string, path: string, body: unknown): Promise<void> {
  const answer = await fetch(`${engine.url}/v1/${path}`, {
    method,
    headers: { 'X-Service-Token': engine.rootToken },
    body: JSON.stringify(body),
  });
  if (answer.status >= 300) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
}

/**
 * One request signed once with AWS's signer and replayed (the date stays inside the 15-minute
 * window for the whole run; the endpoint keeps no replay cache, as the provider keeps none for
 * SigV4).
 */
async function signed(
  cloudUrl: string,
  service: 'sts' | 'iam',
  body: string,
  expectStatus: number,
): Promise<LoadTarget> {
  const request = queryPost(cloudUrl, body);
  const signer = new SignatureV4({ credentials: KEY, region: 'us-east-1', service, sha256: Sha256 });
  const done = await signer.sign(request);
  return { url: cloudUrl, method: 'POST', headers: done.headers, body, expectStatus };
}

async function main(): Promise<void> {
  const stops: (() => Promise<void>)[] = [];
  try {
    const engine = await startEngine();
    stops.push(() => engine.stop());
    const viaSdk = await startEngine({ args: ['--provider-client', 'sdk'] });
    stops.push(() => viaSdk.stop());
    const policy = JSON.stringify({
      Version: '2012-10-17',
      Statement: [
        {
          Sid: 'Self',
          Effect: 'Allow',
          Action: ['iam:GetUser', 'iam:ListAccessKeys'],
          Resource: 'arn:aws:iam::*:user/${aws:username}',
          Condition: { IpAddress: { 'aws:SourceIp': '127.0.0.0/8' } },
        },
        { Sid: 'NoDelete', Effect: 'Deny', Action: 'iam:Delete*', Resource: '*' },
      ],
    });
    for (const e of [engine, viaSdk]) {
      await dev(e, 'PUT', 'sys/dev/cloud', {
        users: [
          {
            name: 'bench',
            accessKeys: [{ id: KEY.accessKeyId, secret: KEY.secretAccessKey }],
            inlinePolicies: { self: policy },
          },
        ],
        roles: [{ arn: ROLE }],
      });
      await dev(e, 'POST', 'cloud/roles/bench', { credential_type: 'assumed_role', role_arns: [ROLE] });
    }
    const form = (action: string, version: string, extra = ''): string => `Action=${action}&Version=${version}${extra}`;
    const sts = (engineUrl: string): LoadTarget => ({
      url: `${engineUrl}/v1/cloud/sts/bench`,
      method: 'POST',
      headers: { 'X-Service-Token': engine.rootToken },
      body: '{}',
      expectStatus: 200,
    });
    const cloudRows = await measureLoad(
      [
        [
          'unsigned GetCallerIdentity (refused)',
          {
            url: engine.cloudUrl,
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: form('GetCallerIdentity', '2011-06-15'),
            expectStatus: 403,
          },
        ],
        [
          'signed GetCallerIdentity (SigV4, no policy)',
          await signed(engine.cloudUrl, 'sts', form('GetCallerIdentity', '2011-06-15'), 200),
        ],
        [
          'signed iam:GetUser, allowed (SigV4 + evaluation)',
          await signed(engine.cloudUrl, 'iam', form('GetUser', '2010-05-08', '&UserName=bench'), 200),
        ],
        [
          'signed iam:ListUsers, denied (SigV4 + evaluation)',
          await signed(engine.cloudUrl, 'iam', form('ListUsers', '2010-05-08'), 403),
        ],
      ],
      { clients: CLIENTS, seconds: SECONDS, rounds: 5, warmupMs: 1000 },
    );
    const base = cloudRows[0]?.[1] ?? { perSecond: 1, p50: 0 };
    printTable([
      ['cloud endpoint case', 'req/s', 'p50', 'p99', 'vs unsigned', 'cost/request', 'failures'],
      ...cloudRows.map(([name, r]) => [
        name,
        r.perSecond.toFixed(0),
        `${r.p50.toFixed(2)} ms`,
        `${r.p99.toFixed(2)} ms`,
        `${((r.perSecond / base.perSecond) * 100).toFixed(0)}%`,
        `${((1 / r.perSecond - 1 / base.perSecond) * 1e6).toFixed(0)} µs`,
        String(r.failures),
      ]),
    ]);
    console.log(
      'cost/request: extra server time per request over the unsigned one (1/req/s difference; the server is one process)',
    );
    const engineRows = await measureLoad(
      [
        ['engine POST sts, provider calls direct (default)', sts(engine.url)],
        [
          'engine POST sts, provider calls via AWS SDK (in process)',
          { ...sts(viaSdk.url), headers: { 'X-Service-Token': viaSdk.rootToken } },
        ],
      ],
      { clients: CLIENTS, seconds: SECONDS, rounds: 5, warmupMs: 1000 },
    );
    const direct = engineRows[0]?.[1].perSecond ?? 1;
    console.log('');
    printTable([
      ['engine case', 'req/s', 'p50', 'p99', 'vs direct', 'failures'],
      ...engineRows.map(([name, r]) => [
        name,
        r.perSecond.toFixed(0),
        `${r.p50.toFixed(2)} ms`,
        `${r.p99.toFixed(2)} ms`,
        `${((r.perSecond / direct) * 100).toFixed(0)}%`,
        String(r.failures),
      ]),
    ]);
    console.log(
      `\n${CLIENTS} concurrent clients, ${SECONDS}s per case in 5 interleaved rounds after a 1000 ms warm-up each`,
    );
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
  const cost = await providerCallCost();
  console.log('');
  printTable([
    ['one POST sts, in process, one call at a time', 'CPU per call'],
    ...cost.map(([name, us]) => [name, `${us.toFixed(0)} µs`]),
  ]);
  console.log(
    "median of 5 batches of 2000 calls; the three indented rows are the SDK path's parts, each measured alone",
  );
}

await main();
