// IAM user names and paths: AWS's model (userNameType, pathType) at its boundaries, the lint rules and the
// JSON schemas that editors use, all from one table.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import {
  IAM_PATH_RULE,
  IAM_USER_NAME_RULE,
  iamConstraintFaults,
  validateRole,
  validateStaticRole,
} from '@keyfob/shared/rules';

const PATTERN = /regular expression pattern/;
const TOO_LONG = /length less than or equal to/;
const TOO_SHORT = /length greater than or equal to 1/;

interface PathCase {
  readonly name: string;
  readonly value: string;
  /** AWS's faults (patterns matched against the message), empty when AWS accepts the path. */
  readonly aws: readonly RegExp[];
  /** Whether the real engine's own regexp `^/([\x21-\x7F]{0,510}/)?$` lets it through (a 200 on its API). */
  readonly engine: boolean;
}

const inner = (n: number): string => `/${'a'.repeat(n)}/`;

const PATHS: readonly PathCase[] = [
  { name: 'root', value: '/', aws: [], engine: true },
  { name: 'nested', value: '/ci/runners/', aws: [], engine: true },
  { name: '0x21 "!" (lowest allowed)', value: '/!/', aws: [], engine: true },
  { name: '0x7E "~" (highest allowed)', value: '/~/', aws: [], engine: true },
  { name: 'slashes only', value: '///', aws: [], engine: true },
  { name: '0x20 space', value: '/a b/', aws: [PATTERN], engine: false },
  { name: '0x7F DEL', value: '/a\x7f/', aws: [PATTERN], engine: true },
  { name: 'DEL alone', value: '/\x7f/', aws: [PATTERN], engine: true },
  { name: 'a control character', value: '/a\tb/', aws: [PATTERN], engine: false },
  { name: 'non-ASCII (U+00E9)', value: '/caf\u00e9/', aws: [PATTERN], engine: false },
  { name: 'non-BMP (U+1F600)', value: '/\u{1f600}/', aws: [PATTERN], engine: false },
  { name: 'two slashes (nothing between)', value: '//', aws: [PATTERN], engine: true },
  { name: 'no leading slash', value: 'ci/', aws: [PATTERN], engine: false },
  { name: 'no trailing slash', value: '/ci', aws: [PATTERN], engine: false },
  { name: '512 characters (the maximum)', value: inner(510), aws: [], engine: true },
  { name: '513 characters', value: inner(511), aws: [TOO_LONG], engine: false },
  { name: '513 characters with DEL', value: `/\x7f${'a'.repeat(510)}/`, aws: [TOO_LONG, PATTERN], engine: false },
  { name: 'empty (the model minimum is 1)', value: '', aws: [TOO_SHORT], engine: false },
];

interface NameCase {
  readonly name: string;
  readonly value: string;
  readonly aws: readonly RegExp[];
}

const NAMES: readonly NameCase[] = [
  { name: 'every allowed punctuation', value: 'ci+runner=a,b.c@d_e-f', aws: [] },
  { name: 'one character', value: 'a', aws: [] },
  { name: '64 characters (the maximum)', value: 'a'.repeat(64), aws: [] },
  { name: '65 characters', value: 'a'.repeat(65), aws: [TOO_LONG] },
  { name: '0x20 space', value: 'ci runner', aws: [PATTERN] },
  { name: '0x21 "!"', value: 'ci!', aws: [PATTERN] },
  { name: '0x7E "~"', value: 'ci~', aws: [PATTERN] },
  { name: '0x7F DEL', value: 'ci\x7f', aws: [PATTERN] },
  { name: 'slash', value: 'ci/runner', aws: [PATTERN] },
  { name: 'non-ASCII letter (U+00E9)', value: 'caf\u00e9', aws: [PATTERN] },
  { name: 'non-ASCII digit (U+0663)', value: 'ci\u0663', aws: [PATTERN] },
  { name: 'empty', value: '', aws: [TOO_SHORT] },
];

function assertFaults(found: string[], expected: readonly RegExp[]): void {
  assert.equal(found.length, expected.length, `faults: ${JSON.stringify(found)}`);
  expected.forEach((pattern, i) => assert.match(found[i] ?? '', pattern));
}

