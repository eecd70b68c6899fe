// Benchmark: this checkout against a baseline checkout of keyfob (issue 21: "no slowdown on lint,
// the language server and the engine"), in CPU time, in alternating pairs.
//
//   git worktree add /tmp/keyfob-base <commit> && (cd /tmp/keyfob-base && npm ci && npm run build)
//   KEYFOB_BENCH_BASELINE=/tmp/keyfob-base npm run bench -- baseline
//
// Without KEYFOB_BENCH_BASELINE it says so and measures nothing (so `npm run bench` runs as before).
// Both checkouts must be built (cli/dist/keyfob.cjs). Each figure is the CPU time (user + system) of
// the process doing the work, never the wall clock: on a busy machine the wall clock is mostly the
// wait for a core. Each pair runs this checkout (A) and the baseline (B) back to back, in turns
// (A B, then B A), so drift in the machine's speed falls on both; the ratio A/B is taken pair by
// pair and its median and quartiles printed. A ratio above 1 is this checkout slower.
//
// - lint, in process: lintText of the 1,000-document role file (bench/lib/role-file.ts, as in
//   lint.bench.ts) from each checkout's shared/src, median of 15 runs after 5 warm-up, each side in a
//   process of its own (bench/lib/lint-in-process.ts).
// - keyfob lint, whole process: the built CLI over a repository-shaped folder (the role file,
//   examples/access, examples/roles, workflows in .github/workflows) and over a larger one (250 role
//   files, 40 renamed copies of examples/access and examples/roles), start-up included.
// - language server: `keyfob lsp --stdio` of each checkout on the real-folder shape of lsp.bench.ts,
//   the CPU time of a batch of 6 edits of document 500 (typo, fix; ranged changes).
// - engine: `keyfob serve` of each checkout, the CPU time of 2,000 POST sts from 10 clients (its
//   /proc figure counts 10 ms ticks: fewer requests leave the ratio mostly rounding).
//
// KEYFOB_BENCH_PAIRS sets the pairs (default 20); KEYFOB_BENCH_PARTS a comma list of the parts to run
// (lint-in-process, lint-cli, lsp, engine; default all).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from '../test/helpers/engine.ts';
import { fileUri, startLsp, type LspSession } from '../test/helpers/lsp-client.ts';
import { once, type LoadTarget } from './lib/http-load.ts';
import { cpuMs, edit, makeFolder, open } from './lib/lsp-edits.ts';
import { printTable } from './lib/measure.ts';
import { makeRoleFile } from './lib/role-file.ts';

const baseline = process.env.KEYFOB_BENCH_BASELINE;
const PAIRS = Number(process.env.KEYFOB_BENCH_PAIRS ?? 20);
const PARTS = new Set((process.env.KEYFOB_BENCH_PARTS ?? 'lint-in-process,lint-cli,lsp,engine').split(','));
const EDITS_PER_BATCH = 6;
const REQUESTS_PER_BATCH = 2000;
const CLIENTS = 10;

interface Side {
  readonly label: string;
  readonly root: string;
  readonly bundle: string;
}

interface Row {
  readonly what: string;
  readonly a: number[];
  readonly b: number[];
}

if (!baseline) {
  console.log(
    'skipped: set KEYFOB_BENCH_BASELINE to a built checkout of the code to compare with (see the head of bench/baseline.bench.ts)',
  );
  process.exit(0);
}
const sides: [Side, Side] = [side('this checkout', REPO_ROOT), side('baseline', baseline)];
const loadBefore = loadavg().map((l) => l.toFixed(1));
const rows: Row[] = [];
if (PARTS.has('lint-in-process')) rows.push(await pairs('lint, in process (1,000 documents)', lintInProcess));
if (PARTS.has('lint-cli')) {
  const folders = makeLintFolders();
  try {
    for (const [name, folder] of Object.entries(folders))
      rows.push(await pairs(`keyfob lint, whole process (${name})`, (s) => lintProcess(s, folder)));
  } finally {
    rmSync(folders.repository, { recursive: true, force: true });
    rmSync(folders.larger, { recursive: true, force: true });
  }
}
if (PARTS.has('lsp')) rows.push(await languageServer());
if (PARTS.has('engine')) rows.push(await engine());
report();

