#!/usr/bin/env node
// `npm run action:local -- KEY=VALUE...`: runs the bundled action (action/dist) on this machine the way
// the GitHub runner does: each KEY=VALUE is an input (INPUT_KEY), GITHUB_ENV, GITHUB_OUTPUT,
// GITHUB_STATE and GITHUB_STEP_SUMMARY are temporary files, main runs, then post with the state main
// saved (so credentials are revoked at the end, as in a job). The log, the exported variables and the
// outputs are printed as the runner would show them: every value the step masked is ***.
//
//   npm run action:local -- url=http://127.0.0.1:8200 token=$KEYFOB_TOKEN role=ci-user
//
// Build first (`npm run build`): this runs action/dist, not the sources.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hideMasked, runStep, runnerView } from './lib/run-action.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const USAGE = `usage: npm run action:local -- KEY=VALUE... [--no-post]

Runs action/dist/main.cjs, then action/dist/post.cjs, as the GitHub runner does. KEY is an input of
action/action.yml (url, token, role, roles, mode, ...); a multi-line value can use \\n. Secrets are
masked in everything printed. --no-post skips the post step (credentials then stay alive).
`;

/** At most this many inputs, each name and value bounded: these become environment variables. */
const MAX_INPUTS = 64;
const MAX_VALUE = 65_536;

function parseArgs(argv) {
  const inputs = {};
  let post = true;
  for (const arg of argv) {
    if (arg === '--help' || arg === '-h') return { help: true };
    if (arg === '--no-post') {
      post = false;
      continue;
    }
    const eq = arg.indexOf('=');
    const key = eq < 0 ? '' : arg.slice(0, eq);
    if (!/^[a-z][a-z0-9-]{0,63}$/.test(key))
      throw new Error(
        `"${arg.slice(0, 40)}${arg.length > 40 ? '…' : ''}" is not KEY=VALUE with KEY an input name such as url or role-arn`,
      );
    const value = arg.slice(eq + 1);
    if (value.length > MAX_VALUE) throw new Error(`the value of ${key} is longer than ${MAX_VALUE} characters`);
    inputs[key] = value.replace(/\\n/g, '\n');
  }
  if (Object.keys(inputs).length > MAX_INPUTS) throw new Error(`at most ${MAX_INPUTS} inputs`);
  if (Object.keys(inputs).length === 0) return { help: true };
  return { inputs, post };
}

async function main() {
  let parsed;
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`action:local: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  if (!existsSync(join(root, 'action', 'dist', 'main.cjs'))) {
    process.stderr.write('action:local: action/dist/main.cjs is missing; run npm run build first.\n');
    return 2;
  }
  const say = (text) => process.stdout.write(`${text}\n`);
  // The step runs in the caller's folder and home, as a checkout on a runner would.
  const step = { inputs: parsed.inputs, workspace: process.cwd(), env: { HOME: process.env.HOME ?? process.cwd() } };
  const main = await runStep('main', step);
  // Anything printed below goes through the step's own masks: outputs and exports hold the secrets.
  const hide = (text) => hideMasked(text, main.masks);
  say('── main (action/dist/main.cjs) ──');
  say(runnerView(main.stdout));
  if (main.stderr.trim() !== '') say(hide(main.stderr.trim()));
  say(`exit code ${main.exitCode}`);
  say('── exported variables (GITHUB_ENV) ──');
  for (const [name, value] of Object.entries(main.env)) say(`${name}=${hide(value)}`);
  say('── outputs (GITHUB_OUTPUT) ──');
  for (const [name, value] of Object.entries(main.outputs)) say(`${name}: ${hide(value)}`);
  let code = main.exitCode ?? 1;
  if (parsed.post) {
    const post = await runStep('post', { ...step, state: main.state });
    say('── post (action/dist/post.cjs, with the state main saved) ──');
    say(hideMasked(runnerView(post.stdout), main.masks));
    if (post.stderr.trim() !== '') say(hide(post.stderr.trim()));
    say(`exit code ${post.exitCode}`);
    if (code === 0) code = post.exitCode ?? 1;
  }
  return code;
}

main().then(
  (code) => (process.exitCode = code),
  (error) => {
    process.stderr.write(`action:local failed: ${error.stack ?? error}\n`);
    process.exitCode = 1;
  },
);
