// The cluster double and the client's read-after-write cost.
// 1. POST sts with 50 concurrent clients: the single engine, the cluster double's active node, and
//    its standby (which forwards the write to the active node in process), in interleaved rounds.
// 2. What the index headers cost a user: the shared client's CPU time per call over real HTTP
//    (Node's fetch, keep-alive, one call at a time) to the cluster double's active node, which
//    answers every credential call with an X-Vault-Index. "On" is the client as it is (it keeps
//    the index and sends it back, with X-Vault-Inconsistent, on reads); "off" is the same client
//    with the header hidden from it on the way in (so it keeps and sends nothing: a client without
//    the feature). Both go through the same thin fetch wrapper, so only the client's work and the
//    two request headers differ; the engine's CPU is its own process's and is not counted. Two
//    calls: POST sts (a write: the index is kept, not sent) and GET creds (a read: kept and sent).
// 3. The same on a canned fetch: the client's own work alone, without HTTP (an upper bound of the
//    share; what a user pays is part 2).
// Parts 2 and 3 run three cases, off (A), on (B) and a second off client (A', the A/A control), in
// hundreds of rounds of one short batch each (so all three see the same moments of a busy
// machine), the order rotating through all six permutations, after 20 warm-up rounds; each round
// gives B/A and A'/A, so the control shows how far two identical cases drift apart here now.
// Reported: medians of CPU µs per call (user + system of this process: the client, Node's fetch
// and the sockets; GC included) and of the round ratios, with the median's 95% interval and the
// quartiles. `npm run bench -- cluster`. BENCH_SECONDS: load time per row of part 1 (default 5);
// BENCH_CLUSTER_LOAD=0 skips part 1; BENCH_HTTP_ROUNDS (400), BENCH_HTTP_CALLS (10),
// BENCH_CANNED_ROUNDS (100) and BENCH_CANNED_CALLS (2000) change the sample.
import { cpus, loadavg } from 'node:os';
import { createEngineClient, type EngineClient } from '@keyfob/shared/client';
import { startEngine, type EngineProcess } from '../test/helpers/engine.ts';
import { measureLoad, type LoadResult, type LoadTarget } from './lib/http-load.ts';
import { printTable } from './lib/measure.ts';

const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS_LOAD = 5;
const ROLE = { credential_type: 'assumed_role', role_arns: 'arn:aws:iam::123456789012:role/bench' };

