// `keyfob apply examples/roles` against a spawned `keyfob serve`, as a new user meets it. Without --dev
// and without cloud users, the static roles cannot adopt their users: apply stops at the first one and
// says exactly what was applied and what was not (text and JSON, exit 1), and the engine holds exactly
// what it said. With `keyfob serve --cloud examples/cloud.yaml` the same apply succeeds. A bad cloud
// file stops serve with the file, line and column of the problem.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createEngineClient } from '@keyfob/shared/client';
import { runKeyfob } from './run-keyfob.ts';
import { REPO_ROOT, startEngine, type EngineProcess } from '../../test/helpers/engine.ts';

const BIN = join(REPO_ROOT, 'cli', 'bin', 'keyfob.cjs');
const keyfob = runKeyfob;

const apply = (engine: EngineProcess, ...extra: string[]) =>
  keyfob(['apply', 'examples/roles', ...extra], { KEYFOB_URL: engine.url, KEYFOB_TOKEN: engine.rootToken });

/** The roles and static roles the engine holds now. */
async function held(engine: EngineProcess): Promise<Set<string>> {
  const client = createEngineClient({
    url: engine.url,
    token: engine.rootToken,
    fetch: globalThis.fetch.bind(globalThis),
    retry: { maxAttempts: 1 },
  });
  const roles = (await client.listRoles()).map((name) => `role ${name}`);
  const statics = (await client.listStaticRoles()).map((name) => `static-role ${name}`);
  return new Set([...roles, ...statics]);
}

describe('keyfob apply against keyfob serve without --dev', () => {
  const engines: EngineProcess[] = [];
  after(async () => {
    await Promise.all(engines.map((e) => e.stop()));
  });
  const serve = async (args: string[] = []) => {
    const engine = await startEngine({ dev: false, args });
    engines.push(engine);
    return engine;
  };

  it('text: stops at the static role, lists what was applied and what was not, and the engine holds exactly that', async () => {
    const engine = await serve();
    const run = await apply(engine);
    assert.equal(run.status, 1, run.stdout + run.stderr);
    const report = run.stdout.slice(run.stdout.indexOf('\napplied ') + 1);
    assert.match(report, /^applied (\d+) of (\d+) changes; the engine now holds only these:$/m);
    const applied = [...report.split('not applied:')[0]!.matchAll(/^ {2}\+ (role|static-role) (\S+)$/gm)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    const failed = /^ {2}\+ (static-role) (\S+): failed$/m.exec(report);
    const notAttempted = [...report.matchAll(/^ {2}\+ (role|static-role) (\S+): not attempted$/gm)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    assert.ok(applied.length >= 1 && failed, report);
    assert.match(run.stderr, /NoSuchEntity: The user with name \S+ cannot be found/);
    assert.match(run.stderr, /start it with keyfob serve --cloud FILE listing the users \(see examples\/cloud\.yaml\)/);
    assert.match(run.stderr, new RegExp(`stopped: ${applied.length} applied, ${1 + notAttempted.length} not applied`));
    const now = await held(engine);
    assert.deepEqual([...now].sort(), [...applied].sort(), 'the engine holds exactly what apply said it applied');
    for (const name of [`static-role ${failed[2]}`, ...notAttempted]) assert.ok(!now.has(name), name);
  });

  it('json: one document with applied, notApplied (failed, not attempted) and the error', async () => {
    const engine = await serve();
    const run = await apply(engine, '--format', 'json');
    assert.equal(run.status, 1, run.stderr);
    const report = JSON.parse(run.stdout) as {
      plan: unknown[];
      applied: { kind: string; name: string }[];
      notApplied: { kind: string; name: string; status: string; error?: string }[];
      error: string;
    };
    assert.ok(report.applied.length > 0);
    assert.equal(report.notApplied[0]?.status, 'failed');
    assert.equal(report.notApplied[0]?.kind, 'static-role');
    assert.match(report.error, /static-role/);
    assert.ok(report.notApplied.slice(1).every((s) => s.status === 'not attempted'));
    assert.equal(
      report.applied.length + report.notApplied.length,
      report.plan.filter((s) => (s as { op: string }).op !== 'unchanged').length,
    );
    const now = await held(engine);
    assert.deepEqual([...now].sort(), report.applied.map((s) => `${s.kind} ${s.name}`).sort());
  });

  it('with --cloud examples/cloud.yaml the static roles adopt their users and apply succeeds', async () => {
    const engine = await serve(['--cloud', 'examples/cloud.yaml']);
    const run = await apply(engine);
    assert.equal(run.status, 0, run.stdout + run.stderr);
    assert.doesNotMatch(run.stdout, /not applied/);
    const now = await held(engine);
    assert.ok(now.has('static-role backup-agent') && now.has('static-role metrics-exporter'), [...now].join(', '));
    const again = await apply(engine);
    assert.equal(again.status, 0);
    assert.match(again.stderr, /already matches/);
  });

  it('a bad cloud file stops serve with exit 2, naming the file, line and column', () => {
    const dir = mkdtempSync(join(tmpdir(), 'keyfob-cloud-'));
    try {
      const cases: { name: string; text: string; said: RegExp }[] = [
        {
          name: 'bad.yaml',
          text: 'users:\n  - name: ok-user\n  - name: "no spaces allowed"\n',
          said: /bad\.yaml:3:\d+: users\[1\]\.name must be an IAM user name/,
        },
        {
          name: 'typo.yaml',
          text: 'user:\n  - name: backup-agent\n',
          said: /typo\.yaml:1:1: unknown key "user"; did you mean "users"\?/,
        },
        { name: 'syntax.json', text: '{"users": [\n  {"name" "a"}\n]}\n', said: /syntax\.json:2:\d+: / },
        { name: 'cloud.txt', text: 'users: []\n', said: /give a \.json, \.yaml or \.yml file/ },
      ];
      for (const c of cases) {
        writeFileSync(join(dir, c.name), c.text);
        const run = spawnSync(process.execPath, [BIN, 'serve', '--port', '0', '--cloud', join(dir, c.name)], {
          cwd: REPO_ROOT,
          encoding: 'utf8',
          timeout: 15_000,
        });
        assert.equal(run.status, 2, `${c.name}: ${run.stdout}${run.stderr}`);
        assert.match(run.stderr, c.said, c.name);
        assert.doesNotMatch(run.stdout, /listening/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
