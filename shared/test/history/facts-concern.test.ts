// Whether a file's text calls one of the project's helpers or operations after a dot (`factsConcern`, project-facts.ts):
// the same answer as the pattern `\.(?:name|…)\(` it replaced, on texts written for this test and on made-up ones.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { factsConcern, type ProjectFacts } from '../../src/history/project-facts.ts';
import { callsDeclared } from '../../src/history/sdk-names.ts';
import { TextMarkers } from '../../src/history/text-markers.ts';
import { seededInts } from './seeded-random.ts';

const NAMES = ['ListModuleConsumers', 'AddTags', 'get_run', '$fetch', 'list', 'x1'];
const PROJECT: ProjectFacts = { modelPaths: new Map(), operations: new Map(NAMES.map((n) => [n, 'GET /runs/:id'])) };
const PATTERN = new RegExp(`\\.(?:${NAMES.map((n) => n.replace(/\$/g, '\\$')).join('|')})\\(`);

test('a call of a name after a dot concerns the file; the name inside a longer word does not', () => {
  for (const [text, calls] of [
    ['ws, err := client.Workspaces.AddTags(ctx, id, opts)', true],
    ['api.$fetch("/runs")', true],
    ['self.get_run(run_id)', true],
    ['client.xAddTags(ctx)', false],
    ['AddTags(ctx)', false],
    ['client.AddTagsNow(ctx)', false],
    ['client.AddTags (ctx)', false],
    ['x.list(', true],
    ['.x1(', true],
    ['a.b_x1(', false],
    ['', false],
  ] as const)
    assert.equal(factsConcern(PROJECT, text), calls, text);
});

test('made-up texts: the same answer as the pattern', () => {
  const random = seededInts(11);
  const pieces = [...NAMES, ...NAMES.map((n) => `.${n}`), 'Tags', 'x', '1', '.', '(', '(', ' ', '_', '$', 'é', 'List'];
  let calls = 0;
  for (let k = 0; k < 5000; k++) {
    let text = '';
    for (let i = random(14); i > 0; i--) text += pieces[random(pieces.length)];
    const expected = PATTERN.test(text);
    if (expected) calls++;
    assert.equal(factsConcern(PROJECT, text), expected, text);
  }
  // Both answers occur often enough to mean something.
  assert.ok(calls > 200 && calls < 4800, `${calls} calling texts`);
});

// The functions and methods the project's Go files say return a go-tfe struct (`goReturns`): a file calling one is read
// again. Found in the same walk over the text's `(`s as the names above; the answer is the marker search's
// (`callsDeclared`: `Name(` anywhere, `.Method(` for a method).
const RETURNS = new Map([
  ['main.newRunOptions', 'RunCreateOptions'],
  ['.WorkspaceFor', 'Workspace'],
  ['helpers.É', 'Run'],
]);
const GO_PROJECT: ProjectFacts = { modelPaths: new Map(), goReturns: RETURNS };

test("a call of a function the project's Go files say returns a go-tfe struct concerns the file", () => {
  for (const [text, calls] of [
    ['opts := newRunOptions(ws)', true],
    ['opts := main.newRunOptions(ws)', true],
    ['ws, err := c.WorkspaceFor(ctx, name)', true],
    ['ws, err := WorkspaceFor(ctx, name)', false],
    ['newRunOptions (ws)', false],
    ['newRunOptions', false],
    ['x := helpers.É(1)', true],
    ['(newRunOptions)', false],
  ] as const)
    assert.equal(factsConcern(GO_PROJECT, text), calls, text);
});

test('made-up texts: the same answer as the marker search of each name', () => {
  const random = seededInts(7);
  const pieces = [
    'newRunOptions',
    'Options',
    'new',
    'RunOptions',
    '.WorkspaceFor',
    'WorkspaceFor',
    'É',
    'helpers.',
    '(',
  ];
  const pieces2 = [...pieces, '(', '.', ' ', 'x', 'é'];
  let calls = 0;
  for (let k = 0; k < 5000; k++) {
    let text = '';
    for (let i = random(10); i > 0; i--) text += pieces2[random(pieces2.length)];
    const expected = callsDeclared(new TextMarkers(text), RETURNS);
    if (expected) calls++;
    assert.equal(factsConcern(GO_PROJECT, text), expected, text);
  }
  assert.ok(calls > 200 && calls < 4800, `${calls} calling texts`);
});
