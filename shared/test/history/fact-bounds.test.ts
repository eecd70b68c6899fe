// The bounds of a file's facts (shared/src/history/project-facts.ts's FACT_BOUNDS), at their producers: a text
// generated past a field's bound gives facts at the bound (the first entries, in the text's order), and a name or a
// value past its length is left out, not cut (a cut name is another name). The wire's reader accepts the same bounds
// and no more (shared/test/lsp/project-request.test.ts). Real code is far below every bound: the oracle's 2,555 files
// hold at most 11 Go returns, 3 query constants, 4 mounts, 1 router constant and 1 status name per file.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { scanFile } from '@keyfob/shared/history';
import { FACT_BOUNDS } from '../../src/history/project-facts.ts';

const facts = (lines: readonly string[], fileName: string) => scanFile(lines.join('\n'), { fileName }).facts;
const range = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/** A Go file importing go-tfe whose functions `names` each return a workspace. */
function goWrapper(names: readonly string[]): string[] {
  const lines = ['package wrap', '', 'import (', '\t"context"', '', '\ttfe "github.com/hashicorp/go-tfe"', ')', ''];
  for (const name of names)
    lines.push(
      `func ${name}(c *tfe.Client) (*tfe.Workspace, error) {`,
      '\treturn c.Workspaces.Read(context.Background(), "org", "ws")',
      '}',
      '',
    );
  return lines;
}