async function stsTarget(engine: EngineProcess, url: string): Promise<LoadTarget> {
  const headers = { 'X-Vault-Token': engine.rootToken, 'Content-Type': 'application/json' };
  const write = await fetch(`${engine.url}/v1/cloud/roles/bench`, {
    method: 'POST',
    headers,
    body: JSON.stringify(ROLE),
  });
  if (write.status !== 204) throw new Error(`role write failed: ${await write.text()}`);
  // The standby needs the role too: wait (bounded) until it was replicated.
  for (let i = 0; i < 500; i++) {
    const read = await fetch(`${url}/v1/cloud/roles/bench`, { headers });
    await read.arrayBuffer();
    if (read.status === 200) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return { url: `${url}/v1/cloud/sts/bench`, method: 'POST', headers, body: '{}', expectStatus: 200 };
}

async function loadRows(cluster: EngineProcess): Promise<[string, LoadResult][]> {
  const single = await startEngine();
  try {
    return await measureLoad(
      [
        ['single engine: POST sts', await stsTarget(single, single.url)],
        ['cluster double, active node: POST sts', await stsTarget(cluster, cluster.url)],
        ['cluster double, standby (forwarded): POST sts', await stsTarget(cluster, cluster.nodes[1]?.url ?? '')],
      ],
      { clients: CLIENTS, seconds: SECONDS, rounds: ROUNDS_LOAD, warmupMs: 1000 },
    );
  } finally {
    await single.stop();
  }
}

/** CPU µs per call of one batch of calls. */
type Batch = () => Promise<number>;

/** A batch of `calls` calls of one kind on a client, timed in CPU time (steadier than wall time on a busy machine). */
function batchOf(client: EngineClient, call: Call, calls: number): Batch {
  return async () => {
    const started = process.cpuUsage();
    for (let i = 0; i < calls; i++) await client[call]('bench');
    const used = process.cpuUsage(started);
    return (used.user + used.system) / calls;
  };
}

type Call = 'sts' | 'creds';

const INDEX_HEADER = 'x-vault-index';

/** How often a client sent an index back, per case (checks that "on" is on and "off" is off). */
interface Sent {
  count: number;
}

/**
 * Node's fetch, with the answers' `X-Vault-Index` hidden from the client when `hide` (the case
 * "off"); both cases do the same work here (one lookup per header read, one check per request), so
 * the difference between them is the client's and the two request headers'.
 */
function wrappedFetch(hide: boolean, sent: Sent): typeof fetch {
  const hidden = hide ? INDEX_HEADER : 'x-vault-not-sent';
  return async (input, init) => {
    if ((init?.headers as Record<string, string> | undefined)?.['X-Vault-Index'] !== undefined) sent.count++;
    const response = await fetch(input, init);
    const headers = {
      get: (name: string): string | null => {
        const value = response.headers.get(name);
        return name.toLowerCase() === hidden ? null : value;
      },
    };
    return {
      status: response.status,
      headers,
      body: response.body,
      arrayBuffer: () => response.arrayBuffer(),
    } as unknown as Response;
  };
}

/** A client of the cluster double's active node, as the action makes one (Vault's headers). */
function httpClient(engine: EngineProcess, hide: boolean, sent: Sent): EngineClient {
  return createEngineClient({
    url: engine.url,
    token: engine.rootToken,
    flavor: 'vault',
    fetch: wrappedFetch(hide, sent),
  });
}

/** A client on a canned fetch whose answers carry an X-Vault-Index (`withIndex`) or another header of the same size. */
function cannedClient(withIndex: boolean): EngineClient {
  const body = JSON.stringify({
    request_id: 'r',
    lease_id: 'cloud/sts/bench/abc',
    renewable: false,
    lease_duration: 3600,
    data: { access_key: 'ASIAEXAMPLE000000000', secret_key: 'x'.repeat(40), session_token: 'y'.repeat(160) },
  });
  // Index values made beforehand, newer each time, as a cluster's are.
  const indexes = Array.from({ length: 4096 }, (_, i) => btoa(`v1:cluster-1:${i + 1}:0:${'f'.repeat(64)}`));
  let local = 0;
  const canned: typeof fetch = () =>
    Promise.resolve(
      new Response(body, {
        status: 200,
        headers: {
          'content-type': 'application/json',
          [withIndex ? INDEX_HEADER : 'x-other-header']: indexes[local++ % indexes.length] ?? '',
        },
      }),
    );
  return createEngineClient({ url: 'http://engine.bench:8200', token: 'kfs.bench', flavor: 'vault', fetch: canned });
}

/** Rounds and calls per batch: many short batches, so the three cases see the same moments of a busy machine. */
const HTTP = {
  rounds: Number(process.env.BENCH_HTTP_ROUNDS ?? 400),
  calls: Number(process.env.BENCH_HTTP_CALLS ?? 10),
};
const CANNED = {
  rounds: Number(process.env.BENCH_CANNED_ROUNDS ?? 100),
  calls: Number(process.env.BENCH_CANNED_CALLS ?? 2000),
};

/** The six orders of three cases. */
const ORDERS = [
  [0, 1, 2],
  [1, 2, 0],
  [2, 0, 1],
  [2, 1, 0],
  [1, 0, 2],
  [0, 2, 1],
] as const;

const WARM_UP_ROUNDS = 20;

/** Per case, CPU µs per call of every round; per round, B/A and A'/A. */
interface TrioResult {
  readonly perCall: readonly [number[], number[], number[]];
  readonly ratio: readonly number[];
  readonly control: readonly number[];
}

/** Runs A (off), B (on) and A' (off again) in `rounds` rounds of one batch each, the order rotating. */
async function rotatingTrio(cases: readonly [Batch, Batch, Batch], rounds: number): Promise<TrioResult> {
  for (let i = 0; i < WARM_UP_ROUNDS; i++) for (const batch of cases) await batch();
  const perCall: [number[], number[], number[]] = [[], [], []];
  for (let round = 0; round < rounds; round++) {
    for (const i of ORDERS[round % ORDERS.length] ?? ORDERS[0]) perCall[i].push(await cases[i]());
  }
  const [a, b, a2] = perCall;
  return {
    perCall,
    ratio: b.map((value, i) => value / (a[i] ?? value)),
    control: a2.map((value, i) => value / (a[i] ?? value)),
  };
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function median(values: readonly number[]): number {
  return quantile(values, 0.5);
}

const percent = (ratio: number): string => `${((ratio - 1) * 100).toFixed(1)}%`;

/**
 * The 95% confidence interval of a median of n values, from the order statistics (ranks n/2 ±
 * 0.98·√n): how far the median itself could be off, where the quartiles show the spread of rounds.
 */
function medianInterval(values: readonly number[]): [number, number] {
  const sorted = [...values].sort((x, y) => x - y);
  const half = 0.98 * Math.sqrt(sorted.length);
  const at = (rank: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(rank)))] ?? 0;
  return [at(sorted.length / 2 - half), at(sorted.length / 2 + half)];
}

