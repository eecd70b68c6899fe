// The cluster double and the client's read-after-write cost.
// 1. POST sts with 50 concurrent clients: the single engine, the cluster double's active node, and
//    its standby (which forwards the write to the active node in process), in interleaved rounds.
// 2. The shared client's cost per call for the index headers: the same calls on a canned fetch,
//    with answers that carry no X-Vault-Index (nothing kept or sent) and with answers that carry one
//    (kept and merged; sent back with X-Vault-Inconsistent on reads); target <= 5%. Two calls: POST
//    sts (a write: a standby forwards it, so no index goes with it) and GET creds (a read: the index
//    goes with it). Measured as CPU time in hundreds of short batches in alternating pairs (the
//    median of the pair ratios, with its quartiles), beside an A/A control (the baseline against a
//    second baseline client) that shows how far two identical cases drift apart on the machine at
//    that moment: an overhead inside the control's quartiles is not shown by the bench.
//    BENCH_CLIENT_PAIRS (301) and BENCH_CLIENT_CALLS (250 per batch) change the sample;
//    BENCH_CLUSTER_LOAD=0 skips part 1.
// `npm run bench -- cluster`; BENCH_SECONDS sets the load time per row (default 5).
import { cpus, loadavg } from 'node:os';
import { createEngineClient } from '@keyfob/shared/client';
import { startEngine, type EngineProcess } from '../test/helpers/engine.ts';
import { measureLoad, type LoadResult, type LoadTarget } from './lib/http-load.ts';
import { printTable } from './lib/measure.ts';

const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = 5;
const ROLE = { credential_type: 'assumed_role', role_arns: 'arn:aws:iam::123456789012:role/bench' };

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

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

async function loadRows(): Promise<[string, LoadResult][]> {
  const single = await startEngine();
  const cluster = await startEngine({ args: ['--nodes', '3', '--replication-lag', '300ms'] });
  try {
    return await measureLoad(
      [
        ['single engine: POST sts', await stsTarget(single, single.url)],
        ['cluster double, active node: POST sts', await stsTarget(cluster, cluster.url)],
        ['cluster double, standby (forwarded): POST sts', await stsTarget(cluster, cluster.nodes[1]?.url ?? '')],
      ],
      { clients: CLIENTS, seconds: SECONDS, rounds: ROUNDS, warmupMs: 1000 },
    );
  } finally {
    await Promise.all([single.stop(), cluster.stop()]);
  }
}

/** Microseconds per client call on a canned fetch, with or without index headers in the answers. */
function clientCase(withIndex: boolean, call: 'sts' | 'creds'): () => Promise<number> {
  const body = JSON.stringify({
    request_id: 'r',
    lease_id: 'cloud/sts/bench/abc',
    renewable: false,
    lease_duration: 3600,
    data: { access_key: 'ASIAEXAMPLE000000000', secret_key: 'x'.repeat(40), session_token: 'y'.repeat(160) },
  });
  // Index values made beforehand, and the same number of headers in both cases: only the client's work differs.
  const indexes = Array.from({ length: 4096 }, (_, i) => btoa(`v1:cluster-1:${i + 1}:0:${'f'.repeat(64)}`));
  let local = 0;
  const canned: typeof fetch = () =>
    Promise.resolve(
      new Response(body, {
        status: 200,
        headers: {
          'content-type': 'application/json',
          [withIndex ? 'x-vault-index' : 'x-other-header']: indexes[local++ % indexes.length] ?? '',
        },
      }),
    );
  const client = createEngineClient({
    url: 'http://engine.bench:8200',
    token: 'kfs.bench',
    flavor: 'vault',
    fetch: canned,
  });
  return async () => {
    // CPU time, not wall time: steadier on a machine other work keeps busy.
    const started = process.cpuUsage();
    for (let i = 0; i < CALLS_PER_BATCH; i++) await client[call]('bench');
    const used = process.cpuUsage(started);
    return (used.user + used.system) / CALLS_PER_BATCH;
  };
}

/** Calls per measured batch, and batches per case: many short batches in alternating pairs. */
const CALLS_PER_BATCH = Number(process.env.BENCH_CLIENT_CALLS ?? 250);
const PAIRS = Number(process.env.BENCH_CLIENT_PAIRS ?? 301);

/**
 * Per-pair ratios of `b` to `a`: each pair is two short batches back to back, in alternating order,
 * so a burst of other work on the machine lands on both sides of most pairs, and the median of
 * hundreds of pair ratios is not moved by the few pairs a burst split.
 */
async function pairedRatios(
  a: () => Promise<number>,
  b: () => Promise<number>,
): Promise<{ a: number[]; b: number[]; ratios: number[] }> {
  for (let i = 0; i < 3; i++) {
    await a();
    await b();
  }
  const out = { a: [] as number[], b: [] as number[], ratios: [] as number[] };
  for (let pair = 0; pair < PAIRS; pair++) {
    let first: number;
    let second: number;
    if (pair % 2 === 0) {
      first = await a();
      second = await b();
    } else {
      second = await b();
      first = await a();
    }
    out.a.push(first);
    out.b.push(second);
    out.ratios.push(second / first);
  }
  return out;
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

const percent = (ratio: number): string => `${((ratio - 1) * 100).toFixed(1)}%`;

/**
 * The client's index-header overhead for one call, with an A/A control: the baseline against a
 * second client of the same kind measures how far two identical cases drift apart on this machine
 * now, so an overhead inside that noise is not read as a cost.
 */
async function clientOverhead(call: 'sts' | 'creds'): Promise<string[][]> {
  const control = await pairedRatios(clientCase(false, call), clientCase(false, call));
  const measured = await pairedRatios(clientCase(false, call), clientCase(true, call));
  return [
    ['baseline: answers without X-Vault-Index (CPU µs per call, median)', median(measured.a).toFixed(2)],
    ['answers with X-Vault-Index (CPU µs per call, median)', median(measured.b).toFixed(2)],
    [
      'overhead of the index headers: median of pair ratios [25th, 75th percentile]',
      `${percent(median(measured.ratios))} [${percent(quantile(measured.ratios, 0.25))}, ${percent(quantile(measured.ratios, 0.75))}] (target <= 5%)`,
    ],
    [
      'A/A control, baseline against itself: median [25th, 75th]',
      `${percent(median(control.ratios))} [${percent(quantile(control.ratios, 0.25))}, ${percent(quantile(control.ratios, 0.75))}]`,
    ],
  ];
}

const loadBefore = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');
// BENCH_CLUSTER_LOAD=0 measures the client's overhead only.
const rows = process.env.BENCH_CLUSTER_LOAD === '0' ? [] : await loadRows();
const single = rows[0]?.[1];
const vsSingle = (r: LoadResult): number => median(r.perRound.map((rate, i) => rate / (single?.perRound[i] ?? rate)));
if (rows.length > 0)
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
for (const [call, label] of [
  ['sts', 'POST sts (a write: index kept, not sent)'],
  ['creds', 'GET creds (a read: index kept and sent)'],
] as const) {
  console.log('');
  printTable([
    [`shared client, ${label}, canned fetch`, `${PAIRS} alternating pairs of ${CALLS_PER_BATCH} calls`],
    ...(await clientOverhead(call)),
  ]);
}
console.log(
  `\n${CLIENTS} concurrent clients, ${SECONDS}s per case in ${ROUNDS} interleaved rounds; load average before ${loadBefore}, after ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${cpus().length} CPUs`,
);
