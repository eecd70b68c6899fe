// Flag values and arguments are outside text: a refusal repeats them on one line, with line breaks
// and control characters as escapes, so no value can start a line of its own (a runner's `::` command)
// or end the message's quotes early.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runMain } from './capture-io.ts';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/;
const HOSTILE = 'x\n::error::owned\r\n\u001b[31m"';

const CASES: readonly (readonly string[])[] = [
  ['lint', '--format', HOSTILE, '.'],
  ['import', '--format', HOSTILE, '--out', 'out'],
  ['import', '--max-items', HOSTILE, '--out', 'out'],
  ['import', HOSTILE, '--out', 'out'],
  ['access', 'diff', '--base', 'main', '--fail-on', HOSTILE],
  ['access', 'diff', '--base', HOSTILE],
  ['access', '--jwt-path', HOSTILE],
  ['can-i', 'deploy', HOSTILE],
  ['can-i', 'deploy', 'iam:ListUsers', '--context', HOSTILE],
  ['serve', '--nodes', '3', '--replication-lag', HOSTILE],
  ['lint', `--no-such-flag${HOSTILE}`],
];

describe('keyfob: hostile flag values in usage errors', () => {
  const folder = mkdtempSync(join(tmpdir(), 'keyfob-hostile-flags-'));
  after(() => rmSync(folder, { recursive: true, force: true }));

  for (const args of CASES) {
    const shown = args.map((a) => (a === HOSTILE ? 'HOSTILE' : a.replace(HOSTILE, 'HOSTILE'))).join(' ');
    it(`keyfob ${shown}: exit 2, the value escaped on the message's line`, async () => {
      const { code, out, err } = await runMain(args, folder, {});
      assert.equal(code, 2, err);
      assert.equal(out, '');
      const first = err.split('\n')[0] ?? '';
      assert.match(first, /x\\n::error::owned\\r\\n\\u001b\[31m/, err);
      for (const line of err.split('\n')) {
        assert.doesNotMatch(line, /^\s*::/, `a line a runner would read as a command: ${line}`);
        assert.doesNotMatch(line, CONTROL, `a control character in: ${JSON.stringify(line)}`);
      }
    });
  }
});
