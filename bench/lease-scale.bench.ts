// Lease bookkeeping at scale: per-operation cost of listing a folder, revoking by prefix and by
// token, and an expiry tick with nothing due, plus heap bytes per lease, at 1k leases (the
// per-request baseline) and at 10k, 100k and 1M, each size in its own process (`--expose-gc`).
// Beside them, the CPU cost of one whole request through the engine's dispatcher (POST sts for an
// assumed role: token check, ACL, validation, the emulated cloud, lease registration, envelope) at
// each size, so the bookkeeping reads against what a request costs, and shows that a request at
// 1M leases costs what it costs at 1k.
// Target (issue 10): the tick, token and prefix operations stay flat (O(log n + k)) and each lease
// costs at most 1 KB. `npm run bench -- lease-scale`.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { EngineClock } from '../engine/src/clock.ts';
import { LeaseManager } from '../engine/src/leases/lease-manager.ts';
import { engineInMemory } from '../engine/src/start-engine.ts';
import { Store } from '../engine/src/state/store.ts';

interface Figures {
  readonly n: number;
  readonly bytesPerLease: number;
  readonly listMs: number;
  readonly tickMs: number;
  readonly revokeTokenMs: number;
  readonly revokePrefixMs: number;
  /** CPU microseconds of one POST sts through the dispatcher with n leases held. */
  readonly requestUs: number;
}

const REQUESTS = 2000;

/** Fills an in-memory engine with n leases and times POST sts through its dispatcher (CPU time). */
async function requestCost(n: number): Promise<number> {
  const { core, rootToken, handle } = engineInMemory();
  const headers = { 'x-service-token': rootToken, 'content-type': 'application/json' };
  const role = await handle({
    method: 'POST',
    url: '/v1/cloud/roles/bench',
    headers,
    body: Buffer.from('{"credential_type":"assumed_role","role_arns":"arn:aws:iam::123456789012:role/bench"}'),
  });
  if (role.status !== 204) throw new Error(`role write: ${role.body ?? role.status}`);
  fill(core.leases, core.clock.now(), n);
  const sts = { method: 'POST', url: '/v1/cloud/sts/bench', headers, body: Buffer.from('{}') };
  const issued: string[] = [];
  const batch = async (count: number): Promise<number> => {
    const start = process.cpuUsage();
    for (let i = 0; i < count; i++) {
      const answer = await handle(sts);
      if (answer.status !== 200) throw new Error(`POST sts: ${answer.body ?? answer.status}`);
      issued.push((JSON.parse(answer.body ?? '{}') as { lease_id: string }).lease_id);
    }
    const used = process.cpuUsage(start);
    // Keep the count at n: the leases just issued are revoked outside the timed part.
    for (const id of issued.splice(0)) await core.leases.revoke(id);
    return used.user + used.system;
  };
  await batch(REQUESTS); // warm-up
  const rounds: number[] = [];
  for (let r = 0; r < 5; r++) rounds.push((await batch(REQUESTS)) / REQUESTS);
  return rounds.sort((a, b) => a - b)[2] ?? 0;
}

function fill(leases: LeaseManager, now: number, n: number): void {
  for (let i = 0; i < n; i++) {
    const role = `role${i % 100}`;
    leases.register({
      id: `cloud/creds/${role}/${i.toString(36).padStart(24, 'x')}`,
      mount: 'cloud',
      role,
      credentialType: 'iam_user',
      issuedAt: now,
      expiresAt: now + 3_600_000 + i,
      lastRenewal: null,
      renewable: true,
      ttl: 3600,
      maxExpiresAt: now + 7_200_000,
      token: `token-${i % 1000}`.padEnd(64, '0'),
      userName: `vault-user-${i}`,
    });
  }
}

/** The bookkeeping figures; the leases are unreachable once it returns. */
function bookkeeping(n: number): Omit<Figures, 'requestUs'> {
  const clock = new EngineClock(0, () => 1_700_000_000_000);
  const store = new Store();
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const before = process.memoryUsage().heapUsed;
  const leases = new LeaseManager(store, clock);
  const now = clock.now();
  fill(leases, now, n);
  gc?.();
  const bytesPerLease = Math.round((process.memoryUsage().heapUsed - before) / n);
  const time = (run: () => unknown, reps: number): number => {
    const start = process.hrtime.bigint();
    for (let r = 0; r < reps; r++) run();
    return Number(process.hrtime.bigint() - start) / 1e6 / reps;
  };
  return {
    n,
    bytesPerLease,
    // One role folder holds n/100 leases: listing it is O(k) in its size.
    listMs: time(() => leases.list('cloud/creds/role7/'), 10),
    tickMs: time(() => leases.expire(now + 1000), 100),
    revokeTokenMs: time(() => leases.revokeByToken('no-such-token'.padEnd(64, '0')), 100),
    revokePrefixMs: time(() => leases.revokePrefix('cloud/creds/no-such-role/'), 100),
  };
}

async function measure(n: number): Promise<Figures> {
  const figures = bookkeeping(n);
  (globalThis as { gc?: () => void }).gc?.();
  return { ...figures, requestUs: await requestCost(n) };
}

const size = process.argv[2];
if (size !== undefined) {
  console.log(JSON.stringify(await measure(Number(size))));
} else {
  const self = fileURLToPath(import.meta.url);
  const rows: Figures[] = [];
  for (const n of [1000, 10_000, 100_000, 1_000_000]) {
    const run = spawnSync(
      process.execPath,
      ['--expose-gc', '--max-old-space-size=4096', '--import', 'tsx', self, String(n)],
      { encoding: 'utf8' },
    );
    const line = run.stdout.trim().split('\n').pop() ?? '';
    if (run.status !== 0 || !line.startsWith('{')) {
      console.log(`lease-scale ${n}: failed (${run.stderr.trim().split('\n').pop() ?? ''})`);
      continue;
    }
    rows.push(JSON.parse(line) as Figures);
  }
  const base = rows[0];
  console.log('lease bookkeeping (baseline: 1k leases, same run)');
  console.log(
    'leases     bytes/lease  list folder ms  tick ms   revoke-token ms  revoke-prefix ms  POST sts request (CPU us)',
  );
  for (const r of rows) {
    const x = (v: number, b: number | undefined): string => (b ? ` (${(v / b).toFixed(1)}x)` : '');
    console.log(
      `${String(r.n).padEnd(10)} ${String(r.bytesPerLease).padEnd(12)} ${r.listMs.toFixed(3).padEnd(15)} ${(r.tickMs.toFixed(4) + x(r.tickMs, base?.tickMs)).padEnd(9)} ${(r.revokeTokenMs.toFixed(4) + x(r.revokeTokenMs, base?.revokeTokenMs)).padEnd(16)} ${(r.revokePrefixMs.toFixed(4) + x(r.revokePrefixMs, base?.revokePrefixMs)).padEnd(17)} ${r.requestUs.toFixed(1)}${x(r.requestUs, base?.requestUs)}`,
    );
  }
}
