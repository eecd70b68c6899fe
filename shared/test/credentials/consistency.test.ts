import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isConsistencyError } from '@keyfob/shared/credentials';

describe('isConsistencyError', () => {
  const cases = [
    {
      name: 'engine 400 wrapping the provider refusal',
      input: {
        status: 400,
        errors: [
          'Error creating IAM user: InvalidClientTokenId: The security token included in the request is invalid.',
        ],
      },
      expected: true,
    },
    {
      name: 'rotate-root 500 in the multierror wrapper',
      input: {
        status: 500,
        errors: [
          '1 error occurred:\n\t* error calling GetUser: The security token included in the request is invalid.\n\n',
        ],
      },
      expected: true,
    },
    { name: 'an ordinary missing role', input: { status: 400, errors: ['Role "x" not found'] }, expected: false },
    {
      name: 'permission denied from the engine itself',
      input: { status: 403, errors: ['permission denied'] },
      expected: false,
    },
    { name: 'a network failure has no status', input: { errors: ['InvalidClientTokenId'] }, expected: false },
  ];
  for (const c of cases) it(c.name, () => assert.equal(isConsistencyError(c.input), c.expected));
});
