// AWS profiles from the action, and profiles that renew themselves for long jobs (refresh: true),
// end to end: the bundled action run as the runner does writes the shared config and credentials
// files; the real `aws` command and the AWS SDK (fromIni, fromProcess) call the emulated cloud with
// them; the engine's dev clock then moves past the first set's expiry and the tools run under
// Debian's faketime moved by as much, as if the time had passed; the post step leaves nothing.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { fromIni, fromProcess } from '@aws-sdk/credential-providers';
import type { EngineClient } from '@keyfob/shared/client';
import { AWS_CLI } from '../../helpers/aws.ts';
import { startEngine, type EngineProcess } from '../../helpers/engine.ts';
import { startOidcIssuer, type OidcIssuer } from '../../helpers/oidc-issuer.ts';
import { runStep, type StepRun } from '../../helpers/run-action.ts';
import { advance } from '../engine/engine-client.ts';
import { assertNoLeak } from './leak-check.ts';
import { AUDIENCE, JWT_ROLE, prepareEngine } from './setup.ts';
import { missingProgram, programPath, PROGRAMS } from '../../helpers/programs.ts';

const FAKETIME = programPath(PROGRAMS.faketime);
/** How far the job "runs": past the 10-minute login token and the keys capped at it, and past the 15 minutes of SigV4 skew (a tool on the wall clock would be refused). */
const MOVED_SECONDS = 20 * 60;

