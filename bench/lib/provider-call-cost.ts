// Where the CPU of one provider call goes, in process and one call at a time (no HTTP, no load
// generator): the engine's POST sts through its dispatcher with provider calls made directly and
// through the AWS SDK, and the SDK path's parts measured alone.
import { AssumeRoleCommand, STSClient } from '@aws-sdk/client-sts';
import { HttpResponse, type HttpRequest } from '@smithy/protocol-http';
import { handle as cloudHandle, type CloudServerOptions } from '../../engine/src/cloud/protocol/cloud-server.ts';
import { EMBEDDED_ENDPOINT } from '../../engine/src/cloud/protocol/in-process-handler.ts';
import { clientOptions } from '../../engine/src/secrets/provider-clients.ts';
import { engineInMemory } from '../../engine/src/start-engine.ts';

const ROLE = 'arn:aws:iam::123456789012:role/bench';
const CALLS = 2000;

/** Median CPU microseconds per call of `call`, over 5 batches after a warm-up batch. */
async function cpuPerCall(call: () => Promise<unknown>): Promise<number> {
  const batch = async (): Promise<number> => {
    const start = process.cpuUsage();
    for (let i = 0; i < CALLS; i++) await call();
    const used = process.cpuUsage(start);
    return (used.user + used.system) / CALLS;
  };
  await batch();
  const rounds: number[] = [];
  for (let r = 0; r < 5; r++) rounds.push(await batch());
  return rounds.sort((a, b) => a - b)[2] ?? 0;
}

/** A request handler that keeps the last request and answers with a fixed response. */
class FixedHandler {
  last: HttpRequest | undefined;

  constructor(
    private readonly status: number,
    private readonly body: string,
  ) {}

  handle(request: HttpRequest): Promise<{ response: HttpResponse }> {
    this.last = request;
    const headers = { 'content-type': 'text/xml' };
    return Promise.resolve({
      response: new HttpResponse({ statusCode: this.status, headers, body: Buffer.from(this.body) }),
    });
  }

  updateHttpClientConfig(): void {}

  httpHandlerConfigs(): Record<string, never> {
    return {};
  }
}

/** POST sts through the dispatcher of an in-memory engine whose provider calls go `via`. */
async function engineCall(via: 'direct' | 'sdk'): Promise<() => Promise<unknown>> {
  const { core, rootToken, handle } = engineInMemory({ providerClient: via });
  const headers = { 'x-service-token': rootToken, 'content-type': 'application/json' };
  const role = { credential_type: 'assumed_role', role_arns: ROLE };
  const written = await handle({
    method: 'POST',
    url: '/v1/cloud/roles/bench',
    headers,
    body: Buffer.from(JSON.stringify(role)),
  });
  if (written.status !== 204) throw new Error(`role write: ${written.body ?? written.status}`);
  const sts = { method: 'POST', url: '/v1/cloud/sts/bench', headers, body: Buffer.from('{}') };
  const issued: string[] = [];
  return async () => {
    const answer = await handle(sts);
    if (answer.status !== 200) throw new Error(`POST sts: ${answer.body ?? answer.status}`);
    issued.push((JSON.parse(answer.body ?? '{}') as { lease_id: string }).lease_id);
    // Keep the lease count flat: revoke in bulk now and then (inside the timing, alike for both paths).
    if (issued.length >= 500) for (const id of issued.splice(0)) await core.leases.revoke(id);
  };
}

/** Rows of [what, CPU µs per call]. */
export async function providerCallCost(): Promise<[string, number][]> {
  const direct = await cpuPerCall(await engineCall('direct'));
  const viaSdk = await cpuPerCall(await engineCall('sdk'));

  // The parts, on an engine's cloud and with its credentials and client options.
  const { core } = engineInMemory();
  const key = core.cloud.state.ambientKey;
  const input = { RoleArn: ROLE, RoleSessionName: 'bench-session', DurationSeconds: 3600 };
  const options: CloudServerOptions = { cloud: core.cloud, commit: () => Promise.resolve(), log: () => undefined };
  // One real answer of the cloud, then the client alone against it (serialise, sign, parse).
  const capture = new FixedHandler(500, '');
  const capturing = new STSClient({
    ...clientOptions(key, 'us-east-1', 'sts', 0),
    endpoint: EMBEDDED_ENDPOINT,
    requestHandler: capture,
  });
  await capturing.send(new AssumeRoleCommand(input)).catch(() => undefined);
  const sent = capture.last;
  if (!sent) throw new Error('the SDK sent nothing');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(sent.headers)) headers[name.toLowerCase()] = value;
  const body = Buffer.from(sent.body as string);
  const replay = async (): Promise<string> => {
    const answer = await cloudHandle(
      { method: 'POST', url: '/', headers, socket: { remoteAddress: '127.0.0.1' } },
      body,
      options,
      'bench',
    );
    if (answer.status !== 200) throw new Error(`cloud: ${answer.body}`);
    return answer.body;
  };
  const client = new STSClient({
    ...clientOptions(key, 'us-east-1', 'sts', 0),
    endpoint: EMBEDDED_ENDPOINT,
    requestHandler: new FixedHandler(200, await replay()),
  });
  const sdkAlone = await cpuPerCall(() => client.send(new AssumeRoleCommand(input)));
  const cloudAlone = await cpuPerCall(replay);
  const operation = await cpuPerCall(() =>
    Promise.resolve(
      core.cloud.assumeRole(undefined, {
        roleArn: ROLE,
        sessionName: 'bench-session',
        durationSeconds: 3600,
        policyArns: [],
        tags: {},
      }),
    ),
  );
  return [
    ['engine POST sts, provider calls direct (dispatcher, no HTTP)', direct],
    ['engine POST sts, provider calls via AWS SDK in process', viaSdk],
    ['  SDK client alone: AssumeRole serialised, signed, answer parsed', sdkAlone],
    ['  cloud Query handler alone: SigV4 verified, evaluated, run, XML', cloudAlone],
    ["  the cloud's AssumeRole called directly (the direct path's call)", operation],
  ];
}
