// keyfob serve driven by hvac, the Python Vault client that configuration tools use (Debian's
// python3-hvac), beside node-vault: a second real client written in another language, each call
// made as hvac makes it. The calls and their checks are in hvac-driver.py; each step it reports is
// one test here.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { after, describe, it } from 'node:test';
import { REPO_ROOT, startEngine } from '../../helpers/engine.ts';
import { startOidcIssuer } from '../../helpers/oidc-issuer.ts';
import { missingProgram, PROGRAMS } from '../../helpers/programs.ts';

const PYTHON = PROGRAMS.hvac.path;
const DRIVER = join(REPO_ROOT, 'test', 'e2e', 'engine', 'hvac-driver.py');
const ACCOUNT = '123456789012';
const ROLE_ARN = `arn:aws:iam::${ACCOUNT}:role/deploy`;
const ROOT_KEY = { id: 'AKIAHVACROOT00000001', secret: 'hvac-root-secret' };

interface Step {
  readonly step: string;
  readonly ok: boolean;
  readonly detail: unknown;
}

/** Starts the engine (mount `aws`, hvac's default), an OIDC issuer and runs the driver once. */
async function runDriver(): Promise<{ steps: Step[]; stop: () => Promise<void>; stderr: string }> {
  const engine = await startEngine({ args: ['--mount', 'aws', '--consistency-delay', '0'] });
  const issuer = await startOidcIssuer();
  const stop = async (): Promise<void> => {
    await Promise.all([engine.stop(), issuer.stop()]);
  };
  const seeded = await fetch(`${engine.url}/v1/sys/dev/cloud`, {
    method: 'PUT',
    headers: { 'X-Vault-Token': engine.rootToken, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      accountId: ACCOUNT,
      rootUser: { name: 'keyfob-root', accessKeys: [ROOT_KEY] },
      users: [{ name: 'hv-static-user', accessKeys: 0 }],
      roles: [{ arn: ROLE_ARN }],
    }),
  });
  assert.ok(seeded.ok, await seeded.text());
  const jwt = await issuer.sign({
    aud: 'https://github.com/octo',
    repository: 'octo/app',
    ref: 'refs/heads/release-7',
    actor: 'octocat',
  });
  // Asynchronously: the OIDC issuer in this process must answer the engine's key fetch meanwhile.
  const run = await promisify(execFile)(PYTHON, [DRIVER], {
    encoding: 'utf8',
    timeout: 120_000,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      KEYFOB_URL: engine.url,
      KEYFOB_ROOT_TOKEN: engine.rootToken,
      KEYFOB_ROLE_ARN: ROLE_ARN,
      KEYFOB_ROOT_KEY_ID: ROOT_KEY.id,
      KEYFOB_ROOT_SECRET: ROOT_KEY.secret,
      KEYFOB_JWKS_URL: issuer.jwksUrl,
      KEYFOB_ISSUER: issuer.issuer,
      KEYFOB_LOGIN_JWT: jwt,
    },
  });
  const steps = run.stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Step);
  return { steps, stop, stderr: run.stderr };
}

/** The steps hvac-driver.py runs, in order: a step it did not report fails here. */
const STEPS = [
  "sys/health with HEAD (hvac's default method)",
  'configure root credentials (max_retries sent as null)',
  'configure and read the lease',
  'create every role type',
  'read each role back with what was written',
  'list roles (LIST without the trailing slash)',
  'read-then-write round trip of every role changes nothing',
  'credentials on creds/ (GET, name in the query string, no unknown-parameter warning)',
  'credentials on sts/ (PUT) for assumed_role and federation_token',
  'leases: read, renew, list by prefix with and without the slash, revoke',
  'revoke by prefix',
  'rotate-root',
  'policies: write, read, list, and a token limited by one',
  'static roles: write (rotation_period in days), read, list, creds, unknown field warned, delete',
  "JWT auth: config, role write, read, list, round trip keeps bound_claims' shape",
  'JWT login with a token signed by the test issuer',
  'delete every role',
];

const missing = missingProgram(PROGRAMS.hvac);
const result = missing ? undefined : await runDriver();

describe('hvac (python3-hvac) against keyfob serve', { skip: missing }, () => {
  after(() => result?.stop());

  it('reports every step it was written to run', () => {
    assert.deepEqual(
      result?.steps.map((s) => s.step),
      STEPS,
      result?.stderr,
    );
  });

  for (const name of STEPS) {
    it(name, () => {
      const step = result?.steps.find((s) => s.step === name);
      assert.ok(step, `hvac-driver.py did not report this step: ${result?.stderr ?? ''}`);
      assert.equal(step.ok, true, String(step.detail));
    });
  }
});
