/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- node-vault answers are untyped JSON; every assertion checks the shape it reads. */
// Done means of issue 25: the action, `keyfob creds`, `apply` and `access` each run 200 times against a
// 3-node cluster double with a 300 ms replication lag, behind a round-robin balancer so every run's
// requests spread over the active node and both standbys: 0 failures. node-vault, a client without
// the index headers, runs the same read-after-write sequences through the same balancer as a
// control, and fails (a role read right after its write 404s on a stale standby; a token used right
// after its login is unknown there, 403). The shared client runs those sequences too: 0 failures.
// The action also runs as the runner runs it (the bundle, spawned), a few times.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import NodeVault from 'node-vault';
import { createEngineClient, type EngineClient } from '@keyfob/shared/client';
import { run as runAction } from '../../../action/src/main.ts';
import { defaultDeps } from '../../../action/src/deps.ts';
import { FakeRunner } from '../../../action/test/fake-runner.ts';
import { main as cli } from '../../../cli/src/main.ts';
import { captureIo } from '../../../cli/test/capture-io.ts';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { startOidcIssuer, type OidcIssuer } from '../../helpers/oidc-issuer.ts';
import { pollUntil } from '../../helpers/poll.ts';
import { runStep } from '../../helpers/run-action.ts';
import { startRoundRobin, type RoundRobin } from '../../helpers/round-robin.ts';
import { AUDIENCE, JWT_ROLE, prepareEngine } from '../action/setup.ts';

const RUNS = 200;
/** Runs at once: enough to keep the double busy, few enough for a shared 2-core machine. */
const PARALLEL = 4;

