#!/usr/bin/env node
// `npm run demo`: keyfob's main job end to end in about ten seconds. Builds the command and the
// action, starts `keyfob serve --dev` on a free port, applies examples/roles, runs the BUNDLED action
// exactly as the GitHub runner does (node action/dist/main.cjs with INPUT_* and temporary GITHUB_ENV,
// GITHUB_OUTPUT, GITHUB_STATE and GITHUB_STEP_SUMMARY files) for a dynamic, an STS and a static role,
// shows the log as the runner displays it (masked), the exported names, the outputs and the job
// summary, proves the credentials with the engine's whoami and with real AWS clients against the
// engine's cloudUrl (the AWS SDK's GetCallerIdentity, and Debian's `aws sts get-caller-identity` when
// /usr/bin/aws is installed), runs the post step and shows the lease revoked, then stops the engine.
// Between apply and the action it writes examples/access (policies, GitHub OIDC JWT roles) and shows
// `keyfob access`: who can log in with each JWT role and which roles its tokens reach.
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { node, runStep, runnerView } from './lib/run-action.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// The SDK warns on Node 20 that its releases after January 2027 need Node 22 (the README says which
// Node to use); the variable is the SDK's own switch (@aws-sdk/core emitWarningIfUnsupportedVersion
// compares it with "true"), read when the first client is made, after this line.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const started = performance.now();
const tty = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, text) => (tty ? `\u001b[${code}m${text}\u001b[0m` : text);
const say = (text = '') => process.stdout.write(`${text}\n`);
const heading = (text) =>
  say(`\n${paint('1;36', `━━ ${text}`)} ${paint('2', `(${((performance.now() - started) / 1000).toFixed(1)} s)`)}`);
const indent = (text, prefix = '  ') =>
  text
    .replace(/\n$/, '')
    .split('\n')
    .map((line) => prefix + line)
    .join('\n');

const ACCOUNT = '123456789012';
const STAGING = `arn:aws:iam::${ACCOUNT}:role/deploy-staging`;
const ROLES = [
  'ci-user | CI_',
  `deploy mode=sts role_arn=${STAGING} ttl=15m | aws`,
  'backup-agent mode=static-creds | BACKUP_',
].join('\n');

async function build() {
  heading('1. Build the keyfob command and the action (esbuild)');
  // The test of the demo (test/ship/demo.test.ts) runs beside other tests that read these bundles:
  // it asks for the build `npm test` already made instead of rewriting it under them.
  const built = ['cli/dist/keyfob.cjs', 'action/dist/main.cjs', 'schemas/generated/iam/index.json'];
  if (process.env.KEYFOB_DEMO_PREBUILT === '1' && built.every((file) => existsSync(join(root, file)))) {
    say('  using the existing build (KEYFOB_DEMO_PREBUILT=1)');
    return;
  }
  // The schemas' generated files come first: the command bundles AWS's IAM catalogue, which
  // schemas/build.mjs writes from the data packages (a fresh clone has none yet).
  const schemas = await node(['build.mjs'], { cwd: join(root, 'schemas') });
  if (schemas.code !== 0) throw new Error(`building schemas failed:\n${schemas.stderr}`);
  const results = await Promise.all(
    ['cli', 'action'].map((ws) => node(['build.mjs'], { cwd: join(root, ws) }).then((r) => ({ ws, ...r }))),
  );
  for (const r of results) {
    if (r.code !== 0) throw new Error(`building ${r.ws} failed:\n${r.stderr}`);
  }
  say('  built cli/dist/keyfob.cjs and action/dist/{main,post,network,file-modes}.cjs');
}

/** Starts `keyfob serve --port 0 --dev` and waits for its listening line. */
function serve(entry, token) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [...entry, 'serve', '--port', '0', '--dev', '--root-token', token, '--consistency-delay', '0'],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    const onData = (d) => {
      output += d;
      const line = output.split('\n').find((l) => l.startsWith('{"event":"listening"'));
      if (line) resolve({ child, url: JSON.parse(line).url, cloudUrl: JSON.parse(line).cloudUrl, entry });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (d) => (output += d));
    child.once('exit', (code) => reject(new Error(`keyfob serve exited (${code}):\n${output}`)));
  });
}

