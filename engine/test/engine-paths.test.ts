// The table of engine paths policy authors are offered (shared/src/access/engine-paths.ts: editor
// completion and hover) against the engine's own route table, both ways: every template fills to a
// path exactly one route serves, with the capabilities its operations need and sudo where the engine
// demands it; every route is some template's. A route added without a row fails here.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ENGINE_PATHS, fillEnginePath } from '@keyfob/shared/access';
import { isRootPath } from '../src/acl/root-paths.ts';
import { startEngine, type RunningEngine } from '../src/index.ts';

const MOUNTS = { mount: 'cloud', jwtMount: 'jwt' };
const SAMPLE: Readonly<Record<string, string>> = {
  name: 'deploy',
  id: 'cloud/creds/deploy/abc',
  prefix: 'cloud/creds',
};

/** The template as a request path (a LIST template keeps its trailing `/`, the route accepts both). */
function instance(template: string): string {
  return fillEnginePath(template, MOUNTS, (variable) => SAMPLE[variable] ?? variable);
}

describe('ENGINE_PATHS and the engine route table', () => {
  let engine: RunningEngine;
  before(async () => {
    engine = await startEngine({ port: 0, dev: true });
  });
  after(() => engine.stop());

  it('fills every template to a path exactly one route serves, with its operations and openness', () => {
    for (const row of ENGINE_PATHS) {
      const path = instance(row.template);
      const routes = engine.routes.filter((r) => r.pattern.test(path));
      assert.equal(routes.length, 1, `${row.template} -> ${path} matches ${routes.length} routes`);
      const route = routes[0];
      const needed = [...new Set(row.capabilities.filter((c) => c !== 'create'))].sort();
      assert.deepEqual(needed, [...route!.operations].sort(), `${row.template}: capabilities vs operations`);
      assert.equal(row.open === true, route!.unauthenticated, `${row.template}: open`);
      assert.equal(row.sudo === true, isRootPath(path), `${row.template}: sudo`);
    }
  });

  it('has a template for every route', () => {
    const instances = ENGINE_PATHS.map((row) => instance(row.template));
    const uncovered = engine.routes.filter((r) => !instances.some((path) => r.pattern.test(path)));
    assert.ok(engine.routes.length > 30, 'the route table is enumerated');
    assert.deepEqual(
      uncovered.map((r) => r.pattern.source),
      [],
      'engine routes without a row in ENGINE_PATHS',
    );
  });
});