/** Runs `task(i)` for i < count, `PARALLEL` at a time; resolves with the failures' descriptions. */
async function repeat(count: number, task: (i: number) => Promise<string | undefined>): Promise<string[]> {
  const failures: string[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let i = next++; i < count; i = next++) {
      const failure = await task(i).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
      if (failure !== undefined) failures.push(`run ${i}: ${failure}`);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return failures;
}

describe('issue 25 done means: 200 runs of each face against a 3-node double with 300 ms lag', () => {
  let cluster: EngineProcess;
  let issuer: OidcIssuer;
  let balancer: RoundRobin;
  let dir: string;
  before(async () => {
    issuer = await startOidcIssuer();
    cluster = await startEngine({ args: ['--nodes', '3', '--replication-lag', '300ms', '--flavor', 'vault'] });
    await prepareEngine(cluster, issuer);
    balancer = await startRoundRobin(cluster.nodes.map((n) => n.url));
    dir = mkdtempSync(join(tmpdir(), 'keyfob-cluster-runs-'));
    // Wait (bounded) until both standbys have the setup: the JWT role is its last write.
    for (const node of cluster.nodes.slice(1)) {
      const status = await pollUntil(
        async () => {
          const answer = await fetch(`${node.url}/v1/auth/jwt/role/${JWT_ROLE}`, {
            headers: { 'X-Vault-Token': cluster.rootToken },
          });
          await answer.arrayBuffer();
          return answer.status;
        },
        (answered) => answered === 200,
        { tries: 500, pauseMs: 20 },
      );
      assert.equal(status, 200, 'the setup reached every standby');
    }
  });
  after(async () => {
    await balancer.stop();
    await cluster.stop();
    await issuer.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Asserts that the requests sent since `from` reached every node, the standbys included. */
  const assertSpread = (from: number, face: string): void => {
    const sent = balancer.sent.slice(from);
    const perNode = cluster.nodes.map((_, node) => sent.filter((r) => r.node === node).length);
    assert.ok(
      sent.length >= RUNS && perNode.every((n) => n >= sent.length / (2 * perNode.length)),
      `${face}: requests spread over every node (${perNode.join(', ')})`,
    );
  };

  const rootClient = (): EngineClient =>
    createEngineClient({ url: balancer.url, token: cluster.rootToken, flavor: 'vault', fetch: globalThis.fetch });

  it('the action (in process, JWT login then STS credentials): 200 runs, 0 failures', async () => {
    const from = balancer.sent.length;
    const failures = await repeat(RUNS, async () => {
      const runner = new FakeRunner(
        {
          url: balancer.url,
          'api-flavor': 'vault',
          mode: 'sts',
          role: 'deploy',
          'jwt-role': JWT_ROLE,
          'jwt-audience': AUDIENCE,
          'role-session-name': 'cluster-run',
        },
        { ...issuer.env },
      );
      await runAction(runner, defaultDeps());
      const failed = runner.events.find((e) => e.kind === 'failed');
      if (failed) return failed.text;
      return /^ASIA/.test(runner.exported.get('CLOUD_ACCESS_KEY') ?? '') ? undefined : 'no access key exported';
    });
    assert.deepEqual(failures, []);
    assertSpread(from, 'the action');
  });

  it('the bundled action, run as the runner runs it: 0 failures', async () => {
    for (let i = 0; i < 5; i++) {
      const step = await runStep('main', {
        inputs: {
          url: balancer.url,
          'api-flavor': 'vault',
          mode: 'sts',
          role: 'deploy',
          'jwt-role': JWT_ROLE,
          'jwt-audience': AUDIENCE,
        },
        env: issuer.env,
      });
      assert.equal(step.exitCode, 0, step.stdout + step.stderr);
      assert.match(step.env.CLOUD_ACCESS_KEY ?? '', /^ASIA/);
    }
  });

  it('keyfob creds: 200 runs, 0 failures', async () => {
    const from = balancer.sent.length;
    const failures = await repeat(RUNS, async () => {
      const io = captureIo(dir, {});
      const code = await cli(
        [
          'creds',
          'deploy',
          '--sts',
          '--url',
          balancer.url,
          '--token',
          cluster.rootToken,
          '--api-flavor',
          'vault',
          '--format',
          'json',
        ],
        io,
      );
      return code === 0 ? undefined : io.err();
    });
    assert.deepEqual(failures, []);
    assertSpread(from, 'keyfob creds');
  });

  it('keyfob apply (a role written on every run and read back): 200 runs, 0 failures', async () => {
    const from = balancer.sent.length;
    const failures = await repeat(RUNS, async (i) => {
      const file = join(dir, `cluster-apply-${i}.role.yaml`);
      writeFileSync(
        file,
        `credential_type: assumed_role\nrole_arns:\n  - arn:aws:iam::123456789012:role/deploy\ndefault_sts_ttl: ${15 + (i % 30)}m\n`,
      );
      const io = captureIo(dir, {});
      const code = await cli(
        ['apply', file, '--url', balancer.url, '--token', cluster.rootToken, '--api-flavor', 'vault'],
        io,
      );
      return code === 0 ? undefined : io.err() + io.out();
    });
    assert.deepEqual(failures, []);
    assertSpread(from, 'keyfob apply');
    // Every run read back the role it wrote, carrying the write's index; the standbys served about
    // two in three of those reads (forwarding the ones they were behind on), and apply saw its write.
    const sent = balancer.sent.slice(from);
    const readBacks = sent.filter(
      (r, at) =>
        r.method === 'GET' &&
        sent.slice(0, at).some((w) => (w.method === 'POST' || w.method === 'PUT') && w.path === r.path),
    );
    assert.equal(readBacks.length, RUNS, 'one read-back per run');
    assert.ok(
      readBacks.every((r) => r.index),
      'every read-back carried X-Vault-Index',
    );
    const onStandbys = readBacks.filter((r) => r.node !== 0).length;
    assert.ok(onStandbys >= RUNS / 2, `read-backs through a standby: ${onStandbys} of ${RUNS}`);
  });

  it('keyfob access (from the engine): 200 runs, 0 failures', async () => {
    const from = balancer.sent.length;
    const failures = await repeat(RUNS, async () => {
      const io = captureIo(dir, {});
      const code = await cli(
        ['access', '--url', balancer.url, '--token', cluster.rootToken, '--api-flavor', 'vault', '--format', 'json'],
        io,
      );
      if (code !== 0) return io.err();
      return io.out().includes(JWT_ROLE) ? undefined : 'the JWT role is missing from the answer';
    });
    assert.deepEqual(failures, []);
    assertSpread(from, 'keyfob access');
  });

  /** A role written and read back at once; a login whose token is used at once. */
  const sequences = {
    async writeThenRead(write: () => Promise<unknown>, read: () => Promise<unknown>): Promise<string | undefined> {
      await write();
      return (await read()) === undefined ? 'the role just written was not there' : undefined;
    },
  };

  it('the shared client, write then read back and login then use: 200 runs each, 0 failures', async () => {
    const failures = await repeat(RUNS, async (i) => {
      const client = rootClient();
      const name = `rw-client-${i}`;
      const missing = await sequences.writeThenRead(
        () =>
          client.writeRole(name, {
            credential_type: 'assumed_role',
            role_arns: ['arn:aws:iam::123456789012:role/deploy'],
          }),
        () => client.readRole(name),
      );
      if (missing) return missing;
      const login = await client.loginJwt({ role: JWT_ROLE, jwt: await issuer.sign({ aud: AUDIENCE }) });
      await client.withToken(login.clientToken).lookupSelf();
      return undefined;
    });
    assert.deepEqual(failures, []);
  });

  it('node-vault as a control, same sequences through the same balancer: fails without the index headers', async () => {
    let staleReads = 0;
    let unknownTokens = 0;
    const failures = await repeat(RUNS, async (i) => {
      const vault = NodeVault({ apiVersion: 'v1', endpoint: balancer.url, token: cluster.rootToken });
      const name = `rw-node-vault-${i}`;
      await vault.write(`cloud/roles/${name}`, {
        credential_type: 'assumed_role',
        role_arns: ['arn:aws:iam::123456789012:role/deploy'],
      });
      const read = await vault
        .read(`cloud/roles/${name}`)
        .catch((error: { response?: { statusCode?: number } }) => error);
      if (read?.response?.statusCode === 404) staleReads++;
      const login = await vault.write(`auth/jwt/login`, { role: JWT_ROLE, jwt: await issuer.sign({ aud: AUDIENCE }) });
      const loggedIn = NodeVault({ apiVersion: 'v1', endpoint: balancer.url, token: login.auth.client_token });
      const self = await loggedIn.tokenLookupSelf().catch((error: { response?: { statusCode?: number } }) => error);
      if (self?.response?.statusCode === 403) unknownTokens++;
      return undefined;
    });
    assert.deepEqual(failures, []);
    assert.ok(
      staleReads > 0,
      `node-vault read a role it had just written from a stale standby (${staleReads} of ${RUNS})`,
    );
    assert.ok(
      unknownTokens > 0,
      `node-vault used a fresh token on a standby that did not know it (${unknownTokens} of ${RUNS})`,
    );
  });
});
