// The extension as a release artefact: `npm run package -w extension` builds the .vsix with vsce, and
// what vsce says ships (`vsce ls`) is exactly the manifest, README, LICENSE, icon and the built
// runtime files: no sources, tests, source maps or node_modules.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { before, describe, it } from 'node:test';
import { REPO_ROOT } from '../helpers/engine.ts';

const extension = join(REPO_ROOT, 'extension');
const vsix = join(extension, 'dist', 'keyfob-vscode.vsix');
const vsce = join(REPO_ROOT, 'node_modules', '.bin', 'vsce');
const manifest = JSON.parse(readFileSync(join(extension, 'package.json'), 'utf8')) as {
  version: string;
  main: string;
  browser: string;
  icon: string;
  license: string;
  repository: { url: string };
  categories: string[];
  keywords: string[];
  activationEvents: string[];
  contributes: {
    snippets: { path: string }[];
    jsonValidation: { fileMatch: string[]; url: string }[];
    yamlValidation: { fileMatch: string[]; url: string }[];
  };
};
const rootVersion = (JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version;
/** Files shipped besides the build output. */
const METADATA = ['package.json', 'README.md', 'LICENSE', manifest.icon];

/** The test runner's npm_* variables would make npm act on the root workspace. */
const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)));
let listed: string[];
let entries: Map<string, Buffer>;

before(() => {
  const npm = join(dirname(process.execPath), 'npm');
  // The build npm test made (it builds first when any output is missing), packed as it is: rebuilding
  // removes dist/, which tests running beside this one read (seen on Node 22: a concurrent rebuild's
  // ENOENT on dist/iam).
  const pack = spawnSync(npm, ['run', 'package:built', '--silent'], {
    cwd: extension,
    env,
    encoding: 'utf8',
    timeout: 300_000,
  });
  assert.equal(pack.status, 0, `npm run package:built: ${pack.stdout}\n${pack.stderr}`);
  const ls = spawnSync(vsce, ['ls', '--no-dependencies'], { cwd: extension, env, encoding: 'utf8', timeout: 120_000 });
  assert.equal(ls.status, 0, ls.stderr);
  listed = ls.stdout
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .sort();
  entries = readZip(vsix);
});

/** Entries of a zip file (the .vsix), read with Python's zipfile (no zip library in this repository). */
function readZip(path: string): Map<string, Buffer> {
  const script =
    'import base64, json, sys, zipfile\nz = zipfile.ZipFile(sys.argv[1])\nprint(json.dumps({n: base64.b64encode(z.read(n)).decode() for n in z.namelist()}))';
  const run = spawnSync('/usr/bin/python3', ['-c', script, path], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  assert.equal(run.status, 0, run.stderr);
  return new Map(
    Object.entries(JSON.parse(run.stdout) as Record<string, string>).map(([name, data]) => [
      name,
      Buffer.from(data, 'base64'),
    ]),
  );
}

/** The build's runtime output: everything under dist/ except the test bundles (Node and web), the .vsix and source maps. */
function runtimeFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      const path = relative(extension, full).split('\\').join('/');
      if (statSync(full).isDirectory()) {
        if (path !== 'dist/test' && path !== 'dist/web/test') walk(full);
      } else if (!name.endsWith('.vsix') && !name.endsWith('.map')) out.push(path);
    }
  };
  walk(join(extension, 'dist'));
  return out;
}

