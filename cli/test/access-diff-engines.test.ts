// keyfob access diff with engines on either side: two real `keyfob serve` processes seeded
// differently (the base commit's files applied to one, each case's working tree applied to the
// other with keyfob apply --prune). Every kind of change is reported the same between the engines,
// between an engine and the files and between the commit and an engine as between the commit and
// the files; the tokens come from a variable or a file named by flag and never appear in output.
import assert from 'node:assert/strict';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { AccessChange } from '@keyfob/shared/access';
import { startEngine, type EngineProcess } from '../../test/helpers/engine.ts';
import { main } from '../src/main.ts';
import { baseRepository, CASES, writeFiles } from './access-diff-cases.ts';
import { captureIo } from './capture-io.ts';

/** The roles' ARNs the emulated cloud must know for apply to accept them. */
const CLOUD = { roles: [{ arn: 'arn:aws:iam::123456789012:role/deploy' }] };

/** A change as both sides can state it: without where it is written (an engine writes no lines). */
function comparable(changes: readonly AccessChange[]): string[] {
  return changes.map(({ source: _source, ...rest }) => JSON.stringify(rest)).sort();
}

/** Where each change of one direction is written, by its text. */
function sources(changes: readonly AccessChange[], change: AccessChange['change']): string[] {
  return changes
    .filter((c) => c.change === change)
    .map((c) => `${c.text} @ ${c.source?.file}:${c.source?.line}`)
    .sort();
}

