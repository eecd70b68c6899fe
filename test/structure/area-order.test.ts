// The order of shared/'s areas is written twice: as rules (AREAS in .dependency-cruiser.cjs, from the
// leaves up) and as a table for people (shared/README.md, top down). This test keeps the two the same,
// keeps the order an order (an area lists only areas below it), and keeps the rules honest: every
// allowed edge between areas (besides the leaves, open to all) is one that some import in shared/src uses.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../helpers/engine.ts';

const LEAVES = ['problem', 'codes', 'text', 'duration'];

interface Rule {
  readonly name: string;
  readonly to: { readonly pathNot?: readonly string[] };
}

/** The area of a path pattern of the config (`^shared/src/<area>/`, or problem's file). */
function areaOfPattern(pattern: string): string {
  if (pattern === '^shared/src/problem[.]ts$') return 'problem';
  const match = /^\^shared\/src\/([^/]+)\/$/.exec(pattern);
  assert.ok(match, `unexpected area pattern ${pattern}`);
  return match[1] ?? '';
}

/** AREAS as the rules hold it: [area, allowed areas] from the leaves up. */
function rulesOrder(): [string, string[]][] {
  const config = createRequire(import.meta.url)(join(REPO_ROOT, '.dependency-cruiser.cjs')) as {
    forbidden: readonly Rule[];
  };
  return config.forbidden
    .filter((rule) => rule.name.startsWith('shared-order-'))
    .map((rule) => [rule.name.slice('shared-order-'.length), (rule.to.pathNot ?? []).slice(1).map(areaOfPattern)]);
}

/** The README's table, top down: [area, allowed areas] with "the leaves" expanded and notes in brackets dropped. */
function readmeOrder(): [string, string[]][] {
  const text = readFileSync(join(REPO_ROOT, 'shared', 'README.md'), 'utf8');
  const block = /<!-- area-order:start -->([\s\S]*?)<!-- area-order:end -->/.exec(text)?.[1];
  assert.ok(block, 'shared/README.md has no area-order table');
  return block
    .split('\n')
    .map((line) => /^\| `([^`]+)` \| (.*) \|$/.exec(line.trim()))
    .filter((match): match is RegExpExecArray => match !== null)
    .map(([, area, imports]) => {
      const names = (imports ?? '')
        .replace(/\([^)]*\)/g, '')
        .split(',')
        .map((name) => name.trim())
        .filter((name) => name !== '' && name !== 'nothing');
      return [area ?? '', names.flatMap((name) => (name === 'the leaves' ? LEAVES : [name]))];
    });
}

/** Edges between areas that imports in shared/src use (depcruise's own resolution). */
function usedEdges(): Set<string> {
  const bin = join(REPO_ROOT, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');
  const run = spawnSync(
    process.execPath,
    [bin, '--config', '.dependency-cruiser.cjs', '--output-type', 'json', 'shared/src'],
    { cwd: REPO_ROOT, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 },
  );
  assert.ok(run.stdout, run.stderr);
  const result = JSON.parse(run.stdout) as {
    modules: readonly { source: string; dependencies: readonly { resolved: string }[] }[];
  };
  const area = (path: string): string | undefined =>
    path === 'shared/src/problem.ts' ? 'problem' : /^shared\/src\/([^/]+)\//.exec(path)?.[1];
  const edges = new Set<string>();
  for (const module of result.modules) {
    const from = area(module.source);
    for (const dependency of module.dependencies) {
      const to = area(dependency.resolved);
      if (from && to && from !== to) edges.add(`${from} -> ${to}`);
    }
  }
  return edges;
}

describe("shared/'s area order", () => {
  const rules = rulesOrder();

  it('is the same in .dependency-cruiser.cjs and shared/README.md', () => {
    const readme = readmeOrder().reverse();
    assert.deepEqual(
      readme.map(([area]) => area),
      rules.map(([area]) => area),
    );
    for (const [area, allowed] of rules) {
      const written = readme.find(([name]) => name === area)?.[1] ?? [];
      assert.deepEqual([...written].sort(), [...allowed].sort(), `the areas ${area} may import`);
    }
  });

  it('lets each area import only areas below it', () => {
    rules.forEach(([area, allowed], index) => {
      const below = new Set(rules.slice(0, index).map(([name]) => name));
      for (const name of allowed) assert.ok(below.has(name), `${area} may import ${name}, which is not below it`);
    });
  });

  it('allows only edges some import uses (besides the leaves)', () => {
    const used = usedEdges();
    const unused = rules.flatMap(([area, allowed]) =>
      allowed
        .filter((name) => !LEAVES.includes(name) || LEAVES.includes(area))
        .map((name) => `${area} -> ${name}`)
        .filter((edge) => !used.has(edge)),
    );
    assert.deepEqual(unused, [], 'drop these edges from AREAS and from the table in shared/README.md');
  });
});