describe('vsce ls (what the .vsix ships)', () => {
  it('lists exactly the manifest, README, LICENSE, icon and the built runtime files', () => {
    assert.deepEqual(listed, [...METADATA, ...runtimeFiles()].sort());
  });

  it('ships no sources, tests, source maps, lockfiles or node_modules', () => {
    const bad = listed.filter(
      (p) =>
        /(^|\/)(src|test|node_modules)\//.test(p) ||
        /\.(ts|map|mjs|vsix)$/.test(p) ||
        p.startsWith('dist/test') ||
        /(^|\/)(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml)$/.test(p),
    );
    assert.deepEqual(bad, []);
  });

  it('includes the entry points, both language servers and every contributed file the manifest names', () => {
    const { snippets, jsonValidation, yamlValidation } = manifest.contributes;
    const named = [
      manifest.main,
      manifest.browser,
      ...[...snippets, ...jsonValidation, ...yamlValidation].map((s) => ('path' in s ? s.path : s.url)),
    ].map((p) => p.replace(/^\.\//, ''));
    for (const path of [...named, 'dist/server.js', 'dist/web/server.js'])
      assert.ok(listed.includes(path), `${path} is shipped`);
  });
});

describe('activation and contributed schemas', () => {
  it('activates for YAML/JSON, role files, Terraform and the code the API history reads; never for Markdown, plain text or everything', () => {
    const events = manifest.activationEvents;
    for (const needed of ['onLanguage:yaml', 'onLanguage:json', 'onLanguage:jsonc', 'onLanguage:terraform'])
      assert.ok(events.includes(needed), needed);
    assert.deepEqual(
      events.filter((e) => /markdown|plaintext|^\*$|onStartupFinished/.test(e)),
      [],
    );
    assert.ok(
      events.filter((e) => e.startsWith('workspaceContains:')).every((e) => /role|keyfob|\*\.tf$/.test(e)),
      'workspaceContains only for role files and Terraform files',
    );
    assert.deepEqual(
      events.filter((e) => e.startsWith('onCommand:') || e.startsWith('onView:')),
      [],
      'contributed commands and views activate implicitly',
    );
  });

  it("contributes annotation-only schemas (VS Code's and Red Hat's validators find nothing keyfob reports), keeping the ids and docs", () => {
    const assertions =
      /"(type|enum|const|pattern|required|additionalProperties|propertyNames|minimum|maximum|format|allOf|anyOf|oneOf|not|if|then|else)":/;
    const urls = new Set(
      [...manifest.contributes.jsonValidation, ...manifest.contributes.yamlValidation].map((v) => v.url),
    );
    assert.equal(urls.size, 3);
    for (const url of urls) {
      const text = entries.get(`extension/${url.replace(/^\.\//, '')}`)?.toString('utf8') ?? '';
      const schema = JSON.parse(text) as {
        $id: string;
        properties: Record<string, { markdownDescription?: string; doNotSuggest?: boolean }>;
      };
      const kind = /([\w-]+)\.schema\.json$/.exec(url)?.[1] ?? '';
      const full = JSON.parse(readFileSync(join(REPO_ROOT, 'schemas', `${kind}.schema.json`), 'utf8')) as {
        $id: string;
        properties: Record<string, unknown>;
      };
      assert.doesNotMatch(text, assertions, url);
      assert.equal(schema.$id, full.$id);
      assert.deepEqual(Object.keys(schema.properties), Object.keys(full.properties));
      assert.ok(
        Object.values(schema.properties).every((p) => p.doNotSuggest === true),
        'key completion is left to keyfob',
      );
    }
  });
});

describe('the .vsix', () => {
  it('holds what vsce ls listed, under extension/, with the LICENSE and icon from the repository', () => {
    const shipped = [...entries.keys()]
      .filter((n) => n.startsWith('extension/'))
      .map((n) => n.slice('extension/'.length).toLowerCase())
      .sort();
    const expected = listed.map((p) => (p === 'LICENSE' ? 'license.txt' : p.toLowerCase())).sort();
    assert.deepEqual(shipped, expected);
    assert.deepEqual(entries.get('extension/LICENSE.txt'), readFileSync(join(REPO_ROOT, 'LICENSE')));
    assert.deepEqual(entries.get(`extension/${manifest.icon}`), readFileSync(join(extension, manifest.icon)));
  });

  it('declares the repository version, licence, icon, repository, categories and keywords for the marketplace', () => {
    const xml = entries.get('extension.vsixmanifest')?.toString('utf8') ?? '';
    assert.equal(manifest.version, rootVersion, 'extension/package.json follows the root package.json');
    assert.match(
      xml,
      new RegExp(
        `<Identity Language="en-US" Id="keyfob-vscode" Version="${rootVersion.replaceAll('.', '\\.')}" Publisher="keyfob" />`,
      ),
    );
    assert.match(xml, /<License>extension\/LICENSE\.txt<\/License>/);
    assert.match(xml, new RegExp(`<Icon>extension/${manifest.icon}</Icon>`));
    assert.match(
      xml,
      /<Property Id="Microsoft\.VisualStudio\.Services\.Links\.Source" Value="https:\/\/github\.com\/keyfob\/keyfob\.git" \/>/,
    );
    assert.match(xml, new RegExp(`<Categories>${manifest.categories.join(',')}</Categories>`));
    const tags = /<Tags>([^<]*)<\/Tags>/.exec(xml)?.[1]?.split(',') ?? [];
    for (const keyword of manifest.keywords) assert.ok(tags.includes(keyword), `tag ${keyword}`);
    assert.equal(manifest.license, 'MIT');
  });

  it('has a 128x128 PNG icon (the marketplace takes PNG, at least 128 pixels)', () => {
    const png = entries.get(`extension/${manifest.icon}`);
    assert.ok(png && existsSync(join(extension, manifest.icon)));
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [128, 128]);
  });
});