describe('the producers of a file’s facts keep their bounds (FACT_BOUNDS)', () => {
  it('Go returns: the first of a file past the bound; a name past its length left out', () => {
    const { entries, name } = FACT_BOUNDS.goReturns;
    const many = facts(goWrapper(range(entries + 5).map((i) => `GetW${i}`)), 'wrap/w.go').goReturns;
    assert.equal(many?.size, entries);
    assert.equal(many?.get('wrap.GetW0'), 'Workspace');
    assert.equal(many?.has(`wrap.GetW${entries}`), false);
    // `wrap.` and the function's name: one character past the bound, and one at it.
    const long = `G${'x'.repeat(name - 'wrap.'.length)}`;
    const fits = long.slice(1);
    const read = facts(goWrapper([long, fits, 'GetW']), 'wrap/w.go').goReturns;
    assert.deepEqual(
      [...(read?.keys() ?? [])],
      [`wrap.${fits}`, 'wrap.GetW'],
      'the long name is left out, the others kept',
    );
  });

  it('pins: a release past its length pins nothing; the clients are within the bound', () => {
    const { entries, value } = FACT_BOUNDS.releases;
    const long = `1${'.0'.repeat(value / 2)}`;
    assert.equal(long.length, value + 1);
    assert.equal(facts([`terrasnek==${long}`], 'requirements.txt').releases, undefined);
    const fits = long.slice(0, value - 1);
    assert.deepEqual(facts([`terrasnek==${fits}`], 'requirements.txt').releases, new Map([['terrasnek', fits]]));
    // Every client of the mapping pinned: all kept (the mapping's Python clients are fewer than the bound).
    const all = facts(
      ['terrasnek==0.1.4', 'pyterprise==1.0.0', 'python-tfe==0.2.0', 'pytfc==1.2.3'],
      'requirements.txt',
    ).releases;
    assert.equal(all?.size, 4);
    assert.ok((all?.size ?? 0) <= entries);
  });

  it('go-tfe client sources: the first of a file past the bound; a source past its length left out', () => {
    const { entries, name } = FACT_BOUNDS.goClients;
    // A command's receiver assigned from `c.Meta.Client<i>()`, then a compound service called on it, in turn.
    const command = (sources: readonly string[]): string[] => [
      'package command',
      '',
      'func (c *Command) Run(args []string) int {',
      ...sources.flatMap((source, i) => [
        `\tapi${i}, err := c.${source}`,
        `\tpool${i}, err := api${i}.AgentPools.Create(api${i}.Context(), c.org, opts)`,
      ]),
      '\treturn 0',
      '}',
    ];
    const many = facts(command(range(entries + 5).map((i) => `Meta.Client${i}()`)), 'command/pools.go').goClients;
    assert.equal(many?.length, entries);
    assert.equal(many?.[0], 'Meta.Client0()');
    assert.equal(many?.includes(`Meta.Client${entries - 1}()`), true);
    assert.equal(many?.includes(`Meta.Client${entries}()`), false);
    // `Meta.` and the call's `()` around the name: one character past the bound, and one at it.
    const long = `M${'x'.repeat(name - 'Meta.()'.length)}`;
    const fits = long.slice(1);
    assert.deepEqual(facts(command([`Meta.${long}()`, `Meta.${fits}()`]), 'command/pools.go').goClients, [
      `Meta.${fits}()`,
    ]);
  });

  it('query constants: the first 100 of a Go file', () => {
    const { entries } = FACT_BOUNDS.queryConsts;
    const lines = ['package tfc', '', 'const ('];
    for (const i of range(entries + 5)) lines.push(`\tparamKey${i} = "page[size]"`);
    lines.push(')');
    const read = facts(lines, 'tfc/url.go').queryConsts;
    assert.equal(read?.size, entries);
    assert.equal(read?.has(`paramKey${entries - 1}`), true);
    assert.equal(read?.has(`paramKey${entries}`), false);
  });

  it('run task status hand-overs: the first of a playbook past the bound; a key past a name’s length left out', () => {
    const { entries, name } = FACT_BOUNDS.taskStatus;
    const lines = ['- hosts: all', '  vars:'];
    for (const i of range(entries + 5)) lines.push(`    task_status${i}: "{{ run_task_status${i} }}"`);
    const read = facts(lines, 'play.yml').taskStatus;
    assert.equal(read?.handovers.length, entries);
    assert.deepEqual(read?.handovers[0], ['task_status0', 'run_task_status0']);
    const longKey = `status_${'k'.repeat(name - 6)}`;
    const fitting = longKey.slice(0, name);
    const two = facts(
      ['- hosts: all', '  vars:', `    ${longKey}: "{{ run_task_status }}"`, `    ${fitting}: "{{ probe_status }}"`],
      'play.yml',
    ).taskStatus;
    assert.deepEqual(two?.handovers, [[fitting, 'probe_status']]);
  });

  it('router constants: the first of a file past the bound; a name or a path past its length left out', () => {
    const { entries, name, value } = FACT_BOUNDS.routers;
    const lines = range(entries + 5).map((i) => `API_PATH_${i} = "/api/v2/things${i}"`);
    const consts = facts(lines, 'consts.py').routers?.consts;
    assert.equal(consts?.size, entries);
    assert.equal(consts?.get('API_PATH_0'), '/api/v2/things0');
    assert.equal(consts?.has(`API_PATH_${entries}`), false);
    const longName = `A${'B'.repeat(name)}`;
    const longPath = `/api/v2/${'w'.repeat(value)}`;
    const some = facts(
      [`${longName} = "/api/v2"`, `API_LONG = "${longPath}"`, 'API_ROOT = "/api/v2"'],
      'consts.py',
    ).routers;
    assert.deepEqual(some, { consts: new Map([['API_ROOT', '/api/v2']]) });
  });

  it('routers handed to functions: the first of a file past the bound; a function name past its length left out', () => {
    const { entries, name } = FACT_BOUNDS.routers;
    const calls = (names: readonly string[]) => [
      'package srv',
      'func setup(r *mux.Router) {',
      '\tapi := r.PathPrefix("/api/v2").Subrouter()',
      ...names.map((n) => `\t${n}(api)`),
      '}',
    ];
    const handed = facts(calls(range(entries + 5).map((i) => `register${i}`)), 'srv/r.go').routers?.handed;
    assert.equal(handed?.size, entries);
    assert.equal(handed?.get('register0#0'), '/api/v2');
    assert.equal(handed?.has(`register${entries}#0`), false);
    const long = `r${'x'.repeat(name)}`;
    assert.deepEqual(facts(calls([long, 'registerRuns']), 'srv/r.go').routers, {
      handed: new Map([['registerRuns#0', '/api/v2']]),
    });
  });

  it('routers mounted from other modules: the first of a file past the bound', () => {
    const { entries } = FACT_BOUNDS.routers;
    const lines = ["const express = require('express');", 'const app = express();'];
    for (const i of range(entries + 5)) lines.push(`app.use('/api/v2', require('./routes/r${i}'));`);
    const mounts = facts(lines, 'src/app.js').routers?.mounts;
    assert.equal(mounts?.size, entries);
    assert.equal(mounts?.get('src/routes/r0#default'), '+/api/v2');
    assert.equal(mounts?.has(`src/routes/r${entries}#default`), false);
  });
});