const spread = (ratios: readonly number[]): string => {
  const [low, high] = medianInterval(ratios);
  return `${percent(median(ratios))} (${percent(low)} to ${percent(high)}) [${percent(quantile(ratios, 0.25))}, ${percent(quantile(ratios, 0.75))}]`;
};
const micros = (values: readonly number[]): string => median(values).toFixed(1);

/** One table row per call: CPU µs per call off and on, the overhead and the A/A control. */
function trioRow(label: string, result: TrioResult, extra: string): string[] {
  const [a, b, a2] = result.perCall;
  return [label, micros(a), micros(b), micros(a2), spread(result.ratio), spread(result.control), extra];
}

const TRIO_HEADER = [
  'call',
  'off (A): CPU µs/call',
  'on (B)',
  "off again (A')",
  'overhead B/A: median of rounds (its 95% interval) [25th, 75th]',
  "A/A control A'/A, the same",
];

/** Part 2: the client over HTTP to the cluster double's active node. */
async function overHttp(engine: EngineProcess): Promise<string[][]> {
  const rows: string[][] = [];
  for (const [call, label] of CALLS) {
    const sent: [Sent, Sent, Sent] = [{ count: 0 }, { count: 0 }, { count: 0 }];
    const result = await rotatingTrio(
      [
        batchOf(httpClient(engine, true, sent[0]), call, HTTP.calls),
        batchOf(httpClient(engine, false, sent[1]), call, HTTP.calls),
        batchOf(httpClient(engine, true, sent[2]), call, HTTP.calls),
      ],
      HTTP.rounds,
    );
    const calls = (HTTP.rounds + WARM_UP_ROUNDS) * HTTP.calls;
    rows.push(trioRow(label, result, `${sent[0].count}, ${sent[1].count}, ${sent[2].count} of ${calls}`));
  }
  return rows;
}

/** Part 3: the client alone, on a canned fetch. */
async function alone(): Promise<string[][]> {
  const rows: string[][] = [];
  for (const [call, label] of CALLS) {
    const result = await rotatingTrio(
      [
        batchOf(cannedClient(false), call, CANNED.calls),
        batchOf(cannedClient(true), call, CANNED.calls),
        batchOf(cannedClient(false), call, CANNED.calls),
      ],
      CANNED.rounds,
    );
    const [a, b] = result.perCall;
    rows.push(trioRow(label, result, `${(median(b) - median(a)).toFixed(2)} µs`));
  }
  return rows;
}

const CALLS = [
  ['sts', 'POST sts (a write: index kept, not sent)'],
  ['creds', 'GET creds (a read: index kept and sent)'],
] as const;

const load = (): string =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const loadBefore = load();
const cluster = await startEngine({ args: ['--nodes', '3', '--replication-lag', '300ms'] });
try {
  // BENCH_CLUSTER_LOAD=0 measures the client's overhead only.
  const rows = process.env.BENCH_CLUSTER_LOAD === '0' ? [] : await loadRows(cluster);
  const single = rows[0]?.[1];
  const vsSingle = (r: LoadResult): number => median(r.perRound.map((rate, i) => rate / (single?.perRound[i] ?? rate)));
  if (rows.length > 0) {
    printTable([
      ['case', 'req/s', 'p50', 'p99', 'vs single engine (median of rounds)', 'failures'],
      ...rows.map(([name, r]) => [
        name,
        r.perSecond.toFixed(0),
        `${r.p50.toFixed(2)} ms`,
        `${r.p99.toFixed(2)} ms`,
        `${(vsSingle(r) * 100).toFixed(0)}%`,
        String(r.failures),
      ]),
    ]);
    console.log(
      `${CLIENTS} concurrent clients, ${SECONDS}s per case in ${ROUNDS_LOAD} interleaved rounds; load average before ${loadBefore}, after ${load()} on ${cpus().length} CPUs\n`,
    );
  }
  if (rows.length === 0) await stsTarget(cluster, cluster.url);
  const httpLoad = load();
  console.log(
    `What the index headers cost a user (target <= 5%): the shared client over HTTP to the cluster double's active node, ${HTTP.rounds} rounds of ${HTTP.calls} calls per case`,
  );
  printTable([[...TRIO_HEADER, "index sent (A, B, A')"], ...(await overHttp(cluster))]);
  console.log(`load average before ${httpLoad}, after ${load()} on ${cpus().length} CPUs\n`);
  const aloneLoad = load();
  console.log(
    `The client's own work alone (canned fetch, no HTTP), ${CANNED.rounds} rounds of ${CANNED.calls} calls per case`,
  );
  printTable([[...TRIO_HEADER, 'B - A (µs per call)'], ...(await alone())]);
  console.log(`load average before ${aloneLoad}, after ${load()} on ${cpus().length} CPUs`);
} finally {
  await cluster.stop();
}
