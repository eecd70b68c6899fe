// The repository's own GitHub workflows: CI runs what .ci/run runs; a version tag builds and attaches the
// release artefacts with checksums and moves the action's major tag; every action is pinned by commit.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { REPO_ROOT } from '../helpers/engine.ts';

interface Step {
  uses?: string;
  run?: string;
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<
    string,
    { steps?: Step[]; uses?: string; needs?: string | string[]; permissions?: Record<string, string> }
  >;
}
const folder = join(REPO_ROOT, '.github', 'workflows');
const read = (name: string): Workflow => parse(readFileSync(join(folder, name), 'utf8')) as Workflow;
const runs = (workflow: Workflow): string =>
  Object.values(workflow.jobs)
    .flatMap((j) => j.steps ?? [])
    .map((s) => s.run ?? '')
    .join('\n');

describe('.github/workflows', () => {
  it('ci.yml runs .ci/run on pushes to main and on pull requests, and can be called by the release', () => {
    const ci = read('ci.yml');
    assert.deepEqual(Object.keys(ci.on).sort(), ['pull_request', 'push', 'workflow_call']);
    assert.match(runs(ci), /^bash \.ci\/run$/m);
    assert.ok(
      Object.values(ci.jobs).some((j) => j.steps?.some((s) => s.uses === './action')),
      'the action from the commit runs too',
    );
  });

  it('release.yml, on a version tag, passes CI first, then builds, checksums, releases and moves the major tag', () => {
    const release = read('release.yml');
    assert.deepEqual(release.on, { push: { tags: ['v[0-9]+.[0-9]+.[0-9]+*'] } });
    assert.equal(release.jobs.ci?.uses, './.github/workflows/ci.yml');
    assert.equal(release.jobs.release?.needs, 'ci');
    assert.equal(release.jobs.release?.permissions?.contents, 'write');
    const script = runs(release);
    for (const command of [
      /npm pack -w cli/,
      /npm run package -w extension/,
      /action\/action\.yml action\/dist/,
      /sha256sum/,
      /gh release create/,
      /SHA256SUMS/,
      /git push --force origin "refs\/tags\/\$major"/,
    ]) {
      assert.match(script, command);
    }
  });

  it('pins every action from another repository by full commit SHA, with the version in a comment', () => {
    for (const name of readdirSync(folder).filter((n) => /\.ya?ml$/.test(n))) {
      const text = readFileSync(join(folder, name), 'utf8');
      for (const [line, target] of text.matchAll(/^\s*-?\s*uses:\s*(\S+).*$/gm)) {
        if (target?.startsWith('./')) continue;
        assert.match(line, /@[0-9a-f]{40} # v\d+\.\d+\.\d+$/, `${name}: ${line.trim()}`);
      }
    }
  });

  it('dependabot updates npm and the pinned actions', () => {
    const config = parse(readFileSync(join(REPO_ROOT, '.github', 'dependabot.yml'), 'utf8')) as {
      updates: { 'package-ecosystem': string }[];
    };
    assert.deepEqual(config.updates.map((u) => u['package-ecosystem']).sort(), ['github-actions', 'npm']);
  });
});
