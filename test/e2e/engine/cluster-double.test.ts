/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- engine answers are JSON read loosely (Answer.body); every assertion checks the shape it reads. */
// The cluster double (`keyfob serve --nodes 3 --replication-lag …`), spawned as a real process:
// the listening line, sys/health by role, standbys that serve stale reads, forward writes, answer
// 307 when asked not to forward (OpenBao), honour X-Vault-Index (Vault 412, OpenBao 429 +
// Retry-After) and X-Vault-Inconsistent, and do not know a new token until it is replicated.
// No assertion depends on timing: "not yet" uses a one-minute lag, "reached" polls a short one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { pollUntil } from '../../helpers/poll.ts';
import type { Answer, CallOptions } from './engine-client.ts';

const ROLE_ARN = 'arn:aws:iam::123456789012:role/deploy';

/** The engine process seen through one node: the same token, that node's address. */
function node(engine: EngineProcess, index: number): EngineProcess {
  const found = engine.nodes[index];
  if (!found) throw new Error(`no node ${index} in ${JSON.stringify(engine.nodes)}`);
  return { ...engine, url: found.url };
}

async function send(
  engine: EngineProcess,
  method: string,
  path: string,
  options: CallOptions & { headers?: Record<string, string> } = {},
): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  const token = options.token === undefined ? engine.rootToken : options.token;
  if (token !== null) headers['X-Vault-Token'] = token;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${engine.url}/v1/${path}`, {
    method,
    headers,
    redirect: 'manual',
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: text === '' ? undefined : JSON.parse(text), text, headers: response.headers };
}

describe('cluster double, Vault flavour (performance standbys), one-minute lag', () => {
  let cluster: EngineProcess;
  before(async () => {
    cluster = await startEngine({
      args: ['--nodes', '3', '--replication-lag', '60s', '--flavor', 'vault', '--namespace', 'team-a'],
    });
  });
  after(() => cluster.stop());

  it('lists every node in the listening line, each on its own port', () => {
    assert.deepEqual(
      cluster.nodes.map((n) => n.role),
      ['active', 'perfstandby', 'perfstandby'],
    );
    assert.equal(cluster.nodes[0]?.url, cluster.url);
    assert.equal(new Set(cluster.nodes.map((n) => n.url)).size, 3);
  });

  it('answers sys/health by role: 200 active, 473 performance standby, 200 with perfstandbyok', async () => {
    const active = await send(node(cluster, 0), 'GET', 'sys/health', { token: null });
    assert.equal(active.status, 200);
    assert.equal(active.body.standby, false);
    const standby = await send(node(cluster, 1), 'GET', 'sys/health', { token: null });
    assert.equal(standby.status, 473);
    assert.equal(standby.body.standby, true);
    assert.equal(standby.body.performance_standby, true);
    assert.equal(standby.body.cluster_id, active.body.cluster_id);
    assert.equal((await send(node(cluster, 2), 'GET', 'sys/health?perfstandbyok=true', { token: null })).status, 200);
    assert.equal(
      (await send(node(cluster, 1), 'GET', 'sys/health?performancestandbycode=299', { token: null })).status,
      299,
    );
  });

  it('forwards a write to the active node, serves a stale read, 412 for an index not reached, forwards on request', async () => {
    const write = await send(node(cluster, 1), 'POST', 'cloud/roles/forwarded', {
      body: { credential_type: 'assumed_role', role_arns: [ROLE_ARN] },
    });
    assert.equal(write.status, 204, write.text);
    const index = write.headers.get('x-vault-index');
    assert.ok(index, 'a write answers with X-Vault-Index');
    assert.equal((await send(node(cluster, 0), 'GET', 'cloud/roles/forwarded')).status, 200);
    assert.equal((await send(node(cluster, 1), 'GET', 'cloud/roles/forwarded')).status, 404, 'stale within the lag');
    const refused = await send(node(cluster, 2), 'GET', 'cloud/roles/forwarded', {
      headers: { 'X-Vault-Index': index },
    });
    assert.equal(refused.status, 412);
    assert.deepEqual(refused.body.errors, ['required index state not present']);
    const forwarded = await send(node(cluster, 2), 'GET', 'cloud/roles/forwarded', {
      headers: { 'X-Vault-Index': index, 'X-Vault-Inconsistent': 'forward-active-node' },
    });
    assert.equal(forwarded.status, 200);
    assert.deepEqual(forwarded.body.data.role_arns, [ROLE_ARN]);
    const forward = await send(node(cluster, 2), 'GET', 'cloud/roles/forwarded', {
      headers: { 'X-Vault-Forward': 'active-node' },
    });
    assert.equal(forward.status, 200);
  });

  it('does not know a new token until it is replicated (403), unless the request is forwarded', async () => {
    const created = await send(node(cluster, 0), 'POST', 'auth/token/create', { body: { ttl: '1h' } });
    assert.equal(created.status, 200);
    const token = String(created.body.auth.client_token);
    const index = created.headers.get('x-vault-index') ?? '';
    assert.equal((await send(node(cluster, 0), 'GET', 'auth/token/lookup-self', { token })).status, 200);
    assert.equal((await send(node(cluster, 1), 'GET', 'auth/token/lookup-self', { token })).status, 403);
    const forwarded = await send(node(cluster, 1), 'GET', 'auth/token/lookup-self', {
      token,
      headers: { 'X-Vault-Index': index, 'X-Vault-Inconsistent': 'forward-active-node' },
    });
    assert.equal(forwarded.status, 200);
  });

  it('issues credentials through a standby (forwarded: the lease lives on the active node)', async () => {
    await send(node(cluster, 0), 'POST', 'cloud/roles/issue', {
      body: { credential_type: 'assumed_role', role_arns: [ROLE_ARN] },
    });
    const creds = await send(node(cluster, 1), 'POST', 'cloud/sts/issue', { body: {} });
    assert.equal(creds.status, 200, creds.text);
    assert.match(String(creds.body.data.access_key), /^ASIA/);
    assert.ok(creds.headers.get('x-vault-index'));
    const lookup = await send(node(cluster, 0), 'PUT', 'sys/leases/lookup', {
      body: { lease_id: creds.body.lease_id },
    });
    assert.equal(lookup.status, 200);
  });

  it('has the namespaces on every node: writes and credential reads forwarded, reads stale, tokens unknown until replicated', async () => {
    const inTeam = { 'X-Vault-Namespace': 'team-a' };
    const write = await send(node(cluster, 1), 'POST', 'cloud/roles/ns-role', {
      body: { credential_type: 'assumed_role', role_arns: [ROLE_ARN] },
      headers: inTeam,
    });
    assert.equal(write.status, 204, write.text);
    const index = write.headers.get('x-vault-index') ?? '';
    assert.ok(index, 'a write in a namespace answers with X-Vault-Index');
    assert.equal((await send(node(cluster, 0), 'GET', 'cloud/roles/ns-role', { headers: inTeam })).status, 200);
    assert.equal((await send(node(cluster, 0), 'GET', 'cloud/roles/ns-role')).status, 404, 'not in the root namespace');
    assert.equal(
      (await send(node(cluster, 2), 'GET', 'team-a/cloud/roles/ns-role')).status,
      404,
      'stale within the lag',
    );
    const refused = await send(node(cluster, 2), 'GET', 'cloud/roles/ns-role', {
      headers: { ...inTeam, 'X-Vault-Index': index },
    });
    assert.equal(refused.status, 412);
    const forwarded = await send(node(cluster, 2), 'GET', 'team-a/cloud/roles/ns-role', {
      headers: { 'X-Vault-Index': index, 'X-Vault-Inconsistent': 'forward-active-node' },
    });
    assert.equal(forwarded.status, 200, forwarded.text);
    // A credential read creates a lease: forwarded to the active node by header and by path prefix
    // alike (the standby does not have the role yet, so only a forwarded read can succeed).
    for (const [path, headers] of [
      ['cloud/creds/ns-role', inTeam],
      ['team-a/cloud/creds/ns-role', {}],
    ] as const) {
      const creds = await send(node(cluster, 1), 'GET', path, { headers });
      assert.equal(creds.status, 200, creds.text);
      assert.match(String(creds.body.data.access_key), /^ASIA/);
      assert.ok(creds.headers.get('x-vault-index'));
      const lease = await send(node(cluster, 0), 'PUT', 'sys/leases/lookup', {
        body: { lease_id: creds.body.lease_id },
        headers: inTeam,
      });
      assert.equal(lease.status, 200, lease.text);
    }
    const created = await send(node(cluster, 0), 'POST', 'auth/token/create', { body: { ttl: '1h' }, headers: inTeam });
    assert.equal(created.status, 200, created.text);
    const token = String(created.body.auth.client_token);
    const lookup = (at: number): Promise<Answer> =>
      send(node(cluster, at), 'GET', 'auth/token/lookup-self', { token, headers: inTeam });
    assert.equal((await lookup(0)).status, 200);
    assert.equal((await lookup(1)).status, 403, 'not replicated yet');
    const unknown = await send(node(cluster, 1), 'GET', 'cloud/roles/ns-role', {
      headers: { 'X-Vault-Namespace': 'team-z' },
    });
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body.errors, ['namespace not found']);
  });

  it('ignores X-Vault-No-Request-Forwarding, as Vault performance standbys do', async () => {
    const write = await send(node(cluster, 1), 'POST', 'cloud/roles/not-redirected', {
      body: { credential_type: 'assumed_role', role_arns: [ROLE_ARN] },
      headers: { 'X-Vault-No-Request-Forwarding': 'true' },
    });
    assert.equal(write.status, 204);
  });
});

describe('cluster double, OpenBao flavour (standbys), one-minute lag', () => {
  let cluster: EngineProcess;
  before(async () => {
    cluster = await startEngine({ args: ['--nodes', '3', '--replication-lag', '1m', '--flavor', 'openbao'] });
  });
  after(() => cluster.stop());

  it('answers sys/health 429 on a standby, 200 with standbyok', async () => {
    assert.deepEqual(
      cluster.nodes.map((n) => n.role),
      ['active', 'standby', 'standby'],
    );
    const standby = await send(node(cluster, 1), 'GET', 'sys/health', { token: null });
    assert.equal(standby.status, 429);
    assert.equal(standby.body.performance_standby, false);
    assert.equal((await send(node(cluster, 1), 'GET', 'sys/health?standbyok=true', { token: null })).status, 200);
  });

  it('answers 429 with Retry-After for an index not reached, and forwards with forward-active-node', async () => {
    const write = await send(node(cluster, 0), 'POST', 'cloud/roles/bao', {
      body: { credential_type: 'assumed_role', role_arns: [ROLE_ARN] },
    });
    const index = write.headers.get('x-vault-index') ?? '';
    const refused = await send(node(cluster, 1), 'GET', 'cloud/roles/bao', { headers: { 'X-Vault-Index': index } });
    assert.equal(refused.status, 429);
    assert.equal(refused.headers.get('retry-after'), '60');
    const forwarded = await send(node(cluster, 1), 'GET', 'cloud/roles/bao', {
      headers: { 'X-Vault-Index': index, 'X-Vault-Inconsistent': 'forward-active-node' },
    });
    assert.equal(forwarded.status, 200);
  });

  it('answers 307 to the active node for a write sent with X-Vault-No-Request-Forwarding, and writes nothing', async () => {
    const redirected = await send(node(cluster, 2), 'POST', 'cloud/roles/redirected?x=1', {
      body: { credential_type: 'assumed_role', role_arns: [ROLE_ARN] },
      headers: { 'X-Vault-No-Request-Forwarding': 'true' },
    });
    assert.equal(redirected.status, 307);
    assert.equal(redirected.headers.get('location'), `${cluster.url}/v1/cloud/roles/redirected?x=1`);
    assert.equal((await send(node(cluster, 0), 'GET', 'cloud/roles/redirected')).status, 404);
  });
});

describe('cluster double, short lag', () => {
  let cluster: EngineProcess;
  before(async () => {
    cluster = await startEngine({ args: ['--nodes', '3', '--replication-lag', '50ms', '--namespace', 'team-a'] });
  });
  after(() => cluster.stop());

  it('replicates a write and a new token to every standby', async () => {
    await send(node(cluster, 0), 'POST', 'cloud/roles/spread', {
      body: { credential_type: 'assumed_role', role_arns: [ROLE_ARN] },
    });
    const created = await send(node(cluster, 0), 'POST', 'auth/token/create', { body: { ttl: '1h' } });
    const token = String(created.body.auth.client_token);
    for (const index of [1, 2]) {
      // Poll until the token (the later of the two writes) arrives, bounded; how long it takes is
      // not asserted. Batches apply in order, so the role written before it is there too.
      const seen = await pollUntil(
        () => send(node(cluster, index), 'GET', 'auth/token/lookup-self', { token }),
        (answer) => answer.status === 200,
        { tries: 500, pauseMs: 20 },
      );
      assert.equal(seen?.status, 200);
      const role = await send(node(cluster, index), 'GET', 'cloud/roles/spread');
      assert.equal(role.status, 200);
      assert.deepEqual(role.body.data.role_arns, [ROLE_ARN]);
    }
  });

  it("replicates a namespace's writes and tokens to every standby, kept in that namespace", async () => {
    const inTeam = { 'X-Vault-Namespace': 'team-a' };
    await send(node(cluster, 0), 'POST', 'team-a/cloud/roles/spread-ns', {
      body: { credential_type: 'assumed_role', role_arns: [ROLE_ARN] },
    });
    const created = await send(node(cluster, 0), 'POST', 'auth/token/create', { body: { ttl: '1h' }, headers: inTeam });
    const token = String(created.body.auth.client_token);
    for (const index of [1, 2]) {
      const seen = await pollUntil(
        () => send(node(cluster, index), 'GET', 'auth/token/lookup-self', { token, headers: inTeam }),
        (answer) => answer.status === 200,
        { tries: 500, pauseMs: 20 },
      );
      assert.equal(seen?.status, 200);
      const role = await send(node(cluster, index), 'GET', 'cloud/roles/spread-ns', { headers: inTeam });
      assert.equal(role.status, 200);
      assert.deepEqual(role.body.data.role_arns, [ROLE_ARN]);
      assert.equal((await send(node(cluster, index), 'GET', 'cloud/roles/spread-ns')).status, 404);
      assert.equal((await send(node(cluster, index), 'GET', 'auth/token/lookup-self', { token })).status, 403);
    }
  });
});
