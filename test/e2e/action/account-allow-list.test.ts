// The account allow-list and mask-account-id, end to end: the bundled action run as the runner does
// against the real engine, whose emulated cloud issues credentials in its own account and, through a
// role of another account, in that one. The account comes from the ARN the engine returns (assumed_role)
// or from STS GetCallerIdentity at AWS_ENDPOINT_URL_STS (iam_user, federation_token), signed with the
// new keys. A refused set is revoked at the engine, never exported, written or output.
import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { runStep, type StepRun } from '../../helpers/run-action.ts';
import { assertNoLeak, exportedSecrets } from './leak-check.ts';
import { readAsRunner } from './runner-log.ts';
import { CLOUD_ACCOUNT, OTHER_ACCOUNT, prepareEngine } from './setup.ts';

describe('action e2e: allowed-account-ids and mask-account-id', () => {
  let engine: EngineProcess;
  before(async () => {
    engine = await startEngine();
    await prepareEngine(engine);
  });
  after(() => engine.stop());

  const step = (inputs: Record<string, string>, env: Record<string, string> = {}) =>
    runStep('main', {
      inputs: { url: engine.url, token: engine.rootToken, ...inputs },
      env: { AWS_ENDPOINT_URL_STS: engine.cloudUrl, ...env },
    });

  /** The lease ids the engine still holds under a prefix (`cloud/creds/ci-user/`). */
  const leases = async (prefix: string): Promise<string[]> => {
    const answer = await fetch(`${engine.url}/v1/sys/leases/lookup/${prefix}`, {
      method: 'LIST',
      headers: { 'X-Service-Token': engine.rootToken },
    });
    if (answer.status === 404) return [];
    return ((await answer.json()) as { data?: { keys?: string[] } }).data?.keys ?? [];
  };

  /** Whether the engine still knows a lease (`sys/leases/lookup` answers 400 for one it does not). */
  const known = async (leaseId: string): Promise<boolean> =>
    (
      await fetch(`${engine.url}/v1/sys/leases/lookup`, {
        method: 'PUT',
        headers: { 'X-Service-Token': engine.rootToken, 'content-type': 'application/json' },
        body: JSON.stringify({ lease_id: leaseId }),
      })
    ).ok;
  const refusedLease = (said: string): string => /lease (cloud\/\S+) was revoked/.exec(said)?.[1] ?? '';

  /** What the failure said, as the runner shows it. */
  const failure = (run: StepRun): string =>
    readAsRunner(run.stdout)
      .commands.filter((c) => c.name === 'error')
      .map((c) => c.data)
      .join('\n');

  it('refuses a role of another account (account from the ARN): lease revoked, nothing exported or written', async () => {
    const temp = mkdtempSync(join(tmpdir(), 'keyfob-runner-temp-'));
    const before = await leases('cloud/sts/deploy-other/');
    const run = await step(
      { role: 'deploy-other', mode: 'sts', 'allowed-account-ids': CLOUD_ACCOUNT, profile: 'deploy' },
      { RUNNER_TEMP: temp },
    );
    assert.equal(run.exitCode, 1, run.stdout);
    const said = failure(run);
    assert.match(
      said,
      new RegExp(`belong to AWS account ${OTHER_ACCOUNT}, which is not in allowed-account-ids \\(${CLOUD_ACCOUNT}\\)`),
    );
    assert.match(said, /lease cloud\/sts\/deploy-other\/\S+ was revoked/);
    assert.match(said, /Hint: point the role at an allowed account, or add 210987654321 to allowed-account-ids/);
    assert.deepEqual(await leases('cloud/sts/deploy-other/'), before, 'the refused lease is gone');
    assert.equal(await known(refusedLease(said)), false);
    assert.deepEqual(exportedSecrets(run), [], 'nothing exported');
    assert.equal(run.env.AWS_CONFIG_FILE, undefined);
    for (const dir of readdirSync(temp)) assert.deepEqual(readdirSync(join(temp, dir)), [], 'no profile file');
    assert.equal(run.outputs.arn, undefined, 'no output');
    assertNoLeak('refused by ARN', run, run.masks);
  });

  it('refuses iam_user keys of another account (account from GetCallerIdentity): the lease and its cloud user are gone', async () => {
    const before = await leases('cloud/creds/ci-user/');
    const run = await step({ role: 'ci-user', 'allowed-account-ids': `${OTHER_ACCOUNT}\n111111111111` });
    assert.equal(run.exitCode, 1, run.stdout);
    const said = failure(run);
    assert.match(
      said,
      new RegExp(
        `belong to AWS account ${CLOUD_ACCOUNT}, which is not in allowed-account-ids \\(${OTHER_ACCOUNT}, 111111111111\\)`,
      ),
    );
    assert.match(said, /its cloud user is deleted/);
    assert.deepEqual(await leases('cloud/creds/ci-user/'), before, 'no lease left');
    assert.match(refusedLease(said), /^cloud\/creds\/ci-user\//);
    assert.equal(await known(refusedLease(said)), false);
    assert.deepEqual(exportedSecrets(run), []);
    assertNoLeak('refused by GetCallerIdentity', run, run.masks);
  });

  it('passes allowed accounts, by ARN and by GetCallerIdentity, with the list per roles line', async () => {
    const run = await step({
      roles: [
        `ci-user allowed_account_ids=${CLOUD_ACCOUNT} | CI_`,
        `deploy-other mode=sts allowed_account_ids=${OTHER_ACCOUNT},111111111111 | OTHER_`,
        `reports mode=sts ttl=15m | REPORTS_`,
      ].join('\n'),
      'allowed-account-ids': CLOUD_ACCOUNT,
    });
    assert.equal(run.exitCode, 0, run.stdout);
    assert.match(run.stdout, new RegExp(`Credentials for ci-user are in account ${CLOUD_ACCOUNT}, which is allowed`));
    assert.match(
      run.stdout,
      new RegExp(`Credentials for deploy-other are in account ${OTHER_ACCOUNT}, which is allowed`),
    );
    // The step-wide list is the default of lines without their own (reports: federation_token, no ARN).
    assert.match(run.stdout, new RegExp(`Credentials for reports are in account ${CLOUD_ACCOUNT}, which is allowed`));
    assert.ok(run.env.CI_ACCESS_KEY && run.env.OTHER_ACCESS_KEY && run.env.REPORTS_ACCESS_KEY);
  });

  it('refuses a federation token outside the step-wide list (GetCallerIdentity for an STS answer without ARN)', async () => {
    const run = await step({ role: 'reports', mode: 'sts', ttl: '15m', 'allowed-account-ids': OTHER_ACCOUNT });
    assert.equal(run.exitCode, 1, run.stdout);
    assert.match(
      failure(run),
      new RegExp(`belong to AWS account ${CLOUD_ACCOUNT}, which is not in allowed-account-ids`),
    );
    assert.match(failure(run), /STS keys stay valid until they expire, unused/);
  });

  it('checks the list at the edge: 12-digit ids, named in the message', async () => {
    const before = await leases('cloud/creds/ci-user/');
    const run = await step({ role: 'ci-user', 'allowed-account-ids': '123456789012, 12345' });
    assert.equal(run.exitCode, 1);
    assert.match(failure(run), /allowed-account-ids: "12345" is not an AWS account id \(12 digits\)/);
    const line = await step({ roles: 'ci-user allowed_account_ids=abc' });
    assert.match(failure(line), /roles line 1: allowed_account_ids: "abc" is not an AWS account id/);
    assert.deepEqual(await leases('cloud/creds/ci-user/'), before, 'nothing issued');
  });

  it('mask-account-id registers the account as a secret: the runner masks it in the log and printed outputs', async () => {
    const run = await step({ roles: 'deploy mode=sts | DEPLOY_\nci-user | CI_', 'mask-account-id': 'true' });
    assert.equal(run.exitCode, 0, run.stdout);
    const log = readAsRunner(run.stdout);
    assert.ok(log.masks.includes(CLOUD_ACCOUNT), 'the account is registered with ::add-mask::');
    const shown = log.visible.join('\n');
    assert.ok(!shown.includes(CLOUD_ACCOUNT), shown);
    assert.match(shown, /as arn:aws:sts::\*\*\*:assumed-role\/deploy\//);
    // The runner masks outputs it prints the same way (and drops job outputs holding a masked value).
    assert.ok(run.outputs.arn?.includes(CLOUD_ACCOUNT));
    const mask = run.stdout.indexOf(`::add-mask::${CLOUD_ACCOUNT}`);
    const first = run.stdout.indexOf(CLOUD_ACCOUNT);
    assert.equal(first, mask + '::add-mask::'.length, 'registered before any line names it');
    const without = await step({ role: 'deploy', mode: 'sts' });
    assert.ok(!readAsRunner(without.stdout).masks.includes(CLOUD_ACCOUNT), 'off by default');
  });
});
