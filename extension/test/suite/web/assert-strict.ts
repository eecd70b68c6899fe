// `node:assert/strict` in the web suite bundle: the `assert` package (Node's assert for browsers), strict mode.
import assert from 'assert';

export const { ok, equal, notEqual, deepEqual, notDeepEqual, match, doesNotMatch, throws, rejects, fail } =
  assert.strict;
