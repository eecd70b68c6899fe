// Engine throughput: credentials per second and p50/p99 latency with 50 concurrent clients on
// loopback, beside a bare node:http server returning a fixed JSON, measured in the same run.
// The servers run in their own processes; this process only generates load.
// `npm run bench -- engine`; BENCH_SECONDS sets the measuring time per row (default 5).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEngine, type EngineProcess } from '../test/helpers/engine.ts';
import { measureLoad, type LoadResult, type LoadTarget } from './lib/http-load.ts';
import { printTable } from './lib/measure.ts';

const CLIENTS = 50;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARMUP_MS = 1000;
const ROUNDS = 5;

const BARE_SERVER = `
const http = require('node:http');
const body = JSON.stringify({ request_id: '00000000-0000-0000-0000-000000000000', lease_id: '', renewable: false, lease_duration: 0,
  data: { access_key: 'ASIAEXAMPLE000000000', secret_key: 'x'.repeat(40), session_token: 'y'.repeat(160) }, wrap_info: null, warnings: null, auth: null });
const server = http.createServer((req, res) => { req.resume(); req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end(body)); });
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: 'http://127.0.0.1:' + server.address().port })));
process.on('SIGTERM', () => process.exit(0));
`;

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

async function startBare(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-e', BARE_SERVER], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    child.stdout?.setEncoding('utf8').once('data', (text: string) => resolve(text.split('\n')[0] ?? ''));
    child.once('exit', () => reject(new Error('bare server exited')));
  });
  return { url: (JSON.parse(line) as { url: string }).url, child };
}

async function engineTarget(
  engine: EngineProcess,
  role: string,
  body: Record<string, unknown>,
  type: 'sts' | 'creds',
): Promise<LoadTarget> {
  const headers = { 'X-Service-Token': engine.rootToken, 'Content-Type': 'application/json' };
  const write = await fetch(`${engine.url}/v1/cloud/roles/${role}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  if (write.status !== 204) throw new Error(`role write failed: ${await write.text()}`);
  return type === 'sts'
    ? { url: `${engine.url}/v1/cloud/sts/${role}`, method: 'POST', headers, body: '{}', expectStatus: 200 }
    : {
        url: `${engine.url}/v1/cloud/creds/${role}`,
        method: 'GET',
        headers: { 'X-Service-Token': engine.rootToken },
        expectStatus: 200,
      };
}

const ASSUMED = { credential_type: 'assumed_role', role_arns: 'arn:aws:iam::123456789012:role/bench' };
const IAM_USER = { credential_type: 'iam_user', policy_arns: 'arn:aws:iam::aws:policy/ReadOnlyAccess' };

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length === 0
    ? 0
    : sorted.length % 2 === 1
      ? (sorted[mid] ?? 0)
      : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const loadBefore = loadavg()
  .map((l) => l.toFixed(1))
  .join(' ');

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'keyfob-bench-'));
  const stops: (() => Promise<void> | void)[] = [() => rmSync(dir, { recursive: true, force: true })];
  let rows: [string, LoadResult][];
  try {
    const bare = await startBare();
    stops.push(() => stopChild(bare.child));
    const engine = await startEngine();
    stops.push(() => engine.stop());
    const durable = await startEngine({ dataDir: join(dir, 'data') });
    stops.push(() => durable.stop());
    rows = await measureLoad(
      [
        [
          'bare node:http, fixed JSON',
          { url: `${bare.url}/v1/cloud/sts/bench`, method: 'POST', headers: {}, body: '{}', expectStatus: 200 },
        ],
        ['engine: POST sts (assumed_role)', await engineTarget(engine, 'bench', ASSUMED, 'sts')],
        ['engine: GET creds (iam_user)', await engineTarget(engine, 'user', IAM_USER, 'creds')],
        ['engine --data-dir: POST sts (fsync per batch)', await engineTarget(durable, 'bench', ASSUMED, 'sts')],
      ],
      { clients: CLIENTS, seconds: SECONDS, rounds: ROUNDS, warmupMs: WARMUP_MS },
    );
  } finally {
    for (const stop of stops.reverse()) await stop();
  }
  const bare = rows[0]?.[1];
  // Each round measures every case back to back, so a burst of other work on the machine hits a
  // case and its baseline alike: the ratio is the median of the per-round ratios.
  const vsBare = (r: LoadResult): number => median(r.perRound.map((rate, i) => rate / (bare?.perRound[i] ?? rate)));
  printTable([
    ['case', 'req/s', 'p50', 'p99', 'vs bare (median of rounds)', 'failures'],
    ...rows.map(([name, r]) => [
      name,
      r.perSecond.toFixed(0),
      `${r.p50.toFixed(2)} ms`,
      `${r.p99.toFixed(2)} ms`,
      `${(vsBare(r) * 100).toFixed(0)}%`,
      String(r.failures),
    ]),
  ]);
  const sts = rows[1]?.[1];
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(
    `\n${CLIENTS} concurrent clients, ${SECONDS}s per case in ${ROUNDS} interleaved rounds after a ${WARMUP_MS} ms warm-up each; ` +
      `load average before the run ${loadBefore}, after ${load} on ${cpus().length} CPUs; ` +
      `target: engine POST sts >= 60% of bare (${sts ? (vsBare(sts) * 100).toFixed(0) : '?'}%, per round: ${sts && bare ? sts.perRound.map((rate, i) => `${((rate / (bare.perRound[i] ?? rate)) * 100).toFixed(0)}%`).join(' ') : '?'})`,
  );
}

await main();
