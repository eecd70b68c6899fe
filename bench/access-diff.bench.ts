// Benchmark: `keyfob access diff --base main` on a git repository with 1,000 credential roles, 200
// ACL policies and 100 JWT roles (one file each), the working tree changing 50 roles' policies, 20
// policies and 10 JWT roles; beside `keyfob access` on the same files, both as the user runs them
// (the bundled CLI, a new process each run), measured in the same run. Target: the diff under 2 s.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { measure, ms, printTable } from './lib/measure.ts';

const cli = fileURLToPath(new URL('../cli/bin/keyfob.cjs', import.meta.url));
const repo = mkdtempSync(join(tmpdir(), 'keyfob-access-diff-bench-'));
const git = (...args: string[]): void => void execFileSync('git', args, { cwd: repo });

const ROLES = 1000;
const POLICIES = 200;
const JWT_ROLES = 100;
const services = ['s3', 'dynamodb', 'sqs', 'logs', 'ec2'];

function role(i: number, changed: boolean): string {
  const service = services[i % services.length] ?? 's3';
  const action = changed ? `${service}:*` : `${service}:Get*`;
  return `credential_type: iam_user\npolicy_document: '{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"${action}","Resource":"arn:aws:${service}:::res-${i}/*"}]}'\n`;
}
function policy(i: number, changed: boolean): string {
  const paths = [0, 1, 2, 3, 4].map(
    (k) => `path "cloud/creds/role-${(i * 5 + k) % ROLES}" {\n  capabilities = ["read"]\n}\n`,
  );
  if (changed) paths.push(`path "cloud/sts/role-${(i * 7) % ROLES}" {\n  capabilities = ["read", "update"]\n}\n`);
  return paths.join('\n');
}
function jwtRole(i: number, changed: boolean): string {
  const subs = [`repo:octo/app-${i}:ref:refs/heads/main`, ...(changed ? [`repo:octo/app-${i}:environment:prod`] : [])];
  return `role_type: jwt\nuser_claim: repository\nbound_audiences: [https://github.com/octo]\nbound_claims:\n  sub: [${subs.join(', ')}]\n  repository_id: '${1000 + i}'\ntoken_ttl: ${changed ? '1h' : '15m'}\ntoken_policies: [policy-${i % POLICIES}, policy-${(i + 1) % POLICIES}]\n`;
}

function writeAll(changed: (kind: string, i: number) => boolean): void {
  for (let i = 0; i < ROLES; i++)
    writeFileSync(join(repo, 'roles', `role-${i}.role.yaml`), role(i, changed('role', i)));
  for (let i = 0; i < POLICIES; i++)
    writeFileSync(join(repo, 'access', `policy-${i}.policy.hcl`), policy(i, changed('policy', i)));
  for (let i = 0; i < JWT_ROLES; i++)
    writeFileSync(join(repo, 'access', `gh-${i}.jwt-role.yaml`), jwtRole(i, changed('jwt', i)));
}

mkdirSync(join(repo, 'roles'));
mkdirSync(join(repo, 'access'));
execFileSync('git', ['init', '-q', '-b', 'main'], { cwd: repo });
writeAll(() => false);
git('add', '-A');
git('-c', 'user.name=bench', '-c', 'user.email=bench@example.com', 'commit', '-q', '-m', 'base');
writeAll((kind, i) => (kind === 'role' ? i % 20 === 0 : kind === 'policy' ? i % 10 === 0 : i % 10 === 0));

const preload = fileURLToPath(new URL('./lib/cpu-usage.cjs', import.meta.url));
/** CPU time (user + system) of each measured run, as the process reports it on exit. */
const cpu: Record<string, number[]> = { diff: [], access: [] };
const timed = (label: 'diff' | 'access', args: string[]): void => {
  const child = spawnSync(process.execPath, ['--require', preload, cli, ...args], {
    cwd: repo,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const found = /cpu-ms=(\d+)/.exec(child.stderr);
  if (child.status !== 0 || !found) throw new Error(`keyfob ${args.join(' ')} failed: ${child.stderr.slice(0, 500)}`);
  cpu[label]?.push(Number(found[1]));
};
const run = (args: string[]): string =>
  execFileSync(process.execPath, [cli, ...args], { cwd: repo, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
const summary = JSON.parse(run(['access', 'diff', '--base', 'main', '--format', 'json'])) as {
  changes: { kind: string; change: string }[];
};
const diff = await measure(() => timed('diff', ['access', 'diff', '--base', 'main', '--format', 'json']), {
  runs: Number(process.env.KEYFOB_BENCH_RUNS ?? 5),
  warmup: 1,
});
const access = await measure(() => timed('access', ['access', '.', '--format', 'json']), {
  runs: Number(process.env.KEYFOB_BENCH_RUNS ?? 5),
  warmup: 1,
});
if (process.env.KEYFOB_BENCH_KEEP === undefined) rmSync(repo, { recursive: true, force: true });
else console.log(`kept ${repo}`);

const count = (kind: string): number => summary.changes.filter((c) => c.kind === kind && c.change === 'gained').length;
console.log(
  `files: ${ROLES} roles, ${POLICIES} policies, ${JWT_ROLES} JWT roles; changed 50 roles, 20 policies, 10 JWT roles`,
);
console.log(
  `gained: ${count('login')} logins, ${count('action')} action lines, ${count('capability')} capabilities, ${count('ttl')} longer lifetimes`,
);
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
printTable([
  ['command (bundled CLI, new process)', 'wall median', 'min', 'max', 'CPU median (user+sys)'],
  ['keyfob access diff --base main', ms(diff.median), ms(diff.min), ms(diff.max), ms(median(cpu.diff ?? []))],
  ['keyfob access . (one revision)', ms(access.median), ms(access.min), ms(access.max), ms(median(cpu.access ?? []))],
]);
// On a shared machine the wall time is mostly waiting for a core; the CPU time is the work itself.
const cpuDiff = median(cpu.diff ?? []);
console.log(
  `diff / access: wall ${(diff.median / access.median).toFixed(2)}x, CPU ${(cpuDiff / median(cpu.access ?? [])).toFixed(2)}x; diff under 2 s: wall ${diff.median < 2000 ? 'MET' : 'NOT MET'}, CPU ${cpuDiff < 2000 ? 'MET' : 'NOT MET'} (load average ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores)`,
);
