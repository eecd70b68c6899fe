// Closed-loop HTTP load: N clients on keep-alive sockets, each sending its next request when the
// previous answer arrived; cases measured in interleaved rounds so bursts of other work on the
// machine hit every case alike.
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';

/** One request to repeat, and the status it should get. */
export interface LoadTarget {
  readonly url: string;
  readonly method: 'GET' | 'POST';
  readonly headers: Record<string, string>;
  readonly body?: string;
  readonly expectStatus: number;
}

/** Throughput and latency of one case. */
export interface LoadResult {
  readonly requests: number;
  readonly perSecond: number;
  readonly p50: number;
  readonly p99: number;
  /** Answers with another status than expected. */
  readonly failures: number;
  /** Requests per second in each interleaved round, in round order. */
  readonly perRound: readonly number[];
}

/** One request on `agent`; resolves with the answer's status once its body has been read. */
export function once(agent: Agent, target: LoadTarget): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(target.url, { method: target.method, headers: target.headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(target.body);
  });
}

async function load(target: LoadTarget, clients: number, ms: number, latencies: number[]): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  let failures = 0;
  const end = performance.now() + ms;
  const client = async (): Promise<void> => {
    while (performance.now() < end) {
      const started = performance.now();
      if ((await once(agent, target)) !== target.expectStatus) failures++;
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: clients }, client));
  agent.destroy();
  return failures;
}

/** Measures every case for `seconds` in total, in `rounds` interleaved rounds after a warm-up each. */
export async function measureLoad(
  cases: readonly [string, LoadTarget][],
  options: { clients: number; seconds: number; rounds: number; warmupMs: number },
): Promise<[string, LoadResult][]> {
  for (const [, target] of cases) await load(target, options.clients, options.warmupMs, []);
  const latencies = cases.map((): number[] => []);
  const failures = cases.map(() => 0);
  const perRound = cases.map((): number[] => []);
  const slice = (options.seconds * 1000) / options.rounds;
  for (let round = 0; round < options.rounds; round++) {
    for (const [i, [, target]] of cases.entries()) {
      const seen = latencies[i] ?? [];
      const before = seen.length;
      failures[i] = (failures[i] ?? 0) + (await load(target, options.clients, slice, seen));
      perRound[i]?.push(((seen.length - before) * 1000) / slice);
    }
  }
  return cases.map(([name], i) => {
    const sorted = (latencies[i] ?? []).sort((a, b) => a - b);
    const at = (q: number): number => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    return [
      name,
      {
        requests: sorted.length,
        perSecond: sorted.length / options.seconds,
        p50: at(0.5),
        p99: at(0.99),
        failures: failures[i] ?? 0,
        perRound: perRound[i] ?? [],
      },
    ];
  });
}
