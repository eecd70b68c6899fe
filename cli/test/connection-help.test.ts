import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CONNECTION_OPTIONS } from '../src/connection.ts';
import { main } from '../src/main.ts';
import { captureIo } from './capture-io.ts';

// Every command that can talk to a running engine lists the same connection flags in its --help,
// from the one CONNECTION_USAGE text: each flag the parser accepts is explained.

const FLAGS = Object.keys(CONNECTION_OPTIONS)
  .filter((name) => name !== 'help')
  .map((name) => `--${name}`);

describe('connection flags in --help', () => {
  for (const command of ['creds', 'apply', 'access', 'import']) {
    it(`keyfob ${command} --help lists every connection flag`, async () => {
      const io = captureIo('/');
      assert.equal(await main([command, '--help'], io), 0, io.err());
      const missing = FLAGS.filter((flag) => !new RegExp(`^ {2}${flag} `, 'm').test(io.out()));
      assert.deepEqual(missing, [], io.out());
      assert.match(io.out(), /^Connection \(the same rules, bounds and defaults as the GitHub Action's inputs\):$/m);
    });
  }
});
