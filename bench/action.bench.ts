// One action step's wall time, from node's start to credentials exported and the process gone,
// beside a floor measured in the same run: a node script that makes the same single request to the
// same engine and exits. Runs alternate so machine noise hits both alike. Then the bundle sizes
// beside the peers' (hashicorp/vault-action and aws-actions/configure-aws-credentials).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createEngineClient } from '@keyfob/shared/client';
import { REPO_ROOT, startEngine } from '../test/helpers/engine.ts';
import { printTable } from './lib/measure.ts';

const RUNS = 15;
const ROLE_ARN = 'arn:aws:iam::123456789012:role/deploy';
/** Sizes of the peers' bundles, from reference/action-landscape.md. */
const PEERS = [
  { name: 'hashicorp/vault-action v3.4.0 dist/index.js (published size)', bytes: 1_004_890 },
  { name: 'aws-actions/configure-aws-credentials v6.2.3 dist/index.js (published size)', bytes: 3_092_505 },
];

/** The floor: node starts, sends the same request with the global fetch, exits. */
const FLOOR = `fetch(process.env.URL + '/v1/cloud/sts/deploy', { method: 'POST', headers: { 'X-Service-Token': process.env.TOKEN, 'content-type': 'application/json' }, body: '{"role_session_name":"bench"}' })
  .then((r) => r.json()).then((b) => { if (!b.data || !b.data.access_key) process.exit(1); });`;

function timeNode(args: string[], env: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${args.join(' ')} exited ${code}`)),
    );
  });
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

async function main(): Promise<void> {
  const engine = await startEngine();
  const dir = mkdtempSync(join(tmpdir(), 'keyfob-bench-'));
  try {
    const client = createEngineClient({
      url: engine.url,
      token: engine.rootToken,
      fetch: globalThis.fetch.bind(globalThis),
    });
    await client.dev.setCloud({ users: [], roles: [{ arn: ROLE_ARN }] });
    await client.writeRole('deploy', { credential_type: 'assumed_role', role_arns: [ROLE_ARN] });
    const floorFile = join(dir, 'floor.cjs');
    writeFileSync(floorFile, FLOOR);
    const base = { PATH: process.env.PATH ?? '' };
    const files = Object.fromEntries(
      ['GITHUB_ENV', 'GITHUB_OUTPUT', 'GITHUB_STATE', 'GITHUB_STEP_SUMMARY'].map((n) => [n, join(dir, n)]),
    );
    const actionEnv = {
      ...base,
      ...files,
      GITHUB_REPOSITORY: 'octo/app',
      GITHUB_RUN_ID: '1',
      GITHUB_RUN_ATTEMPT: '1',
      INPUT_URL: engine.url,
      INPUT_TOKEN: engine.rootToken,
      INPUT_MODE: 'sts',
      INPUT_ROLE: 'deploy',
    };
    const floorEnv = { ...base, URL: engine.url, TOKEN: engine.rootToken };
    const main = join(REPO_ROOT, 'action', 'dist', 'main.cjs');
    const floor: number[] = [];
    const step: number[] = [];
    for (let i = 0; i < RUNS + 2; i += 1) {
      for (const file of Object.values(files)) writeFileSync(file, '');
      const f = await timeNode([floorFile], floorEnv);
      const s = await timeNode([main], actionEnv);
      // The first two rounds warm the engine and the file cache.
      if (i >= 2) {
        floor.push(f);
        step.push(s);
      }
    }
    const ratio = median(step) / median(floor);
    console.log(`action step (mode sts, token login, one request), median of ${RUNS} alternating runs:`);
    printTable([
      ['', 'median', 'min', 'max'],
      [
        'floor: node + one fetch',
        `${median(floor).toFixed(1)} ms`,
        `${Math.min(...floor).toFixed(1)} ms`,
        `${Math.max(...floor).toFixed(1)} ms`,
      ],
      [
        'node action/dist/main.cjs',
        `${median(step).toFixed(1)} ms`,
        `${Math.min(...step).toFixed(1)} ms`,
        `${Math.max(...step).toFixed(1)} ms`,
      ],
    ]);
    console.log(`ratio ${ratio.toFixed(2)}x the floor (target at most 1.50x): ${ratio <= 1.5 ? 'met' : 'NOT met'}`);
    console.log('\nbundle sizes:');
    const size = (name: string) => statSync(join(REPO_ROOT, 'action', 'dist', name)).size;
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`.padStart(9);
    printTable([
      ['bundle', 'bytes', ''],
      ['keyfob action/dist/main.cjs (what a credentials step loads)', String(size('main.cjs')), kb(size('main.cjs'))],
      ['keyfob action/dist/post.cjs', String(size('post.cjs')), kb(size('post.cjs'))],
      [
        'keyfob action/dist/network.cjs (only with a proxy or CA)',
        String(size('network.cjs')),
        kb(size('network.cjs')),
      ],
      [
        'keyfob action/dist/file-modes.cjs (only lint and apply)',
        String(size('file-modes.cjs')),
        kb(size('file-modes.cjs')),
      ],
      ...PEERS.map((p) => [p.name, String(p.bytes), kb(p.bytes)]),
    ]);
  } finally {
    await engine.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