async function startEngine(token) {
  heading('2. Start the engine: keyfob serve --port 0 --dev');
  let engine;
  try {
    engine = await serve([join(root, 'cli', 'dist', 'keyfob.cjs')], token);
  } catch (error) {
    say(
      paint(
        '33',
        `  the bundled command failed (${String(error.message).split('\n')[1] ?? error.message}); using the sources`,
      ),
    );
    engine = await serve(['--import', 'tsx', join(root, 'cli', 'src', 'bin.ts')], token);
  }
  say(
    `  listening at ${engine.url} (pid ${engine.child.pid}), mount cloud, dev API on; AWS endpoint (cloudUrl) ${engine.cloudUrl}`,
  );
  return engine;
}

/** Calls the engine's HTTP API with the root token. */
async function api(engine, token, method, path, body) {
  const answer = await fetch(`${engine.url}/v1/${path}`, {
    method,
    headers: { 'X-Service-Token': token, 'content-type': 'application/json' },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await answer.text();
  return { status: answer.status, body: text ? JSON.parse(text) : undefined };
}

async function applyExamples(engine, token) {
  heading('3. Apply examples/roles with `keyfob apply` (emulated cloud: users and roles the files name)');
  const fixtures = {
    users: ['backup-agent', 'metrics-exporter'].map((name) => ({ name, accessKeys: 0 })),
    roles: ['deploy-staging', 'deploy-production', 'web-deploy'].map((name) => ({
      arn: `arn:aws:iam::${ACCOUNT}:role/${name}`,
    })),
  };
  if ((await api(engine, token, 'PUT', 'sys/dev/cloud', fixtures)).status !== 200)
    throw new Error('the dev API refused the cloud fixtures');
  const applied = await node([...engine.entry, 'apply', 'examples/roles'], {
    env: { ...process.env, KEYFOB_URL: engine.url, KEYFOB_TOKEN: token },
  });
  say(indent(applied.stdout));
  if (applied.code !== 0) throw new Error(`keyfob apply failed:\n${applied.stderr}`);
}

/** The access examples (policies and GitHub OIDC JWT roles) written to the engine, then `keyfob access` on it. */
async function showAccess(engine, token) {
  heading('3b. Who can get what: examples/access on the engine, then `keyfob access --format markdown`');
  const folder = join(root, 'examples', 'access');
  const written = [];
  for (const file of readdirSync(folder).sort()) {
    const text = readFileSync(join(folder, file), 'utf8');
    const policy = /^(.+)\.policy\.(hcl|json)$/.exec(file);
    const jwtRole = /^(.+)\.jwt-role\.ya?ml$/.exec(file);
    const answer = policy
      ? await api(engine, token, 'PUT', `sys/policies/acl/${policy[1]}`, { policy: text })
      : jwtRole
        ? await api(engine, token, 'POST', `auth/jwt/role/${jwtRole[1]}`, parseYaml(text))
        : undefined;
    if (!answer) continue;
    if (answer.status !== 204)
      throw new Error(`the engine refused ${file}: ${answer.status} ${JSON.stringify(answer.body)}`);
    written.push(policy ? `sys/policies/acl/${policy[1]}` : `auth/jwt/role/${jwtRole[1]}`);
  }
  say(`  written: ${written.join(', ')}`);
  const access = await node([...engine.entry, 'access', '--format', 'markdown'], {
    env: { ...process.env, KEYFOB_URL: engine.url, KEYFOB_TOKEN: token },
  });
  if (access.code !== 0) throw new Error(`keyfob access failed:\n${access.stderr}`);
  say(indent(access.stdout));
  say(paint('2', "  (the same table ends the action's job summary in apply mode; gh-org-wide is the too-broad one)"));
}

/** Runs an action entry from the repository root, as a workflow's checkout would. */
const runAction = (entry, inputs, state = {}) =>
  runStep(entry, { inputs, state, workspace: root, env: { HOME: process.env.HOME ?? root } });

async function whoami(
  engine,
  token,
  env,
  prefix,
  names = { id: 'ACCESS_KEY', secret: 'SECRET_KEY', session: 'SESSION_TOKEN' },
) {
  const body = { access_key: env[`${prefix}${names.id}`], secret_key: env[`${prefix}${names.secret}`] };
  if (env[`${prefix}${names.session}`]) body.session_token = env[`${prefix}${names.session}`];
  const answer = await api(engine, token, 'POST', 'sys/dev/whoami', body);
  return answer.status === 200
    ? paint('32', `200 ${answer.body.data.kind} ${answer.body.data.arn}`)
    : paint('31', `${answer.status} ${answer.body?.errors?.[0] ?? ''}`);
}

async function proveAll(engine, token, env, title) {
  say(title);
  say(`  CI_ (iam_user)       ${await whoami(engine, token, env, 'CI_')}`);
  say(
    `  AWS_ (assumed_role)  ${await whoami(engine, token, env, 'AWS_', { id: 'ACCESS_KEY_ID', secret: 'SECRET_ACCESS_KEY', session: 'SESSION_TOKEN' })}`,
  );
  say(`  BACKUP_ (static)     ${await whoami(engine, token, env, 'BACKUP_')}`);
}

const CREDENTIAL_SETS = [
  ['CI_ (iam_user)', 'CI_', { id: 'ACCESS_KEY', secret: 'SECRET_KEY', session: 'SESSION_TOKEN' }],
  ['AWS_ (assumed_role)', 'AWS_', { id: 'ACCESS_KEY_ID', secret: 'SECRET_ACCESS_KEY', session: 'SESSION_TOKEN' }],
  ['BACKUP_ (static)', 'BACKUP_', { id: 'ACCESS_KEY', secret: 'SECRET_KEY', session: 'SESSION_TOKEN' }],
];

/** GetCallerIdentity with the AWS SDK v3 against the engine's cloudUrl. */
async function sdkIdentity(engine, env, prefix, names) {
  const session = env[`${prefix}${names.session}`];
  const credentials = {
    accessKeyId: env[`${prefix}${names.id}`],
    secretAccessKey: env[`${prefix}${names.secret}`],
    ...(session ? { sessionToken: session } : {}),
  };
  const sts = new STSClient({ endpoint: engine.cloudUrl, region: 'eu-west-1', credentials, maxAttempts: 1 });
  try {
    return paint('32', (await sts.send(new GetCallerIdentityCommand({}))).Arn);
  } catch (error) {
    return paint('31', `${error.name}: ${error.message}`);
  }
}

/** Debian's awscli 2 (a pyenv `aws` v1 may come first in PATH, so the full path). */
const AWS_CLI = existsSync('/usr/bin/aws') ? '/usr/bin/aws' : undefined;

function cliIdentity(engine, env, prefix, names) {
  const session = env[`${prefix}${names.session}`];
  const cliEnv = {
    PATH: process.env.PATH,
    HOME: tmpdir(),
    AWS_ACCESS_KEY_ID: env[`${prefix}${names.id}`],
    AWS_SECRET_ACCESS_KEY: env[`${prefix}${names.secret}`],
    AWS_DEFAULT_REGION: 'eu-west-1',
    AWS_CONFIG_FILE: '/dev/null',
    AWS_SHARED_CREDENTIALS_FILE: '/dev/null',
    AWS_MAX_ATTEMPTS: '1',
    ...(session ? { AWS_SESSION_TOKEN: session } : {}),
  };
  return new Promise((resolve) => {
    execFile(
      AWS_CLI,
      ['--endpoint-url', engine.cloudUrl, '--output', 'text', '--query', 'Arn', 'sts', 'get-caller-identity'],
      { env: cliEnv, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve(error ? paint('31', stderr.trim().split('\n').pop() ?? String(error)) : paint('32', stdout.trim()));
      },
    );
  });
}

async function proveWithAwsClients(engine, env, title) {
  say(title);
  for (const [label, prefix, names] of CREDENTIAL_SETS)
    say(`  ${label.padEnd(20)} SDK: ${await sdkIdentity(engine, env, prefix, names)}`);
  if (!AWS_CLI) {
    say('  (the aws command is not installed: apt-get install awscli to see it prove them too)');
    return;
  }
  for (const [label, prefix, names] of CREDENTIAL_SETS)
    say(`  ${label.padEnd(20)} aws: ${await cliIdentity(engine, env, prefix, names)}`);
}

async function main() {
  const token = `kfs.demo-${randomBytes(12).toString('hex')}`;
  await build();
  const engine = await startEngine(token);
  try {
    await applyExamples(engine, token);
    await showAccess(engine, token);
    heading('4. Run the bundled action (node action/dist/main.cjs) for three roles in one step');
    const inputs = { url: engine.url, token, roles: ROLES, region: 'eu-west-1' };
    say(
      indent(
        Object.entries(inputs)
          .map(([k, v]) => `INPUT_${k.toUpperCase()}=${k === 'token' ? '(the engine token)' : v.replace(/\n/g, '\\n')}`)
          .join('\n'),
      ),
    );
    const main = await runAction('main', inputs);
    say(paint('1', "\n  The step's log, as the runner shows it:"));
    say(indent(runnerView(main.stdout, paint), '  │ '));
    if (main.exitCode !== 0) throw new Error('the action failed');
    say(paint('1', '\n  Exported for the next steps (GITHUB_ENV):'));
    say(
      indent(
        Object.entries(main.env)
          .map(([k, v]) => `${k}=${v === '' ? '' : /ACCESS|SECRET|SESSION/.test(k) ? '***' : v}`)
          .join('\n'),
        '    ',
      ),
    );
    say(paint('1', '\n  Outputs (GITHUB_OUTPUT), secret ones only on request:'));
    say(
      indent(
        Object.entries(main.outputs)
          .filter(([k]) => k !== 'results')
          .map(([k, v]) => `${k}: ${v || '(empty: the first set is an iam_user)'}`)
          .join('\n'),
        '    ',
      ),
    );
    say(
      `    results: ${JSON.parse(main.outputs.results).length} sets as JSON (role, type, arn, expiration, lease, variable names)`,
    );
    say(paint('1', '\n  Job summary (GITHUB_STEP_SUMMARY):'));
    say(indent(main.summary.trim(), '    '));
    heading("5. Prove the credentials with the engine's whoami");
    await proveAll(engine, token, main.env, '  the emulated cloud accepts every set:');
    heading(
      '5b. Prove them with real AWS clients at cloudUrl (AWS SDK v3 GetCallerIdentity; aws sts get-caller-identity --endpoint-url)',
    );
    await proveWithAwsClients(
      engine,
      main.env,
      '  SigV4-signed requests, verified and evaluated by the emulated cloud:',
    );
    heading('6. Post step (node action/dist/post.cjs with the saved state)');
    const post = await runAction('post', inputs, main.state);
    say(indent(runnerView(post.stdout, paint), '  │ '));
    const leaseId = main.outputs['lease-id'];
    const lookup = await api(engine, token, 'PUT', 'sys/leases/lookup', { lease_id: leaseId });
    say(
      `\n  lease ${leaseId}: sys/leases/lookup answers ${lookup.status}${lookup.status === 400 ? ` (${lookup.body?.errors?.[0] ?? 'invalid lease'}): revoked` : ''}`,
    );
    await proveAll(
      engine,
      token,
      main.env,
      '  after the post step: the iam_user lease is revoked (its user deleted); STS keys live to their expiry (revoking an STS lease cannot end them); static keys belong to the static role:',
    );
    await proveWithAwsClients(engine, main.env, '  the same through the AWS clients:');
  } finally {
    engine.child.kill('SIGTERM');
  }
  heading(`Done: engine stopped`);
}

main().catch((error) => {
  process.stderr.write(`demo failed: ${error.stack ?? error}\n`);
  process.exitCode = 1;
});
