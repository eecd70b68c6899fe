// parseHcl keeps what the last policy texts read to: a lint reads one policy file several times (the
// JWT trust context, the file's own lint and the engine-side read inside it), and each read of HCL
// is a WebAssembly parse and a walk of its tree. The same text gives the same result, read once.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintPolicy, parseHcl, readPolicy } from '../../src/policies/index.ts';

const POLICY = 'path "cloud/creds/deploy" {\n  capabilities = ["read"]\n}\n';

test('the same text reads once: the second read is the first one', () => {
  const first = parseHcl(POLICY);
  assert.equal(parseHcl(POLICY), first);
  assert.equal(first.root?.entries[0]?.key, 'path');
});

test('another text reads to its own tree, and readPolicy and lintPolicy see what each text says', () => {
  const other = POLICY.replace('read', 'list');
  assert.notEqual(parseHcl(other), parseHcl(POLICY));
  assert.deepEqual(readPolicy(POLICY, 'a').value?.rules[0]?.capabilities, ['read']);
  assert.deepEqual(readPolicy(other, 'b').value?.rules[0]?.capabilities, ['list']);
  assert.deepEqual(lintPolicy(other), []);
});

test('a syntax error is kept as read, with its range', () => {
  const broken = 'path "a" {\n  capabilities = ["read"\n';
  const first = parseHcl(broken);
  assert.ok(first.error);
  assert.equal(parseHcl(broken), first);
});

test('a very large text is read each time, not kept', () => {
  const large = `${POLICY}${'# filler line of a comment\n'.repeat(12_000)}`;
  const first = parseHcl(large);
  assert.equal(first.root?.entries.length, 1);
  assert.notEqual(parseHcl(large), first);
  assert.deepEqual(parseHcl(large), first);
});