function side(label: string, root: string): Side {
  const bundle = join(root, 'cli', 'dist', 'keyfob.cjs');
  if (!existsSync(bundle)) throw new Error(`${bundle} is missing: run npm ci && npm run build in ${root}`);
  return { label, root, bundle };
}

/** PAIRS pairs of `measure` on both sides, in turns; CPU milliseconds. */
async function pairs(what: string, measure: (s: Side) => Promise<number> | number): Promise<Row> {
  const row: Row = { what, a: [], b: [] };
  for (let i = 0; i < PAIRS; i++) {
    const [a, b] = sides;
    if (i % 2 === 0) {
      row.a.push(await measure(a));
      row.b.push(await measure(b));
    } else {
      row.b.push(await measure(b));
      row.a.push(await measure(a));
    }
  }
  return row;
}

function lintInProcess(s: Side): number {
  const helper = fileURLToPath(new URL('./lib/lint-in-process.ts', import.meta.url));
  const run = spawnSync(process.execPath, ['--import', 'tsx', helper, s.root], { cwd: REPO_ROOT, encoding: 'utf8' });
  const last = run.stdout.trim().split('\n').pop() ?? '';
  if (run.status !== 0 || !last.startsWith('{'))
    throw new Error(`lint in process failed for ${s.root}:\n${run.stderr}`);
  return (JSON.parse(last) as { cpuMs: number }).cpuMs;
}

/** `keyfob lint .` in `folder`; its own CPU time as the preloaded cpu-usage.cjs reports it on exit. */
function lintProcess(s: Side, folder: string): number {
  const preload = fileURLToPath(new URL('./lib/cpu-usage.cjs', import.meta.url));
  const run = spawnSync(process.execPath, ['--require', preload, s.bundle, 'lint', '.', '--format', 'json'], {
    cwd: folder,
    encoding: 'utf8',
    stdio: ['ignore', 'ignore', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  const found = /cpu-ms=(\d+)/.exec(run.stderr);
  if (!found) throw new Error(`keyfob lint gave no CPU figure (${s.root}):\n${run.stderr}`);
  return Number(found[1]);
}

function makeLintFolders(): { repository: string; larger: string } {
  const examples = join(REPO_ROOT, 'examples');
  const repository = mkdtempSync(join(tmpdir(), 'keyfob-baseline-repo-'));
  writeFileSync(join(repository, 'many.role.yaml'), makeRoleFile(1000));
  for (const part of ['access', 'roles', 'workflows'])
    cpSync(join(examples, part), join(repository, 'examples', part), { recursive: true });
  cpSync(join(examples, 'workflows'), join(repository, '.github', 'workflows'), { recursive: true });
  const larger = mkdtempSync(join(tmpdir(), 'keyfob-baseline-larger-'));
  cpSync(join(examples, 'workflows'), join(larger, '.github', 'workflows'), { recursive: true });
  const documents = makeRoleFile(1000).split('\n---\n');
  for (let i = 0; i < 250; i++) {
    const folder = join(larger, 'roles', `team-${i % 10}`);
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, `r${i}.role.yaml`), `${documents.slice(i * 4, i * 4 + 4).join('\n---\n')}\n`);
  }
  for (let copy = 0; copy < 40; copy++)
    for (const part of ['access', 'roles']) {
      const to = join(larger, part, `copy-${copy}`);
      mkdirSync(to, { recursive: true });
      for (const file of readdirSync(join(examples, part))) {
        const renamed = readFileSync(join(examples, part, file), 'utf8').replace(/^name: (\S+)/gm, `name: $1-${copy}`);
        writeFileSync(join(to, file.replace(/^([^.]+)/, `$1-${copy}`)), renamed);
      }
    }
  return { repository, larger };
}

async function languageServer(): Promise<Row> {
  const folder = makeFolder('real folder');
  const uri = fileUri(join(folder, 'many.role.yaml'));
  const sessions: LspSession[] = [];
  try {
    const servers = new Map<Side, Awaited<ReturnType<typeof open>>>();
    for (const s of sides) {
      const session = await startLsp({ command: [s.bundle, 'lsp', '--stdio'], rootUri: fileUri(folder) });
      sessions.push(session);
      servers.set(s, await open(s.label, session, uri));
    }
    let round = 0;
    const batch = async (s: Side): Promise<number> => {
      const server = servers.get(s);
      if (!server) throw new Error('no server');
      const pid = server.session.process.pid;
      const before = cpuMs(pid);
      // An even number of edits: the document ends each batch as it began.
      for (let i = 0; i < EDITS_PER_BATCH; i++) await edit(server, round + i, 'ranged');
      return cpuMs(pid) - before;
    };
    for (const s of sides) await batch(s); // warm-up
    round += EDITS_PER_BATCH;
    return await pairs(`language server, ${EDITS_PER_BATCH} edits (real folder)`, batch);
  } finally {
    await Promise.all(sessions.map((s) => s.stop()));
    rmSync(folder, { recursive: true, force: true });
  }
}

async function engine(): Promise<Row> {
  const engines = await Promise.all(sides.map((s) => startServe(s)));
  try {
    const targets = new Map<Side, { pid: number | undefined; target: LoadTarget }>();
    for (const [i, s] of sides.entries()) {
      const e = engines[i];
      if (!e) throw new Error('no engine');
      const headers = { 'X-Service-Token': e.token, 'Content-Type': 'application/json' };
      const body = JSON.stringify({
        credential_type: 'assumed_role',
        role_arns: 'arn:aws:iam::123456789012:role/bench',
      });
      const write = await fetch(`${e.url}/v1/cloud/roles/bench`, { method: 'POST', headers, body });
      if (write.status !== 204) throw new Error(`role write failed: ${await write.text()}`);
      targets.set(s, {
        pid: e.child.pid,
        target: { url: `${e.url}/v1/cloud/sts/bench`, method: 'POST', headers, body: '{}', expectStatus: 200 },
      });
    }
    const batch = async (s: Side): Promise<number> => {
      const t = targets.get(s);
      if (!t) throw new Error('no engine');
      const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS });
      const before = cpuMs(t.pid);
      let left = REQUESTS_PER_BATCH;
      const client = async (): Promise<void> => {
        while (left-- > 0) {
          const status = await once(agent, t.target);
          if (status !== t.target.expectStatus) throw new Error(`POST sts answered ${status}`);
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, client));
      const used = cpuMs(t.pid) - before;
      agent.destroy();
      return used;
    };
    for (const s of sides) await batch(s); // warm-up
    return await pairs(`engine, ${REQUESTS_PER_BATCH} POST sts`, batch);
  } finally {
    for (const e of engines) e.child.kill('SIGTERM');
  }
}

