// One version for the repository: every workspace (the published CLI, the extension, the action, the
// internal packages) carries the root package.json's version, and the workspaces name each other at it,
// so a release tag v<version> describes every artefact it builds.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../helpers/engine.ts';

interface Manifest {
  name: string;
  version: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}
const read = (path: string): Manifest => JSON.parse(readFileSync(join(REPO_ROOT, path), 'utf8')) as Manifest;
const root = read('package.json');

describe('versions follow the root package.json', () => {
  it('is a semantic version', () => {
    assert.match(root.version, /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/);
  });
  it('CHANGELOG.md has a section for it (the release workflow publishes that section as the notes)', () => {
    const changelog = readFileSync(join(REPO_ROOT, 'CHANGELOG.md'), 'utf8');
    assert.match(
      changelog,
      new RegExp(`^## \\[${root.version.replaceAll('.', '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm'),
    );
  });
  it('the root LICENSE is the MIT licence package.json names', () => {
    assert.equal(
      (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { license: string }).license,
      'MIT',
    );
    assert.match(readFileSync(join(REPO_ROOT, 'LICENSE'), 'utf8'), /^MIT License\n/);
  });
  for (const workspace of root.workspaces ?? []) {
    it(`${workspace}/package.json has the root version and names sibling workspaces at it`, () => {
      const manifest = read(join(workspace, 'package.json'));
      assert.equal(manifest.version, root.version, `${manifest.name}: set "version" to ${root.version}`);
      const siblings = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies }).filter(([name]) =>
        name.startsWith('@keyfob/'),
      );
      for (const [name, range] of siblings)
        assert.equal(range, root.version, `${manifest.name} names ${name} at ${range}`);
    });
  }
});
