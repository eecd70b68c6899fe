// keyfob access diff on a git repository built here: a base commit with a realistic set of files
// (roles, a manifest, policies, JWT roles, workflows) and, per kind of change, a working tree that
// makes it; every --fail-on value against the change it names and one it does not.
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { AccessChange } from '@keyfob/shared/access';
import { baseRepository, CASES, writeFiles } from './access-diff-cases.ts';
import { runMain } from './capture-io.ts';

describe('keyfob access diff --base REF', () => {
  let repo: string;
  let git: (...args: string[]) => string;
  const write = (files: Record<string, string>): void => writeFiles(repo, files);
  const diff = (...args: string[]) => runMain(['access', 'diff', ...args], repo);

  before(() => {
    ({ repo, git } = baseRepository());
  });
  after(() => rmSync(repo, { recursive: true, force: true }));

  it('no change: nothing gained, exit 0 with --fail-on any', async () => {
    const { code, out, err } = await diff('--base', 'main', '--fail-on', 'any');
    assert.equal(code, 0, err);
    assert.match(out, /^No access changes since main/);
  });

  for (const c of CASES) {
    describe(c.name, () => {
      before(() => write(c.files));
      after(() => git('checkout', '-q', '--', '.'));

      it('the JSON diff', async () => {
        const { code, out, err } = await diff('--base', 'main', 'keyfob', '--format', 'json');
        assert.equal(code, 0, err);
        c.expected((JSON.parse(out) as { changes: AccessChange[] }).changes);
      });
      it(`--fail-on ${c.failOn} fails, --fail-on ${c.notFailOn} passes`, async () => {
        const failing = await diff('--base', 'main', '--fail-on', c.failOn);
        assert.equal(failing.code, 1, failing.out + failing.err);
        assert.match(failing.err, /that --fail-on .* names/);
        const passing = await diff('--base', 'main', '--fail-on', c.notFailOn);
        assert.equal(passing.code, 0, passing.out + passing.err);
      });
      it('text, Markdown and SARIF name where it is granted', async () => {
        const text = (await diff('--base', 'main')).out;
        const markdown = (await diff('--base', 'main', '--format', 'markdown')).out;
        const sarif = JSON.parse((await diff('--base', 'main', '--format', 'sarif')).out) as {
          runs: {
            results: { ruleId: string; locations: { physicalLocation: { region: { startLine: number } } }[] }[];
          }[];
        };
        assert.match(text, /^Access changes since main/);
        assert.match(markdown, /^### Access changes since `main`/);
        assert.match(markdown, /^\| (➕ gained|⬆️ longer|➖ removed) \|/m);
        const results = sarif.runs[0]?.results ?? [];
        if (c.failOn === 'any') assert.equal(results.length, 0, 'losses are not findings');
        else {
          assert.ok(results.length > 0);
          assert.ok(results.every((r) => r.ruleId.startsWith('ACCESS_')));
          assert.match(text, /\[keyfob\/[^\]]+:\d+\]/);
        }
      });
    });
  }

  it('a ref git does not know is a usage error naming it', async () => {
    const { code, err } = await diff('--base', 'no-such-branch');
    assert.equal(code, 2);
    assert.match(err, /--base no-such-branch: git knows no such commit/);
    assert.equal((await diff('--base', '--upload-pack=x')).code, 2);
    assert.equal((await diff('--base', 'main', '--fail-on', 'sometimes')).code, 2);
  });
});