/** `keyfob serve --port 0 --dev` of one side; resolves on its listening line. */
async function startServe(s: Side): Promise<{ url: string; token: string; child: ReturnType<typeof spawn> }> {
  const token = `kfs.bench-${randomBytes(12).toString('hex')}`;
  const child = spawn(process.execPath, [s.bundle, 'serve', '--port', '0', '--dev', '--root-token', token], {
    cwd: s.root,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const line = await new Promise<string>((resolve, reject) => {
    let buffer = '';
    child.stdout?.setEncoding('utf8').on('data', (text: string) => {
      buffer += text;
      if (buffer.includes('\n')) resolve(buffer.slice(0, buffer.indexOf('\n')));
    });
    child.once('exit', (code) => reject(new Error(`keyfob serve of ${s.root} exited (${code}) before listening`)));
  });
  return { url: (JSON.parse(line) as { url: string }).url, token, child };
}

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((x, y) => x - y);
  const at = q * (sorted.length - 1);
  const low = sorted[Math.floor(at)] ?? 0;
  const high = sorted[Math.ceil(at)] ?? low;
  return low + (high - low) * (at - Math.floor(at));
}

function report(): void {
  console.log(`this checkout: ${REPO_ROOT}\nbaseline:      ${baseline}`);
  printTable([
    ['what (CPU ms)', 'this checkout', 'baseline', 'pair ratio median', 'quartiles', 'pairs'],
    ...rows.map((r) => {
      const ratios = r.a.map((a, i) => a / (r.b[i] || 1));
      return [
        r.what,
        quantile(r.a, 0.5).toFixed(1),
        quantile(r.b, 0.5).toFixed(1),
        quantile(ratios, 0.5).toFixed(3),
        `${quantile(ratios, 0.25).toFixed(3)}-${quantile(ratios, 0.75).toFixed(3)}`,
        String(r.a.length),
      ];
    }),
  ]);
  console.log(
    `load average before ${loadBefore.join(' ')}, after ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${cpus().length} CPUs; a ratio above 1 is this checkout slower`,
  );
}