/** Runs a command with the profile files and no other AWS configuration; under faketime when asked. */
function tool(
  command: string,
  args: readonly string[],
  files: Readonly<Record<string, string>>,
  extra: Record<string, string> = {},
  moveSeconds = 0,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    HOME: tmpdir(),
    AWS_PAGER: '',
    AWS_MAX_ATTEMPTS: '1',
    AWS_EC2_METADATA_DISABLED: 'true',
    ...files,
    ...extra,
  };
  let file = command;
  let argv = [...args];
  if (moveSeconds > 0) {
    // The tool and the credential_process it starts see the clock moved as the engine's was.
    env.FAKETIME_DONT_FAKE_MONOTONIC = '1';
    argv = ['-f', `+${moveSeconds}s`, command, ...args];
    file = FAKETIME ?? 'faketime';
  }
  return new Promise((resolve) => {
    execFile(file, argv, { env, timeout: 90_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

/** The profile files a step exported. */
function profileFiles(run: StepRun): { AWS_CONFIG_FILE: string; AWS_SHARED_CREDENTIALS_FILE: string } {
  return {
    AWS_CONFIG_FILE: run.env.AWS_CONFIG_FILE ?? '',
    AWS_SHARED_CREDENTIALS_FILE: run.env.AWS_SHARED_CREDENTIALS_FILE ?? '',
  };
}

describe('action e2e: AWS profiles', () => {
  let engine: EngineProcess;
  let issuer: OidcIssuer;
  let client: EngineClient;
  before(async () => {
    // ID tokens that outlive the moved clock: the issuer runs on the wall clock, the engine on the dev clock.
    issuer = await startOidcIssuer({ lifetimeSeconds: 3600 });
    engine = await startEngine();
    client = await prepareEngine(engine, issuer);
  });
  after(async () => {
    await engine.stop();
    await issuer.stop();
  });

  it('several roles give several profiles: files 0600 in a 0700 directory of RUNNER_TEMP, removed by the post step', async () => {
    const temp = mkdtempSync(join(tmpdir(), 'keyfob-runner-temp-'));
    const step = {
      inputs: {
        url: engine.url,
        token: engine.rootToken,
        roles: 'ci-user profile=ci\ndeploy mode=sts ttl=15m profile=deploy',
        'export-env': 'false',
        region: 'eu-west-1',
      },
      env: { RUNNER_TEMP: temp },
    };
    const main = await runStep('main', step);
    assert.equal(main.exitCode, 0, main.stdout + main.stderr);
    const files = profileFiles(main);
    const dir = readdirSync(temp).map((d) => join(temp, d));
    assert.equal(dir.length, 1);
    assert.equal(statSync(dir[0] ?? '').mode & 0o777, 0o700);
    for (const file of Object.values(files)) assert.equal(statSync(file).mode & 0o777, 0o600, file);
    const credentials = readFileSync(files.AWS_SHARED_CREDENTIALS_FILE, 'utf8');
    assert.match(credentials, /^\[ci\]\naws_access_key_id = AKIA\w+\naws_secret_access_key = \S+\n/);
    assert.match(
      credentials,
      /\[deploy\]\naws_access_key_id = ASIA\w+\naws_secret_access_key = \S+\naws_session_token = \S+\n/,
    );
    assert.match(readFileSync(files.AWS_CONFIG_FILE, 'utf8'), /^\[profile ci\]\nregion = eu-west-1\n/);
    if (AWS_CLI) {
      const who = await tool(
        AWS_CLI,
        ['--endpoint-url', engine.cloudUrl, 'sts', 'get-caller-identity', '--profile', 'deploy'],
        files,
      );
      assert.equal(who.code, 0, who.stderr);
      assert.match(who.stdout, /assumed-role\/deploy\//);
    }
    const sdk = new STSClient({
      endpoint: engine.cloudUrl,
      region: 'eu-west-1',
      credentials: fromIni({
        profile: 'ci',
        filepath: files.AWS_SHARED_CREDENTIALS_FILE,
        configFilepath: files.AWS_CONFIG_FILE,
      }),
    });
    assert.match((await sdk.send(new GetCallerIdentityCommand({}))).Arn ?? '', /:user\//);
    const post = await runStep('post', { ...step, state: main.state });
    assert.equal(post.exitCode, 0, post.stdout + post.stderr);
    assert.deepEqual(readdirSync(temp), [], 'the post step removes the profile files');
    assert.equal(post.env.AWS_CONFIG_FILE, '');
    assertNoLeak('profiles', main, [credentials]);
    assertNoLeak('profiles post step', post, [credentials]);
  });

  it(
    'refresh: true renews through credential_process past the first expiry for aws and the SDK; the post step leaves no lease, token or file',
    { skip: missingProgram(PROGRAMS.faketime) },
    async () => {
      const temp = mkdtempSync(join(tmpdir(), 'keyfob-runner-temp-'));
      const step = {
        inputs: {
          url: engine.url,
          role: 'ci-user',
          'jwt-role': JWT_ROLE,
          'jwt-audience': AUDIENCE,
          profile: 'long-job',
          refresh: 'true',
          'export-env': 'false',
          region: 'eu-west-1',
        },
        env: { ...issuer.env, RUNNER_TEMP: temp },
      };
      const idTokensBefore = issuer.issued.length;
      const main = await runStep('main', step);
      assert.equal(main.exitCode, 0, main.stdout + main.stderr);
      assert.match(main.stdout, /Profile long-job renews its credentials for ci-user through credential_process/);
      const files = profileFiles(main);
      const config = readFileSync(files.AWS_CONFIG_FILE, 'utf8');
      assert.match(
        config,
        /^\[profile long-job\]\nregion = eu-west-1\ncredential_process = '.+node[^']*' '.+\/action\/dist\/credential-process\.cjs' '.+\/long-job\.refresh\.json'\n$/,
      );
      assert.equal(
        readFileSync(files.AWS_SHARED_CREDENTIALS_FILE, 'utf8'),
        '',
        'no key on disk for a refreshing profile',
      );
      const dir = join(temp, readdirSync(temp)[0] ?? '');
      for (const name of readdirSync(dir)) assert.equal(statSync(join(dir, name)).mode & 0o777, 0o600, name);
      const settings = readFileSync(join(dir, 'long-job.refresh.json'), 'utf8');
      assert.doesNotMatch(settings, /token"|jwt"|kfs\.|eyJ/, 'the settings hold no secret');

      // The tools: the same process (the SDK runs it as the profile names it), its cache answering both.
      // A later step's environment holds the runner's OIDC variables; the SDK's child inherits ours.
      Object.assign(process.env, issuer.env);
      const toolEnv = { ...issuer.env, AWS_PROFILE: 'long-job' };
      const sdkIdentity = async (provider: ReturnType<typeof fromIni>) => {
        const sts = new STSClient({ endpoint: engine.cloudUrl, region: 'eu-west-1', credentials: provider });
        const creds = await provider();
        return { key: creds.accessKeyId, arn: (await sts.send(new GetCallerIdentityCommand({}))).Arn };
      };
      const ini = await sdkIdentity(
        fromIni({
          profile: 'long-job',
          filepath: files.AWS_SHARED_CREDENTIALS_FILE,
          configFilepath: files.AWS_CONFIG_FILE,
        }),
      );
      const proc = await sdkIdentity(
        fromProcess({
          profile: 'long-job',
          filepath: files.AWS_SHARED_CREDENTIALS_FILE,
          configFilepath: files.AWS_CONFIG_FILE,
        }),
      );
      assert.equal(proc.key, ini.key, 'the cache answers while the set is fresh: no new credentials');
      assert.match(ini.arn ?? '', /:user\//);
      const exported = async (move: number) => {
        const run = await tool(
          AWS_CLI ?? 'aws',
          ['configure', 'export-credentials', '--format', 'process'],
          files,
          toolEnv,
          move,
        );
        assert.equal(run.code, 0, run.stderr);
        return JSON.parse(run.stdout) as { AccessKeyId: string; Expiration: string };
      };
      if (AWS_CLI) {
        assert.equal((await exported(0)).AccessKeyId, ini.key);
        const who = await tool(
          AWS_CLI,
          ['--endpoint-url', engine.cloudUrl, 'sts', 'get-caller-identity'],
          files,
          toolEnv,
        );
        assert.equal(who.code, 0, who.stderr);
      }

      // Twenty minutes later: the first login token and its keys are gone by the engine's clock.
      await advance(engine, MOVED_SECONDS);
      assert.equal(
        (
          await client.dev.whoami({
            access_key: ini.key,
            secret_key: (
              await fromProcess({
                profile: 'long-job',
                filepath: files.AWS_SHARED_CREDENTIALS_FILE,
                configFilepath: files.AWS_CONFIG_FILE,
              })()
            ).secretAccessKey,
          })
        ).ok,
        false,
      );
      let renewedKey = '';
      if (AWS_CLI) {
        const who = await tool(
          AWS_CLI,
          ['--endpoint-url', engine.cloudUrl, 'sts', 'get-caller-identity'],
          files,
          toolEnv,
          MOVED_SECONDS,
        );
        assert.equal(who.code, 0, who.stderr);
        assert.match(who.stdout, /:user\//);
        renewedKey = (await exported(MOVED_SECONDS)).AccessKeyId;
        assert.notEqual(renewedKey, ini.key, 'the next get-caller-identity ran with a new access key id');
      }
      const ledger = readFileSync(join(dir, 'ledger.jsonl'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { leaseId: string; token?: string });
      assert.equal(ledger.length, AWS_CLI ? 2 : 1, 'one lease per set issued: the first, then the renewal');
      const tokens = ledger.map((e) => e.token ?? '');
      assert.ok(
        tokens.every((t) => t !== ''),
        'each iam_user lease keeps its login token',
      );

      const post = await runStep('post', { ...step, state: main.state });
      assert.equal(post.exitCode, 0, post.stdout + post.stderr);
      assert.deepEqual(readdirSync(temp), [], 'no file left');
      for (const token of tokens) {
        const lookup = await fetch(`${engine.url}/v1/auth/token/lookup-self`, {
          headers: { 'X-Service-Token': token },
        });
        assert.equal(lookup.status, 403, 'no token left');
      }
      const leases = await fetch(`${engine.url}/v1/sys/leases/lookup/cloud/creds/ci-user/`, {
        method: 'LIST',
        headers: { 'X-Service-Token': engine.rootToken },
      });
      const keys =
        leases.status === 404 ? [] : (((await leases.json()) as { data?: { keys?: string[] } }).data?.keys ?? []);
      assert.deepEqual(keys, [], 'no lease left');

      // The leak test over the whole flow, read as the runner reads it.
      const idTokens = issuer.issued.slice(idTokensBefore);
      const secrets = [...idTokens, ...tokens, ini.key, renewedKey];
      assertNoLeak('refresh main step', main, secrets);
      assertNoLeak('refresh post step', post, secrets);
    },
  );
});