describe('keyfob access diff with engines on either side', () => {
  let repo: string;
  let git: (...args: string[]) => string;
  let baseEngine: EngineProcess;
  let headEngine: EngineProcess;
  let env: Record<string, string>;
  const run = async (args: readonly string[], extraEnv: Record<string, string> = {}) => {
    const io = captureIo(repo, { ...env, ...extraEnv });
    const code = await main([...args], io);
    return { code, out: io.out(), err: io.err() };
  };
  const diffJson = async (...args: string[]) => {
    const result = await run(['access', 'diff', '--format', 'json', ...args]);
    assert.notEqual(result.code, 2, result.err);
    return {
      ...result,
      changes:
        result.code === 0 || result.out !== '' ? (JSON.parse(result.out) as { changes: AccessChange[] }).changes : [],
    };
  };
  const apply = async (engine: EngineProcess) => {
    const applied = await run(['apply', 'keyfob', '--prune'], {
      KEYFOB_URL: engine.url,
      KEYFOB_TOKEN: engine.rootToken,
    });
    assert.equal(applied.code, 0, applied.out + applied.err);
  };
  const seedCloud = async (engine: EngineProcess) => {
    const answer = await fetch(`${engine.url}/v1/sys/dev/cloud`, {
      method: 'PUT',
      headers: { 'X-Service-Token': engine.rootToken, 'content-type': 'application/json' },
      body: JSON.stringify(CLOUD),
    });
    assert.equal(answer.status, 200, await answer.text());
  };

  before(async () => {
    ({ repo, git } = baseRepository());
    [baseEngine, headEngine] = await Promise.all([
      startEngine({ args: ['--consistency-delay', '0'] }),
      startEngine({ args: ['--consistency-delay', '0'] }),
    ]);
    await Promise.all([seedCloud(baseEngine), seedCloud(headEngine)]);
    // The head engine's token from a file, the base engine's from a variable the flag names.
    writeFileSync(join(repo, 'head.token'), `${headEngine.rootToken}\n`);
    env = { BASE_ENGINE_TOKEN: baseEngine.rootToken };
    await apply(baseEngine);
  });
  after(async () => {
    await Promise.all([baseEngine?.stop(), headEngine?.stop()]);
    rmSync(repo, { recursive: true, force: true });
  });

  const engineArgs = (): { base: string[]; head: string[] } => ({
    base: ['--base-url', baseEngine.url, '--base-token-env', 'BASE_ENGINE_TOKEN'],
    head: ['--head-url', headEngine.url, '--head-token-file', 'head.token'],
  });

  it('the same files on both engines: no change', async () => {
    await apply(headEngine);
    const { base, head } = engineArgs();
    const result = await run(['access', 'diff', ...base, ...head, '--fail-on', 'any']);
    assert.equal(result.code, 0, result.err);
    assert.match(result.out, /^No access changes since http:\/\/127\.0\.0\.1:\d+/);
    const mixed = await run(['access', 'diff', ...base, 'keyfob', '--fail-on', 'any']);
    assert.equal(mixed.code, 0, mixed.out + mixed.err);
  });

  for (const c of CASES) {
    describe(c.name, () => {
      before(async () => {
        writeFiles(repo, c.files);
        await apply(headEngine);
      });
      after(() => git('checkout', '-q', '--', '.'));

      it('two engines, an engine and the files, the commit and an engine: the changes of the files', async () => {
        const { base, head } = engineArgs();
        const files = await diffJson('--base', 'main', 'keyfob');
        assert.equal(files.code, 0, files.err);
        c.expected(files.changes);
        const twoEngines = await diffJson(...base, ...head);
        const engineAndFiles = await diffJson(...base, 'keyfob');
        const commitAndEngine = await diffJson('--base', 'main', ...head);
        for (const [name, side] of [
          ['two engines', twoEngines],
          ['base engine, head files', engineAndFiles],
          ['base commit, head engine', commitAndEngine],
        ] as const) {
          assert.equal(side.code, 0, `${name}: ${side.err}`);
          assert.deepEqual(comparable(side.changes), comparable(files.changes), name);
        }
        // Where the files are, the lines are named as between files.
        assert.deepEqual(sources(engineAndFiles.changes, 'gained'), sources(files.changes, 'gained'));
        assert.deepEqual(sources(commitAndEngine.changes, 'removed'), sources(files.changes, 'removed'));
        assert.ok(twoEngines.changes.every((ch) => ch.source === undefined));
      });

      it(`--fail-on ${c.failOn} fails between the engines, --fail-on ${c.notFailOn} passes`, async () => {
        const { base, head } = engineArgs();
        const failing = await run(['access', 'diff', ...base, ...head, '--fail-on', c.failOn]);
        assert.equal(failing.code, 1, failing.out + failing.err);
        const passing = await run(['access', 'diff', ...base, ...head, '--fail-on', c.notFailOn]);
        assert.equal(passing.code, 0, passing.out + passing.err);
      });
    });
  }

  it('a wrong token: the engine refusal named, the token never shown', async () => {
    const wrong = 'kfs.wrong-token-0123456789abcdef';
    const result = await run(['access', 'diff', '--base-url', baseEngine.url, '--base-token-env', 'WRONG', 'keyfob'], {
      WRONG: wrong,
    });
    assert.equal(result.code, 1, result.out + result.err);
    assert.match(
      result.err,
      /base engine http:\/\/127\.0\.0\.1:\d+: .*answered 403.*check `the base token \(--base-token-env/,
    );
    assert.ok(!result.err.includes(wrong) && !result.out.includes(wrong));
    assert.ok(!result.err.includes(baseEngine.rootToken));
  });

  it('usage errors: both bases, PATHs with --head-url, a token as a flag value, an unset variable, an unreadable file', async () => {
    const { base, head } = engineArgs();
    const cases: [string[], RegExp][] = [
      [['--base', 'main', ...base], /give --base REF .* or --base-url URL .*, one of them/],
      [[], /give --base REF/],
      [['--base', 'main', ...head, 'keyfob'], /PATHs .* or --head-url .*, not both/],
      [
        ['--base-url', baseEngine.url, '--base-token-env', baseEngine.rootToken],
        /takes the NAME of an environment variable/,
      ],
      [
        ['--base-url', baseEngine.url, '--base-token-env', 'NOT_SET_HERE'],
        /--base-token-env NOT_SET_HERE: the variable is not set/,
      ],
      [
        ['--base-url', baseEngine.url, '--base-token-file', 'no-such.token'],
        /--base-token-file "no-such\.token": cannot read it \(ENOENT\)/,
      ],
      [['--base-url', baseEngine.url, '--base-token-file', 'head.token', '--base-token-env', 'X'], /not both/],
      [['--base-url', 'http://user:pw@127.0.0.1:1'], /--base-url/],
      [['--base', 'main', '--token', 'x'], /Unknown option '--token'/],
    ];
    for (const [args, message] of cases) {
      const result = await run(['access', 'diff', ...args]);
      assert.equal(result.code, 2, `${args.join(' ')}: ${result.err}`);
      assert.match(result.err, message, args.join(' '));
      assert.ok(!result.err.includes(baseEngine.rootToken.slice(4)), 'no token in the message');
    }
  });
});