/** The pattern and maxLength of a schema field, checked as ajv checks them (a `u`-flag RegExp). */
function schemaCheck(file: string, field: string): (value: string) => boolean {
  const schema = JSON.parse(readFileSync(new URL(`../../../schemas/${file}`, import.meta.url), 'utf8')) as {
    properties: Record<string, { pattern: string; maxLength?: number }>;
  };
  const { pattern, maxLength } = schema.properties[field] ?? { pattern: '(?!)' };
  const regexp = new RegExp(pattern, 'u');
  return (value) => regexp.test(value) && (maxLength === undefined || [...value].length <= maxLength);
}

describe('IAM paths: AWS pathType', () => {
  const schemaAccepts = schemaCheck('role.schema.json', 'user_path');
  for (const c of PATHS) {
    test(c.name, () => {
      assertFaults(iamConstraintFaults(c.value, IAM_PATH_RULE), c.aws);
      if (c.value === '') return; // an empty user_path means "unset" to the engine: no finding
      assert.equal(schemaAccepts(c.value), c.aws.length === 0, 'role.schema.json agrees');
      const role = { credential_type: 'iam_user', policy_arns: 'arn:aws:iam::aws:policy/ReadOnlyAccess' };
      const file = validateRole({ ...role, user_path: c.value }, { name: 'r' }).problems;
      const found = file.filter((p) => p.code === 'ROLE_INVALID_USER_PATH');
      assert.equal(found.length, c.aws.length === 0 ? 0 : 1, JSON.stringify(file));
      if (c.aws.length === 0) return;
      assert.equal(found[0]?.severity, 'error', 'a file gets an error');
      assert.equal(found[0]?.path, '/user_path');
      const raw = [...(found[0]?.message ?? '')].filter((ch) => /\p{Cc}/u.test(ch));
      assert.deepEqual(raw, [], 'the message shows no raw control character');
      // On the engine's API: a 400 where the real engine refuses, a warning where it stores the role.
      const api = validateRole({ ...role, user_path: c.value }, { name: 'r', source: 'request' }).problems;
      const onApi = api.find((p) => p.code === 'ROLE_INVALID_USER_PATH');
      assert.equal(onApi?.severity, c.engine ? 'warning' : 'error');
      if (c.engine) assert.match(onApi?.message ?? '', /CreateUser refuses it/);
    });
  }

  test('DEL is named in the message and no fix is offered', () => {
    const [found] = validateRole(
      { credential_type: 'iam_user', policy_arns: 'arn:aws:iam::aws:policy/ReadOnlyAccess', user_path: '/a\x7f/' },
      { name: 'r' },
    ).problems.filter((p) => p.code === 'ROLE_INVALID_USER_PATH');
    assert.match(found?.message ?? '', /"\/a\\u007f\/" is not an IAM path: it holds U\+007F \(DEL\)/);
    assert.equal(found?.data?.replacement, undefined);
  });

  test('"//" gets the fix "/"', () => {
    const [found] = validateRole(
      { credential_type: 'iam_user', policy_arns: 'arn:aws:iam::aws:policy/ReadOnlyAccess', user_path: '//' },
      { name: 'r' },
    ).problems.filter((p) => p.code === 'ROLE_INVALID_USER_PATH');
    assert.equal(found?.data?.replacement, '/');
  });
});

describe('IAM user names: AWS userNameType', () => {
  const schemaAccepts = schemaCheck('static-role.schema.json', 'username');
  for (const c of NAMES) {
    test(c.name, () => {
      assertFaults(iamConstraintFaults(c.value, IAM_USER_NAME_RULE), c.aws);
      if (c.value === '') return; // an empty username has its own code (STATIC_ROLE_MISSING_USERNAME)
      assert.equal(schemaAccepts(c.value), c.aws.length === 0, 'static-role.schema.json agrees');
      const problems = validateStaticRole({ username: c.value, rotation_period: '1h' }, { name: 's' }).problems;
      const found = problems.filter((p) => p.code === 'STATIC_ROLE_INVALID_USERNAME');
      assert.equal(found.length, c.aws.length === 0 ? 0 : 1, JSON.stringify(problems));
    });
  }
});
