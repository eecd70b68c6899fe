// An engine URL with a password or a query string: refused with a clear message that never shows
// the password, by the real command (creds and apply share the connection flags).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { REPO_ROOT } from '../../test/helpers/engine.ts';

const BIN = join(REPO_ROOT, 'cli', 'bin', 'keyfob.cjs');

function keyfob(args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [BIN, ...args], {
    cwd: REPO_ROOT,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
  });
}

describe('keyfob: engine URLs with credentials or a query', () => {
  const cases: { name: string; args: string[]; env?: Record<string, string>; message: RegExp }[] = [
    {
      name: 'creds --url with user:password and a query',
      args: ['creds', 'deploy', '--url', 'http://admin:hunter2-pw@127.0.0.1:9/?x=1', '--token', 't'],
      message: /must not hold a user name or password/,
    },
    {
      name: 'creds with KEYFOB_URL holding a password',
      args: ['creds', 'deploy', '--token', 't'],
      env: { KEYFOB_URL: 'https://ops:hunter2-pw@engine.example:8200' },
      message: /must not hold a user name or password/,
    },
    {
      name: 'creds --url with a query',
      args: ['creds', 'deploy', '--url', 'http://127.0.0.1:9/?namespace=hunter2-pw', '--token', 't'],
      message: /--url must not have a query or fragment; .*e\.g\. http:\/\/127\.0\.0\.1:9\./,
    },
    {
      name: 'apply --url with user:password',
      args: ['apply', 'examples/roles', '--dry-run', '--url', 'http://admin:hunter2-pw@127.0.0.1:9', '--token', 't'],
      message: /must not hold a user name or password/,
    },
  ];
  for (const c of cases) {
    it(`refuses ${c.name} (exit 2) without printing the secret part`, () => {
      const run = keyfob(c.args, c.env);
      assert.equal(run.status, 2, run.stderr + run.stdout);
      assert.match(run.stderr, c.message);
      assert.ok(!`${run.stderr}${run.stdout}`.includes('hunter2'), run.stderr);
    });
  }
});
